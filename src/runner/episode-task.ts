/**
 * What the runner needs from a task: its brief for agents, its Scenario for the backend, and hooks
 * for set-up, dynamic events and the outcome. The tasks layer's TaskRuntime is adapted to this in
 * `task-adapter.ts`; tests can hand-write one.
 */
import type { WorldBackend } from '../env/backend.js';
import type { AnyEpisodeBackend, ScenarioOf } from '../env/episode-backend.js';
import type { TaskBrief } from '../agents/team.js';

export interface TaskOutcome {
  /** The task ended by its own rules (goal reached, or failed for good: everyone died, the boss escaped…). */
  done: boolean;
  success: boolean;
  /** 0–1. */
  score: number;
  details: string;
  perAgent?: Record<string, number>;
}

/** A task for the world backends by default; CuisineWorld's kitchen task runs on its own backend (runner/cuisine-episode.ts). */
export interface EpisodeTask<Backend extends AnyEpisodeBackend = WorldBackend> {
  readonly id: string;
  readonly type: string;
  readonly brief: TaskBrief;
  readonly scenario: ScenarioOf<Backend>;
  readonly difficulty?: Record<string, number>;
  /** Hidden facts the oracle may read (the compiled task). */
  readonly oracleKnowledge?: unknown;
  setup(backend: Backend): Promise<void> | void;
  /** After every env step (events catch up on the ticks that passed). */
  afterStep(backend: Backend): Promise<void> | void;
  outcome(backend: Backend): TaskOutcome;
}
