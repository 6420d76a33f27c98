import { describe, expect, it } from 'vitest';
import { World } from '../../world/index.js';
import { EyeRays } from './eye-rays.js';
import { blockVisibleFrom, facesToward, FACE_POS_Y } from './line-of-sight.js';
import { OpaqueHeightmap } from './opaque-heightmap.js';

/** Every block within `range` of `eye`, seen through EyeRays and through the plain voxel walk. */
function compareAround(
  world: World, eye: { x: number; y: number; z: number }, range: number, ylo: number, yhi: number,
  yCap = Math.floor(eye.y + range) + 4,
  how: { rays?: EyeRays; horizon?: boolean } = {},
): { seen: number; hidden: number; topFaces: number } {
  const r = Math.ceil(range) + 2;
  const tops = OpaqueHeightmap.of(world).window(Math.floor(eye.x) - r, Math.floor(eye.z) - r, 2 * r + 1, undefined, yCap);
  const rays = how.rays ?? new EyeRays();
  rays.aim(world, tops, eye, range + 2, how.horizon ?? true);
  let seen = 0;
  let hidden = 0;
  let topFaces = 0;
  for (let x = Math.floor(eye.x - range); x <= Math.floor(eye.x + range); x++) {
    for (let z = Math.floor(eye.z - range); z <= Math.floor(eye.z + range); z++) {
      for (let y = ylo; y <= yhi; y++) {
        const faces = facesToward(eye, x, y, z);
        const expected = blockVisibleFrom(world, eye, x, y, z, faces);
        if (expected) seen++;
        else hidden++;
        if (faces & FACE_POS_Y && rays.topFaceOverTops(x, y, z)) {
          if (!expected) throw new Error(`eye ${eye.x},${eye.y},${eye.z}: block ${x},${y},${z} is hidden but its top face was vouched for`);
          topFaces++;
        }
        if (rays.blockVisible(x, y, z, faces) !== expected) {
          throw new Error(`eye ${eye.x},${eye.y},${eye.z}: block ${x},${y},${z} faces ${faces} should be ${expected ? 'visible' : 'hidden'}`);
        }
      }
    }
  }
  return { seen, hidden, topFaces };
}

