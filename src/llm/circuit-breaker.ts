/**
 * The circuit breaker of one episode's model calls. It watches every transport attempt (from the managed
 * call) and every model step an agent could not use (from the agents' fault policy), and opens when the
 * model is evidently not going to help: a model that never answered at all for `unreachableMs` of wall time
 * or `maxConsecutiveFaults` steps in a row (`model_unreachable`); a model that answers but only with
 * errors or garbage for `maxConsecutiveFaults` steps or `failingWallMs` of wall time (`model_faults`); or
 * more than `maxCalls` calls in the episode (`model_call_limit`). Once open, every call in flight is
 * aborted through `signal` and every new call fails at once, so an episode against a dead model ends in
 * bounded wall time whatever the retry and timeout settings are. The runner reads `open` after each
 * decision round and ends the episode with its reason.
 */
import { GuildcraftError } from '../core/errors.js';
import { LlmTimeoutError, ModelBehaviorError, ProviderError } from './llm-errors.js';

/** What kind of fault a failed attempt or step was. */
export type ModelFaultKind = 'unreachable' | 'timeout' | 'rate_limited' | 'server_error' | 'rejected' | 'garbage' | 'other';

/** How an episode ends when the breaker opens. */
export type BreakerReason = 'model_unreachable' | 'model_faults' | 'model_call_limit';

export interface FaultLimits {
  /** Wall time a model that has never answered may keep failing before the episode ends. Default 45 s. */
  unreachableMs: number;
  /** Wall time a model that answered before may keep failing (errors or garbage only) before the episode ends. Default 180 s. */
  failingWallMs: number;
  /** Model steps in a row that failed (after retries and the JSON repair) before the episode ends. Default 8. */
  maxConsecutiveFaults: number;
  /** Model calls (attempts of chat and embedding calls, retries excluded) in one episode. Default 2000. */
  maxCalls: number;
}

export const defaultFaultLimits: FaultLimits = { unreachableMs: 45_000, failingWallMs: 180_000, maxConsecutiveFaults: 8, maxCalls: 2000 };

/** Thrown by every call once the breaker is open; agents treat it as "stop asking", not as a new fault. */
export class ModelCircuitOpenError extends GuildcraftError {
  readonly reason: BreakerReason;
  constructor(reason: BreakerReason, why: string) {
    super(reason === 'model_call_limit' ? 'user' : 'environment', `no more model calls in this episode: ${why}`, hintFor(reason));
    this.name = 'ModelCircuitOpenError';
    this.reason = reason;
  }
}

function hintFor(reason: BreakerReason): string {
  if (reason === 'model_unreachable') return 'check that the model server is running and the base URL in the provider string is right';
  if (reason === 'model_call_limit') return 'raise the call limit (llm.faults.maxCalls) or shorten the episode';
  return 'the model keeps failing: check the server\'s health and rate limits, or try another model';
}

/** The fault kind of an error thrown by a model call or by parsing its answer. */
export function classifyModelFault(err: unknown): ModelFaultKind {
  if (err instanceof ModelBehaviorError) return 'garbage';
  let e: unknown = err;
  // RetriesExhaustedError keeps the last attempt's error as its cause.
  while (e instanceof ProviderError && !(e instanceof LlmTimeoutError) && e.status === undefined && e.cause instanceof ProviderError) e = e.cause;
  if (e instanceof LlmTimeoutError) return 'timeout';
  if (e instanceof ProviderError) {
    if (e.status === 429) return 'rate_limited';
    if (e.status !== undefined && e.status >= 500) return 'server_error';
    if (e.status !== undefined) return 'rejected';
    return /unreadable/.test(e.message) ? 'garbage' : 'unreachable';
  }
  return 'other';
}

/** Kinds that mean no answer came back at all. */
const SILENT: ReadonlySet<ModelFaultKind> = new Set(['unreachable', 'timeout']);

export interface BreakerStats {
  /** Model steps that failed (what agents logged as `model_fault`). */
  faults: number;
  byKind: Partial<Record<ModelFaultKind, number>>;
  /** Calls started since the last reset. */
  calls: number;
}

export class ModelCircuitBreaker {
  readonly limits: FaultLimits;
  private controller = new AbortController();
  private trip: ModelCircuitOpenError | null = null;
  /** True once any attempt got an HTTP answer (even an error status) or a call succeeded. */
  private answeredOnce = false;
  private consecutive = 0;
  /** Wall time the current run of failures began, or null when the last step was usable. */
  private streakSince: number | null = null;
  private streakTimer: ReturnType<typeof setTimeout> | null = null;
  private counts: BreakerStats = { faults: 0, byKind: {}, calls: 0 };

