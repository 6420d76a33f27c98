/**
 * Trees: oak, birch and spruce built from their real log and leaves blocks.
 *
 * Candidate trunks sit one per 4x4 cell at a hashed spot; a biome-dependent chance decides whether a
 * tree grows there. A tree reaches at most 2 blocks sideways from its trunk, so a column visits every
 * cell whose tree could reach it (its own and a ring around it), builds each such tree and writes
 * only the blocks inside itself. Cells are visited in a fixed global order (z, then x), logs replace
 * air or leaves and leaves fill only air, so overlapping trees come out the same in every column.
 */
import type { Registry } from '../registry.js';
import { BIRCH_FOREST, FOREST, PLAINS, TAIGA } from './biomes.js';
import { stateWith } from './block-states.js';
import type { ColumnWriter } from './generator.js';
import { hashInts } from './noise.js';
import type { ColumnShape, TerrainShape } from './shape.js';

const CELL = 4;
/** Farthest a tree's blocks reach from its trunk, sideways. */
const REACH = 2;

/**
 * Chance a candidate spot grows a tree, per biome index. 16 cells per chunk, so forest-type biomes
 * get ~8 trees a chunk (vanilla forests/taiga: count 10 with some failing on slopes). Vanilla plains
 * have ~0.05 trees a chunk; here ~0.3, so wood is findable without a long walk.
 */
const DENSITY: Readonly<Record<number, number>> = { [PLAINS]: 0.02, [FOREST]: 0.5, [BIRCH_FOREST]: 0.5, [TAIGA]: 0.45 };
const MAX_DENSITY = 0.5;

type Species = 'oak' | 'birch' | 'spruce';

interface SpeciesStates {
  log: number;
  /** Leaves by distance-to-log 1..7 (index 0 unused), non-persistent as vanilla generates them. */
  leaves: number[];
}

export class TreePlacer {
  private readonly states: Record<Species, SpeciesStates>;
  private readonly leafStates = new Set<number>();
  private readonly grass: number;
  private readonly dirt: number;
  private readonly probe: ColumnShape = { height: 0, biome: 0, caveTop: 0 };
  private rand = 0;
  // The column being decorated.
  private out: ColumnWriter | null = null;
  private x0 = 0;
  private z0 = 0;

  constructor(
    registry: Registry,
    private readonly seed: number,
    private readonly shape: TerrainShape,
  ) {
    const species = (name: Species): SpeciesStates => {
      const leaves = [0];
      for (let d = 1; d <= 7; d++) leaves.push(stateWith(registry, `${name}_leaves`, { distance: String(d), persistent: 'false' }));
      for (const s of leaves) if (s) this.leafStates.add(s);
      return { log: registry.stateOf(`${name}_log`), leaves };
    };
    this.states = { oak: species('oak'), birch: species('birch'), spruce: species('spruce') };
    this.grass = registry.stateOf('grass_block');
    this.dirt = registry.stateOf('dirt');
  }

  placeInColumn(cx: number, cz: number, out: ColumnWriter): void {
    this.out = out;
    this.x0 = cx * 16;
    this.z0 = cz * 16;
    const first = Math.floor((this.x0 - REACH) / CELL);
    const last = Math.floor((this.x0 + 15 + REACH) / CELL);
    const firstZ = Math.floor((this.z0 - REACH) / CELL);
    const lastZ = Math.floor((this.z0 + 15 + REACH) / CELL);
    for (let gz = firstZ; gz <= lastZ; gz++) {
      for (let gx = first; gx <= last; gx++) {
        const h = hashInts(this.seed, gx, 0, gz);
        const x = gx * CELL + (h & 3);
        const z = gz * CELL + ((h >>> 2) & 3);
        if (x < this.x0 - REACH || x > this.x0 + 15 + REACH || z < this.z0 - REACH || z > this.z0 + 15 + REACH) continue;
        const roll = (h >>> 8) / 16777216;
        if (roll >= MAX_DENSITY) continue;
        const s = this.shape.sample(x, z, this.probe);
        if (roll >= (DENSITY[s.biome] ?? 0)) continue;
        // Ground must be grass (sand lies within a block of sea level) with a solid roof over any cave (no trees floating over cave mouths).
        if (s.height <= this.shape.seaLevel + 1 || s.caveTop >= s.height - 5) continue;
        this.rand = hashInts(this.seed, gx, 1, gz);
        const kind: Species = s.biome === TAIGA ? 'spruce' : s.biome === BIRCH_FOREST || (s.biome === FOREST && this.next() < 0.2) ? 'birch' : 'oak';
        this.grow(kind, x, s.height, z);
      }
    }
    this.out = null;
  }

