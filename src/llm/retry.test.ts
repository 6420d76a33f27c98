import { describe, expect, it } from 'vitest';
import { ManualClock } from '../core/clock.js';
import { LlmTimeoutError, ProviderError } from './llm-errors.js';
import { parseRetryAfter, RetriesExhaustedError, withRetries, type RetryPolicy } from './retry.js';

const policy: RetryPolicy = { maxRetries: 3, baseDelayMs: 100, maxDelayMs: 1_000, timeoutMs: 1_000 };
const headers = (h: Record<string, string>) => ({ get: (n: string) => h[n] ?? null });
const retryable = (extra: { retryAfterMs?: number } = {}) => new ProviderError('environment', 'busy', 'wait', { retryable: true, status: 503, ...extra });

describe('parseRetryAfter', () => {
  it('reads seconds, milliseconds and HTTP dates', () => {
    expect(parseRetryAfter(headers({ 'retry-after': '3' }))).toBe(3_000);
    expect(parseRetryAfter(headers({ 'retry-after-ms': '250', 'retry-after': '3' }))).toBe(250);
    expect(parseRetryAfter(headers({ 'retry-after': 'Wed, 21 Oct 2015 07:28:05 GMT' }), Date.parse('Wed, 21 Oct 2015 07:28:00 GMT'))).toBe(5_000);
    expect(parseRetryAfter(headers({ 'retry-after': 'soon' }))).toBeUndefined();
    expect(parseRetryAfter(headers({}))).toBeUndefined();
  });
});

describe('withRetries', () => {
  it('backs off exponentially with jitter, and Retry-After overrides up to the cap', async () => {
    const clock = new ManualClock({ advanceOnSleep: true });
    let n = 0;
    const out = await withRetries(
      'm',
      policy,
      async () => {
        n++;
        if (n === 1) throw retryable();
        if (n === 2) throw retryable();
        if (n === 3) throw retryable({ retryAfterMs: 60_000 });
        return 'done';
      },
      { sleep: clock.sleep, random: () => 0 },
    );
    expect(out).toEqual({ value: 'done', retries: 3 });
    // 100 * 2^0 * 0.5, 100 * 2^1 * 0.5, then the server's 60 s capped at maxDelayMs.
    expect(clock.sleeps).toEqual([50, 100, 1_000]);
  });

  it('does not retry errors a retry cannot fix', async () => {
    const clock = new ManualClock({ advanceOnSleep: true });
    const refused = new ProviderError('user', 'bad key', 'check it', { retryable: false, status: 401 });
    await expect(withRetries('m', policy, async () => Promise.reject(refused), { sleep: clock.sleep })).rejects.toBe(refused);
    const bug = new TypeError('oops');
    await expect(withRetries('m', policy, async () => Promise.reject(bug), { sleep: clock.sleep })).rejects.toBe(bug);
    expect(clock.sleeps).toEqual([]);
  });

  it('gives up after maxRetries, saying how many', async () => {
    const clock = new ManualClock({ advanceOnSleep: true });
    const err = await withRetries('m', { ...policy, maxRetries: 2 }, async () => Promise.reject(retryable()), { sleep: clock.sleep }).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(RetriesExhaustedError);
    expect((err as RetriesExhaustedError).retries).toBe(2);
    expect((err as Error).message).toMatch(/busy \(gave up after 2 retries\) — wait$/);
  });

  it('times out an attempt even when the model ignores its abort signal', async () => {
    const never = () => new Promise<string>(() => undefined);
    const err = await withRetries('slow:model', { ...policy, timeoutMs: 20, maxRetries: 0 }, never).catch((e: unknown) => e);
    // With no retries allowed, the timeout itself is the error.
    expect(err).toBeInstanceOf(LlmTimeoutError);
    expect((err as LlmTimeoutError).retryable).toBe(true);
    expect((err as Error).message).toMatch(/slow:model did not answer within 20 ms/);
  });
});
