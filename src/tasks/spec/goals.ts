/**
 * Success criteria (MineLand's f_suc / f_score): one goal, or a list that must all hold. Each goal type
 * has one evaluator in src/tasks/goals/. Task types from the papers pick a default goal when the
 * file gives none (see defaultGoalFor in compile.ts).
 */
import { z } from 'zod';
import { COOKING_DISHES } from '../cooking/menu.js';
import { GOAL_KINDS } from '../goals/goal-kinds.js';
import { pluginKindSchema, type KindLookup, type PluginKindSpec } from '../kind-table.js';
import { areaSchema, itemRequirementSchema, positionSchema } from './common.js';
import { boundedList, nameString, positiveInt, positiveNumber, TASK_LIMITS, textString } from './limits.js';

/** One blueprint row: one character per block along +x. */
const blueprintRow = z.string().max(TASK_LIMITS.blueprintRow, `a blueprint row has at most ${TASK_LIMITS.blueprintRow} characters (blocks)`);

export const chestContainsGoalSchema = z.strictObject({
  type: z.literal('chest_contains'),
  /** Default: the task's (first) chest. */
  position: positionSchema.optional(),
  items: boundedList(itemRequirementSchema).min(1),
});

export const teamInventoryGoalSchema = z.strictObject({
  type: z.literal('team_inventory_contains'),
  items: boundedList(itemRequirementSchema).min(1),
  /** Also count what the team stored in the task's chests. */
  include_chests: z.boolean().default(false),
});

/** MineLand harvest: obtain `count` of an item (team total when cooperative, each agent's own when competitive). */
export const harvestGoalSchema = z.strictObject({
  type: z.literal('harvest'),
  item: nameString,
  count: positiveInt(TASK_LIMITS.items, 'items').default(1),
});

/** MineLand tech tree: obtain a tool; `path` lists the milestones whose share is the partial score. */
export const techTreeGoalSchema = z.strictObject({
  type: z.literal('tech_tree'),
  tool: nameString,
  path: boundedList(nameString).default([]),
});

/** MineLand combat: agents kill `count` mobs of a type. */
export const combatGoalSchema = z.strictObject({
  type: z.literal('combat'),
  mob: nameString,
  count: positiveInt(TASK_LIMITS.items, 'kills').default(1),
});

export const killBossGoalSchema = z.strictObject({
  type: z.literal('kill_boss'),
  /** The boss's name from its spawn_boss action; default: every boss. */
  name: nameString.optional(),
});

/** TickingCollab "prepare for a crisis": nobody dies before `until_step` (default: the end of the episode). */
export const allSurviveGoalSchema = z.strictObject({
  type: z.literal('all_survive'),
  until_step: positiveInt(TASK_LIMITS.steps, 'steps').optional(),
});

/** MineLand survival: stay alive for `days` Minecraft days (24000 ticks each). */
export const surviveDaysGoalSchema = z.strictObject({
  type: z.literal('survive_days'),
  days: positiveNumber(TASK_LIMITS.days, 'days'),
  /** `all` agents must live (cooperative default) or `any` one. */
  who: z.enum(['all', 'any']).default('all'),
});

/**
 * A structure to build: `layers` bottom-up, each a list of rows along +z, each row's characters along +x,
 * mapped through `palette`. `.` means the spot must be air; a space means "anything".
 */
export const blueprintGoalSchema = z.strictObject({
  type: z.literal('blueprint'),
  origin: positionSchema,
  palette: z.record(z.string().length(1), nameString),
  layers: z.array(z.array(blueprintRow).max(TASK_LIMITS.blueprintRow, `at most ${TASK_LIMITS.blueprintRow} rows in a layer`)).min(1).max(TASK_LIMITS.blueprintRow, `at most ${TASK_LIMITS.blueprintRow} layers`),
  /** Block-level accuracy needed for success. */
  threshold: z.number().min(0).max(1).default(1),
});

