/**
 * The highest sight-blocking block of every block column, cached per world. Above it a column is
 * all see-through, so a ray passing above it needs no block reads: over open terrain almost every
 * line-of-sight ray is answered from this map alone. A second kind, `matter`, tracks the highest
 * block that is not air (the renderer stops sky rays above it).
 *
 * Chunk columns are scanned on first use and kept current through the world's block watcher
 * (only changes made with `world.setBlock` are seen, like every other watcher).
 */
import type { World } from '../../world/index.js';
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

/**
 * A dense window of column tops around one viewer, indexed (x - x0) * size + (z - z0), with a coarse
 * level holding the highest top of each TILE × TILE tile (indexed (xi >> TILE_SHIFT) * tiles + (zi >> TILE_SHIFT)),
 * so a ray can skip a whole tile it passes above.
 */
export interface LocalTops {
  x0: number;
  z0: number;
  size: number;
  data: Int16Array;
  tiles: number;
  tileMax: Int16Array;
}

export const emptyTops = (): LocalTops => ({ x0: 0, z0: 0, size: 0, data: new Int16Array(0), tiles: 0, tileMax: new Int16Array(0) });

export class OpaqueHeightmap {
  private static readonly byWorld = new WeakMap<World, Map<TopKind, OpaqueHeightmap>>();
  private readonly chunks = new Map<number, Int16Array>();
  private lastKey = NaN;
  private last: Int16Array | null = null;
  /** stateId -> 1 when the block does not count as a top. */
  private readonly passes: Uint8Array;

  private constructor(private readonly world: World, kind: TopKind) {
    this.passes = kind === 'sight' ? world.registry.seeThroughByState : airByState(world.registry);
    world.watchBlocks((x, y, z, _before, after) => this.onChange(x, y, z, after));
  }

  static of(world: World, kind: TopKind = 'sight'): OpaqueHeightmap {
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
    return this.chunk(x >> 4, z >> 4)[((z & 15) << 4) | (x & 15)]!;
  }

  /** Fills a (size × size) window whose corner is (x0, z0), reusing `out`'s arrays when big enough. */
  window(x0: number, z0: number, size: number, out: LocalTops = emptyTops()): LocalTops {
    const data = out.data.length >= size * size ? out.data : new Int16Array(size * size);
    const tiles = Math.ceil(size / TILE);
    const tileMax = out.tileMax.length >= tiles * tiles ? out.tileMax : new Int16Array(tiles * tiles);
    tileMax.fill(NO_TOP, 0, tiles * tiles);
    for (let x = x0; x < x0 + size; x++) {
      let chunk = this.chunk(x >> 4, z0 >> 4);
      let cz = z0 >> 4;
      const row = (x - x0) * size;
      for (let z = z0; z < z0 + size; z++) {
        if (z >> 4 !== cz) {
          cz = z >> 4;
          chunk = this.chunk(x >> 4, cz);
        }
        const top = chunk[((z & 15) << 4) | (x & 15)]!;
        data[row + z - z0] = top;
        const t = ((x - x0) >> TILE_SHIFT) * tiles + ((z - z0) >> TILE_SHIFT);
        if (top > tileMax[t]!) tileMax[t] = top;
      }
    }
    out.x0 = x0;
    out.z0 = z0;
    out.size = size;
    out.data = data;
    out.tiles = tiles;
    out.tileMax = tileMax;
    return out;
  }

  private chunk(cx: number, cz: number): Int16Array {
    const key = chunkKey(cx, cz);
    if (key === this.lastKey) return this.last!;
    let c = this.chunks.get(key);
    if (!c) {
      c = new Int16Array(256);
      for (let lz = 0; lz < 16; lz++) for (let lx = 0; lx < 16; lx++) c[(lz << 4) | lx] = this.scanDown(cx * 16 + lx, MAX_Y, cz * 16 + lz);
      this.chunks.set(key, c);
    }
    this.lastKey = key;
    this.last = c;
    return c;
  }

  private scanDown(x: number, fromY: number, z: number): number {
    const passes = this.passes;
    const blocks = this.world.blocks;
    for (let y = fromY; y >= MIN_Y; y--) if (passes[blocks.get(x, y, z)] !== 1) return y;
    return NO_TOP;
  }

  private onChange(x: number, y: number, z: number, after: number): void {
    const c = this.chunks.get(chunkKey(x >> 4, z >> 4));
    if (!c) return; // scanned fresh on first use
    const i = ((z & 15) << 4) | (x & 15);
    const top = c[i]!;
    const opaque = this.passes[after] !== 1;
    if (opaque && y > top) c[i] = y;
    else if (!opaque && y === top) c[i] = this.scanDown(x, y - 1, z);
  }
}
