/**
 * Waiting for the server's answer by events, never by fixed sleeps: a bot reaching a position, an
 * inventory holding what was given. Each wait has a deadline, and a missed deadline is the
 * environment's fault with a hint (usually: the orchestrator is not an operator).
 */
import type { Bot } from 'mineflayer';
import { GuildcraftError } from '../../core/errors.js';
import type { Vec3 } from '../../core/vec3.js';
import { distance, toVec3 } from './bot-geometry.js';

/** Resolves when `check()` holds, re-checking on the given bot events (and every 100 ms as a fallback). */
export function waitUntil(bot: Bot, events: string[], check: () => boolean, timeoutMs: number, what: string): Promise<void> {
  return new Promise<void>((resolve, reject) => {
    if (check()) {
      resolve();
      return;
    }
    const emitter = bot as unknown as { on(e: string, f: () => void): void; off(e: string, f: () => void): void };
    const inventory = bot.inventory as unknown as { on(e: string, f: () => void): void; off(e: string, f: () => void): void };
    const onEvent = (): void => {
      if (check()) done();
    };
    const poll = setInterval(onEvent, 100);
    const timer = setTimeout(() => {
      cleanup();
      reject(new GuildcraftError('environment', `the server did not ${what} within ${timeoutMs} ms`, 'check that the orchestrator account is an operator (op it on the server) and that the server is not overloaded'));
    }, timeoutMs);
    function done(): void {
      cleanup();
      resolve();
    }
    function cleanup(): void {
      clearInterval(poll);
      clearTimeout(timer);
      for (const e of events) (e === 'updateSlot' ? inventory : emitter).off(e, onEvent);
    }
    for (const e of events) (e === 'updateSlot' ? inventory : emitter).on(e, onEvent);
  });
}

export const waitForPosition = (bot: Bot, target: Vec3, timeoutMs: number): Promise<void> =>
  waitUntil(bot, ['forcedMove', 'move'], () => !!bot.entity && distance(bot.entity.position, target) < 1.5, timeoutMs, `teleport ${bot.username} to ${target.x},${target.y},${target.z}`);

export function waitForInventory(bot: Bot, expected: ReadonlyMap<string, number>, timeoutMs: number): Promise<void> {
  const check = (): boolean => {
    const have = new Map<string, number>();
    for (const i of bot.inventory.items()) have.set(i.name, (have.get(i.name) ?? 0) + i.count);
    for (const [name, n] of expected) if ((have.get(name) ?? 0) < n) return false;
    // The inventory must hold nothing else: /clear has gone through.
    for (const name of have.keys()) if (!expected.has(name)) return false;
    return true;
  };
  const wanted = [...expected].map(([n, c]) => `${c} ${n}`).join(', ') || 'nothing';
  return waitUntil(bot, ['updateSlot'], check, timeoutMs, `set ${bot.username}'s inventory to ${wanted}`);
}

/** Resolves when the bot has received the chunk column at `pos` (so it can see and walk there). */
export const waitForChunkAt = (bot: Bot, pos: Vec3, timeoutMs: number): Promise<void> =>
  waitUntil(bot, ['chunkColumnLoad'], () => bot.blockAt(toVec3({ x: Math.floor(pos.x), y: Math.floor(pos.y), z: Math.floor(pos.z) })) !== null, timeoutMs, `send ${bot.username} the chunk at ${pos.x},${pos.z}`);
