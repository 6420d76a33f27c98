/**
 * Block textures: which 16×16 picture each face of a block shows, read from the `minecraft-assets`
 * package's files for the world's version (its blockstates, models and PNGs). This is the one place
 * that maps a block name and a face to a texture: the software renderer and the viewer's texture
 * atlas both ask here.
 *
 * How a face is found, as the game's own model files describe it: the block's default blockstate
 * variant names a model; the model's `textures` map is merged down its `parent` chain (a child's
 * entries win) and `#name` references are followed; the face's texture is the first model element
 * that has that face, or the model's `particle` texture when the model has no elements (water, lava).
 * Faces marked with a `tintindex` are coloured as the game colours them in a plains biome (grass
 * 0x91BD59, foliage 0x77AB2F; spruce and birch leaves and water have fixed colours).
 *
 * Fallback: a block with no model or no PNG (air, a few technical blocks) gives `null`; callers draw
 * those with the flat palette colour of `palette.ts`. Animated textures (water, lava, fire…) are
 * vertical strips of frames; the first frame is used, so a frame is the same for the same world.
 *
 * The files are read directly: `require('minecraft-assets')` would load every version's JSON (and
 * every texture as base64) at once.
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { PNG } from 'pngjs';
import { DEFAULT_VERSION } from '../../world/registry.js';

export type BlockFace = 'up' | 'down' | 'north' | 'south' | 'east' | 'west';
export const BLOCK_FACES: readonly BlockFace[] = ['up', 'down', 'north', 'south', 'east', 'west'];

/** Side length of a block texture in pixels. */
export const TEXTURE_SIZE = 16;

export interface BlockTexture {
  /** The texture's file name without `.png`, plus `#rrggbb` when tinted (e.g. `grass_block_top#91bd59`). */
  key: string;
  /** TEXTURE_SIZE × TEXTURE_SIZE pixels, RGBA, row-major, top row first. */
  rgba: Uint8Array;
  /** True when some pixel is not fully opaque (glass, leaves, water): draw it as transparent. */
  translucent: boolean;
}

/** Plains-biome colours the game multiplies into tinted faces (Minecraft's colormaps at plains). */
const GRASS_TINT = 0x91bd59;
const FOLIAGE_TINT = 0x77ab2f;
const FIXED_TINTS: Record<string, number> = {
  spruce_leaves: 0x619961,
  birch_leaves: 0x80a755,
  water: 0x3f76e4,
  bubble_column: 0x3f76e4,
  lily_pad: 0x208030,
};
const FOLIAGE_BLOCKS = new Set(['oak_leaves', 'jungle_leaves', 'acacia_leaves', 'dark_oak_leaves', 'mangrove_leaves', 'vine']);

/** Blocks renamed after the newest assets version: the world's name -> the assets' name (1.20.3 renamed grass). */
const RENAMED: Record<string, string> = { short_grass: 'grass' };

/** Fluids have no element model; their still texture is what a block of them shows on every face. */
const FLUID_TEXTURES: Record<string, string> = { water: 'water_still', lava: 'lava_still', bubble_column: 'water_still' };

interface ModelFile {
  parent?: string;
  textures?: Record<string, string>;
  elements?: { faces?: Partial<Record<BlockFace, { texture: string; tintindex?: number }>> }[];
}
interface StatesFile {
  variants?: Record<string, { model: string } | { model: string }[]>;
  multipart?: { apply: { model: string } | { model: string }[] }[];
}

/** The textures of one assets version, loaded on first use. */
export class BlockTextures {
  readonly assetsVersion: string;
  private readonly dir: string;
  private models: Record<string, ModelFile> | null = null;
  private states: Record<string, StatesFile> | null = null;
  private readonly faceCache = new Map<string, BlockTexture | null>();
  private readonly pictureCache = new Map<string, BlockTexture | null>();

