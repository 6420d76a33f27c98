/**
 * A per-world cache of the blocks that could be seen at all: non-air blocks with at least one face
 * open to a see-through block of another kind. A block walled in by opaque blocks (most of the
 * underground) never shows, and the inside of a lake or a leaf canopy looks the same as its
 * surface, so perception only ray-casts the few blocks listed here.
 *
 * Lists are built per 16×16×16 section on first use. Building reads the section and a one-block
 * border (5,832 reads), which also generates neighbouring terrain lazily, as any read would. A block
 * changed through `world.setBlock` (the world's block watcher) can only open or close faces of
 * itself and its six neighbours, so it marks those blocks' columns in their (cached) sections, and
 * the next look at such a section lists those columns afresh and keeps the rest (where agents dig,
 * most sections a scan touches have had a change since the last scan: rebuilding them whole was
 * ~7% of a range-16 observation on the world bench).
 */
import type { BodyPort } from '../body-port.js';
import { airByState } from './air.js';
import { MAX_Y, MIN_Y, type Registry } from '../../world/index.js';
import { FACE_NEG_X, FACE_NEG_Y, FACE_NEG_Z, FACE_POS_X, FACE_POS_Y, FACE_POS_Z } from './line-of-sight.js';

/**
 * Exposed blocks of one section: local index (y << 8 | z << 4 | x), state and open-face mask, listed
 * column by column (x, then z, then y upward). The blocks of column (lx, lz) are the indices
 * `columnStart[lx * 16 + lz]` up to `columnStart[lx * 16 + lz + 1]`, so the columns of one x-row
 * between two z values form one contiguous run: a scan can take just the part of a row inside its
 * sphere instead of testing every block of the section.
 */
export interface SectionSurface {
  readonly count: number;
  readonly local: Uint16Array;
  readonly states: Uint16Array;
  readonly faces: Uint8Array;
  /** 257 offsets: where each column's blocks start, and `count` at the end. */
  readonly columnStart: Uint16Array;
}

const EMPTY: SectionSurface = { count: 0, local: new Uint16Array(0), states: new Uint16Array(0), faces: new Uint8Array(0), columnStart: new Uint16Array(257) };
const P = 18; // padded edge: the section plus one block each side
const padded = new Uint16Array(P * P * P);
const scratchLocal = new Uint16Array(4096);
const scratchStates = new Uint16Array(4096);
const scratchFaces = new Uint8Array(4096);
const scratchColumnStart = new Uint16Array(257);
/** A changed column's blocks and their neighbours, for `relistColumn`: y from the section's bottom − 1 to its top + 1. */
const colHere = new Uint16Array(18);
const colPosX = new Uint16Array(16);
const colNegX = new Uint16Array(16);
const colPosZ = new Uint16Array(16);
const colNegZ = new Uint16Array(16);
/** More changed columns than this in one section, and the section is rebuilt whole (relisting costs ~5 reads a block more than building). */
const RELIST_AT_MOST = 40;

export const sectionKey = (sx: number, sy: number, sz: number): number => ((sx + 1048576) * 2097152 + (sz + 1048576)) * 32 + sy;

/**
 * The faces of a block (state `s`) open to its neighbours (states toward +x, −x, +y, −y, +z, −z):
 * those whose neighbour lets sight through and is not the same block (the inside of a lake or a
 * canopy is not a surface).
 */
function openFaces(registry: Registry, s: number, px: number, nx: number, py: number, ny: number, pz: number, nz: number): number {
  const seeThrough = registry.seeThroughByState;
  const blockId = registry.blockIdOfState;
  const id = blockId[s];
  let faces = 0;
  if (seeThrough[px] === 1 && blockId[px] !== id) faces |= FACE_POS_X;
  if (seeThrough[nx] === 1 && blockId[nx] !== id) faces |= FACE_NEG_X;
  if (seeThrough[py] === 1 && blockId[py] !== id) faces |= FACE_POS_Y;
  if (seeThrough[ny] === 1 && blockId[ny] !== id) faces |= FACE_NEG_Y;
  if (seeThrough[pz] === 1 && blockId[pz] !== id) faces |= FACE_POS_Z;
  if (seeThrough[nz] === 1 && blockId[nz] !== id) faces |= FACE_NEG_Z;
  return faces;
}

