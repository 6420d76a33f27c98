import { describe, expect, it } from 'vitest';
import { World } from '../../world/index.js';
import { Horizon } from './horizon.js';
import { OpaqueHeightmap } from './opaque-heightmap.js';

describe('Horizon', () => {
  it('only vouches for stretches of a segment that pass at least a block above every column top', () => {
    const world = new World({ seed: 'horizon', terrain: { type: 'natural' }, gamerules: { doMobSpawning: false } });
    const rng = world.rng('test-horizon');
    const horizon = new Horizon();
    let vouched = 0;
    let whole = 0;
    let refused = 0;
    for (let e = 0; e < 80; e++) {
      const ex = rng.range(-300, 300);
      const ez = rng.range(-300, 300);
      const eye = { x: ex, y: world.terrain.surfaceY(Math.floor(ex), Math.floor(ez)) + 1.62 + rng.range(0, 6), z: ez };
      const reach = rng.int(6, 30);
      const r = reach + 2;
      const tops = OpaqueHeightmap.of(world).window(Math.floor(eye.x) - r, Math.floor(eye.z) - r, 2 * r + 1);
      horizon.build(tops, eye, reach);
      const topAt = (x: number, z: number) => tops.data[(Math.floor(x) - tops.x0) * tops.size + (Math.floor(z) - tops.z0)]!;
      for (let i = 0; i < 200; i++) {
        const angle = rng.range(0, 2 * Math.PI);
        const h = rng.range(0.5, reach);
        const p = { x: eye.x + Math.cos(angle) * h, y: eye.y + rng.range(-12, 4), z: eye.z + Math.sin(angle) * h };
        const dx = p.x - eye.x;
        const dy = p.y - eye.y;
        const dz = p.z - eye.z;
        const d = horizon.clearTo(dx, dy, dz, Math.hypot(dx, dz));
        if (d === 0) refused++;
        else if (d === Infinity) whole++;
        else vouched++;
        // Walk the segment finely up to the vouched distance: it must be above every top it passes.
        // (A plain check per step and one expect per segment: millions of expect calls were slow.)
        const until = Math.min(d === Infinity ? h : d, h) / h;
        let below = -1;
        for (let t = 0; t < until && below < 0; t += 0.002) {
          if (eye.y + dy * t < topAt(eye.x + dx * t, eye.z + dz * t) + 1 - 1e-9) below = t;
        }
        expect(below, `eye ${eye.x},${eye.y},${eye.z} to ${p.x},${p.y},${p.z} (vouched ${d}) dips below a top at t=${below}`).toBe(-1);
      }
    }
    expect(vouched).toBeGreaterThan(500);
    expect(whole).toBeGreaterThan(500);
    expect(refused).toBeGreaterThan(50);
  });

  it('records a column that touches the +x direction from the -z side in the sectors just below the wrap', () => {
    // Eyes on a block corner at (0, 0): column x 3..4, z -1..0 spans angles from just below the +x
    // direction up to it. Rays toward (4.5, -0.5) pass through it and must not be vouched for.
    const world = new World({ seed: 'horizon-wrap', terrain: { type: 'flat' }, gamerules: { doMobSpawning: false } });
    for (let y = -60; y <= -56; y++) world.setBlock({ x: 3, y, z: -1 }, 'stone');
    const eye = { x: 0, y: -59.2, z: 0 };
    const tops = OpaqueHeightmap.of(world).window(-13, -13, 27, undefined, -44);
    const horizon = new Horizon();
    horizon.build(tops, eye, 12);
    for (const [tx, tz] of [[4.5, -0.5], [6.5, -1.5], [10.5, -1.5], [8, -0.9]] as const) {
      const dx = tx - eye.x;
      const dz = tz - eye.z;
      const dy = -60 + 1e-6 - eye.y;
      const dh = Math.hypot(dx, dz);
      expect(horizon.clearTo(dx, dy, dz, dh), `toward ${tx},${tz}`).toBeLessThanOrEqual(3);
      expect(horizon.clearsTops(dx, dz, dh, -61)).toBe(false);
    }
  });
});
