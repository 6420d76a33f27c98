/** Small builders for the actions non-LLM agents send, so call sites read like the skill catalog. */
import type { AgentAction } from '../../core/actions.js';
import type { Observation } from '../../core/observation.js';
import type { SkillName } from '../../skills/catalog.js';

export const skill = (name: SkillName, params: Record<string, unknown> = {}): AgentAction => ({ type: 'skill', name, params });

/** Wait a little and be asked again (the runner asks when a skill ends). */
export const pause = (ticks = 20): AgentAction => skill('wait', { ticks });

/** The observation's inventory as a name -> count map (held, armor and main slots together). */
export function inventoryOf(obs: Observation): Record<string, number> {
  const out: Record<string, number> = {};
  for (const i of obs.inventory) out[i.name] = (out[i.name] ?? 0) + i.count;
  return out;
}

/** The skill result of the last finished skill named `name` in this observation, if any. */
export function lastFinished(obs: Observation, name?: string): Observation['finishedSkills'][number] | undefined {
  const list = name === undefined ? obs.finishedSkills : obs.finishedSkills.filter((f) => f.name === name);
  return list[list.length - 1];
}

export const horizontalDistance = (a: { x: number; z: number }, b: { x: number; z: number }): number => Math.hypot(a.x - b.x, a.z - b.z);
export const distance3 = (a: { x: number; y: number; z: number }, b: { x: number; y: number; z: number }): number => Math.hypot(a.x - b.x, a.y - b.y, a.z - b.z);