  private grow(kind: Species, x: number, y: number, z: number): void {
    const st = this.states[kind];
    // Vanilla StraightTrunkPlacer: oak 4+rand(3), birch 5+rand(3), spruce 5+rand(3)+rand(2).
    const trunk = kind === 'oak' ? 4 + this.int(3) : kind === 'birch' ? 5 + this.int(3) : 5 + this.int(3) + this.int(2);
    const top = y + trunk - 1;
    if (kind === 'spruce') this.spruceCrown(st, x, top, z, trunk);
    else this.blobCrown(st, x, top, z);
    for (let ty = y; ty <= top; ty++) this.setLog(st, x, ty, z);
    // Vanilla turns the grass under a trunk into dirt.
    if (this.inColumn(x, z) && this.out!.get(x - this.x0, y - 1, z - this.z0) === this.grass) this.out!.set(x - this.x0, y - 1, z - this.z0, this.dirt);
  }

  /** Vanilla BlobFoliagePlacer(radius 2, height 3): two wide layers, two narrow ones, corners thinned. */
  private blobCrown(st: SpeciesStates, x: number, top: number, z: number): void {
    for (let ly = top - 2; ly <= top + 1; ly++) {
      const fromTop = top + 1 - ly;
      const r = fromTop >= 2 ? 2 : 1;
      for (let dz = -r; dz <= r; dz++) {
        for (let dx = -r; dx <= r; dx++) {
          // Corners: always cut on the top layer, otherwise half the time.
          const corner = Math.abs(dx) === r && Math.abs(dz) === r;
          if (corner && (fromTop === 0 || this.next() < 0.5)) continue;
          this.setLeaves(st, x + dx, ly, z + dz, Math.abs(dx) + Math.abs(dz) + Math.max(0, ly - top));
        }
      }
    }
  }

  /** Spruce: a one-leaf tip above the trunk, then layers alternating radius 1 and 2 down to near the ground. */
  private spruceCrown(st: SpeciesStates, x: number, top: number, z: number, trunk: number): void {
    const layers = trunk - 1 - this.int(2);
    for (let k = 0; k <= layers; k++) {
      const ly = top + 1 - k;
      const r = k === 0 ? 0 : k === 1 ? 1 : k % 2 === 0 ? 2 : 1;
      for (let dz = -r; dz <= r; dz++) {
        for (let dx = -r; dx <= r; dx++) {
          if (r > 0 && Math.abs(dx) === r && Math.abs(dz) === r) continue;
          this.setLeaves(st, x + dx, ly, z + dz, Math.abs(dx) + Math.abs(dz) + Math.max(0, ly - top));
        }
      }
    }
  }

  private inColumn(x: number, z: number): boolean {
    return x >= this.x0 && x < this.x0 + 16 && z >= this.z0 && z < this.z0 + 16;
  }

  private setLog(st: SpeciesStates, x: number, y: number, z: number): void {
    if (!this.inColumn(x, z)) return;
    const here = this.out!.get(x - this.x0, y, z - this.z0);
    if (here === 0 || this.leafStates.has(here)) this.out!.set(x - this.x0, y, z - this.z0, st.log);
  }

  private setLeaves(st: SpeciesStates, x: number, y: number, z: number, distance: number): void {
    if (!this.inColumn(x, z)) return;
    if (this.out!.get(x - this.x0, y, z - this.z0) !== 0) return;
    this.out!.set(x - this.x0, y, z - this.z0, st.leaves[Math.min(7, Math.max(1, distance))]!);
  }

  private int(n: number): number {
    return Math.floor(this.next() * n);
  }

  /** mulberry32 step on the per-tree state: uniform in [0, 1). */
  private next(): number {
    this.rand = (this.rand + 0x6d2b79f5) | 0;
    let t = Math.imul(this.rand ^ (this.rand >>> 15), 1 | this.rand);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  }
}
