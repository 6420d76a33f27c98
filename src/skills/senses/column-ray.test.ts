import { describe, expect, it } from 'vitest';
import { World } from '../../world/index.js';
import { blockVisibleFrom, segmentClear, segmentClearOverTops } from './line-of-sight.js';
import { OpaqueHeightmap, withCoarseLevels } from './opaque-heightmap.js';

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

describe('windows without their coarse levels', () => {
  it('get them when a walk first needs them: the same levels, never those of the window filled before into the same arrays', () => {
    const world = new World({ seed: 1, terrain: { type: 'flat' }, gamerules: { doMobSpawning: false } });
    const rng = world.rng('test-coarse');
    // A high wall of pillars around x = 30 only: a window there has high tiles, one around 0 has none.
    for (let i = 0; i < 400; i++) world.setBlock({ x: rng.int(26, 34), y: rng.int(-60, -40), z: rng.int(-20, 20) }, 'stone');
    for (let i = 0; i < 300; i++) world.setBlock({ x: rng.int(-20, 20), y: rng.int(-60, -57), z: rng.int(-20, 20) }, 'stone');
    const h = OpaqueHeightmap.of(world);
    const fresh = h.window(-24, -24, 49);
    const lazy = h.window(6, -24, 49); // filled with its coarse levels …
    expect(lazy.coarse).toBe(true);
    h.window(-24, -24, 49, lazy, undefined, false); // … then refilled without, into the same arrays
    expect(lazy.coarse).toBe(false);
    let blocked = 0;
    for (let i = 0; i < 3000; i++) {
      const o = [rng.range(-20, 20), rng.range(-56, -44), rng.range(-20, 20)] as const;
      const t = [rng.range(-20, 20), rng.range(-61, -44), rng.range(-20, 20)] as const;
      const expected = segmentClear(world, ...o, ...t);
      if (!expected) blocked++;
      expect(segmentClearOverTops(world, lazy, ...o, ...t), `${o} -> ${t}`).toBe(expected);
    }
    expect(blocked).toBeGreaterThan(300);
    expect(blocked).toBeLessThan(2700);
    expect(lazy.coarse).toBe(true);
    expect(withCoarseLevels(lazy).tileMax.subarray(0, fresh.tiles ** 2)).toEqual(fresh.tileMax.subarray(0, fresh.tiles ** 2));
    expect(lazy.regionMax.subarray(0, fresh.regions ** 2)).toEqual(fresh.regionMax.subarray(0, fresh.regions ** 2));
  });
});

describe('segmentClearOverTops on exact edges and corners', () => {
  it('agrees with the voxel walk when eyes sit on block centres (rays through block edges)', () => {
    const world = new World({ seed: 2, terrain: { type: 'flat' }, gamerules: { doMobSpawning: false } });
    const rng = world.rng('test-ties');
    for (let i = 0; i < 500; i++) world.setBlock({ x: rng.int(-12, 12), y: rng.int(-60, -55), z: rng.int(-12, 12) }, rng.int(0, 3) === 0 ? 'glass' : 'stone');
    const tops = OpaqueHeightmap.of(world).window(-16, -16, 33);
    let seen = 0;
    let hidden = 0;
    for (const [ex, ez] of [[0.5, 0.5], [2.5, -3.5], [-1.5, 4.5]] as const) {
      const eye = { x: ex, y: -58.38, z: ez };
      for (let x = -10; x <= 10; x++) {
        for (let z = -10; z <= 10; z++) {
          for (let y = -61; y <= -55; y++) {
            for (let face = 1; face <= 32; face *= 2) {
              const expected = blockVisibleFrom(world, eye, x, y, z, face);
              if (expected) seen++;
              else hidden++;
              expect(blockVisibleFrom(world, eye, x, y, z, face, tops), `${ex},${ez} face ${face} of ${x},${y},${z}`).toBe(expected);
            }
          }
        }
      }
    }
    expect(seen).toBeGreaterThan(1000);
    expect(hidden).toBeGreaterThan(1000);
  });
});

describe('OpaqueHeightmap scan caps', () => {
  it('answers below the cap it was scanned for, and sees blocks above it once asked for the full height', () => {
    const world = new World({ seed: 1, terrain: { type: 'flat' }, gamerules: { doMobSpawning: false } });
    world.setBlock({ x: 2, y: 40, z: 2 }, 'stone'); // a floating block far above a low viewer
    const h = OpaqueHeightmap.of(world);
    const low = h.window(0, 0, 5, undefined, -50);
    expect(low.yCap).toBe(-50);
    expect(low.data[2 * 5 + 2]).toBe(-61); // the highest sight-blocking block at or below the cap
    // A segment rising above the cap is not judged from the capped tops.
    expect(segmentClearOverTops(world, low, 2.5, 38.5, 0.5, 2.5, 41.5, 4.5)).toBe(false);
    world.setBlock({ x: 3, y: 60, z: 3 }, 'stone'); // above every cap so far: picked up by the next scan
    expect(h.top(2, 2)).toBe(40);
    expect(h.top(3, 3)).toBe(60);
    expect(h.window(0, 0, 5).data[3 * 5 + 3]).toBe(60);
  });
});
