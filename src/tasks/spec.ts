/**
 * The task spec: TickingCollab's metadata layout (Appendix A, Listing 2) accepted as written —
 * `task` {type, goal, guidance}, `events` [{id, trigger, actions}], `agents` {count, spawn[...]},
 * `environment` {max_steps, world, chest, entities, materials.grid} — plus what the other papers need:
 * `task.success` (MineLand's success criterion; a goal type per evaluator), `task.mode`
 * (cooperative or competitive) and a few environment extras (explicit blocks, chat range, radio).
 *
 * Objects are strict so a misspelt key (`max_heath`) is reported instead of silently ignored.
 * Shapes stay close to the file (inventory as a map or a list) so error paths match what the user
 * wrote; compile.ts normalises them into a Scenario.
 */
import { z } from 'zod';
import { itemStackSchema, positionSchema } from './spec/common.js';
import { boundedList, nameString, nonNegativeNumber, positiveInt, positiveNumber, TASK_LIMITS, textString } from './spec/limits.js';
import { eventSchema } from './spec/events.js';
import { goalSchema } from './spec/goals.js';
import { confederateScriptSchema } from './spec/confederate-script.js';
import { householdMember, householdsSchema, householdTeam, memberPosition } from './spec/households.js';

export const TASK_TYPES = [
  // TickingCollab
  'prepare_crisis',
  'mine_vanishing_blocks',
  'raid_boss',
  // MineLand
  'harvest',
  'tech_tree',
  'combat',
  'survival',
  'creative',
  'construction',
  'stage_performance',
  // MineLand's sociological studies (Appendix O.1): pick one of a few options, e.g. the taller of two towers
  'choice',
  // S-Agents
  'collection',
  'shelter',
  // CuisineWorld in Minecraft (MindAgent)
  'cooking',
  // Many-agent societies (issue 20): households gathering, crafting and building side by side
  'society',
] as const;
export type TaskType = (typeof TASK_TYPES)[number];

/** `suite/name-vN`, e.g. `tickingcollab/prepare-crisis-lava-v1`. */
export const TASK_ID_PATTERN = /^[a-z0-9][a-z0-9_-]*\/[a-z0-9][a-z0-9_.-]*-v[0-9]+$/;

const inventoryEntrySchema = z.union([positiveInt(TASK_LIMITS.items, 'items'), z.strictObject({ count: positiveInt(TASK_LIMITS.items, 'items').default(1), unbreakable: z.boolean().optional(), potion: nameString.optional() })], {
  error: 'expected a count or {count, unbreakable}',
});

/** `{diamond_pickaxe: {count: 1, unbreakable: true}}` (Listing 2), `{gold_pickaxe: 1}` (Listing 1) or `[{name, count}]`. */
export const inventorySchema = z.union([boundedList(itemStackSchema), z.record(nameString, inventoryEntrySchema)], {
  error: 'expected a list [{name, count}] or a map {item: count}',
});

export const effectEntrySchema = z.union(
  [
    nameString,
    z.strictObject({
      type: nameString.optional(),
      name: nameString.optional(),
      amplifier: z.number().int().min(0).max(255).default(0),
      /** Steps; absent: the whole episode. */
      duration: positiveNumber(TASK_LIMITS.steps, 'steps').optional(),
    }),
  ],
  { error: 'expected an effect name (fire_resistance) or {type, amplifier, duration}' },
);

export const capabilitiesSchema = z.strictObject({
  max_health: positiveNumber(TASK_LIMITS.health, 'half-hearts').optional(),
  speed_bps: positiveNumber(TASK_LIMITS.speedBps, 'blocks per second').optional(),
  perception_range: positiveNumber(TASK_LIMITS.perceptionRange, 'blocks').optional(),
  fov_degrees: z.number().positive().max(360).optional(),
  effects: boundedList(effectEntrySchema).default([]),
});

export const agentSpawnSpecSchema = z.strictObject({
  name: z.string().min(1).regex(/^[A-Za-z0-9_]{1,16}$/, 'agent names are 1–16 letters, digits or _ (Minecraft player names)'),
  position: positionSchema,
  inventory: inventorySchema.default([]),
  equipment: z.partialRecord(z.enum(['hand', 'off-hand', 'head', 'chest', 'legs', 'feet']), nameString).optional(),
  capabilities: capabilitiesSchema.optional(),
  /** Competitive tasks: agents with the same team share a score (default: each agent is its own team). */
  team: nameString.optional(),
  /** The oracle agent sees everything (TickingCollab's global-knowledge baseline). */
  omniscient: z.boolean().optional(),
  /** Placed on the ground of its column when the episode starts (`y` is then only a hint): natural terrain's height depends on the seed. */
  on_ground: z.boolean().optional(),
  /** A confederate: the task plays this agent by its script (spec/confederate-script.ts); the team drives the others. */
  script: confederateScriptSchema.optional(),
});
export type AgentSpawnSpec = z.output<typeof agentSpawnSpecSchema>;

