/**
 * The StepResult every backend returns: one entry per agent in the episode, plus agents that left
 * since the last step, reported once more with `terminated` and then never again.
 */
import type { Observation } from '../core/observation.js';
import type { AgentId, StepResult } from './env.js';

export interface ActiveAgentStep {
  observation: Observation;
  info: Record<string, unknown>;
}

export function assembleStepResult(active: Iterable<[AgentId, ActiveAgentStep]>, left: Map<AgentId, Observation>, truncated: boolean): StepResult<Observation> {
  const out: StepResult<Observation> = { observations: {}, rewards: {}, terminated: {}, truncated: {}, infos: {} };
  for (const [name, a] of active) {
    out.observations[name] = a.observation;
    out.rewards[name] = 0;
    out.terminated[name] = false;
    out.truncated[name] = truncated;
    out.infos[name] = a.info;
  }
  for (const [name, obs] of left) {
    out.observations[name] = obs;
    out.rewards[name] = 0;
    out.terminated[name] = true;
    out.truncated[name] = false;
    out.infos[name] = { left: true };
  }
  left.clear();
  return out;
}
