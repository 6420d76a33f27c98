/**
 * What every LLM agent does when a model step fails (an unreachable server, a 429 or 5xx after the
 * retries, a timeout, an answer that stays unusable after the JSON repair): log one `model_fault` record
 * saying who was at fault, count it, tell the episode's circuit breaker, and go on with a short wait. The
 * breaker (llm/circuit-breaker.ts) decides when the faults are enough to end the episode; once it is open,
 * further faults are not logged again (every call then fails at once with the same reason) and the agent
 * only waits for the runner to end the episode.
 */
import { GuildcraftError } from '../core/errors.js';
import { LlmRun, ModelCircuitOpenError, type LanguageModel, type ModelFaultKind } from '../llm/index.js';

/** A failed model step as a run-log record: who was at fault and why, with the raw answer when there was one. */
export interface ModelFault {
  fault: string;
  kind: ModelFaultKind;
  message: string;
  rawText?: string;
}

/** True when the caller cancelled: the episode is ending, so this is not the model's fault. */
export function isAbort(err: unknown, signal?: AbortSignal): boolean {
  return signal?.aborted === true || (err instanceof Error && err.name === 'AbortError');
}

export function describeModelFault(err: unknown, kind: ModelFaultKind): ModelFault {
  const e = err as Partial<GuildcraftError> & { rawText?: unknown; message?: unknown };
  const message = typeof e.message === 'string' ? e.message : String(err);
  const raw = typeof e.rawText === 'string' ? e.rawText.slice(0, 2000) : undefined;
  return { fault: err instanceof GuildcraftError ? err.fault : 'environment', kind, message: message.slice(0, 1000), ...(raw !== undefined ? { rawText: raw } : {}) };
}

export type FaultLog = (record: { type: string } & Record<string, unknown>) => void;

export class ModelFaultPolicy {
  /** This agent's failed model steps. */
  private faults = 0;

  /** `llm` is the episode's run (its breaker is shared by every agent of the team). */
  constructor(readonly llm: LlmRun) {}

  get count(): number {
    return this.faults;
  }

  /** True once the breaker opened: asking the model again is pointless until the episode ends. */
  get stopped(): boolean {
    return this.llm.breaker.open !== null;
  }

  /**
   * Handles a failed step: rethrows a cancellation (the caller's signal), otherwise counts, logs and
   * returns the fault. `who` goes into the `model_fault` record (agent, role, planner…).
   */
  fault(err: unknown, log: FaultLog, who: Record<string, unknown>, signal?: AbortSignal): ModelFault {
    if (isAbort(err, signal) && !(err instanceof ModelCircuitOpenError)) throw err;
    // Once open, every call fails with the same reason: only the step a wall-time bound cut short is a fault.
    if ((err instanceof ModelCircuitOpenError || this.stopped) && !this.llm.breaker.takeCutStep()) return describeModelFault(err, 'other');
    const kind = this.llm.breaker.stepFailed(err);
    this.faults++;
    const fault = describeModelFault(err, kind);
    log({ type: 'model_fault', ...who, ...fault });
    return fault;
  }

  /** A model answer was used: the run of failures is over. */
  succeeded(): void {
    this.llm.breaker.stepSucceeded();
  }
}

/**
 * The episode's run for a team: the one given (the runner's, whose ledger is logged), else a private one
 * so a team is still ledgered and bounded when built without the runner: with no config file and no
 * environment around a ready model (tests, scripted demos), from the environment otherwise.
 */
export function teamLlm(o: { llm?: LlmRun; model?: LanguageModel }): LlmRun {
  return o.llm ?? (o.model ? LlmRun.offline() : new LlmRun());
}