const householdBlockSchema = householdsSchema({
  inventory: inventorySchema.default([]),
  equipment: agentSpawnSpecSchema.shape.equipment,
  capabilities: capabilitiesSchema.optional(),
});

/**
 * `spawn` lists agents one by one; `households` declares many in groups (spec/households.ts) and is
 * expanded here into spawn entries after the written ones, so everything downstream sees one list.
 */
export const agentsSchema = z
  .strictObject({
    /** Team size; must match the number of agents (spawn entries plus household members) when given. */
    count: positiveInt(TASK_LIMITS.listEntries, 'agents').optional(),
    spawn: boundedList(agentSpawnSpecSchema).default([]),
    households: householdBlockSchema.optional(),
    /**
     * The team's agents are first asked to decide once every confederate's script has ended, and then hear all
     * that was said meanwhile (MineLand O.1: the tested agent chooses after watching the others). Default false.
     */
    confederates_first: z.boolean().default(false),
  })
  .transform((a, ctx) => {
    const h = a.households;
    if (h && h.count * h.members > TASK_LIMITS.agents) {
      ctx.issues.push({ code: 'custom', input: h, path: ['households'], message: `${h.count} households of ${h.members} is ${h.count * h.members} agents, more than the ${TASK_LIMITS.agents} a task may have` });
      return z.NEVER;
    }
    if (!h && a.spawn.length === 0) {
      ctx.issues.push({ code: 'custom', input: a, path: ['spawn'], message: 'a task needs at least one agent: list agents.spawn or declare agents.households' });
      return z.NEVER;
    }
    const members: AgentSpawnSpec[] = [];
    for (let i = 0; h && i < h.count; i++) {
      for (let m = 0; m < h.members; m++) {
        members.push({
          name: householdMember(h, i, m),
          position: memberPosition(h, i, m),
          inventory: h.inventory,
          ...(h.equipment ? { equipment: h.equipment } : {}),
          ...(h.capabilities ? { capabilities: h.capabilities } : {}),
          team: householdTeam(h, i),
          on_ground: h.on_ground,
        });
      }
    }
    return { ...a, spawn: [...a.spawn, ...members] };
  });

export const WORLD_TYPES = ['flatgrass', 'superflat', 'natural'] as const;
export const TIMES_OF_DAY = { sunrise: 23000, day: 1000, noon: 6000, sunset: 12000, night: 13000, midnight: 18000 } as const;

export const worldSchema = z.strictObject({
  /** `flatgrass`: grass at y=63 so TickingCollab's y=64 coordinates stand on the ground; `superflat`: vanilla's classic preset; `natural`: generated terrain. */
  world_type: z.enum(WORLD_TYPES).default('flatgrass'),
  difficulty: z.enum(['peaceful', 'easy', 'normal', 'hard']).default('normal'),
  time: z.union([z.enum(Object.keys(TIMES_OF_DAY) as [keyof typeof TIMES_OF_DAY]), z.number().int().min(0).max(23999)], { error: 'expected day, noon, sunset, night, midnight, sunrise or a tick 0–23999' }).default('day'),
  gamerules: z.record(nameString, z.boolean()).default({}),
  /** Minecraft version of the names (minecraft-data); default 1.20.4. */
  version: nameString.optional(),
});

export const chestSpecSchema = z.strictObject({ position: positionSchema, items: boundedList(itemStackSchema).default([]) });

export const entitySpawnSpecSchema = z.strictObject({
  type: nameString,
  position: positionSchema,
  count: positiveInt(TASK_LIMITS.mobs, 'mobs').default(1),
  persistent: z.boolean().default(true),
});

/** A pile of blocks: `width` along x, `height` along y, `depth` along z from `position` (Listing 2). */
export const materialPileSchema = z.strictObject({
  block: nameString,
  position: positionSchema,
  width: positiveInt(TASK_LIMITS.side, 'blocks').default(1),
  height: positiveInt(TASK_LIMITS.side, 'blocks').default(1),
  depth: positiveInt(TASK_LIMITS.side, 'blocks').default(1),
});

