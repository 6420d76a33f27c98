/**
 * What every provider call goes through, chat or embedding: the circuit breaker, the response cache, the
 * budget, the concurrency limit, timeouts and retries, simulated thinking time, and one ledger record per
 * call. Kept in one place so chat and embeddings cannot drift apart in how they are accounted.
 */
import type { CallTranscript } from './call-transcript.js';
import { LlmAccountant, type LlmCallRecord } from './accountant.js';
import { LlmBudget } from './budget.js';
import type { ModelCircuitBreaker } from './circuit-breaker.js';
import { realNow, realSleep, type Now, type Sleep } from '../core/clock.js';
import { costOf, defaultPrices, type PriceTable } from './prices.js';
import type { ResponseCache } from './response-cache.js';
import { RetriesExhaustedError, defaultRetryPolicy, withRetries, type RetryPolicy } from './retry.js';
import { Semaphore } from './semaphore.js';
import type { CallerTag, FinishReason, TokenUsage } from './types.js';
import type { ProviderError } from './llm-errors.js';

/** The per-run services a managed model uses; all optional, so a bare model still works. */
export interface LlmServices {
  /** The role recorded with each call (`planner`, `critic`, …) unless the call names its own. */
  role?: string;
  accountant?: LlmAccountant;
  budget?: LlmBudget;
  limiter?: Semaphore;
  retry?: Partial<RetryPolicy>;
  cache?: ResponseCache;
  prices?: PriceTable;
  sleep?: Sleep;
  now?: Now;
  random?: () => number;
  /** The episode's tick, recorded with each call. */
  tick?: () => number;
  /** Draws the simulated thinking time of each call (ms), waited after the answer and recorded apart. */
  simulatedLatency?: () => number;
  /** Opens when the model is evidently not going to help; aborts calls in flight and refuses new ones. */
  breaker?: ModelCircuitBreaker;
  /**
   * Waits until a shared limit outside this process lets one more request go to the provider (a sweep-wide
   * rate limit kept in Redis, say); awaited before every attempt, retries included, since each is a request.
   */
  admit?: CallAdmission;
  onRetry?: (info: { modelId: string; role: string; attempt: number; delayMs: number; error: ProviderError }) => void;
}

/** See LlmServices.admit. */
export type CallAdmission = (modelId: string, signal: AbortSignal) => Promise<void>;

export interface ManagedCallSpec<T> {
  kind: 'chat' | 'embed';
  modelId: string;
  /** What identifies the request for the cache. */
  keyMaterial: unknown;
  /** Names the request in a cache-miss message. */
  what: string;
  signal?: AbortSignal;
  caller?: CallerTag;
  invoke: (signal: AbortSignal) => Promise<T>;
  usageOf: (value: T) => TokenUsage;
  latencyOf: (value: T) => number;
  finishOf?: (value: T) => FinishReason;
  markCached: (value: T) => T;
  /** A chat call's prompt and response for its ledger record (the run log and the viewer's LLM inspector). */
  transcript?: (value: T | undefined) => CallTranscript;
}

/** The ledger fields of a call's transcript, when the call has one. */
function transcriptFields<T>(spec: ManagedCallSpec<T>, value: T | undefined): Pick<LlmCallRecord, 'prompt' | 'response' | 'transcriptCharsCut'> {
  if (!spec.transcript) return {};
  const t = spec.transcript(value);
  return { prompt: t.prompt, ...(t.response !== undefined ? { response: t.response } : {}), transcriptCharsCut: t.charsCut };
}

