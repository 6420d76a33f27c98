import { describe, expect, it } from 'vitest';
import { World, joinPlayer, MIN_Y, type Player } from '../../world/index.js';
import { ExposedBlocks } from './exposed-blocks.js';
import { eyePosition } from './eyes.js';
import { blockVisibleFrom, facesToward } from './line-of-sight.js';
import { scanVisibleBlocks, type BlockQuery, type ScanStats } from './perception.js';

/** What a scan visited, as sortable keys (position, state and exact distance). */
function visits(world: World, p: Player, query: BlockQuery, order: 'any' | 'nearest-first'): { keys: string[]; stats: ScanStats } {
  const keys: string[] = [];
  const stats = scanVisibleBlocks(world, p, query, (state, x, y, z, d) => keys.push(`${x},${y},${z},${state},${d}`), { order });
  return { keys, stats };
}

/** The blocks the plain voxel walk sees among the exposed blocks in range (no window, no horizon, no row runs). */
function voxelTruth(world: World, p: Player, range: number): Set<string> {
  const eye = eyePosition(p);
  const exposed = ExposedBlocks.of(world);
  const out = new Set<string>();
  for (let sx = Math.floor(eye.x - range) >> 4; sx <= Math.floor(eye.x + range) >> 4; sx++) {
    for (let sz = Math.floor(eye.z - range) >> 4; sz <= Math.floor(eye.z + range) >> 4; sz++) {
      for (let sy = (Math.floor(eye.y - range) - MIN_Y) >> 4; sy <= (Math.floor(eye.y + range) - MIN_Y) >> 4; sy++) {
        const sec = exposed.section(sx, sy, sz);
        for (let i = 0; i < sec.count; i++) {
          const l = sec.local[i]!;
          const x = sx * 16 + (l & 15);
          const y = MIN_Y + sy * 16 + (l >> 8);
          const z = sz * 16 + ((l >> 4) & 15);
          if ((x + 0.5 - eye.x) ** 2 + (y + 0.5 - eye.y) ** 2 + (z + 0.5 - eye.z) ** 2 > range * range) continue;
          const faces = sec.faces[i]! & facesToward(eye, x, y, z);
          if (faces !== 0 && blockVisibleFrom(world, eye, x, y, z, faces)) out.add(`${x},${y},${z}`);
        }
      }
    }
  }
  return out;
}

describe('block scan paths', () => {
  const world = new World({ seed: 'scan-paths', terrain: { type: 'natural' }, gamerules: { doMobSpawning: false } });
  const rng = world.rng('test-scan-paths');
  const players: Player[] = [];
  for (let i = 0; i < 10; i++) {
    const x = rng.range(-200, 200);
    const z = rng.range(-200, 200);
    const y = world.terrain.surfaceY(Math.floor(x), Math.floor(z)) + (i % 3 === 0 ? rng.range(0, 8) : 0);
    const p = joinPlayer(world, `p${i}`, { x, y, z }, { perceptionRange: 12 + i * 2 });
    p.yaw = rng.range(0, 360);
    p.pitch = rng.range(-40, 40);
    players.push(p);
  }

  it('visits the same blocks in any order as nearest-first, and exactly what the voxel walk sees', () => {
    let total = 0;
    for (const p of players) {
      for (const query of [{}, { names: ['grass_block', 'stone', 'oak_log', 'water'] }, { fovDegrees: 90 }, { range: 9 }] as BlockQuery[]) {
        const any = visits(world, p, query, 'any');
        const nearest = visits(world, p, query, 'nearest-first');
        expect([...any.keys].sort()).toEqual([...nearest.keys].sort());
        expect(any.stats).toEqual(nearest.stats);
        if (query.names === undefined && query.fovDegrees === undefined) {
          const range = Math.min(query.range ?? p.perceptionRange, p.perceptionRange);
          const seen = new Set(any.keys.map((k) => k.split(',').slice(0, 3).join(',')));
          expect(seen).toEqual(voxelTruth(world, p, range));
          total += seen.size;
        }
      }
    }
    expect(total).toBeGreaterThan(5000);
  });

  it('still drops the farthest candidates when a ray cap cuts an any-order scan short', () => {
    for (const p of players.slice(0, 4)) {
      const query = { maxRays: 300 };
      const any = visits(world, p, query, 'any');
      const nearest = visits(world, p, query, 'nearest-first');
      expect(any.stats.truncated).toBe(true);
      expect(any.stats.rays).toBe(300);
      expect([...any.keys].sort()).toEqual([...nearest.keys].sort());
      // Everything visited is at least as near as the nearest block the cap left out (candidates
      // are ordered in distance buckets of 1/16 block, so up to that much within one bucket).
      const all = visits(world, p, {}, 'nearest-first').keys;
      const kept = new Set(any.keys);
      const farthestKept = Math.max(...any.keys.map((k) => Number(k.split(',')[4])));
      const nearestDropped = Math.min(...all.filter((k) => !kept.has(k)).map((k) => Number(k.split(',')[4])));
      expect(farthestKept).toBeLessThanOrEqual(nearestDropped + 1 / 16);
    }
  });

  it('lists exposed blocks column by column, with each column found through its start offset', () => {
    const exposed = ExposedBlocks.of(world);
    let checked = 0;
    for (let sx = -3; sx <= 3; sx++) {
      for (let sz = -3; sz <= 3; sz++) {
        for (let sy = 6; sy <= 9; sy++) {
          const sec = exposed.section(sx, sy, sz);
          expect(sec.columnStart[256]).toBe(sec.count);
          for (let c = 0; c < 256; c++) {
            const from = sec.columnStart[c]!;
            const to = sec.columnStart[c + 1]!;
            expect(to).toBeGreaterThanOrEqual(from);
            for (let i = from; i < to; i++) {
              const l = sec.local[i]!;
              expect(((l & 15) << 4) | ((l >> 4) & 15)).toBe(c); // x * 16 + z of the column
              if (i > from) expect(l >> 8).toBeGreaterThan(sec.local[i - 1]! >> 8);
              checked++;
            }
          }
        }
      }
    }
    expect(checked).toBeGreaterThan(1000);
  });
});
