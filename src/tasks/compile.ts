/**
 * TaskSpec + seed -> what an episode needs: the backend-neutral Scenario (src/env/scenario.ts), the
 * dynamic events and the goals with the timing that turns the paper's steps into ticks. Pure: the
 * same spec and seed always compile to the same task; the seed reaches the events' random streams.
 */
import type { Vec3 } from '../core/vec3.js';
import type { AgentSpawn, Scenario, ScenarioItem } from '../env/scenario.js';
import { modelledGamerules, unmodelledGamerules } from './gamerules.js';
import { effectCommandName } from './names.js';
import { goalsOf } from './semantics.js';
import { householdsOf } from './spec/households.js';
import { TIMES_OF_DAY, type AgentSpawnSpec, type EnvironmentSpec, type EventSpec, type GoalSpec, type TaskSpec } from './spec.js';

export const TICKS_PER_SECOND = 20;

/**
 * TickingCollab writes y=64 as ground level, so `flatgrass` stacks layers from the world bottom (-64)
 * until the grass block sits at y=63: 1 bedrock + 124 stone + 2 dirt + 1 grass = 128 layers.
 */
export const FLATGRASS_LAYERS = [
  { block: 'bedrock', height: 1 },
  { block: 'stone', height: 124 },
  { block: 'dirt', height: 2 },
  { block: 'grass_block', height: 1 },
];
/** First air layer of `flatgrass`, where agents stand and TickingCollab's crises flow. */
export const FLATGRASS_GROUND_Y = 64;

export interface CompiledTask {
  id: string;
  spec: TaskSpec;
  seed: number | string;
  scenario: Scenario;
  events: EventSpec[];
  goals: GoalSpec[];
  mode: 'cooperative' | 'competitive';
  /** Ticks in one step of the spec (triggers, lifetimes, max_steps count steps). */
  ticksPerStep: number;
  maxSteps: number;
  /** Positions of the task's chests, first one is "the chest". */
  chests: Vec3[];
  /** Agent -> team (competitive scoring); every agent is its own team unless the spec groups them. */
  teams: Record<string, string>;
  /** Vanilla gamerules the file sets that the simulator does not model (kept out of the Scenario). */
  unmodelledGamerules: Record<string, boolean>;
}

export function compileTask(spec: TaskSpec, seed: number | string): CompiledTask {
  const env = spec.environment;
  const ticksPerStep = Math.max(1, Math.round(env.step_seconds * TICKS_PER_SECOND));
  const chestSpecs = env.chest === undefined ? [] : Array.isArray(env.chest) ? env.chest : [env.chest];
  const scenario: Scenario = {
    world: {
      terrain: terrainOf(env),
      difficulty: env.world.difficulty,
      timeOfDay: typeof env.world.time === 'number' ? env.world.time : TIMES_OF_DAY[env.world.time],
      gamerules: modelledGamerules(env.world.gamerules),
      ...(env.world.version === undefined ? {} : { version: env.world.version }),
    },
    agents: spec.agents.spawn.map((a) => agentSpawnOf(a, ticksPerStep)),
    blocks: [
      ...(env.materials?.grid ?? []).map((p) => ({
        pos: p.position,
        to: { x: p.position.x + p.width - 1, y: p.position.y + p.height - 1, z: p.position.z + p.depth - 1 },
        block: p.block,
      })),
      ...env.blocks.map((b) => ({ pos: b.position, ...(b.to ? { to: b.to } : {}), block: b.block })),
    ],
    chests: chestSpecs.map((c) => ({ pos: c.position, items: c.items.map((i) => stackOf(i.name, i)) })),
    entities: [...(env.entities?.hostiles ?? []), ...(env.entities?.passives ?? [])].map((e) => ({ type: e.type, pos: e.position, count: e.count, persistent: e.persistent })),
    chatRange: env.chat_range,
    radioChannels: env.radio_channels,
    maxTicks: env.max_steps * ticksPerStep,
  };
  const teams: Record<string, string> = {};
  for (const a of spec.agents.spawn) teams[a.name] = a.team ?? a.name;
  return {
    id: spec.id,
    spec,
    seed,
    scenario,
    events: spec.events,
    goals: goalsOf(spec).map((g) => withChoosers(withPlots(g.goal, spec), spec)),
    mode: spec.task.mode,
    ticksPerStep,
    maxSteps: env.max_steps,
    chests: chestSpecs.map((c) => c.position),
    teams,
    unmodelledGamerules: unmodelledGamerules(env.world.gamerules),
  };
}

