/**
 * Mob and player models for the ray caster: each is a few boxes ("parts") in model pixels (1/16 of
 * a block), textured from the entity's skin in minecraft-assets (`entity/<skin>.png`). The sizes,
 * positions and texture offsets follow the game's own models for 1.20 (humanoid, creeper, spider,
 * quadrupeds, chicken), written here in the mob's frame rather than as the game's pivots and rotations:
 *
 * - `l` runs towards the mob's left, `up` from its feet, `f` forwards (the way it faces); a part's
 *   `l`, `up`, `f` are its box's smallest corner.
 * - `w`, `h`, `d` are the box's width, height and depth as its texture is laid out in the skin, the
 *   game's box layout from texture offset (`u`, `v`): top and bottom (w×d) in the first rows, then
 *   right side, front, left side and back (each h high).
 * - `pose` says which way the box lies: `upright` (height up, depth backwards: heads, legs),
 *   `lying` (a quadruped's body, turned a quarter forward: its skin's front is the belly) or `raised`
 *   (a zombie's arms held forward: its skin's front faces up).
 * - `mirror` draws the part as the mirror image of its texture (left limbs that share the right
 *   limb's texture); `inflate` grows the box by that many pixels on every side (a sheep's wool).
 *
 * Limbs are drawn still (no walking swing) and spiders' legs straight out, so a frame depends only
 * on where a mob stands and which of the four directions its yaw is nearest.
 */

export type PartPose = 'upright' | 'lying' | 'raised';

export interface ModelPart {
  u: number; v: number;
  w: number; h: number; d: number;
  l: number; up: number; f: number;
  pose?: PartPose;
  mirror?: boolean;
  inflate?: number;
  /** Another skin for this part (a sheep's wool), else the model's. */
  skin?: string;
}

export interface EntityModel {
  /** Path of the skin under minecraft-assets' `entity/` folder, without `.png`. */
  skin: string;
  /** Blocks per model pixel times 16 (the game draws players at 0.9375). */
  scale: number;
  parts: readonly ModelPart[];
}

/** Head, body and legs shared by zombies and players (64×64 skins: the left limbs have their own texture). */
const humanoidTrunk: readonly ModelPart[] = [
  { u: 0, v: 0, w: 8, h: 8, d: 8, l: -4, up: 24, f: -4 },
  { u: 16, v: 16, w: 8, h: 12, d: 4, l: -4, up: 12, f: -2 },
  { u: 0, v: 16, w: 4, h: 12, d: 4, l: -4, up: 0, f: -2 },
  { u: 16, v: 48, w: 4, h: 12, d: 4, l: 0, up: 0, f: -2 },
];
const playerArms: readonly ModelPart[] = [
  { u: 40, v: 16, w: 4, h: 12, d: 4, l: -8, up: 12, f: -2 },
  { u: 32, v: 48, w: 4, h: 12, d: 4, l: 4, up: 12, f: -2 },
];
/** Zombies hold their arms straight forward at the shoulders. */
const zombieArms: readonly ModelPart[] = [
  { u: 40, v: 16, w: 4, h: 12, d: 4, l: -8, up: 20, f: -2, pose: 'raised' },
  { u: 32, v: 48, w: 4, h: 12, d: 4, l: 4, up: 20, f: -2, pose: 'raised' },
];
const zombie = (skin: string): EntityModel => ({ skin, scale: 1, parts: [...humanoidTrunk, ...zombieArms] });

/** Legs at the four corners of a quadruped's body: front pair from `front`, hind pair from `hind` (model pixels forward). */
function quadrupedLegs(legHeight: number, spread: number, front: number, hind: number, inflate?: number, skin?: string): ModelPart[] {
  const legs: ModelPart[] = [];
  for (const f of [front, hind]) {
    for (const l of [-spread - 2, spread - 2]) legs.push({ u: 0, v: 16, w: 4, h: legHeight, d: 4, l, up: 0, f, ...(inflate ? { inflate } : {}), ...(skin ? { skin } : {}) });
  }
  return legs;
}

const spiderLegs: ModelPart[] = [];
for (const f of [4, 1, -2, -5]) {
  spiderLegs.push({ u: 18, v: 0, w: 16, h: 2, d: 2, l: -19, up: 7, f });
  spiderLegs.push({ u: 18, v: 0, w: 16, h: 2, d: 2, l: 3, up: 7, f });
}

