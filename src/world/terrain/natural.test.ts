import { describe, expect, it } from 'vitest';
import { InputError } from '../../core/errors.js';
import { Registry } from '../registry.js';
import { World } from '../world.js';
import { MAX_Y, MIN_Y, WORLD_HEIGHT, type ColumnWriter } from './generator.js';
import { DEFAULT_SEA_LEVEL, NaturalTerrain } from './natural.js';

const registry = Registry.get();
const name = (state: number): string => registry.blockNameOfState(state);

/** A chunk column in a flat array that fails loudly on writes outside the column or of air. */
class TestColumn implements ColumnWriter {
  readonly blocks = new Uint16Array(16 * 16 * WORLD_HEIGHT);

  private index(lx: number, y: number, lz: number): number {
    if (!Number.isInteger(lx) || !Number.isInteger(lz) || lx < 0 || lx > 15 || lz < 0 || lz > 15 || y < MIN_Y || y > MAX_Y) {
      throw new Error(`write outside the column: ${lx},${y},${lz}`);
    }
    return ((y - MIN_Y) * 16 + lz) * 16 + lx;
  }

  get(lx: number, y: number, lz: number): number {
    if (y < MIN_Y || y > MAX_Y) return 0;
    return this.blocks[this.index(lx, y, lz)]!;
  }

  set(lx: number, y: number, lz: number, state: number): void {
    if (state === 0) throw new Error('generators should write only non-air blocks');
    this.blocks[this.index(lx, y, lz)] = state;
  }
}

function generate(terrain: NaturalTerrain, cx: number, cz: number): TestColumn {
  const col = new TestColumn();
  terrain.generateColumn(cx, cz, col);
  return col;
}

/** Chunks whose centre and four corners all have `biome`, scanning outwards from the origin. */
function chunksOfBiome(terrain: NaturalTerrain, biome: string, wanted: number): [number, number][] {
  const found: [number, number][] = [];
  for (let r = 0; r < 200 && found.length < wanted; r++) {
    for (let cx = -r; cx <= r && found.length < wanted; cx++) {
      for (let cz = -r; cz <= r && found.length < wanted; cz++) {
        if (Math.max(Math.abs(cx), Math.abs(cz)) !== r) continue;
        const probes = [[8, 8], [0, 0], [15, 0], [0, 15], [15, 15]] as const;
        if (probes.every(([dx, dz]) => terrain.biomeAt(cx * 16 + dx, cz * 16 + dz) === biome)) found.push([cx, cz]);
      }
    }
  }
  return found;
}

const AREA: [number, number][] = [];
for (let cx = -2; cx <= 2; cx++) for (let cz = -2; cz <= 2; cz++) AREA.push([cx, cz]);

