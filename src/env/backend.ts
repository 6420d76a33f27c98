/**
 * The contract every world backend (sim, minecraft) fulfils on top of the PettingZoo-shaped Env:
 * the same actions and observations, a privileged WorldAdmin for the tasks layer, agents that join
 * and leave mid-episode, and both execution modes. The conformance suite in test/conformance/
 * runs against this interface, so a backend that passes it can run every task and agent.
 */
import type { AgentAction } from '../core/actions.js';
import type { Observation } from '../core/observation.js';
import type { WorldEvent } from '../core/world-event.js';
import type { AgentId, Env, StepResult } from './env.js';
import type { AgentSpawn, Scenario } from './scenario.js';
import type { WorldAdmin } from './world-admin.js';

export interface BackendStepInfo {
  /** Ticks the world advanced in this step. */
  ticks: number;
}

export interface WorldBackend extends Env<Scenario, AgentAction, Observation> {
  /** `sim` or `minecraft`. */
  readonly kind: string;
  /** Ticks since reset. */
  readonly tick: number;
  /** Set-up, dynamic events and evaluation; valid after reset. Never handed to agents. */
  readonly admin: WorldAdmin;
  /** Ticks one `step` advances in sync mode (default 20: one simulated second). */
  readonly ticksPerStep: number;
  /** Adds an agent mid-episode; its first observation comes with the next step. */
  addAgent(spawn: AgentSpawn): Promise<void>;
  removeAgent(name: AgentId): Promise<void>;
  /** Observation of one agent now, without advancing the world. */
  observe(name: AgentId): Observation;
  /**
   * Subscribe to every world event (the backend-neutral union of core/world-event.ts, plain JSON,
   * for run logs and evaluators); returns unsubscribe.
   */
  onEvent(listener: (event: WorldEvent) => void): () => void;
}

export type BackendStepResult = StepResult<Observation>;