  /** `version` is the world's Minecraft version; the nearest assets version at or below it is used. */
  constructor(version: string = DEFAULT_VERSION) {
    const root = assetsDataDir();
    this.assetsVersion = nearestAssetsVersion(version, readdirSync(root));
    this.dir = join(root, this.assetsVersion);
  }

  /** The texture a face of `block` (a block name, default state) shows, or null (see the fallback note). */
  face(block: string, face: BlockFace): BlockTexture | null {
    const cacheKey = `${block}|${face}`;
    const hit = this.faceCache.get(cacheKey);
    if (hit !== undefined) return hit;
    const found = this.resolveFace(block, face);
    const texture = found ? this.picture(found.texture, found.tinted ? tintOf(block) : null) : null;
    this.faceCache.set(cacheKey, texture);
    return texture;
  }

  /** The six faces' texture keys of `block` (null where a face has none): what an atlas needs to hold. */
  faces(block: string): Record<BlockFace, BlockTexture | null> {
    const out = {} as Record<BlockFace, BlockTexture | null>;
    for (const f of BLOCK_FACES) out[f] = this.face(block, f);
    return out;
  }

  /** Whether the block is drawn as two crossed planes (flowers, grass tufts, saplings) rather than faces of a box. */
  isCross(block: string): boolean {
    let next: string | null | undefined = this.defaultModel(block);
    for (let i = 0; next && i < 16; i++) {
      const name = bareName(next);
      if (name === 'cross' || name === 'tinted_cross') return true;
      this.models ??= JSON.parse(readFileSync(join(this.dir, 'blocks_models.json'), 'utf8')) as Record<string, ModelFile>;
      next = this.models[name]?.parent;
    }
    return false;
  }

  private resolveFace(block: string, face: BlockFace): { texture: string; tinted: boolean } | null {
    const fluid = FLUID_TEXTURES[block];
    if (fluid) return { texture: fluid, tinted: block !== 'lava' };
    const modelName = this.defaultModel(block);
    if (!modelName) return null;
    const chain = this.modelChain(modelName);
    if (chain.length === 0) return null;
    const textures: Record<string, string> = {};
    for (let i = chain.length - 1; i >= 0; i--) Object.assign(textures, chain[i]!.textures ?? {});
    const elements = chain.find((m) => m.elements)?.elements;
    let ref: string | undefined;
    let tinted = false;
    if (elements) {
      const withFace = elements.find((e) => e.faces?.[face])?.faces?.[face];
      if (withFace) {
        ref = withFace.texture;
        tinted = withFace.tintindex !== undefined;
      }
    }
    ref ??= textures['particle'];
    const texture = ref ? followReference(ref, textures) : null;
    return texture ? { texture, tinted } : null;
  }

  /** The model of the block's default state: the variant with no properties, the upright one, or the first. */
  private defaultModel(block: string): string | null {
    this.states ??= JSON.parse(readFileSync(join(this.dir, 'blocks_states.json'), 'utf8')) as Record<string, StatesFile>;
    const state = this.states[block] ?? this.states[RENAMED[block] ?? ''];
    if (!state) return null;
    const pick = (v: { model: string } | { model: string }[] | undefined): string | null => (v ? (Array.isArray(v) ? v[0]?.model : v.model) ?? null : null);
    if (state.variants) {
      const keys = Object.keys(state.variants);
      const key = keys.find((k) => k === '') ?? keys.find((k) => k.includes('axis=y')) ?? keys.find((k) => k.includes('facing=north')) ?? keys[0];
      return key === undefined ? null : pick(state.variants[key]);
    }
    return pick(state.multipart?.[0]?.apply);
  }

  private modelChain(name: string): ModelFile[] {
    this.models ??= JSON.parse(readFileSync(join(this.dir, 'blocks_models.json'), 'utf8')) as Record<string, ModelFile>;
    const chain: ModelFile[] = [];
    let next: string | undefined = name;
    while (next && chain.length < 16) {
      const model: ModelFile | undefined = this.models[bareName(next)];
      if (!model) break;
      chain.push(model);
      next = model.parent;
    }
    return chain;
  }

