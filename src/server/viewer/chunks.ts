/**
 * A world chunk in the viewer's wire format (protocol.ts `Chunk`): the 16×16 columns of chunk (cx, cz) between the
 * lowest and highest non-air section, as a palette of block names and base64 Uint16 palette indices. Cutting the air
 * above and below keeps a flat world's chunk at a few kilobytes. The world's sections are laid out as the protocol's
 * layers ((y & 15) << 8 | z << 4 | x), so whole sections are copied and only their states are mapped to the palette.
 */
import type { World } from '../../world/index.js';
import { MIN_Y } from '../../world/index.js';
import { CHUNK_SIZE, type Chunk } from './protocol.js';

const SECTION = 4096;
/** State 0 is air (a missing section reads as 0). */
const AIR_STATE = 0;

/**
 * The indices of the lowest and highest sections of a chunk column holding a block other than air, or [-1, -1]. Read
 * from the blocks, not from which sections are allocated: a section a flood filled and the replay then emptied again
 * stays allocated, and the span must be the same whatever way the world reached a tick.
 */
export function sectionRange(world: World, cx: number, cz: number): [number, number] {
  let first = -1;
  let last = -1;
  world.blocks.sectionsOf(cx, cz).forEach((s, i) => {
    if (!s || !s.some((state) => state !== AIR_STATE)) return;
    if (first < 0) first = i;
    last = i;
  });
  return [first, last];
}

export function encodeChunk(world: World, cx: number, cz: number): Chunk {
  const sections = world.blocks.sectionsOf(cx, cz);
  const [first, last] = sectionRange(world, cx, cz);
  if (first < 0) return { cx, cz, minY: 0, height: 0, palette: [], data: '' };
  const indices = new Uint16Array((last - first + 1) * SECTION);
  const paletteOf = new Map<number, number>();
  const palette: string[] = [];
  for (let i = first; i <= last; i++) {
    const sec = sections[i];
    const base = (i - first) * SECTION;
    for (let k = 0; k < SECTION; k++) {
      const state = sec ? sec[k]! : AIR_STATE;
      let p = paletteOf.get(state);
      if (p === undefined) {
        p = palette.length;
        paletteOf.set(state, p);
        palette.push(world.registry.blockNameOfState(state));
      }
      indices[base + k] = p;
    }
  }
  // Uint16Array is little-endian on every platform Node runs on; the protocol fixes little-endian.
  return { cx, cz, minY: MIN_Y + first * 16, height: (last - first + 1) * 16, palette, data: Buffer.from(indices.buffer, indices.byteOffset, indices.byteLength).toString('base64') };
}

/** The chunks within `radius` chunks of any of `points` (x, z in blocks), nearest-first per point, at most `max`. */
export function chunksAround(points: readonly { x: number; z: number }[], radius: number, max: number): { cx: number; cz: number }[] {
  const seen = new Set<string>();
  const out: { cx: number; cz: number }[] = [];
  const offsets: [number, number][] = [];
  for (let dz = -radius; dz <= radius; dz++) for (let dx = -radius; dx <= radius; dx++) offsets.push([dx, dz]);
  offsets.sort((a, b) => Math.hypot(a[0], a[1]) - Math.hypot(b[0], b[1]));
  for (const [dx, dz] of offsets) {
    for (const p of points) {
      const cx = Math.floor(p.x / CHUNK_SIZE) + dx;
      const cz = Math.floor(p.z / CHUNK_SIZE) + dz;
      const key = `${cx},${cz}`;
      if (seen.has(key)) continue;
      seen.add(key);
      out.push({ cx, cz });
      if (out.length >= max) return out;
    }
  }
  return out;
}