/**
 * A society's progress: a hut per household plot (the `hut` blueprint, one character per block as in
 * `blueprint`; only its blocks are checked, `.` and spaces are not), found at whatever height its
 * household built it, plus items the society holds. `plots` default to one per `agents.households`
 * household, at its centre moved by `offset` (compile.ts fills them in).
 */
export const settlementGoalSchema = z.strictObject({
  type: z.literal('settlement'),
  hut: z.strictObject({
    palette: z.record(z.string().length(1), nameString),
    layers: z.array(z.array(blueprintRow).max(TASK_LIMITS.blueprintRow, `at most ${TASK_LIMITS.blueprintRow} rows in a layer`)).min(1).max(TASK_LIMITS.blueprintRow, `at most ${TASK_LIMITS.blueprintRow} layers`),
  }),
  /** The hut's low corner relative to a household's centre, `[dx, dz]`. */
  offset: z.tuple([z.number().int().min(-TASK_LIMITS.side).max(TASK_LIMITS.side), z.number().int().min(-TASK_LIMITS.side).max(TASK_LIMITS.side)]).default([2, -2]),
  /**
   * Each hut's low corner (`y` is where the search for it starts) and the household (team) it belongs
   * to; `members` is filled in from the agents' teams when the task compiles (players read it from the brief).
   */
  plots: boundedList(z.strictObject({ team: nameString, position: positionSchema, members: boundedList(nameString).optional() })).optional(),
  /** Share of a hut's blocks in place for it to count as built. */
  hut_threshold: z.number().min(0).max(1).default(0.9),
  /** Share of plots with a built hut for success. */
  threshold: z.number().min(0).max(1).default(0.5),
  /** Items the society's inventories hold between them (each counts as much as the huts in the score). */
  items: boundedList(itemRequirementSchema).default([]),
});

/** S-Agents' collective shelter: a foundation, walls with a door, and a roof, checked block by block. */
export const shelterGoalSchema = z.strictObject({
  type: z.literal('shelter'),
  /** The lowest corner of the foundation (min x, y, min z). */
  origin: positionSchema,
  width: z.number().int().min(3).max(TASK_LIMITS.side).default(5),
  depth: z.number().int().min(3).max(TASK_LIMITS.side).default(5),
  wall_height: positiveInt(TASK_LIMITS.maxY - TASK_LIMITS.minY, 'blocks').default(3),
  foundation: boundedList(nameString).min(1).default(['cobblestone', 'stone']),
  walls: boundedList(nameString).min(1).default(['oak_planks']),
  roof: boundedList(nameString).min(1).default(['cobblestone', 'stone']),
  /** A door anywhere in the walls' bottom row (default true). */
  door: z.boolean().default(true),
});

/** S-Agents collective collection: the team gathers amounts of basic resources (inventories plus chests). */
export const collectionGoalSchema = z.strictObject({
  type: z.literal('collection'),
  items: boundedList(itemRequirementSchema).min(1),
});

export const STAGE_ACTIONS = ['chat', 'get', 'eat', 'craft', 'give', 'died', 'kill', 'place', 'break'] as const;

/** One behaviour of a script: `Bob chat 'Hello'`, `Alice get shears`, `pig died`. */
export const stageLineSchema = z.strictObject({
  /** Agent name (or a mob type for `died`); absent: anyone. */
  actor: nameString.optional(),
  action: z.enum(STAGE_ACTIONS),
  /** Item, block or mob the action is about. */
  object: nameString.optional(),
  /** For `chat`: the line to say. */
  text: textString.min(1).optional(),
});
export type StageLine = z.output<typeof stageLineSchema>;

/** MineLand stage performance: the script's behaviours against the agents' recorded behaviours (LCS). */
export const stagePerformanceGoalSchema = z.strictObject({
  type: z.literal('stage_performance'),
  script: boundedList(stageLineSchema).min(1),
  /** Keypoint score needed for success. */
  threshold: z.number().min(0).max(1).default(1),
});

