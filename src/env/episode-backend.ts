/**
 * What the episode runner (runner/episode.ts) needs from a backend, whichever world it simulates: the Env contract
 * plus a name, a clock, an event feed for the run log, and observations that say when an agent must decide again.
 * The world backends (sim, minecraft: `WorldBackend`) and the CuisineWorld kitchen (`CuisineEnv`) both satisfy it,
 * so one loop runs, logs and reports every episode.
 */
import type { FinishedSkillReport } from '../core/observation.js';
import type { Env } from './env.js';

/** The part of an observation the runner reads (the world backends' `Observation` has it, and much more). */
export interface EpisodeObservation {
  readonly tick: number;
  readonly alive: boolean;
  /** The skill (or command) still running; null when the agent is free to be given a new one. */
  readonly runningSkill: { readonly name: string; readonly ticks: number } | null;
  /** Skills (or commands) that ended since the last observation, with their results: logged and put on the timeline. */
  readonly finishedSkills: readonly FinishedSkillReport[];
  /** Events with a priority: urgent ones wake an agent up. */
  readonly events: readonly { readonly priority: number }[];
  /** Messages heard since the last observation (they wake an agent up). */
  readonly messages: readonly unknown[];
}

export interface EpisodeBackend<Scenario, Action, Obs extends EpisodeObservation> extends Env<Scenario, Action, Obs> {
  /** `sim`, `minecraft`, `cuisine`. */
  readonly kind: string;
  /** Time since reset in the backend's own unit (world ticks; kitchen steps). */
  readonly tick: number;
  /** Subscribe to every backend event as plain JSON (for run logs); returns unsubscribe. */
  onEvent(listener: (event: { type: string; tick: number } & Record<string, unknown>) => void): () => void;
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- any backend at all; its own types are read back with the helpers below
export type AnyEpisodeBackend = EpisodeBackend<any, any, any>;
/** A backend's scenario, action and observation types. */
export type ScenarioOf<B> = B extends Env<infer S, unknown, EpisodeObservation> ? S : never;
export type ActionOf<B> = B extends Env<unknown, infer A, EpisodeObservation> ? A : never;
export type ObservationOf<B> = B extends Env<unknown, unknown, infer O extends EpisodeObservation> ? O : never;