describe('EyeRays', () => {
  it('agrees with the voxel walk over natural terrain, from many eye points', () => {
    const world = new World({ seed: 'eye-rays', terrain: { type: 'natural' }, gamerules: { doMobSpawning: false } });
    const rng = world.rng('test-eyes');
    let seen = 0;
    let hidden = 0;
    let topFaces = 0;
    for (let i = 0; i < 12; i++) {
      const x = rng.range(-200, 200);
      const z = rng.range(-200, 200);
      const ground = world.terrain.surfaceY(Math.floor(x), Math.floor(z));
      const eye = { x, y: ground + 1.62 + (i % 3) * 2.5, z };
      const r = compareAround(world, eye, 6 + i * 2, Math.floor(eye.y) - 8, Math.floor(eye.y) + 3);
      seen += r.seen;
      hidden += r.hidden;
      topFaces += r.topFaces;
    }
    expect(topFaces).toBeGreaterThan(500); // the height test settles much of the ground
    expect(seen).toBeGreaterThan(2000);
    expect(hidden).toBeGreaterThan(2000);
  });

  it('aimed without a horizon, agrees with the voxel walk and vouches for nothing, even right after an aim with one from other eyes', () => {
    // An entity list aims without a horizon; the same EyeRays served the last block scan, from
    // other eyes: that scan's horizon must not be trusted for the new eyes.
    const world = new World({ seed: 'eye-rays', terrain: { type: 'natural' }, gamerules: { doMobSpawning: false } });
    const rng = world.rng('test-no-horizon');
    const rays = new EyeRays();
    let seen = 0;
    let hidden = 0;
    for (let i = 0; i < 8; i++) {
      const x = rng.range(-200, 200);
      const z = rng.range(-200, 200);
      const ground = world.terrain.surfaceY(Math.floor(x), Math.floor(z));
      // First a scan's aim, with a horizon, from eyes high above the ground (it vouches for much) …
      const high = { x: x + 3, y: ground + 12, z: z - 2 };
      const r = 8 + i;
      const tops = OpaqueHeightmap.of(world).window(Math.floor(high.x) - r - 2, Math.floor(high.z) - r - 2, 2 * r + 5, undefined, Math.floor(high.y + r) + 4);
      rays.aim(world, tops, high, r + 2);
      // … then eyes at standing height, aimed without one.
      const eye = { x, y: ground + 1.62, z };
      const got = compareAround(world, eye, r, Math.floor(eye.y) - 8, Math.floor(eye.y) + 3, undefined, { rays, horizon: false });
      expect(got.topFaces).toBe(0);
      seen += got.seen;
      hidden += got.hidden;
    }
    expect(seen).toBeGreaterThan(1000);
    expect(hidden).toBeGreaterThan(1000);
  });

  it('agrees with the voxel walk among random pillars, walls and see-through blocks, eyes on edges included', () => {
    const world = new World({ seed: 3, terrain: { type: 'flat' }, gamerules: { doMobSpawning: false } });
    const rng = world.rng('test-pillars');
    const kinds = ['stone', 'glass', 'oak_leaves', 'oak_log', 'water', 'dirt'];
    for (let i = 0; i < 900; i++) {
      const x = rng.int(-16, 16);
      const z = rng.int(-16, 16);
      const h = rng.int(1, 5);
      const kind = kinds[rng.int(0, kinds.length - 1)]!;
      for (let y = -60; y < -60 + h; y++) world.setBlock({ x, y, z }, kind);
    }
    let seen = 0;
    let hidden = 0;
    // Eyes inside a column, on a column edge, and exactly on a column corner.
    for (const [x, y, z] of [[0.37, -57.2, 0.81], [3, -56.38, -2.5], [-4, -55.9, 5], [0.5, -58.38, 0.5]] as const) {
      const r = compareAround(world, { x, y, z }, 12, -61, -54);
      seen += r.seen;
      hidden += r.hidden;
    }
    expect(seen).toBeGreaterThan(1000);
    expect(hidden).toBeGreaterThan(1000);
  });

  it('does not trust column tops above their cap: eyes over a window capped below them still agree', () => {
    const world = new World({ seed: 4, terrain: { type: 'flat' }, gamerules: { doMobSpawning: false } });
    const rng = world.rng('test-capped');
    for (let i = 0; i < 500; i++) {
      const x = rng.int(-12, 12);
      const z = rng.int(-12, 12);
      for (let y = -60; y < -60 + rng.int(1, 6); y++) world.setBlock({ x, y, z }, 'stone');
    }
    // Tops known only up to y = -59, so the pillars' upper blocks are above the cap.
    const r = compareAround(world, { x: 0.37, y: -55.4, z: 0.81 }, 10, -61, -54, -59);
    expect(r.seen).toBeGreaterThan(300);
    expect(r.hidden).toBeGreaterThan(300);
  });

  it('does not stop a ray at a remembered stopping cell that has since become see-through', () => {
    const world = new World({ seed: 5, terrain: { type: 'flat' }, gamerules: { doMobSpawning: false } });
    world.setBlock({ x: 0, y: -59, z: 6 }, 'diamond_block');
    world.setBlock({ x: 0, y: -59, z: 3 }, 'stone'); // between the eyes and the diamond
    const eye = { x: 0.5, y: -58.38, z: 0.5 };
    const tops = OpaqueHeightmap.of(world).window(-20, -20, 41, undefined, -40);
    const rays = new EyeRays();
    rays.aim(world, tops, eye, 20);
    const faces = facesToward(eye, 0, -59, 6);
    expect(rays.blockVisible(0, -59, 6, faces)).toBe(false); // stopped by the stone, which is remembered
    world.setBlock({ x: 0, y: -59, z: 3 }, 'air'); // the same aim, the world changed
    expect(blockVisibleFrom(world, eye, 0, -59, 6, faces)).toBe(true);
    expect(rays.blockVisible(0, -59, 6, faces)).toBe(true);
  });
});
