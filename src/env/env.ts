/**
 * The Env contract, PettingZoo-shaped and shared by every backend (sim, minecraft, cuisine).
 * `reset` starts an episode from a seed; `step` takes one action per agent and advances the world
 * by a fixed timestep (sync mode) — the world waits while agents decide, so thinking time never
 * counts. `terminated` (the episode ended by its own rules: success, failure, death) and
 * `truncated` (cut off by a step or time limit) are reported separately, per agent.
 */
export type AgentId = string;

export interface ResetOptions<Scenario> {
  seed: number | string;
  scenario: Scenario;
}

export interface StepResult<Obs> {
  observations: Record<AgentId, Obs>;
  rewards: Record<AgentId, number>;
  terminated: Record<AgentId, boolean>;
  truncated: Record<AgentId, boolean>;
  infos: Record<AgentId, Record<string, unknown>>;
}

export interface Env<Scenario, Action, Obs> {
  /** Agents currently in the episode (agents may join and leave mid-episode). */
  readonly agents: readonly AgentId[];
  reset(options: ResetOptions<Scenario>): Promise<Record<AgentId, Obs>>;
  step(actions: Partial<Record<AgentId, Action>>): Promise<StepResult<Obs>>;
  close(): Promise<void>;
}
