/**
 * When a sweep stops sending episodes to a model: the one cross-episode rule every sweep applies (the
 * bench, the CuisineWorld CoS sweep). Each episode's own circuit breaker (llm/circuit-breaker.ts) ends
 * it with `model_unreachable` when its model never answers; after UNREACHABLE_EPISODES_BEFORE_STOP such
 * episodes in a row the model is evidently down, and the sweep starts no more episodes that need it
 * (they are reported as skipped, never counted as played), so a dead server costs about a minute per
 * episode for three episodes, not one timeout per step for the whole sweep.
 */
import { isBreakerReason } from '../llm/index.js';
import type { EpisodeResult } from './episode-result.js';

/** LLM episodes in a row that ended `model_unreachable` before a sweep stops starting LLM episodes. */
export const UNREACHABLE_EPISODES_BEFORE_STOP = 3;

export class ModelDownGate {
  private inARow = 0;
  private why: string | null = null;

  /** Why no more model episodes start (a sentence for the user), or null while they may. */
  get stopped(): string | null {
    return this.why;
  }

  /** Counts a finished episode that used the model; returns true when this one closed the gate. */
  observe(result: Pick<EpisodeResult, 'ended' | 'details'>): boolean {
    this.inARow = result.ended === 'model_unreachable' ? this.inARow + 1 : 0;
    if (this.why !== null || this.inARow < UNREACHABLE_EPISODES_BEFORE_STOP) return false;
    this.why = `${this.inARow} LLM episodes in a row ended model_unreachable (last: ${result.details}); no further LLM episodes are started — start the model server (or fix the provider string) and run the same command again to run the skipped ones`;
    return true;
  }
}

/** The reasons an episode's circuit breaker ends it with (llm/circuit-breaker.ts): the model, not the team, ended it. */
export function endedByModel(ended: string): boolean {
  return isBreakerReason(ended);
}
