/**
 * Turns one chunk into triangle arrays for three.js: a quad for every block face that can be seen (face culling: a face
 * against an opaque cube is never drawn, nor one between two blocks of the same see-through kind, like water on water
 * or glass on glass), textured from the atlas, shaded per face direction as Minecraft does (top full, bottom half,
 * sides in between), so the page needs no lights. Plants and torches are two crossed planes; a fluid's top sits a
 * little below the block's top when no fluid is above.
 *
 * The output is split by how it blends (opaque, cutout, blend) because each needs its own material. Pure: no three.js,
 * no DOM, so it is tested in Node.
 */
import type { AtlasBlock, AtlasLayout, TileAlpha } from '../../src/server/viewer/texture-atlas.js';
import { CHUNK, type BlockWorld, type LoadedChunk } from './block-world.js';

export interface MeshArrays {
  /** xyz per vertex, world coordinates. */
  positions: Float32Array;
  /** uv per vertex in the atlas (v = 0 at the atlas's top row: the page's texture is not flipped). */
  uvs: Float32Array;
  /** rgb per vertex: face shade × the block's colour for untextured faces. */
  colors: Float32Array;
  indices: Uint32Array;
  /** Quads in this part (each 4 vertices, 6 indices). */
  quads: number;
}

export type ChunkMesh = Record<TileAlpha, MeshArrays>;

/** Face order of the atlas (up, down, north, south, east, west): normal, shade, and corners as offsets from (x, y, z). */
const FACES: readonly { dir: [number, number, number]; shade: number; corners: readonly (readonly [number, number, number])[] }[] = [
  { dir: [0, 1, 0], shade: 1, corners: [[0, 1, 1], [1, 1, 1], [1, 1, 0], [0, 1, 0]] },
  { dir: [0, -1, 0], shade: 0.5, corners: [[0, 0, 0], [1, 0, 0], [1, 0, 1], [0, 0, 1]] },
  { dir: [0, 0, -1], shade: 0.8, corners: [[1, 0, 0], [0, 0, 0], [0, 1, 0], [1, 1, 0]] },
  { dir: [0, 0, 1], shade: 0.8, corners: [[0, 0, 1], [1, 0, 1], [1, 1, 1], [0, 1, 1]] },
  { dir: [1, 0, 0], shade: 0.6, corners: [[1, 0, 1], [1, 0, 0], [1, 1, 0], [1, 1, 1]] },
  { dir: [-1, 0, 0], shade: 0.6, corners: [[0, 0, 0], [0, 0, 1], [0, 1, 1], [0, 1, 0]] },
];
/** Corner uvs in the tile, in the order of `corners` (bottom-left, bottom-right, top-right, top-left). */
const CORNER_UV: readonly (readonly [number, number])[] = [[0, 1], [1, 1], [1, 0], [0, 0]];
/** How far below a block's top a fluid's surface is drawn when no fluid lies above. */
const FLUID_DROP = 0.125;

class Builder {
  positions: number[] = [];
  uvs: number[] = [];
  colors: number[] = [];
  indices: number[] = [];
  quads = 0;

  quad(corners: readonly (readonly [number, number, number])[], tile: number, layout: AtlasLayout, rgb: readonly [number, number, number]): void {
    const base = this.quads * 4;
    const col = tile % layout.columns;
    const row = Math.floor(tile / layout.columns);
    // A tenth of a texel inset keeps nearest sampling from bleeding into the next tile at glancing angles.
    const inset = 0.1 / layout.tileSize;
    for (let i = 0; i < 4; i++) {
      const c = corners[i]!;
      this.positions.push(c[0], c[1], c[2]);
      const [cu, cv] = CORNER_UV[i]!;
      this.uvs.push((col + (cu === 0 ? inset : 1 - inset)) / layout.columns, (row + (cv === 0 ? inset : 1 - inset)) / layout.rows);
      this.colors.push(rgb[0], rgb[1], rgb[2]);
    }
    this.indices.push(base, base + 1, base + 2, base, base + 2, base + 3);
    this.quads++;
  }

  done(): MeshArrays {
    return { positions: new Float32Array(this.positions), uvs: new Float32Array(this.uvs), colors: new Float32Array(this.colors), indices: new Uint32Array(this.indices), quads: this.quads };
  }
}

function parseColor(hex: string): [number, number, number] {
  const n = parseInt(hex.slice(1), 16);
  return [((n >> 16) & 255) / 255, ((n >> 8) & 255) / 255, (n & 255) / 255];
}

/** Whether a face of `self` toward a block of kind `other` is hidden. */
function hides(other: AtlasBlock | undefined, otherName: string | null, selfName: string, self: AtlasBlock): boolean {
  if (!other || otherName === null) return false; // unloaded: draw the face, it is the edge of what is known
  if (other.shape === 'cube' && other.alpha === 'opaque') return true;
  if (otherName === selfName && self.alpha !== 'opaque') return true;
  return self.shape === 'fluid' && other.shape === 'fluid';
}

