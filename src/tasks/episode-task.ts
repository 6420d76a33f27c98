/**
 * What an episode needs from a task: its brief for agents, its Scenario for the backend, and hooks
 * for set-up, dynamic events and the outcome. A task file becomes one through the runner's task
 * adapter (over `TaskRuntime`); the S-Agents collection task (`orgs/collection-task.ts`) and tests
 * write one in code. The oracle's hidden knowledge is the compiled task itself.
 */
import type { WorldBackend } from '../env/backend.js';
import type { AnyEpisodeBackend, ScenarioOf } from '../env/episode-backend.js';
import type { CompiledTask } from './compile.js';
import type { ConfederateScript } from './spec/confederate-script.js';
import type { TaskBrief } from './task-brief.js';

export interface EpisodeOutcome {
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
  /** Hidden facts the oracle may read: the task compiled for the episode's seed (absent for tasks written in code). */
  readonly oracleKnowledge?: CompiledTask;
  /**
   * Agents the task plays itself by their scripts (a spawn's `script:`), not the team; `first`: the team's agents
   * decide only once every script has ended (`agents.confederates_first`). The runner seats them (agents/scripted/).
   */
  readonly confederates?: { scripts: Readonly<Record<string, ConfederateScript>>; first: boolean };
  setup(backend: Backend): Promise<void> | void;
  /** After every env step (events catch up on the ticks that passed). */
  afterStep(backend: Backend): Promise<void> | void;
  outcome(backend: Backend): EpisodeOutcome;
}
