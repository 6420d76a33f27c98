/**
 * Ore veins: per chunk, each vanilla ore feature makes `count` attempts at a random (x, z) in the
 * chunk and a y from its height distribution (facts/ore-placement.ts); each attempt grows a small
 * blob that replaces only stone (ore) or deepslate (deepslate ore).
 *
 * Blobs stay within one block of their centre, so a column replays the attempts of its own chunk and
 * of the 8 neighbours, keeps those whose blob can reach it and writes only its own blocks: the
 * result is the same whichever column is generated first. Attempts are visited in a fixed global
 * order, so where veins overlap the same one wins everywhere.
 */
import { ORE_PLACEMENTS } from '../facts/ore-placement.js';
import type { Registry } from '../registry.js';
import { MAX_Y, MIN_Y, type ColumnWriter } from './generator.js';
import { hashInts, subSeed } from './noise.js';

/** Most blocks one blob places (vanilla coal/copper veins are bigger; their attempts are scaled up to compensate). */
export const MAX_VEIN_BLOCKS = 9;

/**
 * Deliberate departures from vanilla attempt counts, for agents that dig rather than explore caves.
 * At vanilla rates only ~14% of 30-step staircases from the surface pass an iron ore (measured over
 * ~300 staircases: the ore's exposed faces in the 1x2 tunnel); tripling the small shallow iron veins
 * (uniform -64..72, size 4) lifts that to ~26% and total iron to ~1.6x vanilla.
 */
const COUNT_BOOST: Readonly<Record<string, number>> = { ore_iron_small: 3 };

interface OreFeature {
  seed: number;
  ore: number;
  deepslateOre: number;
  /** Attempts per chunk (fractional part = chance of one more). */
  count: number;
  chance: number;
  triangle: boolean;
  minY: number;
  maxY: number;
  blocks: number;
}

/** The world y range where an ore block can appear (union of its features, clipped to the world). */
export function oreDepthRange(oreName: string): { minY: number; maxY: number } | null {
  let minY = Infinity;
  let maxY = -Infinity;
  for (const p of ORE_PLACEMENTS) {
    if (p.ore !== oreName && p.deepslateOre !== oreName) continue;
    minY = Math.min(minY, Math.max(p.minY, MIN_Y));
    maxY = Math.max(maxY, Math.min(p.maxY, MAX_Y));
  }
  return minY <= maxY ? { minY, maxY } : null;
}

export class OrePlacer {
  private readonly features: OreFeature[];
  private readonly stone: number;
  private readonly deepslate: number;
  private rand = 0;
  /** Blob cells as codes (dx+1)*9 + (dy+1)*3 + (dz+1) in a 3x3x3 box around the centre. */
  private readonly cells = new Int8Array(MAX_VEIN_BLOCKS);

  constructor(registry: Registry, worldSeed: string) {
    this.stone = registry.stateOf('stone');
    this.deepslate = registry.stateOf('deepslate');
    this.features = ORE_PLACEMENTS.map((p) => ({
      seed: subSeed(worldSeed, p.feature),
      ore: registry.stateOf(p.ore),
      deepslateOre: registry.stateOf(p.deepslateOre),
      count: p.count * Math.max(1, p.size / MAX_VEIN_BLOCKS) * (COUNT_BOOST[p.feature] ?? 1),
      chance: p.chance,
      triangle: p.shape === 'triangle',
      minY: p.minY,
      maxY: p.maxY,
      blocks: Math.min(p.size, MAX_VEIN_BLOCKS),
    }));
  }

  /** `topY`: the column's highest terrain block; veins centred more than a block above it find no stone. */
  placeInColumn(cx: number, cz: number, topY: number, out: ColumnWriter): void {
    const x0 = cx * 16;
    const z0 = cz * 16;
    for (let dcz = -1; dcz <= 1; dcz++) {
      for (let dcx = -1; dcx <= 1; dcx++) {
        const ncx = cx + dcx;
        const ncz = cz + dcz;
        for (const f of this.features) {
          if (f.chance < 1 && hashInts(f.seed, ncx, -1, ncz) / 4294967296 >= f.chance) continue;
          const whole = Math.floor(f.count);
          const extra = f.count - whole > 0 && hashInts(f.seed, ncx, -2, ncz) / 4294967296 < f.count - whole ? 1 : 0;
          for (let i = 0; i < whole + extra; i++) {
            this.rand = hashInts(f.seed, ncx, i, ncz);
            const x = ncx * 16 + Math.floor(this.next() * 16);
            const z = ncz * 16 + Math.floor(this.next() * 16);
            if (x < x0 - 1 || x > x0 + 16 || z < z0 - 1 || z > z0 + 16) continue;
            const y = this.height(f);
            if (y < MIN_Y || y > MAX_Y || y > topY + 1) continue;
            this.placeVein(f, x - x0, y, z - z0, out);
          }
        }
      }
    }
  }

  /** A y from the feature's distribution (vanilla TrapezoidHeight with no plateau for `triangle`). */
  private height(f: OreFeature): number {
    const range = f.maxY - f.minY;
    if (!f.triangle) return f.minY + Math.floor(this.next() * (range + 1));
    const k = Math.floor(range / 2);
    const l = range - k;
    return f.minY + Math.floor(this.next() * (l + 1)) + Math.floor(this.next() * (k + 1));
  }

  /** Grows a connected blob of 1/2..1 × `blocks` cells by random face steps from already placed cells. */
  private placeVein(f: OreFeature, lx: number, y: number, lz: number, out: ColumnWriter): void {
    const target = f.blocks - Math.floor(this.next() * (Math.floor(f.blocks / 2) + 1));
    const cells = this.cells;
    cells[0] = 13;
    let n = 1;
    let mask = 1 << 13;
    for (let tries = 0; n < target && tries < target * 4; tries++) {
      const from = cells[Math.floor(this.next() * n)]!;
      const dir = Math.floor(this.next() * 6);
      let dx = Math.floor(from / 9) - 1;
      let dy = Math.floor(from / 3) % 3 - 1;
      let dz = (from % 3) - 1;
      if (dir === 0) dx++;
      else if (dir === 1) dx--;
      else if (dir === 2) dy++;
      else if (dir === 3) dy--;
      else if (dir === 4) dz++;
      else dz--;
      if (dx < -1 || dx > 1 || dy < -1 || dy > 1 || dz < -1 || dz > 1) continue;
      const code = (dx + 1) * 9 + (dy + 1) * 3 + (dz + 1);
      if (mask & (1 << code)) continue;
      mask |= 1 << code;
      cells[n++] = code;
    }
    for (let i = 0; i < n; i++) {
      const code = cells[i]!;
      const bx = lx + Math.floor(code / 9) - 1;
      const by = y + (Math.floor(code / 3) % 3) - 1;
      const bz = lz + (code % 3) - 1;
      // Clip to the column and to the feature's nominal range, so an ore never strays outside its depths.
      if (bx < 0 || bx > 15 || bz < 0 || bz > 15 || by < f.minY || by > f.maxY) continue;
      const here = out.get(bx, by, bz);
      if (here === this.stone) out.set(bx, by, bz, f.ore);
      else if (here === this.deepslate) out.set(bx, by, bz, f.deepslateOre);
    }
  }

  /** mulberry32 step on the per-attempt state: uniform in [0, 1). */
  private next(): number {
    this.rand = (this.rand + 0x6d2b79f5) | 0;
    let t = Math.imul(this.rand ^ (this.rand >>> 15), 1 | this.rand);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  }
}