/** The triangles of chunk (cx, cz) of `world`. */
export function meshChunk(world: BlockWorld, chunk: LoadedChunk, layout: AtlasLayout): ChunkMesh {
  const parts: Record<TileAlpha, Builder> = { opaque: new Builder(), cutout: new Builder(), blend: new Builder() };
  const kinds = chunk.palette.map((name) => layout.blocks[name]);
  const tint = chunk.palette.map((name) => parseColor(layout.blocks[name]?.color ?? '#ff00ff'));
  // Per palette index: an opaque cube hides every face against it. A block boxed in by six of them inside the chunk
  // (most of the ground) is skipped without looking at its faces: the mesh costs the surface, not the volume.
  const solid = Uint8Array.from(kinds, (k) => (k?.shape === 'cube' && k.alpha === 'opaque' ? 1 : 0));
  const blocks = chunk.blocks;
  const ox = chunk.cx * CHUNK;
  const oz = chunk.cz * CHUNK;
  const layer = CHUNK * CHUNK;
  const neighbour = (x: number, y: number, z: number, lx: number, ly: number, lz: number): string | null => {
    // Inside the chunk: read its own array (the common case, and much cheaper than the world lookup).
    if (lx >= 0 && lx < CHUNK && lz >= 0 && lz < CHUNK) {
      if (ly < 0 || ly >= chunk.height) return ly < 0 ? null : 'air';
      return chunk.palette[chunk.blocks[ly * layer + lz * CHUNK + lx]!] ?? null;
    }
    return world.blockAt(x, y, z);
  };
  for (let ly = 0; ly < chunk.height; ly++) {
    for (let lz = 0; lz < CHUNK; lz++) {
      for (let lx = 0; lx < CHUNK; lx++) {
        const i = ly * layer + lz * CHUNK + lx;
        const p = blocks[i]!;
        const kind = kinds[p];
        if (!kind || kind.shape === 'none') continue;
        if (
          lx > 0 && lx < CHUNK - 1 && lz > 0 && lz < CHUNK - 1 && ly > 0 && ly < chunk.height - 1 &&
          solid[blocks[i + 1]!] && solid[blocks[i - 1]!] && solid[blocks[i + CHUNK]!] && solid[blocks[i - CHUNK]!] && solid[blocks[i + layer]!] && solid[blocks[i - layer]!]
        ) continue;
        const name = chunk.palette[p]!;
        const x = ox + lx;
        const y = chunk.minY + ly;
        const z = oz + lz;
        if (kind.shape === 'cross') {
          const tile = kind.faces[2]! >= 0 ? kind.faces[2]! : layout.whiteTile;
          const rgb = kind.faces[2]! >= 0 ? ([1, 1, 1] as const) : tint[p]!;
          const part = parts[tile === layout.whiteTile ? 'opaque' : layout.tileAlpha[tile] ?? 'cutout'];
          const a = 0.15;
          const b = 0.85;
          part.quad([[x + a, y, z + a], [x + b, y, z + b], [x + b, y + 1, z + b], [x + a, y + 1, z + a]], tile, layout, rgb);
          part.quad([[x + a, y, z + b], [x + b, y, z + a], [x + b, y + 1, z + a], [x + a, y + 1, z + b]], tile, layout, rgb);
          continue;
        }
        const fluidTopDrop = kind.shape === 'fluid' && layout.blocks[neighbour(x, y + 1, z, lx, ly + 1, lz) ?? '']?.shape !== 'fluid' ? FLUID_DROP : 0;
        for (let f = 0; f < 6; f++) {
          const face = FACES[f]!;
          const [dx, dy, dz] = face.dir;
          const otherName = neighbour(x + dx, y + dy, z + dz, lx + dx, ly + dy, lz + dz);
          if (hides(otherName === null ? undefined : layout.blocks[otherName], otherName, name, kind)) continue;
          const textured = kind.faces[f]! >= 0;
          const tile = textured ? kind.faces[f]! : layout.whiteTile;
          const rgb: [number, number, number] = textured ? [face.shade, face.shade, face.shade] : [tint[p]![0] * face.shade, tint[p]![1] * face.shade, tint[p]![2] * face.shade];
          const corners = face.corners.map(([cx, cy, cz]) => [x + cx, y + (cy === 1 ? 1 - fluidTopDrop : 0), z + cz] as const);
          parts[kind.shape === 'fluid' ? 'blend' : (layout.tileAlpha[tile] ?? 'opaque')].quad(corners, tile, layout, rgb);
        }
      }
    }
  }
  return { opaque: parts.opaque.done(), cutout: parts.cutout.done(), blend: parts.blend.done() };
}
