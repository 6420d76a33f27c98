/**
 * The live games of a server, bounded: a game idle for longer than `idleMs` is dropped when room is needed, and when
 * `maxGames` games are still active a new one is refused rather than growing memory without limit.
 */
import { randomBytes } from 'node:crypto';
import type { HumanGame } from './human-game.js';

export const GAME_ID_PATTERN = /^[0-9a-f]{12}$/;

export class GameStore {
  private readonly games = new Map<string, HumanGame>();

  constructor(
    readonly maxGames: number,
    readonly idleMs: number,
    private readonly now: () => number = Date.now,
  ) {}

  newId(): string {
    let id: string;
    do id = randomBytes(6).toString('hex');
    while (this.games.has(id));
    return id;
  }

  get(id: string): HumanGame | undefined {
    const g = this.games.get(id);
    if (g) g.lastActive = this.now();
    return g;
  }

  /** Whether another game fits (after dropping idle ones). */
  makeRoom(): boolean {
    if (this.games.size < this.maxGames) return true;
    const cutoff = this.now() - this.idleMs;
    for (const [id, g] of this.games) if (g.lastActive < cutoff) this.games.delete(id);
    return this.games.size < this.maxGames;
  }

  add(game: HumanGame): void {
    this.games.set(game.id, game);
  }
}
