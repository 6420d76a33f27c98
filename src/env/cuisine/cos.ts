/**
 * Collaboration score (MindAgent paper §3.3, Eq. 1): the mean over the task-interval settings (alpha 1.0 .. 3.0) of
 * completed / (completed + failed), each summed over the episodes. Every expired order counts as failed (the original code
 * counted steps with an expiry instead; pass rules 'original' to reproduce that). Orders still open when the episode ends
 * count as neither, as in the paper.
 *
 * Seeds: episode k (k = 0, 1, 2, ...) of every (level, team size, alpha) uses game seed `seed + k` (default seed 0), so
 * every dispatcher sees the same order sequences.
 */
import type { Dispatcher, EpisodeResult } from './dispatcher.js';
import { runEpisode, runEpisodeSync } from './dispatcher.js';
import { CuisineGame } from './game.js';
import { LEVEL_NAMES, type RuleSet } from './level.js';
import { ALPHAS } from './oracle.js';

export interface CosOptions {
  level: string | number;
  agents: number;
  /** Makes a dispatcher; it is reset before every episode. */
  dispatcher: () => Dispatcher;
  episodes?: number;
  seed?: number;
  rules?: RuleSet;
  alphas?: readonly number[];
  /** Called after each episode (for progress bars). */
  onEpisode?: () => void;
}

export interface AlphaResult {
  readonly alpha: number;
  /** The level's task interval at this alpha. */
  readonly interval: number;
  readonly completed: number;
  readonly failed: number;
  readonly expired: number;
  readonly open: number;
  /** completed / (completed + failed); 0 when both are 0. */
  readonly rate: number;
}

export interface CosResult {
  readonly level: string;
  readonly agents: number;
  readonly dispatcher: string;
  readonly episodes: number;
  readonly rules: RuleSet;
  readonly alphas: AlphaResult[];
  readonly cos: number;
}

interface Plan {
  games: CuisineGame[][];
  name: string;
}

function prepare(o: CosOptions): Plan {
  const episodes = o.episodes ?? 3;
  const seed = o.seed ?? 0;
  const games = (o.alphas ?? ALPHAS).map((alpha) =>
    Array.from({ length: episodes }, (_, k) => new CuisineGame({ level: o.level, agents: o.agents, alpha, seed: seed + k, rules: o.rules ?? 'fixed' })),
  );
  return { games, name: '' };
}

function combine(o: CosOptions, games: CuisineGame[][], runs: EpisodeResult[][], name: string): CosResult {
  const alphas = games.map((row, i) => {
    const r = runs[i]!;
    const completed = sum(r.map((e) => e.completed));
    const failed = sum(r.map((e) => e.failed));
    return {
      alpha: row[0]!.alpha,
      interval: row[0]!.interval,
      completed,
      failed,
      expired: sum(r.map((e) => e.expired)),
      open: sum(r.map((e) => e.open)),
      rate: completed + failed === 0 ? 0 : completed / (completed + failed),
    };
  });
  const first = games[0]![0]!;
  return {
    level: first.level.name,
    agents: o.agents,
    dispatcher: name,
    episodes: games[0]!.length,
    rules: first.rules,
    alphas,
    cos: sum(alphas.map((a) => a.rate)) / alphas.length,
  };
}

function sum(xs: number[]): number {
  let s = 0;
  for (const x of xs) s += x;
  return s;
}

/** CoS for one level and team size (any dispatcher, including asynchronous LLM ones). */
export async function measureCos(o: CosOptions): Promise<CosResult> {
  const { games } = prepare(o);
  const runs: EpisodeResult[][] = [];
  let name = '';
  for (const row of games) {
    const results: EpisodeResult[] = [];
    for (const game of row) {
      const d = o.dispatcher();
      name = d.name;
      results.push(await runEpisode(game, d));
      o.onEpisode?.();
    }
    runs.push(results);
  }
  return combine(o, games, runs, name);
}

/** The same for synchronous dispatchers (heuristic, random), without awaiting every step. */
export function measureCosSync(o: CosOptions): CosResult {
  const { games } = prepare(o);
  let name = '';
  const runs = games.map((row) =>
    row.map((game) => {
      const d = o.dispatcher();
      name = d.name;
      const r = runEpisodeSync(game, d);
      o.onEpisode?.();
      return r;
    }),
  );
  return combine(o, games, runs, name);
}

export interface SweepOptions extends Omit<CosOptions, 'level' | 'agents'> {
  levels?: readonly string[];
  agentCounts?: readonly number[];
}

/** CoS over levels x team sizes (default: the 13 levels x 2, 3, 4 agents), synchronous dispatchers only. */
export function sweepCos(o: SweepOptions): CosResult[] {
  const out: CosResult[] = [];
  for (const level of o.levels ?? LEVEL_NAMES) {
    for (const agents of o.agentCounts ?? [2, 3, 4]) out.push(measureCosSync({ ...o, level, agents }));
  }
  return out;
}
