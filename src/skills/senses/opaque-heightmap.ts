/**
 * The highest sight-blocking block of every block column, cached per world. Above it a column is
 * all see-through, so a ray passing above it needs no block reads: over open terrain almost every
 * line-of-sight ray is answered from this map alone. A second kind, `matter`, tracks the highest
 * block that is not air (the renderer stops sky rays above it).
 *
 * Chunk columns are scanned on first use and kept current through the world's block watcher
 * (only changes made with `world.setBlock` are seen, like every other watcher).
 *
 * Scans are capped: a chunk remembers the highest y it has scanned down from (`cap`) and holds,
 * per column, the highest sight-blocking block at or below it. A viewer only needs the heights its
 * rays can reach, so its window asks for a cap a little above its sphere and a fresh world's first
 * look reads a few dozen blocks per column instead of every block down from the build limit. A
 * later, higher cap scans only the new slice on top. `top()` always answers for the full height.
 */
import type { BodyPort } from '../body-port.js';
import { MAX_Y, MIN_Y } from '../../world/index.js';
import { airByState } from './air.js';

/** `sight`: tops of blocks sight does not pass through; `matter`: tops of anything but air. */
export type TopKind = 'sight' | 'matter';

/** Value for a column with nothing that blocks sight. */
export const NO_TOP = MIN_Y - 1;

const chunkKey = (cx: number, cz: number): number => (cx + 2097152) * 4194304 + (cz + 2097152);

/** Columns per side of a tile in the coarse level of a window. */
export const TILE_SHIFT = 3;
export const TILE = 1 << TILE_SHIFT;
/** Columns per side of a region, the coarsest level (REGION/TILE tiles a side). */
export const REGION_SHIFT = 5;

/**
 * A dense window of column tops around one viewer, indexed (x - x0) * size + (z - z0), with a coarse
 * level holding the highest top of each TILE × TILE tile (indexed (xi >> TILE_SHIFT) * tiles + (zi >> TILE_SHIFT))
 * and a coarser one per region, so a ray can skip a whole tile or region it passes above.
 */
export interface LocalTops {
  x0: number;
  z0: number;
  size: number;
  data: Int16Array;
  tiles: number;
  tileMax: Int16Array;
  /** Regions per side and the highest top of each, indexed (xi >> REGION_SHIFT) * regions + (zi >> REGION_SHIFT). */
  regions: number;
  regionMax: Int16Array;
  /**
   * The tops hold for blocks at or below this y only: a segment that rises above it must not trust
   * them (the column walk falls back to the voxel walk).
   */
  yCap: number;
  /**
   * Whether `tileMax` and `regionMax` hold the coarse levels of `data`. A window filled without them
   * (`window(…, coarse = false)`) gets them from `withCoarseLevels` when a walk first needs them.
   */
  coarse: boolean;
}

export const emptyTops = (): LocalTops => ({ x0: 0, z0: 0, size: 0, data: new Int16Array(0), tiles: 0, tileMax: new Int16Array(0), regions: 0, regionMax: new Int16Array(0), yCap: MAX_Y, coarse: true });

/**
 * Fills `tops`' coarse levels (the highest top of each tile, then of each region) from its columns,
 * unless they are filled already, and returns it. A sight scan's rays walk from the eyes or from
 * where the horizon stops vouching and read single columns; only the full walk skips tiles, and
 * it runs for few rays, so a sight window leaves the coarse levels to it (they were ~45% of
 * filling a window).
 */
export function withCoarseLevels(tops: LocalTops): LocalTops {
  if (tops.coarse) return tops;
  const { size, data, tiles, tileMax, regions, regionMax } = tops;
  tileMax.fill(NO_TOP, 0, tiles * tiles);
  regionMax.fill(NO_TOP, 0, regions * regions);
  for (let xi = 0; xi < size; xi++) {
    const row = xi * size;
    const tileRow = (xi >> TILE_SHIFT) * tiles;
    for (let zi = 0; zi < size; zi++) {
      const top = data[row + zi]!;
      const t = tileRow + (zi >> TILE_SHIFT);
      if (top > tileMax[t]!) tileMax[t] = top;
    }
  }
  const shift = REGION_SHIFT - TILE_SHIFT;
  for (let ti = 0; ti < tiles; ti++) {
    for (let tj = 0; tj < tiles; tj++) {
      const g = (ti >> shift) * regions + (tj >> shift);
      const m = tileMax[ti * tiles + tj]!;
      if (m > regionMax[g]!) regionMax[g] = m;
    }
  }
  tops.coarse = true;
  return tops;
}

/** Column tops of one chunk, valid for blocks at or below `cap`. */
interface ChunkTops {
  tops: Int16Array;
  cap: number;
}

export class OpaqueHeightmap {
  private static readonly byWorld = new WeakMap<BodyPort, Map<TopKind, OpaqueHeightmap>>();
  private readonly chunks = new Map<number, ChunkTops>();
  private lastKey = NaN;
  /** Counts block changes seen, so a window filled earlier can tell whether it is still current. */
  version = 0;
  private last: ChunkTops | null = null;
  /** stateId -> 1 when the block does not count as a top. */
  private readonly passes: Uint8Array;

