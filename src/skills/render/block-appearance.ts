/**
 * What every block state looks like to the renderers, as flat typed arrays their inner loops read:
 * how a ray treats it (`Look`), which texture each of its six faces shows, and the texels of those
 * textures. Built once per registry from the one texture lookup (`block-textures.ts`); a face with no
 * texture (the few technical blocks minecraft-assets does not draw) falls back to the flat palette
 * colour of `palette.ts`.
 */
import type { Registry } from '../../world/index.js';
import { DEFAULT_VERSION } from '../../world/registry.js';
import { shapeOfState } from './block-shapes.js';
import { BlockTextures, defaultBlockTextures, TEXTURE_SIZE, type BlockTexture } from './block-textures.js';
import { colorOfBlock, pack } from './palette.js';

/** How a renderer treats a block. */
export const Look = {
  Air: 0,
  /** A full cube: the ray stops at its face. */
  Opaque: 1,
  /** No texture to draw and no box (torches, rails, buttons): a faint tint, the ray continues. */
  Tint: 2,
  /** Water: the surface colours the ray strongly, the ray continues through the water. */
  Fluid: 3,
  /** Leaves and other cut-out cubes: see-through where the texture is, every face drawn. */
  Cutout: 4,
  /** Glass and ice: translucent cubes whose shared inner faces are not drawn (as in the game). */
  Glass: 5,
  /** Flowers, grass tufts, saplings: two crossed planes through the block. */
  Cross: 6,
  /** Slabs and stairs: a few boxes inside the cell (`shapes`), textured like the block's faces. */
  Shape: 7,
} as const;
export type Look = (typeof Look)[keyof typeof Look];

/** Face order of `faceTexture`: index = state * 6 + face. */
export const FACE_UP = 0;
export const FACE_DOWN = 1;
export const FACE_NORTH = 2;
export const FACE_SOUTH = 3;
export const FACE_EAST = 4;
export const FACE_WEST = 5;
const FACE_ORDER = ['up', 'down', 'north', 'south', 'east', 'west'] as const;

export const TEXELS_PER_TEXTURE = TEXTURE_SIZE * TEXTURE_SIZE;

export interface BlockAppearance {
  /** stateId -> Look. */
  readonly look: Uint8Array;
  /** stateId * 6 + face -> texture index, or -1 to draw the flat colour. */
  readonly faceTexture: Int32Array;
  /** texture index * 256 + v * 16 + u -> packed 0xAARRGGBB (u rightwards, v downwards). */
  readonly texels: Uint32Array;
  /** texture index -> mean colour of its visible texels, packed 0xRRGGBB (for one-pixel map cells). */
  readonly meanColor: Uint32Array;
  /** stateId -> flat fallback colour, packed 0xRRGGBB. */
  readonly color: Uint32Array;
  /** stateId -> 1 for blocks that give off light (lava, glowstone…): drawn at full brightness at night. */
  readonly glow: Uint8Array;
  /** Block name -> the texture of its north face, for dropped blocks drawn as small textured cubes. */
  readonly blockTexture: ReadonlyMap<string, number>;
  /** stateId -> index into `shapes` for Look.Shape states (0 otherwise). */
  readonly shapeOf: Uint16Array;
  /** Shape index -> its boxes in cell coordinates, six numbers each (x0 y0 z0 x1 y1 z1); index 0 is unused. */
  readonly shapes: readonly Float64Array[];
}

const AIR_NAMES = new Set(['air', 'cave_air', 'void_air', 'barrier', 'light', 'structure_void']);

const built = new WeakMap<Registry, BlockAppearance>();

export function appearanceOf(registry: Registry): BlockAppearance {
  let a = built.get(registry);
  if (a) return a;
  a = buildAppearance(registry, registry.version === DEFAULT_VERSION ? defaultBlockTextures() : textureSetFor(registry.version));
  built.set(registry, a);
  return a;
}

