/**
 * The skill catalog: every skill's name, one-line description and zod-typed parameters, shared by
 * all backends (the embedded world implements them as tick programs, the Minecraft backend with
 * mineflayer) and by every agent (prompts and docs are generated from this list). A backend may
 * not add parameters of its own: the same call must mean the same thing everywhere.
 *
 * Results: every skill ends with `{ok:true, ...data}` or `{ok:false, reason, details}`; the data
 * each skill returns on success is listed in its `returns` line.
 */
import { z } from 'zod';
import { vec3Schema } from '../core/actions.js';

const blockName = z.string().min(1).describe('a minecraft block name, e.g. oak_log');
const itemName = z.string().min(1).describe('a minecraft item name, e.g. iron_ingot');
const count = z.number().int().positive();
const ticks = z.number().int().positive();

export interface SkillSignature<P extends z.ZodType = z.ZodType> {
  readonly name: string;
  readonly description: string;
  /** What `{ok:true, ...}` carries, for prompts and docs. */
  readonly returns: string;
  readonly params: P;
}

const sig = <P extends z.ZodType>(s: SkillSignature<P>): SkillSignature<P> => s;

export const SKILL_CATALOG = {
  moveTo: sig({
    name: 'moveTo',
    description: 'Walk (jumping, dropping and swimming as needed) to within `range` blocks of a position; with `dig`, break blocks in the way; with `scaffold`, pillar up and bridge gaps with dirt or cobblestone from the inventory.',
    returns: '{pos} where the agent ended',
    params: z.object({
      x: z.number(), y: z.number(), z: z.number(), range: z.number().min(0).default(1), timeoutTicks: ticks.optional(),
      dig: z.boolean().optional().describe('break blocks in the way (tunnel, dig down or up)'),
      scaffold: z.boolean().optional().describe('place dirt, cobblestone, … from the inventory to pillar up and bridge'),
    }),
  }),
  explore: sig({
    name: 'explore',
    description: 'Tunnel `distance` blocks in a compass direction (a staircase going down while `descend` lasts) or dig straight `down`, stopping as soon as a `lookFor` block is seen; never breaks into lava, water or a cave below.',
    returns: '{pos, dug: number, found: {x,y,z}[]} (found: the visible lookFor blocks)',
    params: z.object({
      direction: z.enum(['north', 'south', 'east', 'west', 'down']),
      distance: z.number().int().positive().max(128).default(16),
      descend: z.number().int().min(0).max(128).default(0),
      lookFor: blockName.optional(),
    }),
  }),
  findBlocks: sig({
    name: 'findBlocks',
    description: 'List the nearest visible blocks of a type within the agent\'s perception range.',
    returns: '{positions: {x,y,z}[]} nearest first',
    params: z.object({ block: blockName, maxDistance: z.number().positive().optional(), count: count.default(10) }),
  }),
  scoutBlocks: sig({
    name: 'scoutBlocks',
    description: 'Walk toward a position (or in a direction) while looking for a block type; stop as soon as one is seen.',
    returns: '{found: boolean, positions: {x,y,z}[]}',
    params: z.object({
      block: blockName,
      toward: vec3Schema.optional(),
      direction: z.enum(['north', 'south', 'east', 'west']).optional(),
      maxDistance: z.number().positive().default(64),
    }),
  }),
  findEntities: sig({
    name: 'findEntities',
    description: 'List visible entities (mobs, players, dropped items), optionally of one type.',
    returns: '{entities: {id,type,name?,pos,distance,health?}[]} nearest first',
    params: z.object({ type: z.string().optional(), maxDistance: z.number().positive().optional(), count: count.default(10) }),
  }),
  mineBlocks: sig({
    name: 'mineBlocks',
    description: 'Walk to and dig the given block positions with the best tool in the inventory, picking up the drops.',
    returns: '{mined: number, drops: {name,count}[]}',
    params: z.object({ positions: z.array(vec3Schema).min(1).max(256) }),
  }),
  collect: sig({
    name: 'collect',
    description: 'Find, dig and pick up `count` blocks of a type (searching further when none are visible).',
    returns: '{collected: number, drops: {name,count}[]}',
    params: z.object({ block: blockName, count: count.default(1), maxDistance: z.number().positive().default(64) }),
  }),
  craft: sig({
    name: 'craft',
    description: 'Craft an item from the inventory; uses a nearby crafting table, or places one from the inventory when the recipe needs 3x3.',
    returns: '{item, crafted: number}',
    params: z.object({ item: itemName, count: count.default(1) }),
  }),
  smelt: sig({
    name: 'smelt',
    description: 'Smelt items in a nearby furnace (placing one from the inventory if needed) with fuel from the inventory, and take the output.',
    returns: '{input, output, smelted: number}',
    params: z.object({ item: itemName.describe('the input, e.g. raw_iron'), count: count.default(1), fuel: itemName.optional() }),
  }),
  place: sig({
    name: 'place',
    description: 'Place a block from the inventory at a position next to an existing block.',
    returns: '{pos, block}',
    params: z.object({ block: blockName, x: z.number().int(), y: z.number().int(), z: z.number().int() }),
  }),
  buildFloor: sig({
    name: 'buildFloor',
    description: 'Build a filled box of blocks: width (x) by depth (z) by height (y), centred on `center` at its lowest layer.',
    returns: '{placed: number}',
    params: z.object({
      block: blockName,
      center: vec3Schema,
      width: z.number().int().positive().max(32),
      depth: z.number().int().positive().max(32),
      height: z.number().int().positive().max(32).default(1),
    }),
  }),
  buildBlueprint: sig({
    name: 'buildBlueprint',
    description: 'Place a list of blocks at offsets from an origin, bottom layer first.',
    returns: '{placed: number, skipped: number}',
    params: z.object({
      origin: vec3Schema,
      blocks: z.array(z.object({ dx: z.number().int(), dy: z.number().int(), dz: z.number().int(), block: blockName })).min(1).max(4096),
    }),
  }),
  depositToChest: sig({
    name: 'depositToChest',
    description: 'Walk to a chest and put items into it (all of an item when count is omitted).',
    returns: '{deposited: {name,count}[]}',
    params: z.object({ chest: vec3Schema, items: z.array(z.object({ name: itemName, count: count.optional() })).min(1) }),
  }),
  getFromChest: sig({
    name: 'getFromChest',
    description: 'Walk to a chest and take items out of it.',
    returns: '{taken: {name,count}[]}',
    params: z.object({ chest: vec3Schema, items: z.array(z.object({ name: itemName, count: count.optional() })).min(1) }),
  }),
  give: sig({
    name: 'give',
    description: 'Walk to another player and hand them items.',
    returns: '{to, item, count}',
    params: z.object({ player: z.string().min(1), item: itemName, count: count.default(1) }),
  }),
  equip: sig({
    name: 'equip',
    description: 'Hold an item in the hand, or wear armor.',
    returns: '{item, slot}',
    params: z.object({ item: itemName, slot: z.enum(['hand', 'off-hand', 'head', 'chest', 'legs', 'feet']).optional() }),
  }),
  attack: sig({
    name: 'attack',
    description: 'Chase and hit the nearest visible entity of a type (or a given id) until it dies or the timeout passes; a shield in hand or off hand is raised between swings unless `shield` is false.',
    returns: '{target, killed: boolean}',
    params: z.object({
      type: z.string().min(1).optional(),
      id: z.number().int().optional(),
      timeoutTicks: ticks.default(600),
      maxDistance: z.number().positive().optional(),
      shield: z.boolean().default(true).describe('raise a held or off-hand shield between swings (lowered for each swing and while chasing)'),
    }),
  }),
  eat: sig({
    name: 'eat',
    description: 'Eat a food item from the inventory (the most filling one when none is named).',
    returns: '{item, food, saturation}',
    params: z.object({ item: itemName.optional() }),
  }),
  useItem: sig({
    name: 'useItem',
    description: 'Use the held (or named) item: drink a potion, throw, or use it on a block.',
    returns: '{item}',
    params: z.object({ item: itemName.optional(), target: vec3Schema.optional() }),
  }),
  say: sig({
    name: 'say',
    description: 'Say something in chat; only players within chat range (or on a granted radio channel) hear it.',
    returns: '{heardBy: number}',
    params: z.object({ message: z.string().min(1).max(256), to: z.string().optional(), channel: z.string().optional() }),
  }),
  wait: sig({
    name: 'wait',
    description: 'Do nothing for a number of ticks (20 ticks = 1 second).',
    returns: '{ticks}',
    params: z.object({ ticks: ticks.max(24000) }),
  }),
  look: sig({
    name: 'look',
    description: 'Turn to face a position, or to a yaw/pitch in degrees.',
    returns: '{yaw, pitch} (with rendered views on, also {image, width, height}: a handle of the frame seen, shown to you on your next turn)',
    params: z.object({ at: vec3Schema.optional(), yaw: z.number().optional(), pitch: z.number().min(-90).max(90).optional() }),
  }),
} as const;

export type SkillName = keyof typeof SKILL_CATALOG;
export type SkillParams<N extends SkillName> = z.output<(typeof SKILL_CATALOG)[N]['params']>;
export const SKILL_NAMES = Object.keys(SKILL_CATALOG) as SkillName[];

/** The full list, made once: every episode's team set-up asks for it, and probing the schemas is not cheap. */
let allSkills: string | undefined;

/** The one-line-per-skill list that agents' prompts and the docs show. */
export function describeSkills(names: readonly SkillName[] = SKILL_NAMES): string {
  if (names === SKILL_NAMES) return (allSkills ??= describe(names));
  return describe(names);
}

function describe(names: readonly SkillName[]): string {
  return names
    .map((n) => {
      const s = SKILL_CATALOG[n];
      const shape = (s.params as unknown as z.ZodObject).shape as Record<string, z.ZodType>;
      const args = Object.entries(shape)
        .map(([k, v]) => (v.safeParse(undefined).success ? `${k}?` : k))
        .join(', ');
      return `${n}({${args}}): ${s.description} Returns ${s.returns}.`;
    })
    .join('\n');
}
