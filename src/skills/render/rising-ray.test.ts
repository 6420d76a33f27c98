import { describe, expect, it } from 'vitest';
import { MIN_Y, World } from '../../world/index.js';
import { emptyTops, OpaqueHeightmap } from '../senses/opaque-heightmap.js';
import { clearAfter } from './rising-ray.js';

describe('clearAfter (where a rising ray meets only air)', () => {
  it('leaves no cell at or below its column top to a ray that stops there', () => {
    const world = new World({ seed: 'rising', terrain: { type: 'natural' }, gamerules: { doMobSpawning: false } });
    const heights = OpaqueHeightmap.of(world, 'matter');
    const maxDist = 48;
    const reach = maxDist + 2;
    let checkedCells = 0;
    let stoppedEarly = 0;
    let rays = 0;
    // Eyes on the ground and in the air, rays at every azimuth and a range of low elevations (the
    // ones that cross the most air before leaving).
    for (const [ex, ez, lift] of [[30.5, 66.5, 1.62], [-12.25, 40.75, 1.62], [100.5, -7.5, 6.3]] as const) {
      const ey = heights.top(Math.floor(ex), Math.floor(ez)) + 1 + lift;
      const tops = heights.window(Math.floor(ex) - reach, Math.floor(ez) - reach, 2 * reach + 1);
      let ceiling = MIN_Y;
      for (const m of tops.tileMax.subarray(0, tops.tiles * tops.tiles)) if (m > ceiling) ceiling = m;
      for (let a = 0; a < 360; a += 3) {
        for (const rise of [0.01, 0.04, 0.1, 0.25, 0.6]) {
          const h = Math.sqrt(1 - rise * rise);
          const dx = h * Math.cos((a * Math.PI) / 180);
          const dz = h * Math.sin((a * Math.PI) / 180);
          const t0 = clearAfter(tops, ex, ey, ez, dx, rise, dz, maxDist, ceiling);
          rays++;
          if (t0 < maxDist) stoppedEarly++;
          // The cell walk the renderer does; every cell entered after t0 must be above its column's top.
          let x = Math.floor(ex), y = Math.floor(ey), z = Math.floor(ez);
          const sx = dx > 0 ? 1 : -1, sz = dz > 0 ? 1 : -1;
          const tdx = Math.abs(1 / dx), tdy = 1 / rise, tdz = Math.abs(1 / dz);
          let tmx = (sx > 0 ? x + 1 - ex : ex - x) * tdx;
          let tmy = (y + 1 - ey) * tdy;
          let tmz = (sz > 0 ? z + 1 - ez : ez - z) * tdz;
          while (true) {
            let t: number;
            if (tmx < tmy) {
              if (tmx < tmz) { x += sx; t = tmx; tmx += tdx; } else { z += sz; t = tmz; tmz += tdz; }
            } else if (tmy < tmz) { y += 1; t = tmy; tmy += tdy; } else { z += sz; t = tmz; tmz += tdz; }
            if (t > maxDist) break;
            if (t > t0) {
              checkedCells++;
              expect(y, `ray at azimuth ${a}, rise ${rise} from (${ex}, ${ez}) entered (${x}, ${y}, ${z}) at t=${t} after ${t0}`).toBeGreaterThan(heights.top(x, z));
            }
          }
        }
      }
    }
    // Most low rays over open land stop well before the view distance, so the check above saw many cells.
    expect(stoppedEarly).toBeGreaterThan(rays / 2);
    expect(checkedCells).toBeGreaterThan(10_000);
  });

  it('does not stop a ray that will meet a tall column ahead', () => {
    const world = new World({ seed: 1, terrain: { type: 'flat' }, gamerules: { doMobSpawning: false } });
    const ground = OpaqueHeightmap.of(world, 'matter').top(0, 0);
    // A pillar 20 blocks east rising 12 blocks over the ground; the eye looks at it, rising gently.
    for (let y = ground + 1; y <= ground + 12; y++) world.setBlock({ x: 20, y, z: 0 }, 'stone');
    const heights = OpaqueHeightmap.of(world, 'matter');
    const tops = heights.window(-50, -50, 101, emptyTops());
    const ey = ground + 2.62;
    const rise = 0.2;
    const h = Math.sqrt(1 - rise * rise);
    const t = clearAfter(tops, 0.5, ey, 0.5, h, rise, 0, 48, ground + 12);
    // The ray reaches x = 20 at t ≈ 19.5/h with y ≈ ey + 4: still below the pillar's top, so the stop is after it.
    expect(t).toBeGreaterThan(20.5 / h);
    expect(t).toBeLessThan(48);
  });
});
