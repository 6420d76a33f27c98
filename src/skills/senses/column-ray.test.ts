import { describe, expect, it } from 'vitest';
import { World } from '../../world/index.js';
import { blockVisibleFrom, segmentClear, segmentClearOverTops } from './line-of-sight.js';
import { OpaqueHeightmap } from './opaque-heightmap.js';

describe('segmentClearOverTops', () => {
  it('agrees with the voxel walk on random segments through random blocks', () => {
    const world = new World({ seed: 1, terrain: { type: 'flat' }, gamerules: { doMobSpawning: false } });
    const rng = world.rng('test-rays');
    const blocks = ['stone', 'glass', 'oak_leaves', 'oak_log', 'water', 'dirt'];
    for (let i = 0; i < 1500; i++) {
      world.setBlock({ x: rng.int(-20, 20), y: rng.int(-61, -50), z: rng.int(-20, 20) }, blocks[rng.int(0, blocks.length - 1)]!);
    }
    const tops = OpaqueHeightmap.of(world).window(-24, -24, 49);
    let blocked = 0;
    for (let i = 0; i < 4000; i++) {
      const o = [rng.range(-18, 18), rng.range(-61, -48), rng.range(-18, 18)] as const;
      const t = [rng.range(-18, 18), rng.range(-61, -48), rng.range(-18, 18)] as const;
      const expected = segmentClear(world, ...o, ...t);
      if (!expected) blocked++;
      expect(segmentClearOverTops(world, tops, ...o, ...t), `${o} -> ${t}`).toBe(expected);
      const b = [Math.floor(t[0]), Math.floor(t[1]), Math.floor(t[2])] as const;
      const eye = { x: o[0], y: o[1], z: o[2] };
      expect(blockVisibleFrom(world, eye, ...b, 63, tops), `${o} sees ${b}`).toBe(blockVisibleFrom(world, eye, ...b, 63));
    }
    expect(blocked).toBeGreaterThan(400); // the comparison covered both outcomes
    expect(blocked).toBeLessThan(3600);
  });

  it('keeps column tops current as blocks change', () => {
    const world = new World({ seed: 1, terrain: { type: 'flat' }, gamerules: { doMobSpawning: false } });
    const h = OpaqueHeightmap.of(world);
    expect(h.top(3, 3)).toBe(-61); // grass is the highest opaque block of classic flat
    world.setBlock({ x: 3, y: -50, z: 3 }, 'stone');
    expect(h.top(3, 3)).toBe(-50);
    world.setBlock({ x: 3, y: -45, z: 3 }, 'glass'); // see-through: not a top
    expect(h.top(3, 3)).toBe(-50);
    world.setBlock({ x: 3, y: -50, z: 3 }, 'air');
    expect(h.top(3, 3)).toBe(-61);
  });
});
