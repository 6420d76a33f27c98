/**
 * Turns an SDK failure (OpenAI or Anthropic; both SDKs share the same error shape) into a ProviderError
 * that says whether a retry can help and what the user should check.
 */
import { abortReason } from '../core/clock.js';
import { ProviderError } from './llm-errors.js';
import { parseRetryAfter } from './retry.js';

export interface ProviderContext {
  modelId: string;
  /** The variable that holds the key, named in authentication errors. */
  keyVariable: string;
  baseURL: string;
}

interface SdkErrorShape {
  status?: unknown;
  headers?: unknown;
  message?: unknown;
  name?: unknown;
  constructor: { name: string };
}

/** Statuses a retry can fix: rate limits, timeouts at a proxy, lock conflicts and server errors. */
function isRetryableStatus(status: number): boolean {
  return status === 408 || status === 409 || status === 429 || status >= 500;
}

export function translateProviderError(err: unknown, ctx: ProviderContext, signal?: AbortSignal): unknown {
  // A cancelled or timed-out attempt surfaces as the SDK's abort error; the signal's reason says which it was.
  if (signal?.aborted) return abortReason(signal);
  if (!(err instanceof Error)) return err;
  const e = err as unknown as SdkErrorShape;
  const where = `${ctx.modelId} at ${ctx.baseURL}`;
  if (typeof e.status === 'number') {
    const status = e.status;
    const headers = e.headers as { get(name: string): string | null } | undefined;
    const retryAfterMs = typeof headers?.get === 'function' ? parseRetryAfter(headers) : undefined;
    const base = { status, cause: err, ...(retryAfterMs !== undefined ? { retryAfterMs } : {}) };
    if (status === 429) {
      return new ProviderError('environment', `${where} is rate limiting (429): ${err.message}`, 'wait, lower llm.maxConcurrency, or raise your rate limit', {
        ...base,
        retryable: true,
      });
    }
    if (isRetryableStatus(status)) {
      return new ProviderError('environment', `${where} failed with HTTP ${status}: ${err.message}`, 'the server had a problem; try again later', {
        ...base,
        retryable: true,
      });
    }
    if (status === 401 || status === 403) {
      return new ProviderError('user', `${where} refused the credentials (HTTP ${status})`, `check ${ctx.keyVariable}`, { ...base, retryable: false });
    }
    if (status === 404) {
      return new ProviderError('user', `${where} answered 404: ${err.message}`, 'check the model name and the base URL', {
        ...base,
        retryable: false,
      });
    }
    return new ProviderError('user', `${where} rejected the request (HTTP ${status}): ${err.message}`, 'check the model name and its supported parameters', {
      ...base,
      retryable: false,
    });
  }
  if (droppedMidAnswer(err)) {
    return new ProviderError('environment', `${where} dropped the connection before its answer was complete: ${err.message}`, 'check that the server is running and not restarting; the call is retried', {
      retryable: true,
      cause: err,
    });
  }
  if (/Connection|Timeout/i.test(e.constructor.name)) {
    return new ProviderError('environment', `cannot reach ${where}: ${err.message}`, 'check that the server is running and the base URL is right', {
      retryable: true,
      cause: err,
    });
  }
  return new ProviderError('environment', `${where} returned something unreadable: ${err.message}`, 'check that the server speaks the expected API', {
    retryable: false,
    cause: err,
  });
}

/** The socket closed while the body was being read (undici reports `terminated`, caused by a socket error). */
function droppedMidAnswer(err: Error): boolean {
  const cause = err.cause as { code?: unknown } | undefined;
  return err.message === 'terminated' || cause?.code === 'UND_ERR_SOCKET' || cause?.code === 'ECONNRESET';
}