/** One option of a choice: where it stands and the words that name it in chat. */
export const choiceOptionSchema = z.strictObject({
  /** The option's place (a tower's foot): standing within `radius` blocks of it, horizontally, chooses it. */
  position: positionSchema,
  radius: positiveNumber(TASK_LIMITS.side, 'blocks').default(3),
  /** Words that name the option in chat (whole words, any case); default: the option's own name. */
  words: boundedList(nameString).optional(),
});

/**
 * MineLand's conformity study (Appendix O.1): the chooser picks one of the options, read from what it does (the
 * rule is in goals/choice.ts); score 1 for the `correct` option, 0 for another.
 */
export const choiceGoalSchema = z.strictObject({
  type: z.literal('choice'),
  /** Option name -> option (e.g. `right: {position: [-6, 64, 10], words: [right, taller]}`). */
  options: z.record(nameString, choiceOptionSchema),
  /** The option that is right. */
  correct: nameString,
  /** The agents whose choice counts; default: every agent the team drives (the spawns without a script). */
  choosers: boundedList(nameString).min(1).optional(),
});

/** An open goal: the episode is recorded and scored only by an optional judge. */
export const creativeGoalSchema = z.strictObject({
  type: z.literal('creative'),
  judge: z.strictObject({ rubric: textString.min(1), threshold: z.number().min(0).max(1).default(0.6) }).optional(),
});

/** MindAgent's order stream in Minecraft: dish orders arrive and expire; serve them in the counter chest (src/tasks/cooking/). */
export const cookingOrdersGoalSchema = z.strictObject({
  type: z.literal('cooking_orders'),
  /** The counter chest; default: the task's (first) chest. */
  position: positionSchema.optional(),
  menu: boundedList(z.enum(COOKING_DISHES)).min(1),
  /** Order pressure: intervals and lifetimes scale with it (CoS averages alpha 1.0 .. 3.0). */
  alpha: z.number().positive().max(100).default(2),
  max_open: z.number().int().positive().max(100).default(6),
  /** Seed of the dish sequence; default: the episode's seed (`run --seed`), so episodes differ. The CoS runner sets one per episode. */
  seed: z.union([z.number().int().min(-Number.MAX_SAFE_INTEGER).max(Number.MAX_SAFE_INTEGER), nameString]).optional(),
  /** Where an animal for each new meat order is summoned; absent: no restocking. */
  pasture: areaSchema.optional(),
  /** Completion rate (completed / (completed + failed)) at the end needed for success. */
  threshold: z.number().min(0).max(1).default(0.5),
});

/** The goals built into guildcraft; the compiler checks every switch over them. */
export const builtinGoalSchema = z.discriminatedUnion('type', [
  chestContainsGoalSchema,
  teamInventoryGoalSchema,
  harvestGoalSchema,
  techTreeGoalSchema,
  combatGoalSchema,
  killBossGoalSchema,
  allSurviveGoalSchema,
  surviveDaysGoalSchema,
  blueprintGoalSchema,
  settlementGoalSchema,
  shelterGoalSchema,
  collectionGoalSchema,
  stagePerformanceGoalSchema,
  choiceGoalSchema,
  creativeGoalSchema,
  cookingOrdersGoalSchema,
]);
export type BuiltinGoalSpec = z.output<typeof builtinGoalSchema>;
export type GoalType = BuiltinGoalSpec['type'];
export type GoalOf<T extends GoalType> = Extract<BuiltinGoalSpec, { type: T }>;

/** A goal of a plugin kind (`acme:deliver`), checked by its kind's schema (goals/goal-kinds.ts). */
export type PluginGoalSpec = PluginKindSpec;

const pluginGoalSchema: z.ZodType<PluginGoalSpec> = pluginKindSchema<PluginGoalSpec>((): KindLookup => GOAL_KINDS, 'a plugin goal kind needs --plugin or the task file\'s plugins:');

/** Any goal: a plugin kind's or a built-in one. */
export const goalSchema = z.union([pluginGoalSchema, builtinGoalSchema]);
export type GoalSpec = BuiltinGoalSpec | PluginGoalSpec;