  private picture(texture: string, tint: number | null): BlockTexture | null {
    const key = tint === null ? texture : `${texture}#${tint.toString(16).padStart(6, '0')}`;
    const hit = this.pictureCache.get(key);
    if (hit !== undefined) return hit;
    const file = join(this.dir, 'blocks', `${texture}.png`);
    let out: BlockTexture | null = null;
    if (existsSync(file)) {
      const png = PNG.sync.read(readFileSync(file));
      out = firstFrame(key, png.data, png.width, tint);
    }
    this.pictureCache.set(key, out);
    return out;
  }
}

let shared: BlockTextures | null = null;
/** The textures for the default world version, shared by every caller in the process. */
export function defaultBlockTextures(): BlockTextures {
  return (shared ??= new BlockTextures());
}

/** The folder holding minecraft-assets' per-version data, found through Node's module resolution. */
export function assetsDataDir(): string {
  const pkg = createRequire(import.meta.url).resolve('minecraft-assets/package.json');
  return join(dirname(pkg), 'minecraft-assets', 'data');
}

/** The newest assets version not newer than `version` (1.20.4 → 1.20.2; 1.16.5 → 1.16.4). */
export function nearestAssetsVersion(version: string, available: readonly string[]): string {
  const parse = (v: string): number[] => v.split('.').map((p) => Number(p) || 0);
  const cmp = (a: number[], b: number[]): number => {
    for (let i = 0; i < Math.max(a.length, b.length); i++) {
      const d = (a[i] ?? 0) - (b[i] ?? 0);
      if (d !== 0) return d;
    }
    return 0;
  };
  const want = parse(version);
  const candidates = available.filter((v) => /^\d+(\.\d+)*$/.test(v)).sort((a, b) => cmp(parse(a), parse(b)));
  const atOrBelow = candidates.filter((v) => cmp(parse(v), want) <= 0);
  const chosen = atOrBelow.at(-1) ?? candidates[0];
  if (!chosen) throw new Error(`minecraft-assets holds no versions (looked for ${version})`);
  return chosen;
}

function bareName(ref: string): string {
  return ref.replace(/^minecraft:/, '').replace(/^blocks?\//, '');
}

function followReference(ref: string, textures: Record<string, string>): string | null {
  let current = ref;
  for (let i = 0; i < 8 && current.startsWith('#'); i++) {
    const next = textures[current.slice(1)];
    if (next === undefined) return null;
    current = next;
  }
  return current.startsWith('#') ? null : bareName(current);
}

function tintOf(block: string): number {
  return FIXED_TINTS[block] ?? (FOLIAGE_BLOCKS.has(block) ? FOLIAGE_TINT : GRASS_TINT);
}

/** The top 16×16 frame of a texture (animated ones are vertical strips), tinted if asked. */
function firstFrame(key: string, data: Uint8Array, width: number, tint: number | null): BlockTexture {
  const rgba = new Uint8Array(TEXTURE_SIZE * TEXTURE_SIZE * 4);
  const scale = width / TEXTURE_SIZE; // a few textures may be larger than 16 wide: sample them down
  const [tr, tg, tb] = tint === null ? [255, 255, 255] : [(tint >> 16) & 255, (tint >> 8) & 255, tint & 255];
  let translucent = false;
  for (let y = 0; y < TEXTURE_SIZE; y++) {
    for (let x = 0; x < TEXTURE_SIZE; x++) {
      const src = (Math.floor(y * scale) * width + Math.floor(x * scale)) * 4;
      const dst = (y * TEXTURE_SIZE + x) * 4;
      rgba[dst] = (data[src]! * tr) / 255;
      rgba[dst + 1] = (data[src + 1]! * tg) / 255;
      rgba[dst + 2] = (data[src + 2]! * tb) / 255;
      rgba[dst + 3] = data[src + 3]!;
      if (data[src + 3]! < 255) translucent = true;
    }
  }
  return { key, rgba, translucent };
}