  constructor(limits: Partial<FaultLimits> = {}, private readonly now: () => number = () => performance.now()) {
    this.limits = { ...defaultFaultLimits, ...limits };
  }

  /** Aborted when the breaker opens; managed calls listen to it. */
  get signal(): AbortSignal {
    return this.controller.signal;
  }

  /** The reason the breaker opened, or null while closed. */
  get open(): ModelCircuitOpenError | null {
    return this.trip;
  }

  stats(): BreakerStats {
    return { ...this.counts, byKind: { ...this.counts.byKind } };
  }

  /** Closes the breaker and clears its counts: the runner calls it at each episode's start. */
  reset(): void {
    this.clearTimer();
    this.controller = new AbortController();
    this.trip = null;
    this.consecutive = 0;
    this.streakSince = null;
    this.counts = { faults: 0, byKind: {}, calls: 0 };
  }

  /** Before each call: fails at once when open, and counts the call against the episode's limit. */
  beforeCall(): void {
    if (this.trip) throw this.trip;
    this.counts.calls++;
    if (this.counts.calls > this.limits.maxCalls) {
      this.openWith('model_call_limit', `the episode made ${this.limits.maxCalls} model calls, its limit`);
      throw this.trip!;
    }
    // Until the model has answered once, its silence counts from the first call, not from a timeout's end.
    if (!this.answeredOnce) this.startStreak();
  }

  /** One transport attempt failed (it may still be retried). */
  attemptFailed(err: unknown): void {
    if (err instanceof ModelCircuitOpenError) return;
    const kind = classifyModelFault(err);
    this.startStreak();
    if (!SILENT.has(kind) && !this.answeredOnce) {
      this.answeredOnce = true;
      this.armTimer();
    }
  }

  /** A transport attempt got an answer. Whether the answer was usable is the agent's to say. */
  attemptAnswered(): void {
    if (this.answeredOnce) return;
    this.answeredOnce = true;
    if (this.consecutive === 0) {
      this.streakSince = null;
      this.clearTimer();
    } else this.armTimer();
  }

  /** An agent could not use a model step (after retries and the JSON repair). */
  stepFailed(err: unknown): ModelFaultKind {
    const kind = classifyModelFault(err);
    this.counts.faults++;
    this.counts.byKind[kind] = (this.counts.byKind[kind] ?? 0) + 1;
    this.consecutive++;
    this.startStreak();
    if (this.consecutive >= this.limits.maxConsecutiveFaults) this.openForStreak(`${this.consecutive} model steps in a row failed (last: ${kind})`);
    return kind;
  }

  /** An agent used a model answer: the run of failures is over. */
  stepSucceeded(): void {
    this.consecutive = 0;
    this.streakSince = null;
    this.clearTimer();
  }

  /** Ends the episode's model use now, e.g. for a call limit an agent enforces itself. */
  openWith(reason: BreakerReason, why: string): void {
    if (this.trip) return;
    this.clearTimer();
    this.trip = new ModelCircuitOpenError(reason, why);
    this.controller.abort(this.trip);
  }

  private startStreak(): void {
    if (this.trip || this.streakSince !== null) return;
    this.streakSince = this.now();
    this.armTimer();
  }

  /** The wall-time bound of the current run of failures, re-armed when the model turns out to be reachable. */
  private armTimer(): void {
    this.clearTimer();
    if (this.streakSince === null) return;
    const bound = this.answeredOnce ? this.limits.failingWallMs : this.limits.unreachableMs;
    const left = Math.max(0, this.streakSince + bound - this.now());
    this.streakTimer = setTimeout(() => {
      this.streakTimer = null;
      if (this.streakSince === null || this.trip) return;
      const elapsed = this.now() - this.streakSince;
      const limit = this.answeredOnce ? this.limits.failingWallMs : this.limits.unreachableMs;
      if (elapsed + 1 < limit) {
        this.armTimer();
        return;
      }
      this.openForStreak(`the model failed for ${Math.round(elapsed / 1000)} s of wall time without a usable answer`);
    }, left);
    // The bound must not keep a finished process alive.
    this.streakTimer.unref?.();
  }

  private openForStreak(why: string): void {
    if (this.answeredOnce) this.openWith('model_faults', why);
    else this.openWith('model_unreachable', `${why}; it never answered`);
  }

  private clearTimer(): void {
    if (this.streakTimer) clearTimeout(this.streakTimer);
    this.streakTimer = null;
  }
}
