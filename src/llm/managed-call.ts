/**
 * What every provider call goes through, chat or embedding: the response cache, the budget, the
 * concurrency limit, timeouts and retries, and one ledger record per call. Kept in one place so chat
 * and embeddings cannot drift apart in how they are accounted.
 */
import { LlmAccountant } from './accountant.js';
import { LlmBudget } from './budget.js';
import { realNow, type Now, type Sleep } from './clock.js';
import { costOf, defaultPrices, type PriceTable } from './prices.js';
import type { ResponseCache } from './response-cache.js';
import { RetriesExhaustedError, defaultRetryPolicy, withRetries, type RetryPolicy } from './retry.js';
import { Semaphore } from './semaphore.js';
import type { FinishReason, TokenUsage } from './types.js';
import type { ProviderError } from './llm-errors.js';

/** The per-run services a managed model uses; all optional, so a bare model still works. */
export interface LlmServices {
  /** The agent role recorded with each call (`planner`, `critic`, …). */
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
  onRetry?: (info: { modelId: string; role: string; attempt: number; delayMs: number; error: ProviderError }) => void;
}

export interface ManagedCallSpec<T> {
  kind: 'chat' | 'embed';
  modelId: string;
  /** What identifies the request for the cache. */
  keyMaterial: unknown;
  /** Names the request in a cache-miss message. */
  what: string;
  signal?: AbortSignal;
  invoke: (signal: AbortSignal) => Promise<T>;
  usageOf: (value: T) => TokenUsage;
  latencyOf: (value: T) => number;
  finishOf?: (value: T) => FinishReason;
  markCached: (value: T) => T;
}

export async function managedCall<T>(svc: LlmServices, spec: ManagedCallSpec<T>): Promise<T> {
  const role = svc.role ?? 'default';
  const now = svc.now ?? realNow;
  const prices = svc.prices ?? defaultPrices;
  const cache = svc.cache && svc.cache.mode !== 'off' ? svc.cache : undefined;
  const slot = cache?.slotFor(spec.keyMaterial);

  const account = (value: T, retries: number, cached: boolean): void => {
    const usage = spec.usageOf(value);
    const { costUsd, priced } = costOf(spec.modelId, usage, prices);
    if (!cached) svc.budget?.charge(usage.promptTokens + usage.completionTokens, costUsd);
    svc.accountant?.record({
      role,
      kind: spec.kind,
      modelId: spec.modelId,
      promptTokens: usage.promptTokens,
      completionTokens: usage.completionTokens,
      tokensEstimated: usage.estimated === true,
      latencyMs: spec.latencyOf(value),
      costUsd,
      priced,
      retries,
      cached,
      ok: true,
      ...(spec.finishOf ? { finishReason: spec.finishOf(value) } : {}),
    });
  };

  if (cache && slot && cache.mode === 'replay') {
    const entry = await cache.read<T>(slot, spec.what);
    const value = spec.markCached(entry.response);
    account(value, 0, true);
    return value;
  }

  svc.budget?.assertCanCall(spec.modelId);
  const started = now();
  const release = svc.limiter ? await svc.limiter.acquire(spec.signal) : undefined;
  let outcome: { value: T; retries: number };
  try {
    outcome = await withRetries(spec.modelId, { ...defaultRetryPolicy, ...svc.retry }, spec.invoke, {
      ...(svc.sleep ? { sleep: svc.sleep } : {}),
      ...(svc.random ? { random: svc.random } : {}),
      ...(spec.signal ? { signal: spec.signal } : {}),
      onRetry: (info) => svc.onRetry?.({ modelId: spec.modelId, role, ...info }),
    });
  } catch (err) {
    svc.accountant?.record({
      role,
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
    });
    throw err;
  } finally {
    release?.();
  }
  // Account before writing: the call was paid for even if the cache write then fails.
  account(outcome.value, outcome.retries, false);
  if (cache && slot) {
    await cache.write(slot, { kind: spec.kind, modelId: spec.modelId, request: spec.keyMaterial, response: outcome.value });
  }
  return outcome.value;
}