const textureSets = new Map<string, BlockTextures>();
function textureSetFor(version: string): BlockTextures {
  let t = textureSets.get(version);
  if (!t) textureSets.set(version, (t = new BlockTextures(version)));
  return t;
}

function buildAppearance(registry: Registry, textures: BlockTextures): BlockAppearance {
  const n = registry.blockIdOfState.length;
  const look = new Uint8Array(n);
  const faceTexture = new Int32Array(n * 6).fill(-1);
  const color = new Uint32Array(n);
  const glow = new Uint8Array(n);
  const blockTexture = new Map<string, number>();
  const shapeOf = new Uint16Array(n);
  const shapes: Float64Array[] = [new Float64Array(0)];
  const shapeIndex = new Map<string, number>();
  const indexOf = new Map<string, number>();
  const pictures: BlockTexture[] = [];
  const textureIndex = (t: BlockTexture | null): number => {
    if (!t) return -1;
    let i = indexOf.get(t.key);
    if (i === undefined) {
      i = pictures.length;
      pictures.push(t);
      indexOf.set(t.key, i);
    }
    return i;
  };
  for (const b of registry.data.blocksArray) {
    const faces = FACE_ORDER.map((f) => (AIR_NAMES.has(b.name) ? null : textures.face(b.name, f)));
    const lk = lookOf(b.name, b.boundingBox, faces, textures);
    const ids = faces.map(textureIndex);
    const flat = pack(colorOfBlock(b.name));
    const glows = (b.emitLight ?? 0) >= 10 ? 1 : 0;
    if (ids[FACE_NORTH]! >= 0) blockTexture.set(b.name, ids[FACE_NORTH]!);
    for (let s = b.minStateId ?? b.id; s <= (b.maxStateId ?? b.id); s++) {
      look[s] = lk;
      const boxes = lk === Look.Opaque ? shapeOfState(registry, b.name, s) : null;
      if (boxes) {
        const key = boxes.join(';');
        let k = shapeIndex.get(key);
        if (k === undefined) {
          k = shapes.length;
          shapes.push(Float64Array.from(boxes.flat()));
          shapeIndex.set(key, k);
        }
        look[s] = Look.Shape;
        shapeOf[s] = k;
      }
      color[s] = flat;
      glow[s] = glows;
      for (let f = 0; f < 6; f++) faceTexture[s * 6 + f] = ids[f]!;
    }
  }
  const texels = new Uint32Array(pictures.length * TEXELS_PER_TEXTURE);
  const meanColor = new Uint32Array(pictures.length);
  pictures.forEach((p, i) => {
    let r = 0, g = 0, bl = 0, count = 0;
    for (let k = 0; k < TEXELS_PER_TEXTURE; k++) {
      const [pr, pg, pb, pa] = [p.rgba[k * 4]!, p.rgba[k * 4 + 1]!, p.rgba[k * 4 + 2]!, p.rgba[k * 4 + 3]!];
      texels[i * TEXELS_PER_TEXTURE + k] = ((pa << 24) | (pr << 16) | (pg << 8) | pb) >>> 0;
      if (pa > 0) { r += pr; g += pg; bl += pb; count++; }
    }
    meanColor[i] = count === 0 ? 0 : (Math.round(r / count) << 16) | (Math.round(g / count) << 8) | Math.round(bl / count);
  });
  return { look, faceTexture, texels, meanColor, color, glow, blockTexture, shapeOf, shapes };
}

function lookOf(name: string, boundingBox: string, faces: (BlockTexture | null)[], textures: BlockTextures): Look {
  if (AIR_NAMES.has(name)) return Look.Air;
  if (name === 'water' || name === 'bubble_column') return Look.Fluid;
  if (name === 'lava') return Look.Opaque;
  const textured = faces.some((f) => f !== null);
  if (textured && textures.isCross(name)) return Look.Cross;
  if (/glass|^ice$|frosted_ice/.test(name)) return Look.Glass;
  if (boundingBox === 'empty') return Look.Tint;
  if (faces.some((f) => f?.translucent)) return Look.Cutout;
  return Look.Opaque;
}