describe('natural terrain', () => {
  const terrain = new NaturalTerrain(registry, 'test-seed');
  const area = new Map<string, TestColumn>(AREA.map(([cx, cz]) => [`${cx},${cz}`, generate(terrain, cx, cz)]));

  it('is a pure function of (seed, column): two generation orders give identical blocks', () => {
    const again = new NaturalTerrain(registry, 'test-seed');
    // Reverse order, interleaved with far-away columns and point queries that disturb internal caches.
    for (const [cx, cz] of [...AREA].reverse()) {
      generate(again, cx + 40, cz - 37);
      again.surfaceY(cx * 16 + 500, cz * 16 - 300);
      expect(generate(again, cx, cz).blocks).toEqual(area.get(`${cx},${cz}`)!.blocks);
    }
  });

  it('differs between seeds', () => {
    const other = new NaturalTerrain(registry, 'another-seed');
    expect(generate(other, 0, 0).blocks).not.toEqual(area.get('0,0')!.blocks);
  });

  it('lays bedrock at y = -64 and only bedrock or deepslate (or its ores) up to -60 (vanilla bedrock gradient)', () => {
    const bedrock = registry.stateOf('bedrock');
    for (const col of area.values()) {
      for (let lx = 0; lx < 16; lx++) {
        for (let lz = 0; lz < 16; lz++) {
          expect(col.get(lx, -64, lz)).toBe(bedrock);
          for (let y = -63; y <= -60; y++) expect(name(col.get(lx, y, lz))).toMatch(/^(bedrock|deepslate)/);
          expect(name(col.get(lx, -59, lz))).not.toBe('bedrock');
        }
      }
    }
  });

  it('places each ore only within its vanilla depth range, and every ore appears', () => {
    // Vanilla 1.18+ overworld ore heights (Minecraft Wiki "Ore"; OrePlacements): coal 0..192 (lower band),
    // copper -16..112, iron -64..72 and 80..384, gold -64..32, redstone -64..15, lapis -64..64, diamond -64..16.
    const ranges: Record<string, [number, number]> = {
      coal: [0, 192],
      copper: [-16, 112],
      iron: [-64, 319],
      gold: [-64, 32],
      redstone: [-64, 15],
      lapis: [-64, 64],
      diamond: [-64, 16],
    };
    const seen = new Map<string, number>();
    for (const col of area.values()) {
      for (let y = MIN_Y; y <= 200; y++) {
        for (let lz = 0; lz < 16; lz++) {
          for (let lx = 0; lx < 16; lx++) {
            const n = name(col.get(lx, y, lz));
            const m = /^(deepslate_)?(\w+)_ore$/.exec(n);
            if (!m) continue;
            const [lo, hi] = ranges[m[2]!]!;
            if (y < lo || y > hi) throw new Error(`${n} at y ${y}, outside ${lo}..${hi}`);
            // Deepslate variants only where deepslate is (below 8), plain ores only where stone is (0 and up).
            if (m[1]) expect(y).toBeLessThan(8);
            else expect(y).toBeGreaterThanOrEqual(0);
            seen.set(m[2]!, (seen.get(m[2]!) ?? 0) + 1);
          }
        }
      }
    }
    for (const ore of Object.keys(ranges)) expect(seen.get(ore) ?? 0, ore).toBeGreaterThan(0);
    // Iron is one of the commoner ores: vanilla places ~20 middle/small veins per chunk.
    expect(seen.get('iron')! / area.size).toBeGreaterThan(40);
  });

  it('turns stone into deepslate between y 8 and 0, as vanilla', () => {
    const col = area.get('1,1')!;
    const below = new Set<string>();
    const above = new Set<string>();
    for (let lx = 0; lx < 16; lx++) {
      for (let lz = 0; lz < 16; lz++) {
        below.add(name(col.get(lx, -20, lz)));
        above.add(name(col.get(lx, 20, lz)));
      }
    }
    expect(below.has('stone')).toBe(false);
    expect(below.has('deepslate')).toBe(true);
    expect(above.has('deepslate')).toBe(false);
    expect(above.has('stone')).toBe(true);
  });

  it('reports surfaceY one above the top solid terrain block, without generating (trees ignored)', () => {
    const tree = /_(log|leaves)$/;
    let land = 0;
    let water = 0;
    for (const [key, col] of area) {
      const [cx, cz] = key.split(',').map(Number) as [number, number];
      for (let lx = 0; lx < 16; lx += 3) {
        for (let lz = 0; lz < 16; lz += 3) {
          const sy = terrain.surfaceY(cx * 16 + lx, cz * 16 + lz);
          let top = MAX_Y;
          while (top > MIN_Y && (col.get(lx, top, lz) === 0 || tree.test(name(col.get(lx, top, lz))))) top--;
          if (name(col.get(lx, top, lz)) === 'water') {
            // Documented: over water, surfaceY is the sea level (an entity floating on the water).
            expect(sy).toBe(DEFAULT_SEA_LEVEL);
            expect(top).toBe(DEFAULT_SEA_LEVEL - 1);
            water++;
          } else {
            expect(sy).toBe(top + 1);
            expect(registry.solidByState[col.get(lx, top, lz)]).toBe(1);
            land++;
          }
        }
      }
    }
    expect(land).toBeGreaterThan(0);
    expect(water + land).toBe(area.size * 36);
  });

  it('fills low areas with water up to sea level', () => {
    const waterState = registry.stateOf('water');
    // Search for an ocean and a river chunk and check every water column is filled from the floor to y 62.
    for (const biome of ['ocean', 'river']) {
      const [chunk] = chunksOfBiome(terrain, biome, 1);
      expect(chunk, biome).toBeDefined();
      const [cx, cz] = chunk!;
      const col = generate(terrain, cx, cz);
      let columns = 0;
      for (let lx = 0; lx < 16; lx++) {
        for (let lz = 0; lz < 16; lz++) {
          const ground = terrain.groundHeight(cx * 16 + lx, cz * 16 + lz);
          if (ground >= DEFAULT_SEA_LEVEL) continue;
          for (let y = ground; y < DEFAULT_SEA_LEVEL; y++) {
            expect(col.get(lx, y, lz)).toBe(waterState);
            // Water is held in: no air beside it (caves stay clear of the sea), so nothing would flow.
            for (const [dx, dz] of [[1, 0], [-1, 0], [0, 1], [0, -1]] as const) {
              if (lx + dx >= 0 && lx + dx < 16 && lz + dz >= 0 && lz + dz < 16) expect(col.get(lx + dx, y, lz + dz)).not.toBe(0);
            }
          }
          expect(col.get(lx, DEFAULT_SEA_LEVEL, lz)).toBe(0);
          expect(registry.solidByState[col.get(lx, ground - 1, lz)]).toBe(1);
          columns++;
        }
      }
      expect(columns, biome).toBeGreaterThan(100);
    }
  });

  it('covers the vanilla biomes it promises, by minecraft-data name', () => {
    const seen = new Set<string>();
    for (let x = -3000; x <= 3000; x += 64) for (let z = -3000; z <= 3000; z += 64) seen.add(terrain.biomeAt(x, z));
    for (const b of ['plains', 'forest', 'birch_forest', 'taiga', 'desert', 'beach', 'ocean', 'river']) expect(seen.has(b), b).toBe(true);
    for (const b of seen) expect(registry.data.biomesByName[b], b).toBeDefined();
  });

  it('grows the right tree species in each biome', () => {
    // Vanilla: plains grow oak; forests oak with some birch; birch forests birch; taiga spruce.
    const allowed: Record<string, string[]> = {
      oak_log: ['plains', 'forest'],
      birch_log: ['forest', 'birch_forest'],
      spruce_log: ['taiga'],
    };
    const expected: Record<string, string> = { forest: 'oak_log', birch_forest: 'birch_log', taiga: 'spruce_log' };
    for (const [biome, log] of Object.entries(expected)) {
      const chunks = chunksOfBiome(terrain, biome, 2);
      expect(chunks.length, biome).toBe(2);
      const logs = new Map<string, number>();
      for (const [cx, cz] of chunks) {
        const col = generate(terrain, cx, cz);
        for (let y = DEFAULT_SEA_LEVEL; y < 160; y++) {
          for (let lz = 0; lz < 16; lz++) {
            for (let lx = 0; lx < 16; lx++) {
              const n = name(col.get(lx, y, lz));
              if (!n.endsWith('_log')) continue;
              logs.set(n, (logs.get(n) ?? 0) + 1);
              // Trunks are vertical, so a log's own column is its tree's trunk spot.
              expect(allowed[n], n).toContain(terrain.biomeAt(cx * 16 + lx, cz * 16 + lz));
              const leaves = n.replace('_log', '_leaves');
              let hasLeaves = false;
              for (let dy = 0; dy < 4 && !hasLeaves; dy++) {
                for (const [dx, dz] of [[1, 0], [-1, 0], [0, 1], [0, -1], [0, 0]] as const) {
                  const ax = lx + dx;
                  const az = lz + dz;
                  if (ax >= 0 && ax < 16 && az >= 0 && az < 16 && name(col.get(ax, y + 1 + dy, az)) === leaves) hasLeaves = true;
                }
              }
              if (!hasLeaves && name(col.get(lx, y + 1, lz)) !== n) throw new Error(`${n} trunk top at ${lx},${y},${lz} has no ${leaves}`);
            }
          }
        }
      }
      expect(logs.get(log) ?? 0, `${log} in ${biome}`).toBeGreaterThan(10);
    }
  });

  it('completes trees that cross chunk borders: leaves surround every trunk top, even in the next column', () => {
    const [forest] = chunksOfBiome(terrain, 'forest', 1);
    const [fx, fz] = forest!;
    const grid = new Map<string, TestColumn>();
    for (let cx = fx - 1; cx <= fx + 1; cx++) for (let cz = fz - 1; cz <= fz + 1; cz++) grid.set(`${cx},${cz}`, generate(terrain, cx, cz));
    const at = (x: number, y: number, z: number): number => grid.get(`${x >> 4},${z >> 4}`)?.get(x & 15, y, z & 15) ?? -1;
    let tops = 0;
    let acrossBorder = 0;
    for (let x = (fx - 1) * 16; x < (fx + 2) * 16; x++) {
      for (let z = (fz - 1) * 16; z < (fz + 2) * 16; z++) {
        for (let y = DEFAULT_SEA_LEVEL; y < 160; y++) {
          const n = name(at(x, y, z));
          if (!n.endsWith('_log') || name(at(x, y + 1, z)) === n) continue;
          tops++;
          for (const [dx, dz] of [[1, 0], [-1, 0], [0, 1], [0, -1]] as const) {
            const s = at(x + dx, y, z + dz);
            if (s === -1) continue; // outside the generated area
            if ((x + dx) >> 4 !== x >> 4 || (z + dz) >> 4 !== z >> 4) acrossBorder++;
            // Every species has a radius-1 leaf layer level with the trunk top.
            expect(s, `beside trunk top ${x},${y},${z}`).not.toBe(0);
          }
        }
      }
    }
    expect(tops).toBeGreaterThan(5);
    expect(acrossBorder).toBeGreaterThan(0);
  });

  it('carves caves underground without flooding or opening the sea floor', () => {
    let carved = 0;
    let total = 0;
    for (const [key, col] of area) {
      const [cx, cz] = key.split(',').map(Number) as [number, number];
      for (let lx = 0; lx < 16; lx++) {
        for (let lz = 0; lz < 16; lz++) {
          const ground = terrain.groundHeight(cx * 16 + lx, cz * 16 + lz);
          for (let y = -55; y < Math.min(ground, DEFAULT_SEA_LEVEL) - 14; y++) {
            total++;
            if (col.get(lx, y, lz) === 0) carved++;
          }
        }
      }
    }
    // Some air underground, but the ground stays mostly solid.
    expect(carved / total).toBeGreaterThan(0.01);
    expect(carved / total).toBeLessThan(0.15);
  });

  it('is what a World builds for { type: "natural" }, with a checked sea level', () => {
    const world = new World({ seed: 7, terrain: { type: 'natural', seaLevel: 50 }, gamerules: { doMobSpawning: false } });
    expect(world.terrain.name).toBe('natural');
    const y = world.terrain.surfaceY(0, 0);
    expect(y).toBeGreaterThanOrEqual(50);
    expect(registry.solidByState[world.blocks.get(0, y - 1, 0)] || name(world.blocks.get(0, y - 1, 0)) === 'water').toBeTruthy();
    expect(() => new NaturalTerrain(registry, '1', { seaLevel: 1.5 })).toThrow(InputError);
  });
});
