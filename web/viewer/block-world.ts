/**
 * The blocks the page knows: the chunks the server sent, decoded once into palette indices, with the block changes
 * applied since. The mesher reads it (a chunk's own blocks and its neighbours' edge blocks, for face culling) and so
 * does the 2D map (the top block of each column).
 */
import type { BlockChange, Chunk } from '../../src/server/viewer/protocol.js';

/** Blocks per chunk side (the protocol's CHUNK_SIZE; a page imports the server's code as types only). */
export const CHUNK = 16;

export interface LoadedChunk {
  readonly cx: number;
  readonly cz: number;
  readonly minY: number;
  readonly height: number;
  /** Block names by palette index; grows when a change brings a block the chunk did not have. */
  readonly palette: string[];
  /** Palette index per block, index = (y - minY) * 256 + z * 16 + x. */
  readonly blocks: Uint16Array;
  /** The server's `data` string this chunk was decoded from: a resent, unchanged chunk is not meshed again. */
  source: string;
}

export const chunkKey = (cx: number, cz: number): string => `${cx},${cz}`;

/** Decodes the protocol's base64 little-endian Uint16Array. */
export function decodeBlocks(data: string): Uint16Array {
  const bin = atob(data);
  const out = new Uint16Array(bin.length >> 1);
  for (let i = 0; i < out.length; i++) out[i] = bin.charCodeAt(2 * i) | (bin.charCodeAt(2 * i + 1) << 8);
  return out;
}

export class BlockWorld {
  readonly chunks = new Map<string, LoadedChunk>();

  /** Stores a chunk; returns false when the same chunk with the same blocks is already held (nothing to redraw). */
  put(chunk: Chunk): boolean {
    const key = chunkKey(chunk.cx, chunk.cz);
    const had = this.chunks.get(key);
    if (had && had.source === chunk.data && had.minY === chunk.minY && had.palette.join() === chunk.palette.join()) return false;
    this.chunks.set(key, { cx: chunk.cx, cz: chunk.cz, minY: chunk.minY, height: chunk.height, palette: [...chunk.palette], blocks: decodeBlocks(chunk.data), source: chunk.data });
    return true;
  }

  /** The block's name at world coordinates, or null where no chunk is loaded or outside its height. */
  blockAt(x: number, y: number, z: number): string | null {
    const c = this.chunks.get(chunkKey(Math.floor(x / CHUNK), Math.floor(z / CHUNK)));
    if (!c || y < c.minY || y >= c.minY + c.height) return null;
    const lx = x - c.cx * CHUNK;
    const lz = z - c.cz * CHUNK;
    return c.palette[c.blocks[(y - c.minY) * CHUNK * CHUNK + lz * CHUNK + lx]!] ?? null;
  }

  /**
   * Applies block changes; returns the keys of the chunks to mesh again (a change on an edge touches the neighbour). A
   * change above or below the rows a chunk holds drops that chunk (its key is returned too, with no chunk behind it):
   * the page asks for it again rather than show it without the change.
   */
  apply(changes: readonly BlockChange[]): Set<string> {
    const dirty = new Set<string>();
    const dropped = new Set<string>();
    for (const ch of changes) {
      const cx = Math.floor(ch.x / CHUNK);
      const cz = Math.floor(ch.z / CHUNK);
      const c = this.chunks.get(chunkKey(cx, cz));
      if (!c) continue;
      if (ch.y < c.minY || ch.y >= c.minY + c.height) {
        this.chunks.delete(chunkKey(cx, cz));
        dropped.add(chunkKey(cx, cz));
        continue;
      }
      let p = c.palette.indexOf(ch.block);
      if (p < 0) p = c.palette.push(ch.block) - 1;
      const lx = ch.x - cx * CHUNK;
      const lz = ch.z - cz * CHUNK;
      c.blocks[(ch.y - c.minY) * CHUNK * CHUNK + lz * CHUNK + lx] = p;
      c.source = ''; // no longer what the server sent: a resent chunk replaces it
      dirty.add(chunkKey(cx, cz));
      if (lx === 0) dirty.add(chunkKey(cx - 1, cz));
      if (lx === CHUNK - 1) dirty.add(chunkKey(cx + 1, cz));
      if (lz === 0) dirty.add(chunkKey(cx, cz - 1));
      if (lz === CHUNK - 1) dirty.add(chunkKey(cx, cz + 1));
    }
    for (const k of [...dirty]) if (!this.chunks.has(k)) dirty.delete(k);
    for (const k of dropped) dirty.add(k);
    return dirty;
  }

  /** The highest non-air block of a column and its name, or null (the 2D map's ground). */
  topBlock(x: number, z: number): { y: number; name: string } | null {
    const c = this.chunks.get(chunkKey(Math.floor(x / CHUNK), Math.floor(z / CHUNK)));
    if (!c) return null;
    const lx = x - c.cx * CHUNK;
    const lz = z - c.cz * CHUNK;
    for (let y = c.height - 1; y >= 0; y--) {
      const name = c.palette[c.blocks[y * CHUNK * CHUNK + lz * CHUNK + lx]!]!;
      if (name !== 'air' && name !== 'cave_air' && name !== 'void_air') return { y: y + c.minY, name };
    }
    return null;
  }

  /** Every block named in `names` in the loaded chunks (a chunk whose palette has none of them is skipped unread). */
  find(names: ReadonlySet<string>): { x: number; y: number; z: number; name: string }[] {
    const out: { x: number; y: number; z: number; name: string }[] = [];
    for (const c of this.chunks.values()) {
      const wanted = new Set<number>();
      c.palette.forEach((n, i) => {
        if (names.has(n)) wanted.add(i);
      });
      if (wanted.size === 0) continue;
      for (let i = 0; i < c.blocks.length; i++) {
        if (!wanted.has(c.blocks[i]!)) continue;
        const y = Math.floor(i / (CHUNK * CHUNK));
        const rest = i - y * CHUNK * CHUNK;
        out.push({ x: c.cx * CHUNK + (rest % CHUNK), y: c.minY + y, z: c.cz * CHUNK + Math.floor(rest / CHUNK), name: c.palette[c.blocks[i]!]! });
      }
    }
    return out;
  }

  /** Forgets a chunk (the camera went far from it). */
  remove(key: string): void {
    this.chunks.delete(key);
  }

  clear(): void {
    this.chunks.clear();
  }
}