/** Models by entity type (minecraft-data names). Other entities are drawn as banded boxes (`entity-look.ts`). */
export const ENTITY_MODELS: Readonly<Record<string, EntityModel>> = {
  player: { skin: 'player/wide/steve', scale: 0.9375, parts: [...humanoidTrunk, ...playerArms] },
  zombie: zombie('zombie/zombie'),
  husk: zombie('zombie/husk'),
  drowned: zombie('zombie/drowned'),
  skeleton: {
    skin: 'skeleton/skeleton',
    scale: 1,
    parts: [
      humanoidTrunk[0]!,
      humanoidTrunk[1]!,
      { u: 40, v: 16, w: 2, h: 12, d: 2, l: -6, up: 12, f: -1 },
      { u: 40, v: 16, w: 2, h: 12, d: 2, l: 4, up: 12, f: -1, mirror: true },
      { u: 0, v: 16, w: 2, h: 12, d: 2, l: -3, up: 0, f: -1 },
      { u: 0, v: 16, w: 2, h: 12, d: 2, l: 1, up: 0, f: -1, mirror: true },
    ],
  },
  creeper: {
    skin: 'creeper/creeper',
    scale: 1,
    parts: [
      { u: 0, v: 0, w: 8, h: 8, d: 8, l: -4, up: 18, f: -4 },
      { u: 16, v: 16, w: 8, h: 12, d: 4, l: -4, up: 6, f: -2 },
      ...quadrupedLegs(6, 2, 2, -6),
    ],
  },
  spider: {
    skin: 'spider/spider',
    scale: 1,
    parts: [
      { u: 32, v: 4, w: 8, h: 8, d: 8, l: -4, up: 5, f: 3 },
      { u: 0, v: 0, w: 6, h: 6, d: 6, l: -3, up: 6, f: -3 },
      { u: 0, v: 12, w: 10, h: 8, d: 12, l: -5, up: 5, f: -15 },
      ...spiderLegs,
    ],
  },
  cow: {
    skin: 'cow/cow',
    scale: 1,
    parts: [
      { u: 0, v: 0, w: 8, h: 8, d: 6, l: -4, up: 16, f: 8 },
      { u: 22, v: 0, w: 1, h: 3, d: 1, l: -5, up: 22, f: 11 },
      { u: 22, v: 0, w: 1, h: 3, d: 1, l: 4, up: 22, f: 11 },
      { u: 18, v: 4, w: 12, h: 18, d: 10, l: -6, up: 12, f: -10, pose: 'lying' },
      { u: 52, v: 0, w: 4, h: 6, d: 1, l: -2, up: 11, f: -10, pose: 'lying' },
      ...quadrupedLegs(12, 4, 3, -9),
    ],
  },
  pig: {
    skin: 'pig/pig',
    scale: 1,
    parts: [
      { u: 0, v: 0, w: 8, h: 8, d: 8, l: -4, up: 8, f: 6 },
      { u: 16, v: 16, w: 4, h: 3, d: 1, l: -2, up: 9, f: 14 },
      { u: 28, v: 8, w: 10, h: 16, d: 8, l: -5, up: 6, f: -8, pose: 'lying' },
      ...quadrupedLegs(6, 3, 3, -9),
    ],
  },
  sheep: {
    skin: 'sheep/sheep',
    scale: 1,
    parts: [
      { u: 0, v: 0, w: 6, h: 6, d: 8, l: -3, up: 16, f: 6 },
      { u: 28, v: 8, w: 8, h: 16, d: 6, l: -4, up: 12, f: -8, pose: 'lying' },
      ...quadrupedLegs(12, 3, 3, -9),
      // The wool over head, body and upper legs: its see-through texels show the sheep beneath.
      { u: 0, v: 0, w: 6, h: 6, d: 6, l: -3, up: 16, f: 6, inflate: 0.6, skin: 'sheep/sheep_fur' },
      { u: 28, v: 8, w: 8, h: 16, d: 6, l: -4, up: 12, f: -8, pose: 'lying', inflate: 1.75, skin: 'sheep/sheep_fur' },
      ...quadrupedLegs(6, 3, 3, -9, 0.5, 'sheep/sheep_fur').map((p) => ({ ...p, up: 6 })),
    ],
  },
  chicken: {
    skin: 'chicken',
    scale: 1,
    parts: [
      { u: 0, v: 0, w: 4, h: 6, d: 3, l: -2, up: 9, f: 3 },
      { u: 14, v: 0, w: 4, h: 2, d: 2, l: -2, up: 11, f: 6 },
      { u: 14, v: 4, w: 2, h: 2, d: 2, l: -1, up: 9, f: 5 },
      { u: 0, v: 9, w: 6, h: 8, d: 6, l: -3, up: 5, f: -4, pose: 'lying' },
      { u: 26, v: 0, w: 3, h: 5, d: 3, l: -3, up: 0, f: -1 },
      { u: 26, v: 0, w: 3, h: 5, d: 3, l: 0, up: 0, f: -1 },
      { u: 24, v: 13, w: 1, h: 4, d: 6, l: -4, up: 7, f: -3 },
      { u: 24, v: 13, w: 1, h: 4, d: 6, l: 3, up: 7, f: -3 },
    ],
  },
};

/**
 * The box's extent along the mob's left, up and forward axes, in model pixels, for a part's texture
 * box `w`×`h`×`d` in `pose` (a lying box's height runs forward and its depth up).
 */
export function partExtent(p: ModelPart): { l: number; up: number; f: number } {
  const pose = p.pose ?? 'upright';
  return pose === 'upright' ? { l: p.w, up: p.h, f: p.d } : { l: p.w, up: p.d, f: p.h };
}