/**
 * A settlement goal's plots with their members (the agents of each plot's team); a goal without plots
 * gets one per household of `agents.households`, at its centre moved by the goal's offset.
 */
function withPlots(goal: GoalSpec, spec: TaskSpec): GoalSpec {
  if (goal.type !== 'settlement') return goal;
  const layout = spec.agents.households;
  const [dx, dz] = goal.offset;
  const plots = goal.plots ?? (layout ? householdsOf(layout).map((h) => ({ team: h.team, position: { x: h.centre.x + dx, y: h.centre.y, z: h.centre.z + dz } })) : []);
  const members = (team: string) => spec.agents.spawn.filter((a) => (a.team ?? a.name) === team).map((a) => a.name);
  return { ...goal, plots: plots.map((p) => ({ ...p, members: members(p.team) })) };
}

/** A choice goal's choosers default to the agents the team drives: every spawn without a script (not the confederates). */
function withChoosers(goal: GoalSpec, spec: TaskSpec): GoalSpec {
  if (goal.type !== 'choice' || goal.choosers !== undefined) return goal;
  return { ...goal, choosers: spec.agents.spawn.filter((a) => a.script === undefined).map((a) => a.name) };
}

function terrainOf(env: EnvironmentSpec): NonNullable<Scenario['world']>['terrain'] {
  switch (env.world.world_type) {
    case 'flatgrass':
      return { type: 'flat', layers: FLATGRASS_LAYERS };
    case 'superflat':
      return { type: 'flat' };
    case 'natural':
      return { type: 'natural' };
  }
}

/** An item of a task file as the scenario carries it, extras (potion type, unbreakable) included. */
function stackOf(name: string, e: { count: number; potion?: string | undefined; unbreakable?: boolean | undefined }): ScenarioItem {
  return { name, count: e.count, ...(e.potion === undefined ? {} : { potion: e.potion }), ...(e.unbreakable ? { unbreakable: true } : {}) };
}

function agentSpawnOf(a: AgentSpawnSpec, ticksPerStep: number): AgentSpawn {
  const inventory = Array.isArray(a.inventory)
    ? a.inventory.map((i) => stackOf(i.name, i))
    : Object.entries(a.inventory).map(([name, e]) => stackOf(name, typeof e === 'number' ? { count: e } : e));
  const caps = a.capabilities;
  return {
    name: a.name,
    position: a.position,
    inventory,
    equipment: a.equipment ?? {},
    capabilities: {
      ...(caps?.max_health === undefined ? {} : { maxHealth: caps.max_health }),
      ...(caps?.speed_bps === undefined ? {} : { speedBps: caps.speed_bps }),
      ...(caps?.perception_range === undefined ? {} : { perceptionRange: caps.perception_range }),
      ...(caps?.fov_degrees === undefined ? {} : { fovDegrees: caps.fov_degrees }),
      effects: (caps?.effects ?? []).map((e) =>
        typeof e === 'string'
          ? { name: effectCommandName(e), amplifier: 0 }
          : {
              name: effectCommandName(e.type ?? e.name ?? ''),
              amplifier: e.amplifier,
              ...(e.duration === undefined ? {} : { durationTicks: Math.max(1, Math.round(e.duration * ticksPerStep)) }),
            },
      ),
    },
    omniscient: a.omniscient ?? false,
    ...(a.on_ground ? { onGround: true } : {}),
  };
}
