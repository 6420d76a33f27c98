/**
 * The block sections around one view, gathered once per frame so the ray caster reads a block with
 * two array indexings instead of `BlockStore.get` (a map lookup whenever consecutive reads fall in
 * different chunk columns, which neighbouring rays do all the time). A 128×128 frame reads some
 * 75,000 blocks; the window costs one `sectionsOf` per chunk column in view.
 *
 * Valid for one frame only: a section allocated later (a block written into an all-air section)
 * is seen at the next gathering.
 */
import type { World } from '../../world/index.js';
import { MIN_Y, WORLD_HEIGHT } from '../../world/index.js';

export const SECTIONS_PER_COLUMN = WORLD_HEIGHT / 16;

export interface SectionWindow {
  /** Chunk coordinates of the window's first column. */
  cx0: number;
  cz0: number;
  /** Chunk columns along z (the stride of a step in x). */
  nz: number;
  /** ((cx - cx0) * nz + (cz - cz0)) * SECTIONS_PER_COLUMN + section -> its 4096 block states, or null (all air). */
  sections: (Readonly<Uint16Array> | null)[];
}

export const emptySectionWindow = (): SectionWindow => ({ cx0: 0, cz0: 0, nz: 0, sections: [] });

/**
 * Gathers the sections of every chunk column overlapping the square of blocks with corner (x0, z0)
 * and side `size` into `out` (its array reused), generating columns not generated yet.
 */
export function gatherSections(blocks: Pick<World['blocks'], 'sectionsOf'>, x0: number, z0: number, size: number, out: SectionWindow): SectionWindow {
  const cx0 = x0 >> 4;
  const cz0 = z0 >> 4;
  const nx = ((x0 + size - 1) >> 4) - cx0 + 1;
  const nz = ((z0 + size - 1) >> 4) - cz0 + 1;
  const sections = out.sections;
  sections.length = nx * nz * SECTIONS_PER_COLUMN;
  for (let i = 0; i < nx; i++) {
    for (let j = 0; j < nz; j++) {
      const column = blocks.sectionsOf(cx0 + i, cz0 + j);
      const base = (i * nz + j) * SECTIONS_PER_COLUMN;
      for (let s = 0; s < SECTIONS_PER_COLUMN; s++) sections[base + s] = column[s] ?? null;
    }
  }
  out.cx0 = cx0;
  out.cz0 = cz0;
  out.nz = nz;
  return out;
}

/** The block state at (x, y, z) from a gathered window: 0 (air) outside the build height, as `BlockStore.get`. */
export function stateIn(w: SectionWindow, x: number, y: number, z: number): number {
  const sy = y - MIN_Y;
  if (sy < 0 || sy >= WORLD_HEIGHT) return 0;
  const sec = w.sections[(((x >> 4) - w.cx0) * w.nz + ((z >> 4) - w.cz0)) * SECTIONS_PER_COLUMN + (sy >> 4)];
  return sec ? sec[((sy & 15) << 8) | ((z & 15) << 4) | (x & 15)]! : 0;
}
