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
import { CHUNK, chunkKey, type BlockWorld, type LoadedChunk } from './block-world.js';

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

/** Grows a typed array to hold at least `need` values (doubling), keeping its contents. */
function grown<T extends Float32Array | Uint32Array>(a: T, need: number, make: (n: number) => T): T {
  if (need <= a.length) return a;
  const b = make(Math.max(need, a.length * 2));
  b.set(a);
  return b;
}

/** The quads of one blending part, written into typed arrays that grow by doubling (no per-vertex garbage). */
class Builder {
  private positions = new Float32Array(4 * 3 * 256);
  private uvs = new Float32Array(4 * 2 * 256);
  private colors = new Float32Array(4 * 3 * 256);
  private indices = new Uint32Array(6 * 256);
  quads = 0;

  /** One quad: corner k at (x + cx[k], y + cy[k], z + cz[k]), textured with `tile`, coloured (r, g, b). */
  quad(x: number, y: number, z: number, cx: ArrayLike<number>, cy: ArrayLike<number>, cz: ArrayLike<number>, tile: number, layout: AtlasLayout, r: number, g: number, b: number): void {
    const q = this.quads;
    this.positions = grown(this.positions, (q + 1) * 12, (n) => new Float32Array(n));
    this.uvs = grown(this.uvs, (q + 1) * 8, (n) => new Float32Array(n));
    this.colors = grown(this.colors, (q + 1) * 12, (n) => new Float32Array(n));
    this.indices = grown(this.indices, (q + 1) * 6, (n) => new Uint32Array(n));
    const col = tile % layout.columns;
    const row = Math.floor(tile / layout.columns);
    // A tenth of a texel inset keeps nearest sampling from bleeding into the next tile at glancing angles.
    const inset = 0.1 / layout.tileSize;
    const u0 = (col + inset) / layout.columns;
    const u1 = (col + 1 - inset) / layout.columns;
    const v0 = (row + inset) / layout.rows;
    const v1 = (row + 1 - inset) / layout.rows;
    for (let i = 0; i < 4; i++) {
      const p = q * 12 + i * 3;
      this.positions[p] = x + cx[i]!;
      this.positions[p + 1] = y + cy[i]!;
      this.positions[p + 2] = z + cz[i]!;
      this.colors[p] = r;
      this.colors[p + 1] = g;
      this.colors[p + 2] = b;
      this.uvs[q * 8 + i * 2] = CORNER_UV[i]![0] === 0 ? u0 : u1;
      this.uvs[q * 8 + i * 2 + 1] = CORNER_UV[i]![1] === 0 ? v0 : v1;
    }
    const base = q * 4;
    this.indices.set([base, base + 1, base + 2, base, base + 2, base + 3], q * 6);
    this.quads++;
  }

  done(): MeshArrays {
    const q = this.quads;
    return { positions: this.positions.slice(0, q * 12), uvs: this.uvs.slice(0, q * 8), colors: this.colors.slice(0, q * 12), indices: this.indices.slice(0, q * 6), quads: q };
  }
}

function parseColor(hex: string): [number, number, number] {
  const n = parseInt(hex.slice(1), 16);
  return [((n >> 16) & 255) / 255, ((n >> 8) & 255) / 255, (n & 255) / 255];
}

/** What the mesher needs of one palette entry, worked out once per chunk rather than per face. */
interface Kind {
  name: string;
  /** Undefined for a name the atlas does not know: nothing is drawn for it and it hides nothing. */
  block: AtlasBlock | undefined;
  /** An opaque cube: every face against it is hidden. */
  solid: boolean;
  fluid: boolean;
}

const kindOf = (layout: AtlasLayout, name: string): Kind => {
  const block = layout.blocks[name];
  return { name, block, solid: block?.shape === 'cube' && block.alpha === 'opaque', fluid: block?.shape === 'fluid' };
};
const ABOVE_THE_CHUNK: Kind = { name: 'air', block: undefined, solid: false, fluid: false };

/** Whether a face of `self` toward `other` is hidden (`null`: unloaded, so the face is drawn: the edge of what is known). */
function hides(other: Kind | null, self: Kind): boolean {
  if (other === null || !other.block) return false;
  if (other.solid) return true;
  if (other.name === self.name && self.block!.alpha !== 'opaque') return true;
  return self.fluid && other.fluid;
}

/** Corner offsets of each face as three arrays (x, y, z), in FACES order. */
const FACE_CX = FACES.map((f) => f.corners.map((c) => c[0]));
const FACE_CY = FACES.map((f) => f.corners.map((c) => c[1]));
const FACE_CZ = FACES.map((f) => f.corners.map((c) => c[2]));
/** The faces of a fluid with open water above: their top corners an eighth of a block lower. */
const FLUID_LOW_CY = FACE_CY.map((ys) => ys.map((y) => (y === 1 ? 1 - FLUID_DROP : y)));
/** The crossed planes of a plant. */
const CROSS_A = 0.15;
const CROSS_B = 0.85;
const CROSS_X = [[CROSS_A, CROSS_B, CROSS_B, CROSS_A], [CROSS_A, CROSS_B, CROSS_B, CROSS_A]] as const;
const CROSS_Y = [0, 0, 1, 1] as const;
const CROSS_Z = [[CROSS_A, CROSS_B, CROSS_B, CROSS_A], [CROSS_B, CROSS_A, CROSS_A, CROSS_B]] as const;

