/**
 * A Scenario is what a backend needs to start an episode: the world, the agents and what is placed
 * before tick 0. It is backend-neutral (the sim backend builds it in its embedded world, the
 * Minecraft backend applies it with server commands) and knows nothing of goals: the tasks layer
 * compiles a task spec into a Scenario plus its own evaluators and dynamic events.
 */
import { z } from 'zod';
import { vec3Schema } from '../core/actions.js';
import { InputError } from '../core/errors.js';

export const itemStackSchema = z.object({
  name: z.string().min(1),
  count: z.number().int().positive().default(1),
  /** Potion type of a `potion`/`splash_potion` (`healing`, `fire_resistance`, …). */
  potion: z.string().min(1).optional(),
  /** The item takes no wear. */
  unbreakable: z.boolean().optional(),
});
/** Items as a scenario, a chest or `WorldAdmin.setChestContents` give them. */
export type ScenarioItem = z.output<typeof itemStackSchema>;

export const agentSpawnSchema = z.object({
  /** Unique; how agents address each other. */
  name: z.string().min(1),
  position: vec3Schema,
  inventory: z.array(itemStackSchema).default([]),
  /** Armor and held item by slot. */
  equipment: z.partialRecord(z.enum(['hand', 'off-hand', 'head', 'chest', 'legs', 'feet']), z.string()).default({}),
  capabilities: z
    .object({
      maxHealth: z.number().positive().optional(),
      speedBps: z.number().positive().optional(),
      perceptionRange: z.number().positive().optional(),
      /** Field of view in degrees (absent: sees all around). */
      fovDegrees: z.number().positive().max(360).optional(),
      /** Effects for the whole episode (e.g. fire_resistance), or with a duration in ticks. */
      effects: z.array(z.object({ name: z.string(), amplifier: z.number().int().min(0).default(0), durationTicks: z.number().int().positive().optional() })).default([]),
    })
    .default({ effects: [] }),
  /** The oracle sees everything; every other agent is limited by its senses. */
  omniscient: z.boolean().default(false),
  /** Stand on the ground of the position's column (its y is then only a hint): natural terrain's height depends on the seed. */
  onGround: z.boolean().optional(),
});

export const scenarioSchema = z.object({
  world: z
    .object({
      /** `flat` layers (bottom up) or `natural` terrain. */
      terrain: z
        .union([
          z.object({ type: z.literal('flat'), layers: z.array(z.object({ block: z.string(), height: z.number().int().positive() })).optional() }),
          z.object({ type: z.literal('natural') }),
        ])
        .default({ type: 'flat' }),
      difficulty: z.enum(['peaceful', 'easy', 'normal', 'hard']).default('normal'),
      timeOfDay: z.number().int().min(0).max(23999).default(1000),
      gamerules: z.record(z.string(), z.boolean()).default({}),
      version: z.string().optional(),
    })
    .default({ terrain: { type: 'flat' }, difficulty: 'normal', timeOfDay: 1000, gamerules: {} }),
  agents: z.array(agentSpawnSchema).min(1),
  /** Blocks set before the episode, in order (later ones win). `to` fills a box from `pos` to `to`. */
  blocks: z.array(z.object({ pos: vec3Schema, to: vec3Schema.optional(), block: z.string().min(1) })).default([]),
  chests: z.array(z.object({ pos: vec3Schema, items: z.array(itemStackSchema).default([]) })).default([]),
  entities: z.array(z.object({ type: z.string().min(1), pos: vec3Schema, count: z.number().int().positive().default(1), persistent: z.boolean().default(true) })).default([]),
  /** Chat is heard within this many blocks; null means everywhere (no range limit). */
  chatRange: z.number().positive().nullable().default(32),
  /** Radio channels agents may use to talk regardless of distance (only when the task grants them). */
  radioChannels: z.array(z.string()).default([]),
  /** Truncate the episode after this many ticks. */
  maxTicks: z.number().int().positive().default(20 * 60 * 10),
});

export type Scenario = z.input<typeof scenarioSchema>;
export type ParsedScenario = z.output<typeof scenarioSchema>;
export type AgentSpawn = z.output<typeof agentSpawnSchema>;

/** A scenario checked for every backend alike: the schema, then unique agent names. */
export function parseScenario(raw: Scenario): ParsedScenario {
  const parsed = scenarioSchema.safeParse(raw);
  if (!parsed.success) {
    const issues = parsed.error.issues.map((i) => `${i.path.join('.') || '(scenario)'}: ${i.message}`).join('; ');
    throw new InputError(`the scenario is invalid: ${issues}`, 'fix the scenario (see src/env/scenario.ts)');
  }
  const names = parsed.data.agents.map((a) => a.name);
  const dup = names.find((n, i) => names.indexOf(n) !== i);
  if (dup) throw new InputError(`two agents are named '${dup}'`, 'give every agent a unique name');
  return parsed.data;
}

/** An agent joining mid-episode, checked against the schema and the names already in it. */
export function parseAgentSpawn(raw: AgentSpawn, present: { has(name: string): boolean }): AgentSpawn {
  const parsed = agentSpawnSchema.safeParse(raw);
  if (!parsed.success) {
    throw new InputError(`the agent spawn is invalid: ${parsed.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`).join('; ')}`, 'fix the agent entry (see agentSpawnSchema)');
  }
  if (present.has(parsed.data.name)) throw new InputError(`an agent named '${parsed.data.name}' is already in the episode`, 'give every agent a unique name');
  return parsed.data;
}