/** The section listed in the scratch lists (`n` blocks, column starts filled up to 256), as a surface of its own. */
function listedSurface(n: number): SectionSurface {
  if (n === 0) return EMPTY;
  scratchColumnStart[256] = n;
  return { count: n, local: scratchLocal.slice(0, n), states: scratchStates.slice(0, n), faces: scratchFaces.slice(0, n), columnStart: scratchColumnStart.slice() };
}

export class ExposedBlocks {
  private static readonly byWorld = new WeakMap<BodyPort, ExposedBlocks>();
  private readonly sections = new Map<number, SectionSurface>();
  /**
   * Cached sections with blocks changed since they were listed: per section, the columns (lx * 16
   * + lz) to list again, and how many.
   */
  private readonly stale = new Map<number, { columns: Uint8Array; count: number }>();

  private constructor(private readonly world: BodyPort) {
    world.watchBlocks((x, y, z) => this.invalidate(x, y, z));
    world.watchColumns?.((cx, cz) => this.dropColumn(cx, cz));
  }

  static of(world: BodyPort): ExposedBlocks {
    let c = ExposedBlocks.byWorld.get(world);
    if (!c) {
      c = new ExposedBlocks(world);
      ExposedBlocks.byWorld.set(world, c);
    }
    return c;
  }

  /** Exposed blocks of section (sx, sy, sz), where sy counts sections up from the world's bottom. */
  section(sx: number, sy: number, sz: number): SectionSurface {
    const key = sectionKey(sx, sy, sz);
    let s = this.sections.get(key);
    if (!s) {
      s = this.build(sx, sy, sz);
      this.sections.set(key, s);
    } else if (this.stale.size !== 0) {
      const stale = this.stale.get(key);
      if (stale) {
        this.stale.delete(key);
        s = stale.count > RELIST_AT_MOST ? this.build(sx, sy, sz) : this.relist(sx, sy, sz, s, stale.columns);
        this.sections.set(key, s);
      }
    }
    return s;
  }

  get cachedSections(): number {
    return this.sections.size;
  }

  /** A block changed: its own faces and its six neighbours' may have opened or closed. */
  private invalidate(x: number, y: number, z: number): void {
    this.markColumn(x, y, z);
    this.markColumn(x, y - 1, z);
    this.markColumn(x, y + 1, z);
    this.markColumn(x - 1, y, z);
    this.markColumn(x + 1, y, z);
    this.markColumn(x, y, z - 1);
    this.markColumn(x, y, z + 1);
  }

  /** Marks the column of block (x, y, z) for relisting in its section, when that section is cached. */
  private markColumn(x: number, y: number, z: number): void {
    if (y < MIN_Y || y > MAX_Y) return;
    const key = sectionKey(x >> 4, (y - MIN_Y) >> 4, z >> 4);
    if (!this.sections.has(key)) return; // listed afresh when first asked
    let stale = this.stale.get(key);
    if (!stale) this.stale.set(key, (stale = { columns: new Uint8Array(256), count: 0 }));
    const c = (x & 15) * 16 + (z & 15);
    if (stale.columns[c] === 0) {
      stale.columns[c] = 1;
      stale.count++;
    }
  }

  /** A replaced chunk column: its sections and its neighbours' (whose border faces it opens or closes). */
  private dropColumn(cx: number, cz: number): void {
    const sections = (MAX_Y - MIN_Y + 1) >> 4;
    for (let sx = cx - 1; sx <= cx + 1; sx++) {
      for (let sz = cz - 1; sz <= cz + 1; sz++) {
        for (let sy = 0; sy < sections; sy++) {
          this.sections.delete(sectionKey(sx, sy, sz));
          this.stale.delete(sectionKey(sx, sy, sz));
        }
      }
    }
  }