export const environmentSchema = z.strictObject({
  /** Episode length in steps. */
  /** At most TASK_LIMITS.steps (semantics.ts). */
  max_steps: z.number().int().positive().default(200),
  /** Simulated seconds per step (20 ticks each); triggers, lifetimes and max_steps count steps. */
  step_seconds: positiveNumber(TASK_LIMITS.stepSeconds, 'seconds').default(1),
  world: worldSchema.default({ world_type: 'flatgrass', difficulty: 'normal', time: 'day', gamerules: {} }),
  /** One shared chest (Listing 2) or several. */
  chest: z.union([chestSpecSchema, boundedList(chestSpecSchema)], { error: 'expected a chest {position: [x, y, z]} or a list of them' }).optional(),
  entities: z.strictObject({ hostiles: boundedList(entitySpawnSpecSchema).default([]), passives: boundedList(entitySpawnSpecSchema).default([]) }).optional(),
  materials: z.strictObject({ grid: boundedList(materialPileSchema).default([]) }).optional(),
  /** Single blocks, or boxes with `to`, placed before the episode (after materials). */
  blocks: boundedList(z.strictObject({ block: nameString, position: positionSchema, to: positionSchema.optional() })).default([]),
  /** Chat is heard within this many blocks; null: everywhere. */
  chat_range: positiveNumber(TASK_LIMITS.chatRange, 'blocks').nullable().default(32),
  radio_channels: boundedList(nameString).default([]),
});

export const taskSectionSchema = z.strictObject({
  type: z.enum(TASK_TYPES),
  goal: textString.min(1),
  guidance: z.union([textString, z.strictObject({ text: textString })], { error: 'expected text or {text: ...}' }).optional(),
  mode: z.enum(['cooperative', 'competitive']).default('cooperative'),
  /** How success is decided; default from `type` where the paper defines one. */
  success: z.union([goalSchema, boundedList(goalSchema).min(1)]).optional(),
  /**
   * The parameter space's capability bounds that heterogeneity H is normalised by (TickingCollab §2.2:
   * "predefined bounds of the parameter space"). `guildcraft generate` writes its user spec's ranges here,
   * so `validate --difficulty` measures the file as the generator did; default: difficulty.ts's bounds.
   */
  heterogeneity_bounds: z
    .strictObject({
      max_health: z.tuple([nonNegativeNumber(TASK_LIMITS.health, 'half-hearts'), nonNegativeNumber(TASK_LIMITS.health, 'half-hearts')]).optional(),
      speed_bps: z.tuple([nonNegativeNumber(TASK_LIMITS.speedBps, 'blocks per second'), nonNegativeNumber(TASK_LIMITS.speedBps, 'blocks per second')]).optional(),
      perception_range: z.tuple([nonNegativeNumber(TASK_LIMITS.perceptionRange, 'blocks'), nonNegativeNumber(TASK_LIMITS.perceptionRange, 'blocks')]).optional(),
    })
    .refine((b) => Object.values(b).every((r) => r === undefined || r[1] > r[0]), { message: 'each range is [low, high] with high > low' })
    .optional(),
});

export const taskSpecSchema = z.strictObject({
  /** `suite/name-vN`; default: from the file's folder and name. */
  id: z.string().max(200, 'a task id has at most 200 characters').regex(TASK_ID_PATTERN, 'task ids look like suite/name-vN (lowercase, e.g. tickingcollab/prepare-crisis-lava-v1)').optional(),
  description: textString.optional(),
  /** Modules (paths relative to the task file) whose goal and event kinds the task uses (docs/add-a-task.md). */
  plugins: z.array(z.string().min(1)).default([]),
  task: taskSectionSchema,
  environment: environmentSchema.default(environmentSchema.parse({})),
  events: boundedList(eventSchema).default([]),
  agents: agentsSchema,
});

export type TaskSpec = z.output<typeof taskSpecSchema> & { id: string };
export type RawTaskSpec = z.input<typeof taskSpecSchema>;
export type EnvironmentSpec = z.output<typeof environmentSchema>;

export { itemStackSchema } from './spec/common.js';
export type { ItemStackSpec, ItemRequirement, Box } from './spec/common.js';
export type { EventSpec, ActionSpec, ActionType, ActionOf, TriggerSpec, Direction } from './spec/events.js';
export type { GoalSpec, GoalType, GoalOf, StageLine } from './spec/goals.js';

/** The task's guidance as text: TickingCollab's files write it as a string or as `{text: ...}`. */
export function guidanceText(guidance: TaskSpec['task']['guidance']): string | undefined {
  if (guidance === undefined) return undefined;
  return typeof guidance === 'string' ? guidance : guidance.text;
}
