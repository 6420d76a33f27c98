/**
 * Per-attempt timeouts and retries with exponential backoff. Only errors a retry can fix are retried:
 * 429s, 5xx, network failures and timeouts (a ProviderError marked retryable). A server's Retry-After wins
 * over the computed backoff, because it knows its own rate window.
 */
import { abortReason, realSleep, type Sleep } from '../core/clock.js';
import { LlmTimeoutError, ProviderError } from './llm-errors.js';

export interface RetryPolicy {
  /** Retries after the first attempt; 0 disables retrying. */
  maxRetries: number;
  /** Backoff before retry n (0-based) is baseDelayMs * 2^n, scaled by a jitter factor in [0.5, 1]. */
  baseDelayMs: number;
  /** No single wait is longer than this, Retry-After included. */
  maxDelayMs: number;
  /** Time limit for one attempt. */
  timeoutMs: number;
}

export const defaultRetryPolicy: RetryPolicy = { maxRetries: 3, baseDelayMs: 500, maxDelayMs: 30_000, timeoutMs: 120_000 };

export interface RetryDeps {
  sleep?: Sleep;
  /** Jitter source in [0, 1); jitter keeps many agents that hit the same 429 from retrying in lockstep. */
  random?: () => number;
  signal?: AbortSignal;
  /** Told about each retry before its wait, e.g. to log it. */
  onRetry?: (info: { attempt: number; delayMs: number; error: ProviderError }) => void;
}

export interface RetryOutcome<T> {
  value: T;
  /** How many retries it took (0 when the first attempt succeeded). */
  retries: number;
}

/** Thrown when retries were made and all failed; carries how many so the ledger can record them. */
export class RetriesExhaustedError extends ProviderError {
  readonly retries: number;
  constructor(last: ProviderError, retries: number) {
    super(last.fault, `${stripHint(last)} (gave up after ${retries} ${retries === 1 ? 'retry' : 'retries'})`, last.hint, {
      status: last.status,
      retryable: false,
      cause: last,
    });
    this.name = 'RetriesExhaustedError';
    this.retries = retries;
  }
}

export async function withRetries<T>(
  modelId: string,
  policy: RetryPolicy,
  attempt: (signal: AbortSignal) => Promise<T>,
  deps: RetryDeps = {},
): Promise<RetryOutcome<T>> {
  const sleep = deps.sleep ?? realSleep;
  const random = deps.random ?? Math.random;
  for (let retries = 0; ; retries++) {
    try {
      const value = await withTimeout(modelId, policy.timeoutMs, attempt, deps.signal);
      return { value, retries };
    } catch (err) {
      if (deps.signal?.aborted) throw abortReason(deps.signal);
      if (!(err instanceof ProviderError) || !err.retryable) {
        if (err instanceof ProviderError && retries > 0) throw new RetriesExhaustedError(err, retries);
        throw err;
      }
      if (retries >= policy.maxRetries) throw retries === 0 ? err : new RetriesExhaustedError(err, retries);
      const backoff = policy.baseDelayMs * 2 ** retries * (0.5 + 0.5 * random());
      const delayMs = Math.round(Math.min(policy.maxDelayMs, err.retryAfterMs ?? backoff));
      deps.onRetry?.({ attempt: retries + 1, delayMs, error: err });
      await sleep(delayMs, deps.signal);
    }
  }
}

/**
 * Runs one attempt with its own abort signal that fires on timeout or when the caller aborts.
 * Races the attempt as well, so a model that ignores its signal still cannot hang the run.
 */
async function withTimeout<T>(
  modelId: string,
  timeoutMs: number,
  attempt: (signal: AbortSignal) => Promise<T>,
  parent?: AbortSignal,
): Promise<T> {
  const controller = new AbortController();
  const onParentAbort = (): void => controller.abort(abortReason(parent!));
  if (parent?.aborted) throw abortReason(parent);
  parent?.addEventListener('abort', onParentAbort, { once: true });
  const aborted = new Promise<never>((_, reject) => {
    controller.signal.addEventListener('abort', () => reject(controller.signal.reason), { once: true });
  });
  // The race below may already be settled when an abort lands; nobody else listens to this promise.
  aborted.catch(() => undefined);
  const timer = setTimeout(() => controller.abort(new LlmTimeoutError(modelId, timeoutMs)), timeoutMs);
  try {
    return await Promise.race([attempt(controller.signal), aborted]);
  } finally {
    clearTimeout(timer);
    parent?.removeEventListener('abort', onParentAbort);
  }
}

/** The message without the " — hint" suffix GuildcraftError appends, so the hint is not repeated. */
function stripHint(err: ProviderError): string {
  const suffix = ` — ${err.hint}`;
  return err.message.endsWith(suffix) ? err.message.slice(0, -suffix.length) : err.message;
}

/** Parses Retry-After (seconds or an HTTP date) and OpenAI's retry-after-ms into milliseconds. */
export function parseRetryAfter(headers: { get(name: string): string | null } | undefined, nowMs: number = Date.now()): number | undefined {
  if (!headers) return undefined;
  const ms = headers.get('retry-after-ms');
  if (ms !== null && ms.trim() !== '' && Number.isFinite(Number(ms))) return Math.max(0, Number(ms));
  const value = headers.get('retry-after');
  if (value === null || value.trim() === '') return undefined;
  const seconds = Number(value);
  if (Number.isFinite(seconds)) return Math.max(0, seconds * 1000);
  const date = Date.parse(value);
  return Number.isFinite(date) ? Math.max(0, date - nowMs) : undefined;
}
