import { describe, expect, it } from 'vitest';
import { World, joinPlayer, type Player } from '../../world/index.js';
import { summarizeVisibleBlocks, type NearbyBlocksSummary } from './nearby-blocks.js';
import { visibleBlocks } from './perception.js';

const newWorld = () => new World({ seed: 1, terrain: { type: 'flat' }, gamerules: { doMobSpawning: false } });

/** A summary computed by a player with no cached summary standing exactly where `p` stands. */
let fresh = 0;
function freshSummary(world: World, p: Player): NearbyBlocksSummary {
  const q = joinPlayer(world, `fresh${fresh++}`, { ...p.pos }, { perceptionRange: p.perceptionRange });
  return summarizeVisibleBlocks(world, q);
}

describe('summarizeVisibleBlocks reuse', () => {
  it('gives a standing agent exactly what a fresh scan gives, across changes in and out of range', () => {
    const world = newWorld();
    const p = joinPlayer(world, 'a', { x: 0.5, y: -60, z: 0.5 }, { perceptionRange: 12 });
    const first = summarizeVisibleBlocks(world, p);
    expect(summarizeVisibleBlocks(world, p)).toEqual(first);
    world.setBlock({ x: 3, y: -60, z: 3 }, 'gold_block'); // in view: must show up
    const withGold = summarizeVisibleBlocks(world, p);
    expect(withGold.types.map((t) => t.name)).toContain('gold_block');
    expect(withGold).toEqual(freshSummary(world, p));
    world.setBlock({ x: 200, y: -60, z: 0 }, 'stone'); // far away: the cached answer still holds
    expect(summarizeVisibleBlocks(world, p)).toEqual(withGold);
    // A wall hides the gold: a change next to (not at) the cached blocks must still be seen.
    for (let x = -3; x <= 6; x++) for (let y = -60; y <= -57; y++) world.setBlock({ x, y, z: 2 }, 'stone');
    const walled = summarizeVisibleBlocks(world, p);
    expect(walled.types.map((t) => t.name)).not.toContain('gold_block');
    expect(walled).toEqual(freshSummary(world, p));
  });

  it('recomputes when the eyes move, even within the same block, and after more changes than it remembers', () => {
    const world = newWorld();
    const p = joinPlayer(world, 'a', { x: 0.5, y: -60, z: 0.5 }, { perceptionRange: 10 });
    for (let x = -4; x <= 4; x++) world.setBlock({ x, y: -60, z: 3 }, 'stone');
    world.setBlock({ x: 0, y: -59, z: 5 }, 'gold_block'); // just over the wall's top
    const before = summarizeVisibleBlocks(world, p);
    p.pos = { x: 0.5, y: -59.5, z: 0.5 }; // same block column, eyes half a block higher
    const after = summarizeVisibleBlocks(world, p);
    expect(after).toEqual(freshSummary(world, p));
    expect(after).not.toEqual(before);
    p.pos = { x: 0.5, y: -60, z: 0.5 };
    summarizeVisibleBlocks(world, p);
    // Thousands of far changes overflow the change log; the one near change among them must count.
    world.setBlock({ x: 0, y: -59, z: 5 }, 'air');
    for (let i = 0; i < 5000; i++) world.setBlock({ x: 500 + (i % 50), y: -60, z: Math.floor(i / 50) }, i % 2 ? 'stone' : 'dirt');
    const cleared = summarizeVisibleBlocks(world, p);
    expect(cleared.types.map((t) => t.name)).not.toContain('gold_block');
    expect(cleared).toEqual(freshSummary(world, p));
  });

  it('names the nearest block of each type exactly as the nearest-first list does', () => {
    const world = newWorld();
    const rng = world.rng('summary-test');
    const kinds = ['stone', 'oak_log', 'glass', 'gold_block', 'oak_leaves'];
    for (let i = 0; i < 400; i++) world.setBlock({ x: rng.int(-12, 12), y: rng.int(-60, -56), z: rng.int(-12, 12) }, kinds[rng.int(0, kinds.length - 1)]!);
    const p = joinPlayer(world, 'a', { x: 0.5, y: -55, z: 0.5 }, { perceptionRange: 14 });
    const s = summarizeVisibleBlocks(world, p);
    const list = visibleBlocks(world, p);
    expect(s.total).toBe(list.length);
    for (const t of s.types) {
      const nearest = list.find((b) => b.name === t.name)!;
      expect(t.nearest).toEqual(nearest.pos);
      expect(t.count).toBe(list.filter((b) => b.name === t.name).length);
    }
  });
});