  private constructor(private readonly world: BodyPort, kind: TopKind) {
    this.passes = kind === 'sight' ? world.registry.seeThroughByState : airByState(world.registry);
    world.watchBlocks((x, y, z, _before, after) => this.onChange(x, y, z, after));
    world.watchColumns?.((cx, cz) => {
      this.version++;
      this.chunks.delete(chunkKey(cx, cz)); // scanned afresh when next asked
      this.lastKey = NaN;
      this.last = null;
    });
  }

  static of(world: BodyPort, kind: TopKind = 'sight'): OpaqueHeightmap {
    let kinds = OpaqueHeightmap.byWorld.get(world);
    if (!kinds) OpaqueHeightmap.byWorld.set(world, (kinds = new Map()));
    let h = kinds.get(kind);
    if (!h) {
      h = new OpaqueHeightmap(world, kind);
      kinds.set(kind, h);
    }
    return h;
  }

  /** y of the highest block in column (x, z) that sight does not pass through, or NO_TOP. */
  top(x: number, z: number): number {
    return this.chunk(x >> 4, z >> 4, MAX_Y).tops[((z & 15) << 4) | (x & 15)]!;
  }

  /**
   * Fills a (size × size) window whose corner is (x0, z0), reusing `out`'s arrays when big enough.
   * With `yCap`, the tops are only guaranteed for blocks at or below it (cheaper on a fresh world).
   * Without `coarse`, the tile and region maxima are left for `withCoarseLevels` to fill when needed.
   */
  window(x0: number, z0: number, size: number, out: LocalTops = emptyTops(), yCap = MAX_Y, coarse = true): LocalTops {
    const cap = Math.min(MAX_Y, Math.max(MIN_Y, Math.floor(yCap)));
    const data = out.data.length >= size * size ? out.data : new Int16Array(size * size);
    const tiles = Math.ceil(size / TILE);
    const tileMax = out.tileMax.length >= tiles * tiles ? out.tileMax : new Int16Array(tiles * tiles);
    const regions = Math.ceil(size / (1 << REGION_SHIFT));
    const regionMax = out.regionMax.length >= regions * regions ? out.regionMax : new Int16Array(regions * regions);
    // Chunk by chunk (one lookup each), copying the part inside the window.
    const xEnd = x0 + size;
    const zEnd = z0 + size;
    for (let cx = x0 >> 4; cx <= (xEnd - 1) >> 4; cx++) {
      const xa = Math.max(x0, cx << 4);
      const xb = Math.min(xEnd, (cx + 1) << 4);
      for (let cz = z0 >> 4; cz <= (zEnd - 1) >> 4; cz++) {
        const chunk = this.chunk(cx, cz, cap).tops;
        const za = Math.max(z0, cz << 4);
        const zb = Math.min(zEnd, (cz + 1) << 4);
        for (let x = xa; x < xb; x++) {
          const row = (x - x0) * size - z0;
          const lx = x & 15;
          for (let z = za; z < zb; z++) data[row + z] = chunk[((z & 15) << 4) | lx]!;
        }
      }
    }
    out.x0 = x0;
    out.z0 = z0;
    out.size = size;
    out.data = data;
    out.tiles = tiles;
    out.tileMax = tileMax;
    out.regions = regions;
    out.regionMax = regionMax;
    out.yCap = cap;
    out.coarse = false;
    return coarse ? withCoarseLevels(out) : out;
  }

  /** The chunk's tops, scanned (or extended upward) so they hold at least up to `cap`. */
  private chunk(cx: number, cz: number, cap: number): ChunkTops {
    const key = chunkKey(cx, cz);
    let c = key === this.lastKey ? this.last! : this.chunks.get(key);
    if (!c) {
      c = { tops: new Int16Array(256), cap: MIN_Y - 1 };
      c.tops.fill(NO_TOP);
      this.chunks.set(key, c);
    }
    if (c.cap < cap) {
      // Only the slice above the old cap is new; a column with nothing there keeps its old top.
      for (let lz = 0; lz < 16; lz++) {
        for (let lx = 0; lx < 16; lx++) {
          const found = this.scanDown(cx * 16 + lx, cap, cz * 16 + lz, c.cap + 1);
          if (found !== NO_TOP) c.tops[(lz << 4) | lx] = found;
        }
      }
      c.cap = cap;
    }
    this.lastKey = key;
    this.last = c;
    return c;
  }

  /** Highest y in [downTo, fromY] of column (x, z) that does not pass, or NO_TOP. */
  private scanDown(x: number, fromY: number, z: number, downTo = MIN_Y): number {
    const passes = this.passes;
    const blocks = this.world.blocks;
    for (let y = fromY; y >= downTo; y--) if (passes[blocks.get(x, y, z)] !== 1) return y;
    return NO_TOP;
  }

  private onChange(x: number, y: number, z: number, after: number): void {
    this.version++;
    const c = this.chunks.get(chunkKey(x >> 4, z >> 4));
    if (!c || y > c.cap) return; // not scanned yet: a later scan reads the new block
    const i = ((z & 15) << 4) | (x & 15);
    const top = c.tops[i]!;
    const opaque = this.passes[after] !== 1;
    if (opaque && y > top) c.tops[i] = y;
    else if (!opaque && y === top) c.tops[i] = this.scanDown(x, y - 1, z);
  }
}
