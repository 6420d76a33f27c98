/**
 * Resting items take a turn only when they have something to do (item-turns.ts). What users rely on
 * is that this changes nothing they can see: an item on the ground despawns, merges and is picked up
 * at the same ticks as when every item took a turn every tick. The reference world below is that
 * rule: its items never leave the busy list and every merge check runs.
 */
import { describe, expect, it, vi } from 'vitest';
import { World } from '../world.js';
import { joinPlayer } from '../entities/player.js';
import { spawnItem } from '../entities/item-entity.js';
import type { ItemEntity } from '../entities/entity.js';
import { ITEM_LIFETIME_TICKS } from './item-turns.js';

const flatWorld = () => new World({ seed: 1, terrain: { type: 'flat' }, gamerules: { doMobSpawning: false } });

/** A world whose items all take a turn every tick and run every merge check: the rule before item turns. */
function everyItemEveryTick(): World {
  const w = flatWorld();
  vi.spyOn(w.itemTurns, 'settle').mockImplementation(() => {});
  vi.spyOn(w.itemTurns, 'mergeCheckDue').mockReturnValue(true);
  return w;
}

/**
 * Piles of cobblestone and dirt on the grass: small stacks sliding together, stacks near full, stacks
 * dropped onto the piles from above and thrown ones (pickup delay 40) landing on resting ones, and a
 * player with room for a few items at a time standing at one pile's edge, so pickups are partial.
 * Returns the event log and what happened, for comparison.
 */
function pileScenario(w: World) {
  const log: string[] = [];
  w.onAny((e) => log.push(JSON.stringify(e)));
  let dormantSeen = 0;
  const p = joinPlayer(w, 'alex', { x: 3.2, y: -60, z: 0.5 });
  for (let i = 1; i < p.inventory.slots.length; i++) p.inventory.slots[i] = { name: 'stone', count: 64 };
  p.inventory.slots[0] = { name: 'cobblestone', count: 60 };
  // A fixed pseudo-random sequence (not the world's), the same for both worlds.
  let s = 12345;
  const next = () => ((s = (s * 1103515245 + 12345) % 2147483648) / 2147483648);
  const drop = (x: number, y: number, z: number, name: string, count: number, pickupDelay = 10) =>
    spawnItem(w, { x, y, z }, { name, count }, { pickupDelay, vel: { x: (next() - 0.5) * 0.1, y: 0, z: (next() - 0.5) * 0.1 } });
  for (let t = 0; t < ITEM_LIFETIME_TICKS + 400; t++) {
    if (t < 600 && t % 7 === 0) drop(0.5 + (next() - 0.5) * 0.8, -60, 0.5 + (next() - 0.5) * 0.8, next() < 0.7 ? 'cobblestone' : 'dirt', 1 + Math.floor(next() * 5));
    if (t < 600 && t % 23 === 0) drop(2.2 + next() * 0.4, -60, 0.5 + (next() - 0.5) * 0.6, 'cobblestone', 58 + Math.floor(next() * 6));
    if (t >= 300 && t < 3000 && t % 97 === 0) drop(0.5 + (next() - 0.5) * 0.3, -54, 0.5, 'cobblestone', 2 + Math.floor(next() * 10)); // falls onto the pile
    if (t >= 400 && t < 3000 && t % 131 === 0) drop(2.4, -60, 0.5, 'cobblestone', 3, 40); // thrown onto a resting stack
    if (t % 50 === 0 && t < 4000) p.inventory.slots[0] = { name: 'cobblestone', count: 57 + (t % 7) }; // the player uses some
    p.pos = { x: t % 400 < 200 ? 3.2 : 6, y: -60, z: 0.5 };
    w.step();
    const items = [...w.items()];
    if (items.some((e: ItemEntity) => !e.busy)) dormantSeen++;
  }
  return { log, dormantSeen, itemsLeft: [...w.items()].length };
}

describe('item turns', () => {
  it('a resting item despawns at the tick its age reaches the lifetime, and costs no turn before', () => {
    const w = flatWorld();
    const spawnedAt = w.tick;
    const item = spawnItem(w, { x: 0.5, y: -59, z: 0.5 }, { name: 'dirt', count: 1 }, { vel: { x: 0, y: 0, z: 0 } });
    const despawned: number[] = [];
    w.on('entity_despawned', (e) => despawned.push(e.tick));
    w.run(100);
    expect(item.restingSince).toBeGreaterThanOrEqual(0);
    expect(item.busy).toBe(false);
    expect(w.itemTurns.busyCount).toBe(0);
    expect(item.age).toBe(100);
    w.run(ITEM_LIFETIME_TICKS);
    // The movement rule counts the age in the spawn tick too, so it reaches the lifetime in tick spawnedAt + lifetime - 1.
    expect(despawned).toEqual([spawnedAt + ITEM_LIFETIME_TICKS - 1]);
    expect(item.removed).toBe(true);
  });

  it('a resting item keeps its age counting through a wake and a second rest', () => {
    const w = flatWorld();
    const item = spawnItem(w, { x: 0.5, y: -60, z: 0.5 }, { name: 'dirt', count: 1 }, { vel: { x: 0, y: 0, z: 0 } });
    w.run(50);
    expect(item.busy).toBe(false);
    w.setBlock({ x: 0, y: -61, z: 0 }, 'air'); // it falls one block and rests again
    w.run(50);
    expect(item.restingSince).toBeGreaterThanOrEqual(0);
    expect(item.pos.y).toBe(-61);
    expect(item.age).toBe(100);
  });

  it('piles of items merge, are picked up in part and despawn at the same ticks as when every item took a turn every tick', () => {
    const fast = pileScenario(flatWorld());
    const reference = pileScenario(everyItemEveryTick());
    expect(fast.log.length).toBe(reference.log.length);
    expect(fast.log).toEqual(reference.log);
    // The scenario exercises what it claims: merges before the lifetime, partial pickups, despawns,
    // and dormant items in the fast world.
    const events = fast.log.map((l) => JSON.parse(l) as { type: string; tick: number; count?: number });
    const despawns = events.filter((e) => e.type === 'entity_despawned');
    expect(despawns.filter((e) => e.tick < 600).length).toBeGreaterThan(10); // merged away
    expect(despawns.filter((e) => e.tick >= ITEM_LIFETIME_TICKS).length).toBeGreaterThan(0); // lifetime
    expect(events.filter((e) => e.type === 'item_picked_up').length).toBeGreaterThan(20);
    expect(fast.dormantSeen).toBeGreaterThan(ITEM_LIFETIME_TICKS / 2);
    expect(reference.dormantSeen).toBe(0);
  });
});