/** The triangles of chunk (cx, cz) of `world`. */
export function meshChunk(world: BlockWorld, chunk: LoadedChunk, layout: AtlasLayout): ChunkMesh {
  const parts: Record<TileAlpha, Builder> = { opaque: new Builder(), cutout: new Builder(), blend: new Builder() };
  const kinds = chunk.palette.map((name) => kindOf(layout, name));
  const tint = chunk.palette.map((name) => parseColor(layout.blocks[name]?.color ?? '#ff00ff'));
  // Per palette index: an opaque cube hides every face against it. A block boxed in by six of them (most of the ground)
  // is skipped without looking at its faces (below): the mesh costs the surface, not the volume.
  const solid = Uint8Array.from(kinds, (k) => (k.solid ? 1 : 0));
  const blocks = chunk.blocks;
  const ox = chunk.cx * CHUNK;
  const oz = chunk.cz * CHUNK;
  const layer = CHUNK * CHUNK;
  const top = chunk.height - 1;
  // The four chunks beside this one, each with its kinds, for the faces on the edges (east, west, south, north).
  const beside = ([[1, 0], [-1, 0], [0, 1], [0, -1]] as const).map(([dx, dz]) => {
    const c = world.chunks.get(chunkKey(chunk.cx + dx, chunk.cz + dz));
    return c ? { c, kinds: c.palette.map((name) => kindOf(layout, name)) } : null;
  });
  /** The kind at local (lx, ly, lz), one step at most outside the chunk; null where nothing is known. */
  const kindAt = (lx: number, ly: number, lz: number): Kind | null => {
    if (lx >= 0 && lx < CHUNK && lz >= 0 && lz < CHUNK) {
      if (ly < 0) return null;
      if (ly > top) return ABOVE_THE_CHUNK;
      return kinds[blocks[ly * layer + lz * CHUNK + lx]!] ?? null;
    }
    const n = beside[lx >= CHUNK ? 0 : lx < 0 ? 1 : lz >= CHUNK ? 2 : 3];
    if (!n) return null;
    const y = chunk.minY + ly - n.c.minY;
    if (y < 0 || y >= n.c.height) return null;
    return n.kinds[n.c.blocks[y * layer + ((lz + CHUNK) % CHUNK) * CHUNK + ((lx + CHUNK) % CHUNK)]!] ?? null;
  };
  // Opaque cubes on a grid one block wider than the chunk on each side (the neighbours' edge columns), so the test
  // "boxed in by six opaque cubes" is six array reads for every block, on the chunk's edges too.
  const W = CHUNK + 2;
  const solidGrid = new Uint8Array(W * W * chunk.height);
  for (let ly = 0; ly < chunk.height; ly++) {
    for (let gz = 0; gz < W; gz++) {
      for (let gx = 0; gx < W; gx++) {
        const lx = gx - 1;
        const lz = gz - 1;
        const own = lx >= 0 && lx < CHUNK && lz >= 0 && lz < CHUNK;
        // Corners of the grid are never read (no block looks diagonally).
        if (own) solidGrid[(ly * W + gz) * W + gx] = solid[blocks[ly * layer + lz * CHUNK + lx]!]!;
        else if ((lx >= 0 && lx < CHUNK) !== (lz >= 0 && lz < CHUNK)) solidGrid[(ly * W + gz) * W + gx] = kindAt(lx, ly, lz)?.solid ? 1 : 0;
      }
    }
  }
  const up = W * W;
  for (let ly = 0; ly < chunk.height; ly++) {
    for (let lz = 0; lz < CHUNK; lz++) {
      for (let lx = 0; lx < CHUNK; lx++) {
        const i = ly * layer + lz * CHUNK + lx;
        const p = blocks[i]!;
        const kind = kinds[p]!;
        const block = kind.block;
        if (!block || block.shape === 'none') continue;
        const gi = (ly * W + lz + 1) * W + lx + 1;
        if (ly > 0 && ly < top && solidGrid[gi + up] && solidGrid[gi - up] && solidGrid[gi + 1] && solidGrid[gi - 1] && solidGrid[gi + W] && solidGrid[gi - W]) continue;
        const x = ox + lx;
        const y = chunk.minY + ly;
        const z = oz + lz;
        if (block.shape === 'cross') {
          const textured = block.faces[2]! >= 0;
          const tile = textured ? block.faces[2]! : layout.whiteTile;
          const [r, g, b] = textured ? [1, 1, 1] : tint[p]!;
          const part = parts[tile === layout.whiteTile ? 'opaque' : layout.tileAlpha[tile] ?? 'cutout'];
          for (let k = 0; k < 2; k++) part.quad(x, y, z, CROSS_X[k]!, CROSS_Y, CROSS_Z[k]!, tile, layout, r, g, b);
          continue;
        }
        const lowTop = kind.fluid && kindAt(lx, ly + 1, lz)?.fluid !== true;
        for (let f = 0; f < 6; f++) {
          const face = FACES[f]!;
          const [dx, dy, dz] = face.dir;
          if (hides(kindAt(lx + dx, ly + dy, lz + dz), kind)) continue;
          const textured = block.faces[f]! >= 0;
          const tile = textured ? block.faces[f]! : layout.whiteTile;
          const s = face.shade;
          const cy = lowTop ? FLUID_LOW_CY[f]! : FACE_CY[f]!;
          const part = parts[kind.fluid ? 'blend' : (layout.tileAlpha[tile] ?? 'opaque')];
          if (textured) part.quad(x, y, z, FACE_CX[f]!, cy, FACE_CZ[f]!, tile, layout, s, s, s);
          else part.quad(x, y, z, FACE_CX[f]!, cy, FACE_CZ[f]!, tile, layout, tint[p]![0] * s, tint[p]![1] * s, tint[p]![2] * s);
        }
      }
    }
  }
  return { opaque: parts.opaque.done(), cutout: parts.cutout.done(), blend: parts.blend.done() };
}
