/**
 * The circuit breaker of one episode's model calls. It watches every transport attempt (from the managed
 * call) and every model step an agent could not use (from the agents' fault policy), and opens when the
 * model is evidently not going to help: a model that gave no answer of any kind within `unreachableMs` of
 * wall time from its first call, or failed `maxConsecutiveFaults` steps in a row without ever answering
 * (`model_unreachable`); a model whose steps keep failing although it answers (429s, 5xx, garbage) or
 * answered before, for `maxConsecutiveFaults` steps or `failingWallMs` of wall time (`model_faults`); or
 * more than `maxCalls` calls in the episode (`model_call_limit`). Once open, every call in flight is
 * aborted through `signal` and every new call fails at once, so an episode against a dead model ends in
 * bounded wall time whatever the retry and timeout settings are. The runner reads `open` after each
 * decision round and ends the episode with its reason.
 */
import { GuildcraftError } from '../core/errors.js';
import { LlmTimeoutError, ModelBehaviorError, ProviderError } from './llm-errors.js';

/** What kind of fault a failed attempt or step was. */
export type ModelFaultKind = 'unreachable' | 'timeout' | 'rate_limited' | 'server_error' | 'rejected' | 'garbage' | 'other';

/** How an episode ends when the breaker opens: the model, not the team, ended it. */
export const BREAKER_REASONS = ['model_unreachable', 'model_faults', 'model_call_limit'] as const;
export type BreakerReason = (typeof BREAKER_REASONS)[number];

/** Whether an episode's `ended` is one of the breaker's reasons. */
export function isBreakerReason(ended: string): ended is BreakerReason {
  return (BREAKER_REASONS as readonly string[]).includes(ended);
}

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
  // A step the breaker cut short was still waiting on the model.
  if (err instanceof ModelCircuitOpenError) return 'timeout';
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
  /** Models that gave an answer of any kind (an HTTP error status included) since the last reset. */
  private readonly answered = new Set<string>();
  /** Per model that has not answered yet: the timer of its `unreachableMs` bound, from its first call. */
  private readonly firstAnswerTimers = new Map<string, ReturnType<typeof setTimeout>>();
  private consecutive = 0;
  /** Wall time the current run of failures began, or null when the last step was usable. */
  private streakSince: number | null = null;
  /** Whether a failure in the current run came with an answer (a 429, 5xx, garbage) or from a model that answered before. */
  private streakHeard = false;
  private streakTimer: ReturnType<typeof setTimeout> | null = null;
  private counts: BreakerStats = { faults: 0, byKind: {}, calls: 0 };
  /** Set when a wall-time bound opened the breaker: the steps it cut short are one more fault, counted once. */
  private cutByTimer = false;

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
    this.clearTimers();
    this.controller = new AbortController();
    this.trip = null;
    this.answered.clear();
    this.consecutive = 0;
    this.streakSince = null;
    this.streakHeard = false;
    this.cutByTimer = false;
    this.counts = { faults: 0, byKind: {}, calls: 0 };
  }

  /**
   * True once after a wall-time bound opened the breaker: the step that was waiting on the model then was
   * failed by it (a silent model fails no step on its own before the bound), so one agent counts it.
   */
  takeCutStep(): boolean {
    const cut = this.cutByTimer;
    this.cutByTimer = false;
    return cut;
  }

  /** Before each call: fails at once when open, and counts the call against the episode's limit. */
  beforeCall(modelId: string): void {
    if (this.trip) throw this.trip;
    this.counts.calls++;
    if (this.counts.calls > this.limits.maxCalls) {
      this.openWith('model_call_limit', `the episode made ${this.limits.maxCalls} model calls, its limit`);
      throw this.trip!;
    }
    // Until a model has answered once, its silence counts from its first call, not from a timeout's end.
    if (!this.answered.has(modelId) && !this.firstAnswerTimers.has(modelId)) {
      const timer = setTimeout(() => {
        if (this.answered.has(modelId) || this.trip) return;
        this.cutByTimer = true;
        this.openWith('model_unreachable', `${modelId} gave no answer in the ${Math.round(this.limits.unreachableMs / 1000)} s since its first call`);
      }, this.limits.unreachableMs);
      // The bound must not keep a finished process alive.
      timer.unref?.();
      this.firstAnswerTimers.set(modelId, timer);
    }
  }

  /** A transport attempt got an answer. Whether the answer was usable is the agent's to say. */
  attemptAnswered(modelId: string): void {
    this.answered.add(modelId);
    const timer = this.firstAnswerTimers.get(modelId);
    if (timer) clearTimeout(timer);
    this.firstAnswerTimers.delete(modelId);
  }

  /** One transport attempt failed (it may still be retried). */
  attemptFailed(modelId: string, err: unknown): void {
    if (err instanceof ModelCircuitOpenError) return;
    const kind = classifyModelFault(err);
    if (!SILENT.has(kind)) this.attemptAnswered(modelId);
    if (this.answered.has(modelId)) this.streakHeard = true;
    this.startStreak();
  }

  /** An agent could not use a model step (after retries and the JSON repair). */
  stepFailed(err: unknown): ModelFaultKind {
    const kind = classifyModelFault(err);
    this.counts.faults++;
    this.counts.byKind[kind] = (this.counts.byKind[kind] ?? 0) + 1;
    this.consecutive++;
    if (!SILENT.has(kind)) this.streakHeard = true;
    this.startStreak();
    if (this.consecutive >= this.limits.maxConsecutiveFaults) this.openForStreak(`${this.consecutive} model steps in a row failed (last: ${kind})`);
    return kind;
  }

  /** An agent used a model answer: the run of failures is over. */
  stepSucceeded(): void {
    this.consecutive = 0;
    this.streakSince = null;
    this.streakHeard = false;
    if (this.streakTimer) clearTimeout(this.streakTimer);
    this.streakTimer = null;
  }

  /** Ends the episode's model use now. */
  openWith(reason: BreakerReason, why: string): void {
    if (this.trip) return;
    this.clearTimers();
    this.trip = new ModelCircuitOpenError(reason, why);
    this.controller.abort(this.trip);
  }

  /** A run of failures is bounded in wall time by `failingWallMs` from its first failed attempt or step. */
  private startStreak(): void {
    if (this.trip || this.streakSince !== null) return;
    this.streakSince = this.now();
    this.streakTimer = setTimeout(() => {
      this.streakTimer = null;
      if (this.streakSince === null || this.trip) return;
      this.cutByTimer = true;
      this.openForStreak(`the model failed for ${Math.round((this.now() - this.streakSince) / 1000)} s of wall time without a usable answer`);
    }, this.limits.failingWallMs);
    this.streakTimer.unref?.();
  }

  private openForStreak(why: string): void {
    if (this.streakHeard) this.openWith('model_faults', why);
    else this.openWith('model_unreachable', `${why}; the model never answered`);
  }

  private clearTimers(): void {
    if (this.streakTimer) clearTimeout(this.streakTimer);
    this.streakTimer = null;
    for (const t of this.firstAnswerTimers.values()) clearTimeout(t);
    this.firstAnswerTimers.clear();
  }
}