  private build(sx: number, sy: number, sz: number): SectionSurface {
    const { registry, blocks } = this.world;
    const air = airByState(registry);
    const x0 = sx * 16 - 1;
    const y0 = MIN_Y + sy * 16 - 1;
    const z0 = sz * 16 - 1;
    let any = false;
    for (let pz = 0; pz < P; pz++) {
      for (let px = 0; px < P; px++) {
        const base = pz * P + px;
        for (let py = 0; py < P; py++) {
          const s = blocks.get(x0 + px, y0 + py, z0 + pz);
          padded[py * P * P + base] = s;
          if (s !== 0 && py > 0 && py < P - 1 && px > 0 && px < P - 1 && pz > 0 && pz < P - 1 && air[s] !== 1) any = true;
        }
      }
    }
    if (!any) return EMPTY;
    let n = 0;
    const YS = P * P;
    for (let lx = 0; lx < 16; lx++) {
      for (let lz = 0; lz < 16; lz++) {
        scratchColumnStart[lx * 16 + lz] = n;
        for (let ly = 0; ly < 16; ly++) {
          const i = (ly + 1) * YS + (lz + 1) * P + (lx + 1);
          const s = padded[i]!;
          if (air[s] === 1) continue;
          const faces = openFaces(registry, s, padded[i + 1]!, padded[i - 1]!, padded[i + YS]!, padded[i - YS]!, padded[i + P]!, padded[i - P]!);
          if (faces === 0) continue;
          scratchLocal[n] = (ly << 8) | (lz << 4) | lx;
          scratchStates[n] = s;
          scratchFaces[n] = faces;
          n++;
        }
      }
    }
    return listedSurface(n);
  }

  /**
   * `old` with the marked columns listed afresh from the blocks, the others copied: what `build`
   * gives for the section now, when only blocks of those columns changed exposure.
   */
  private relist(sx: number, sy: number, sz: number, old: SectionSurface, marked: Uint8Array): SectionSurface {
    let n = 0;
    for (let c = 0; c < 256; c++) {
      scratchColumnStart[c] = n;
      if (marked[c] === 1) {
        n = this.relistColumn(sx * 16 + (c >> 4), MIN_Y + sy * 16, sz * 16 + (c & 15), n);
        continue;
      }
      const from = old.columnStart[c]!;
      const to = old.columnStart[c + 1]!;
      for (let i = from; i < to; i++) {
        scratchLocal[n] = old.local[i]!;
        scratchStates[n] = old.states[i]!;
        scratchFaces[n] = old.faces[i]!;
        n++;
      }
    }
    return listedSurface(n);
  }

  /** Lists the exposed blocks of column (x, z) from y0 up 16 blocks into the scratch lists at `n`, with `build`'s rule; returns the new end. */
  private relistColumn(x: number, y0: number, z: number, n: number): number {
    const { registry, blocks } = this.world;
    const air = airByState(registry);
    for (let ly = -1; ly <= 16; ly++) colHere[ly + 1] = blocks.get(x, y0 + ly, z);
    let any = false;
    for (let ly = 0; ly < 16; ly++) if (air[colHere[ly + 1]!] !== 1) any = true;
    if (!any) return n;
    for (let ly = 0; ly < 16; ly++) {
      colPosX[ly] = blocks.get(x + 1, y0 + ly, z);
      colNegX[ly] = blocks.get(x - 1, y0 + ly, z);
      colPosZ[ly] = blocks.get(x, y0 + ly, z + 1);
      colNegZ[ly] = blocks.get(x, y0 + ly, z - 1);
    }
    const lx = x & 15;
    const lz = z & 15;
    for (let ly = 0; ly < 16; ly++) {
      const s = colHere[ly + 1]!;
      if (air[s] === 1) continue;
      const faces = openFaces(registry, s, colPosX[ly]!, colNegX[ly]!, colHere[ly + 2]!, colHere[ly]!, colPosZ[ly]!, colNegZ[ly]!);
      if (faces === 0) continue;
      scratchLocal[n] = (ly << 8) | (lz << 4) | lx;
      scratchStates[n] = s;
      scratchFaces[n] = faces;
      n++;
    }
    return n;
  }
}
