/**
 * Colours for rendered views, chosen per block from its name family (grass green, stone grey, water
 * blue, logs brown, …). This is a rendering choice, not a game fact: vanilla textures are not in
 * minecraft-data and views only need blocks to be told apart at a glance.
 */
import type { Registry } from '../../world/index.js';

export type Rgb = readonly [number, number, number];

/** How a renderer treats a block: skip it, stop at it, or tint the ray and carry on. */
export const Look = {
  Air: 0,
  Opaque: 1,
  /** Glass, plants, torches: a faint tint, the ray continues. */
  Tint: 2,
  /** Water: the surface colours the ray strongly, the ray continues through the water. */
  Fluid: 3,
} as const;
export type Look = (typeof Look)[keyof typeof Look];

export const SKY_HORIZON: Rgb = [186, 214, 255];
export const SKY_ZENITH: Rgb = [92, 140, 230];

const DYES: Record<string, Rgb> = {
  white: [233, 236, 236], orange: [240, 118, 19], magenta: [189, 68, 179], light_blue: [58, 175, 217],
  yellow: [248, 197, 39], lime: [112, 185, 25], pink: [237, 141, 172], gray: [62, 68, 71],
  light_gray: [142, 142, 134], cyan: [21, 137, 145], purple: [121, 42, 172], blue: [53, 57, 157],
  brown: [114, 71, 40], green: [84, 109, 27], red: [161, 39, 34], black: [20, 21, 25],
};

/** Speck colours of ores, drawn over the stone they sit in. */
const ORE_SPECKS: [RegExp, Rgb][] = [
  [/coal/, [30, 30, 30]], [/iron/, [216, 175, 147]], [/copper/, [224, 128, 80]], [/gold/, [252, 238, 75]],
  [/redstone/, [220, 20, 20]], [/lapis/, [30, 70, 200]], [/diamond/, [80, 230, 220]], [/emerald/, [30, 210, 90]],
  [/quartz/, [235, 230, 220]],
];

/** First match wins, so specific families come before general ones. */
const FAMILIES: [RegExp, Rgb][] = [
  [/^water$|bubble_column/, [48, 89, 201]],
  [/^lava$|magma/, [207, 92, 20]],
  [/^grass_block$|moss_block/, [95, 159, 53]],
  [/^(short_grass|tall_grass|fern|large_fern|seagrass|tall_seagrass|kelp|kelp_plant)$/, [79, 140, 45]],
  [/leaves/, [40, 90, 30]],
  [/_log$|_wood$|_stem$|_hyphae$/, [102, 76, 45]],
  [/planks|_door$|_fence|crafting_table|chest|barrel|bookshelf/, [162, 130, 78]],
  [/^red_sand|red_sandstone/, [190, 102, 33]],
  [/^sand$|sandstone/, [219, 207, 163]],
  [/gravel/, [136, 126, 126]],
  [/dirt|farmland|podzol|mud|mycelium|dirt_path/, [134, 96, 67]],
  [/clay/, [160, 166, 179]],
  [/snow|powder_snow/, [240, 251, 251]],
  [/ice/, [145, 183, 253]],
  [/glass/, [200, 220, 230]],
  [/bedrock/, [60, 60, 60]],
  [/deepslate|tuff|basalt|blackstone/, [82, 82, 88]],
  [/obsidian/, [20, 18, 30]],
  [/netherrack|nether_brick/, [111, 54, 53]],
  [/end_stone/, [221, 223, 165]],
  [/granite/, [149, 103, 86]],
  [/diorite|calcite/, [188, 188, 190]],
  [/torch|lantern|glowstone|fire/, [255, 200, 80]],
  [/dandelion|sunflower/, [240, 220, 40]],
  [/poppy|rose|tulip|orchid|allium|cornflower|lily|peony|lilac/, [200, 50, 60]],
  [/pumpkin|melon/, [200, 120, 20]],
  [/cactus|vine|lily_pad|bush|sapling|sugar_cane|bamboo|wheat|carrots|potatoes/, [70, 130, 40]],
  [/stone|cobble|andesite|furnace|brick|ore/, [125, 125, 125]],
];
const DEFAULT_COLOR: Rgb = [160, 140, 120];

/** Per-state lookups a renderer reads in its inner loop. */
export interface Palette {
  /** stateId -> packed 0xRRGGBB base colour. */
  readonly color: Uint32Array;
  /** stateId -> packed speck colour for ores (0 = no specks). */
  readonly speck: Uint32Array;
  /** stateId -> Look. */
  readonly look: Uint8Array;
}

const palettes = new WeakMap<Registry, Palette>();

export const pack = (c: Rgb): number => (c[0] << 16) | (c[1] << 8) | c[2];

export function colorOfBlock(name: string): Rgb {
  const dye = /^(white|orange|magenta|light_blue|yellow|lime|pink|gray|light_gray|cyan|purple|blue|brown|green|red|black)_(wool|concrete|terracotta|carpet|stained_glass|concrete_powder|glazed_terracotta|bed)/.exec(name);
  if (dye) return DYES[dye[1]!]!;
  for (const [re, c] of FAMILIES) if (re.test(name)) return c;
  return DEFAULT_COLOR;
}

function lookOfBlock(name: string, boundingBox: string): Look {
  if (name === 'air' || name === 'cave_air' || name === 'void_air' || name === 'barrier' || name === 'light') return Look.Air;
  if (name === 'water' || name === 'bubble_column') return Look.Fluid;
  if (name === 'lava') return Look.Opaque;
  if (/glass/.test(name) || boundingBox === 'empty') return Look.Tint;
  return Look.Opaque;
}

export function paletteOf(registry: Registry): Palette {
  let p = palettes.get(registry);
  if (p) return p;
  const n = registry.blockIdOfState.length;
  const color = new Uint32Array(n);
  const speck = new Uint32Array(n);
  const look = new Uint8Array(n);
  for (const b of registry.data.blocksArray) {
    const base = /_ore$/.test(b.name) ? (/deepslate/.test(b.name) ? colorOfBlock('deepslate') : /nether/.test(b.name) ? colorOfBlock('netherrack') : colorOfBlock('stone')) : colorOfBlock(b.name);
    const sp = /_ore$|ancient_debris/.test(b.name) ? ORE_SPECKS.find(([re]) => re.test(b.name))?.[1] ?? [200, 200, 200] : null;
    const lk = lookOfBlock(b.name, b.boundingBox);
    for (let s = b.minStateId ?? b.id; s <= (b.maxStateId ?? b.id); s++) {
      color[s] = pack(base);
      speck[s] = sp ? pack(sp) : 0;
      look[s] = lk;
    }
  }
  p = { color, speck, look };
  palettes.set(registry, p);
  return p;
}

/** Colours for entities drawn as boxes or dots. */
export function entityColor(kind: string, type: string, hostile: boolean): Rgb {
  if (kind === 'player') return [235, 60, 235];
  if (kind === 'item') return [250, 230, 60];
  if (kind === 'projectile') return [240, 240, 240];
  if (hostile || type === 'zombie' || type === 'skeleton' || type === 'creeper' || type === 'spider') return [220, 30, 30];
  return [240, 170, 150];
}