export async function managedCall<T>(svc: LlmServices, spec: ManagedCallSpec<T>): Promise<T> {
  const role = spec.caller?.role ?? svc.role ?? 'default';
  const who = { tick: svc.tick?.() ?? 0, role, ...(spec.caller?.agent !== undefined ? { agent: spec.caller.agent } : {}) };
  const now = svc.now ?? realNow;
  const prices = svc.prices ?? defaultPrices;
  const cache = svc.cache && svc.cache.mode !== 'off' ? svc.cache : undefined;
  const slot = cache?.slotFor(spec.keyMaterial);
  const breaker = svc.breaker;
  const signal = breaker ? (spec.signal ? AbortSignal.any([spec.signal, breaker.signal]) : breaker.signal) : spec.signal;

  /**
   * Simulated thinking time comes after the answer, so a failing model still fails fast; the call is
   * recorded before the wait, since it was paid for even if the episode ends during the wait.
   */
  const finish = async (value: T, retries: number, cached: boolean): Promise<void> => {
    const ms = svc.simulatedLatency?.();
    account(value, retries, cached, ms);
    if (ms !== undefined) await (svc.sleep ?? realSleep)(ms, signal);
  };

  const account = (value: T, retries: number, cached: boolean, simulatedLatencyMs: number | undefined): void => {
    const usage = spec.usageOf(value);
    const { costUsd, priced } = costOf(spec.modelId, usage, prices);
    if (!cached) svc.budget?.charge(usage.promptTokens + usage.completionTokens, costUsd);
    svc.accountant?.record({
      ...who,
      kind: spec.kind,
      modelId: spec.modelId,
      promptTokens: usage.promptTokens,
      completionTokens: usage.completionTokens,
      tokensEstimated: usage.estimated === true,
      latencyMs: spec.latencyOf(value),
      ...(simulatedLatencyMs !== undefined ? { simulatedLatencyMs } : {}),
      costUsd,
      priced,
      retries,
      cached,
      ok: true,
      ...(spec.finishOf ? { finishReason: spec.finishOf(value) } : {}),
      ...transcriptFields(spec, value),
    });
  };

  if (cache && slot && cache.mode === 'replay') {
    const entry = await cache.read<T>(slot, spec.what);
    const value = spec.markCached(entry.response);
    await finish(value, 0, true);
    return value;
  }

  svc.budget?.assertCanCall(spec.modelId);
  breaker?.beforeCall(spec.modelId);
  const started = now();
  let outcome: { value: T; retries: number };
  let release: (() => void) | undefined;
  try {
    release = svc.limiter ? await svc.limiter.acquire(signal) : undefined;
    outcome = await withRetries(spec.modelId, { ...defaultRetryPolicy, ...svc.retry }, async (s) => {
      await svc.admit?.(spec.modelId, s);
      return invokeWatched(spec, s, breaker);
    }, {
      ...(svc.sleep ? { sleep: svc.sleep } : {}),
      ...(svc.random ? { random: svc.random } : {}),
      ...(signal ? { signal } : {}),
      onRetry: (info) => svc.onRetry?.({ modelId: spec.modelId, role, ...info }),
    });
  } catch (err) {
    svc.accountant?.record({
      ...who,
      kind: spec.kind,
      modelId: spec.modelId,
      promptTokens: 0,
      completionTokens: 0,
      tokensEstimated: false,
      latencyMs: Math.round(now() - started),
      costUsd: 0,
      priced: true,
      retries: err instanceof RetriesExhaustedError ? err.retries : 0,
      cached: false,
      ok: false,
      error: err instanceof Error ? err.message : String(err),
      ...transcriptFields(spec, undefined),
    });
    throw err;
  } finally {
    release?.();
  }
  // Account before writing: the call was paid for even if the cache write then fails.
  await finish(outcome.value, outcome.retries, false);
  if (cache && slot) {
    await cache.write(slot, { kind: spec.kind, modelId: spec.modelId, request: spec.keyMaterial, response: outcome.value });
  }
  return outcome.value;
}

/** One attempt, told to the breaker: an answer proves the model reachable, a failure may open it. */
async function invokeWatched<T>(spec: ManagedCallSpec<T>, signal: AbortSignal, breaker: ModelCircuitBreaker | undefined): Promise<T> {
  if (!breaker) return spec.invoke(signal);
  try {
    const value = await spec.invoke(signal);
    breaker.attemptAnswered(spec.modelId);
    return value;
  } catch (err) {
    breaker.attemptFailed(spec.modelId, signal.aborted ? signal.reason : err);
    throw err;
  }
}
