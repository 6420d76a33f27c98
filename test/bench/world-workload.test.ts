// The world bench's agents keep a long run stationary (docs/world-performance.md, "The hour's
// workload"): they eat before they starve, respawn on the ground rather than in the air over a shaft
// dug under their spawn point, and put blocks back as they dig them, so over an hour they neither die
// in a loop nor sink into the world, and what the world holds stays about the same.
import { describe, expect, it } from 'vitest';
import { createWorldBench } from '../../bench/world.js';
import { die } from '../../src/world/index.js';

function bench() {
  return createWorldBench({ agents: 16, terrain: 'natural', seed: 'workload-test', observeEvery: 0 });
}

describe('world bench workload', () => {
  it('eats bread when hungry', () => {
    const b = bench();
    const p = b.world.players.get('a0')!;
    p.food = 12;
    let ate = 0;
    b.world.on('player_ate', (e) => { if (e.player === p.id) ate++; });
    for (let t = 0; t < 60 && ate === 0; t++) b.step();
    expect(ate).toBe(1);
    expect(p.food).toBe(17);
  });

  it('respawns on the ground under its spawn point when the column below it was dug out', () => {
    const b = bench();
    const w = b.world;
    const p = w.players.get('a3')!;
    const x = Math.floor(p.spawnPoint.x), z = Math.floor(p.spawnPoint.z), top = Math.floor(p.spawnPoint.y);
    // A shaft 30 blocks deep under the spawn point: falling down it from the spawn point kills.
    for (let y = top - 1; y >= top - 30; y--) w.setBlock({ x, y, z }, 'air');
    const floor = top - 30;
    expect(w.isSolid(x, floor - 1, z)).toBe(true);
    die(w, p, 'generic');
    const deaths = b.counts.deaths;
    for (let t = 0; t < 200; t++) b.step();
    expect(p.dead).toBe(false);
    expect(p.spawnPoint.y).toBe(floor);
    expect(b.counts.deaths).toBe(deaths); // it did not die again on landing
  });

  it('turns back from a drop that would hurt instead of walking off it', () => {
    const b = bench();
    const w = b.world;
    const p = w.players.get('a5')!;
    const cx = Math.floor(p.pos.x), cz = Math.floor(p.pos.z), y = Math.floor(p.pos.y);
    // A trench 8 deep around the 3x3 island the agent stands on: every way off it is a fall.
    for (let dx = -3; dx <= 3; dx++) {
      for (let dz = -3; dz <= 3; dz++) {
        if (Math.max(Math.abs(dx), Math.abs(dz)) < 2) continue;
        for (let dy = 3; dy >= -8; dy--) w.setBlock({ x: cx + dx, y: y + dy, z: cz + dz }, 'air');
      }
    }
    let farthest = 0;
    for (let t = 0; t < 600; t++) {
      b.step();
      farthest = Math.max(farthest, Math.abs(p.pos.x - (cx + 0.5)), Math.abs(p.pos.z - (cz + 0.5)));
    }
    expect(p.dead).toBe(false);
    expect(farthest).toBeLessThan(1.8); // never past the island's edge (1.5 from its centre, plus half a body)
  });

  it('puts back most of the blocks it digs', () => {
    const b = bench();
    for (let t = 0; t < 2400; t++) b.step();
    const { placed } = b.counts;
    expect(b.counts.dug).toBeGreaterThan(100);
    // Most blocks dug and picked up go back; the rest are items that are not blocks (coal, raw iron),
    // what lies in the inventory at the end, and drops left on the ground.
    expect(placed).toBeGreaterThan(b.counts.pickedUp * 0.7);
    expect(placed).toBeLessThanOrEqual(b.counts.pickedUp);
  });
});
