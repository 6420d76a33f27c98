/**
 * A per-world cache of the blocks that could be seen at all: non-air blocks with at least one face
 * open to a see-through block of another kind. A block walled in by opaque blocks (most of the
 * underground) never shows, and the inside of a lake or a leaf canopy looks the same as its
 * surface, so perception only ray-casts the few blocks listed here.
 *
 * Lists are built per 16×16×16 section on first use and dropped when a block in or next to the
 * section changes through `world.setBlock` (the world's block watcher). Building reads the section
 * and a one-block border, which also generates neighbouring terrain lazily, as any read would.
 */
import type { BodyPort } from '../body-port.js';
import { airByState } from './air.js';
import { MAX_Y, MIN_Y } from '../../world/index.js';
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

export const sectionKey = (sx: number, sy: number, sz: number): number => ((sx + 1048576) * 2097152 + (sz + 1048576)) * 32 + sy;

export class ExposedBlocks {
  private static readonly byWorld = new WeakMap<BodyPort, ExposedBlocks>();
  private readonly sections = new Map<number, SectionSurface>();

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
    }
    return s;
  }

  get cachedSections(): number {
    return this.sections.size;
  }

  private invalidate(x: number, y: number, z: number): void {
    const sx = x >> 4;
    const sy = (y - MIN_Y) >> 4;
    const sz = z >> 4;
    this.sections.delete(sectionKey(sx, sy, sz));
    // A change on a section's border opens or closes faces of the neighbour's blocks too.
    const lx = x & 15;
    const ly = (y - MIN_Y) & 15;
    const lz = z & 15;
    if (lx === 0) this.sections.delete(sectionKey(sx - 1, sy, sz));
    if (lx === 15) this.sections.delete(sectionKey(sx + 1, sy, sz));
    if (ly === 0) this.sections.delete(sectionKey(sx, sy - 1, sz));
    if (ly === 15) this.sections.delete(sectionKey(sx, sy + 1, sz));
    if (lz === 0) this.sections.delete(sectionKey(sx, sy, sz - 1));
    if (lz === 15) this.sections.delete(sectionKey(sx, sy, sz + 1));
  }

  /** A replaced chunk column: its sections and its neighbours' (whose border faces it opens or closes). */
  private dropColumn(cx: number, cz: number): void {
    const sections = (MAX_Y - MIN_Y + 1) >> 4;
    for (let sx = cx - 1; sx <= cx + 1; sx++) {
      for (let sz = cz - 1; sz <= cz + 1; sz++) {
        for (let sy = 0; sy < sections; sy++) this.sections.delete(sectionKey(sx, sy, sz));
      }
    }
  }

  private build(sx: number, sy: number, sz: number): SectionSurface {
    const { registry, blocks } = this.world;
    const air = airByState(registry);
    const seeThrough = registry.seeThroughByState;
    const blockId = registry.blockIdOfState;
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
          const id = blockId[s];
          let faces = 0;
          let t = padded[i + 1]!;
          if (seeThrough[t] === 1 && blockId[t] !== id) faces |= FACE_POS_X;
          t = padded[i - 1]!;
          if (seeThrough[t] === 1 && blockId[t] !== id) faces |= FACE_NEG_X;
          t = padded[i + YS]!;
          if (seeThrough[t] === 1 && blockId[t] !== id) faces |= FACE_POS_Y;
          t = padded[i - YS]!;
          if (seeThrough[t] === 1 && blockId[t] !== id) faces |= FACE_NEG_Y;
          t = padded[i + P]!;
          if (seeThrough[t] === 1 && blockId[t] !== id) faces |= FACE_POS_Z;
          t = padded[i - P]!;
          if (seeThrough[t] === 1 && blockId[t] !== id) faces |= FACE_NEG_Z;
          if (faces === 0) continue;
          scratchLocal[n] = (ly << 8) | (lz << 4) | lx;
          scratchStates[n] = s;
          scratchFaces[n] = faces;
          n++;
        }
      }
    }
    if (n === 0) return EMPTY;
    scratchColumnStart[256] = n;
    return { count: n, local: scratchLocal.slice(0, n), states: scratchStates.slice(0, n), faces: scratchFaces.slice(0, n), columnStart: scratchColumnStart.slice() };
  }
}
