/**
 * What a mineflayer skill runs with: the agent's bot, its senses, the message hub, an abort signal
 * (cancel and pre-emption) and a clock in server ticks. Skills are async functions that check the
 * signal between steps; when it fires, the runner halts the bot's body (pathfinder, digging, pvp,
 * controls) and records the cancellation, so a skill never has to clean up after itself.
 */
import type { Bot } from 'mineflayer';
import type { Vec3 } from '../../../core/vec3.js';
import type { SkillResult } from '../../../skills/skill-result.js';
import type { MessageHub } from '../messaging.js';
import type { Senses } from '../body-port.js';

/** What the agents have seen inside chests (a real server never sends chest contents unasked). */
export type ChestMemory = Map<string, Record<string, number>>;

/**
 * World events only a skill can tell (the server does not say who crafted, smelted, ate or moved
 * items through a window), in server coordinates; the backend adds the agent's id and the tick.
 */
export type SkillWorldEvent =
  | { type: 'item_crafted'; item: string; count: number }
  | { type: 'item_smelted'; pos: Vec3; item: string; count: number }
  | { type: 'item_taken'; pos: Vec3; item: string; count: number }
  | { type: 'item_deposited'; pos: Vec3; item: string; count: number }
  /** `to` is the receiver's server entity id. */
  | { type: 'item_given'; to: number; item: string; count: number }
  | { type: 'player_ate'; item: string; food: number; saturation: number };

export interface SkillEventSink {
  report(event: SkillWorldEvent): void;
  /**
   * While a give is under way, pickups of `item` by these players (server entity ids) are the
   * hand-over, reported once as item_given, not as items found; returns the release.
   */
  holdPickups(players: number[], item: string): () => void;
}

export interface McSkillContext {
  readonly bot: Bot;
  readonly agent: string;
  readonly senses: Senses;
  readonly signal: AbortSignal;
  readonly hub: MessageHub;
  readonly chests: ChestMemory;
  readonly events: SkillEventSink;
  /** Resolves after `n` server ticks (50 ms each); rejects with `Cancelled` on abort. */
  waitTicks(n: number): Promise<void>;
}

export type McSkill<P> = (ctx: McSkillContext, params: P) => Promise<SkillResult>;

/** Thrown inside a skill when its signal fires; the runner has already recorded why. */
export class Cancelled extends Error {
  constructor() {
    super('skill cancelled');
    this.name = 'Cancelled';
  }
}

export function throwIfAborted(signal: AbortSignal): void {
  if (signal.aborted) throw new Cancelled();
}

/** Races a promise against the signal; on abort the promise is left to the body halt to settle. */
export function abortable<T>(signal: AbortSignal, promise: Promise<T>): Promise<T> {
  if (signal.aborted) {
    promise.catch(() => {});
    return Promise.reject(new Cancelled());
  }
  return new Promise<T>((resolve, reject) => {
    const onAbort = (): void => {
      promise.catch(() => {});
      reject(new Cancelled());
    };
    signal.addEventListener('abort', onAbort, { once: true });
    promise.then(
      (v) => {
        signal.removeEventListener('abort', onAbort);
        resolve(v);
      },
      (e: unknown) => {
        signal.removeEventListener('abort', onAbort);
        reject(e instanceof Error ? e : new Error(String(e)));
      },
    );
  });
}

export const chestKey = (p: Vec3): string => `${p.x},${p.y},${p.z}`;

/** Item counts in the bot's inventory by name. */
export function inventoryCounts(bot: Bot): Map<string, number> {
  const counts = new Map<string, number>();
  for (const item of bot.inventory.items()) counts.set(item.name, (counts.get(item.name) ?? 0) + item.count);
  return counts;
}

/** What was gained between two inventory snapshots, largest first then by name. */
export function gained(before: Map<string, number>, after: Map<string, number>): { name: string; count: number }[] {
  const out: { name: string; count: number }[] = [];
  for (const [name, n] of after) {
    const d = n - (before.get(name) ?? 0);
    if (d > 0) out.push({ name, count: d });
  }
  return out.sort((a, b) => b.count - a.count || a.name.localeCompare(b.name));
}

export const countOf = (bot: Bot, name: string): number => inventoryCounts(bot).get(name) ?? 0;

/** The first inventory stack of an item, if any. */
export function findItem(bot: Bot, name: string): ReturnType<Bot['inventory']['items']>[number] | undefined {
  return bot.inventory.items().find((i) => i.name === name);
}

export function errorMessage(err: unknown): string {
  return err instanceof Error ? err.message : String(err);
}
