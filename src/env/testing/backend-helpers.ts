/** Small drivers for backend tests (the conformance suite's, and third parties' through guildcraft/testing): run a skill to its end, find reports, build scenarios. */
import type { AgentAction } from '../../core/actions.js';
import type { FinishedSkillReport, Observation } from '../../core/observation.js';
import type { WorldBackend } from '../backend.js';
import type { Scenario } from '../scenario.js';

/** Feet height of an agent standing on the default (classic superflat) terrain: grass top at y = -61. */
export const GROUND_Y = -60;

export type AgentSpec = Scenario['agents'][number];

/** An agent standing on block (x, z). Sight is 16 blocks (every case sits inside it) so fresh worlds scan quickly. */
export function agentAt(name: string, x: number, z: number, extra: Partial<AgentSpec> = {}): AgentSpec {
  return { name, position: { x: x + 0.5, y: GROUND_Y, z: z + 0.5 }, capabilities: { perceptionRange: 16, effects: [] }, ...extra };
}

/** A flat, peaceful-by-rule scenario: no natural mob spawning, no day/night change, so cases control every mob. */
export function flatScenario(agents: AgentSpec[], extra: Partial<Scenario> = {}): Scenario {
  return {
    world: { terrain: { type: 'flat' }, difficulty: 'normal', timeOfDay: 6000, gamerules: { doMobSpawning: false, doDaylightCycle: false } },
    agents,
    ...extra,
  };
}

/**
 * Sends `action` to `agent`, then steps until a finished report named `skill` arrives (or
 * `maxTicks` of world time pass). Returns the report and every observation seen on the way.
 */
export async function runSkill(
  env: WorldBackend,
  agent: string,
  action: AgentAction,
  skill: string,
  maxTicks = 1200,
): Promise<{ report: FinishedSkillReport | null; observations: Observation[] }> {
  const observations: Observation[] = [];
  const steps = Math.max(1, Math.ceil(maxTicks / env.ticksPerStep));
  for (let i = 0; i < steps; i++) {
    const r = await env.step(i === 0 ? { [agent]: action } : {});
    const obs = r.observations[agent];
    if (!obs) break;
    observations.push(obs);
    const report = obs.finishedSkills.find((f) => f.name === skill);
    if (report) return { report, observations };
  }
  return { report: null, observations };
}

export function skill(name: string, params: Record<string, unknown> = {}, queue?: boolean): AgentAction {
  return queue === undefined ? { type: 'skill', name, params } : { type: 'skill', name, params, queue };
}

export function count(obs: Observation, item: string): number {
  return obs.inventory.filter((i) => i.name === item).reduce((n, i) => n + i.count, 0);
}

/** Every finished report an agent got over a list of observations. */
export function reportsOf(observations: readonly Observation[]): FinishedSkillReport[] {
  return observations.flatMap((o) => o.finishedSkills);
}

/** Steps the world (no actions) until `done()` holds or `maxSteps` steps have passed; returns whether it held. */
export async function stepUntil(env: WorldBackend, done: () => boolean, maxSteps: number): Promise<boolean> {
  for (let i = 0; i < maxSteps; i++) {
    if (done()) return true;
    await env.step({});
  }
  return done();
}
