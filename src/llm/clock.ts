/**
 * Time as an injectable dependency, so retries, backoff and simulated latency can be tested without waiting.
 */

/** Waits `ms` milliseconds; rejects with the signal's reason if it is aborted first. */
export type Sleep = (ms: number, signal?: AbortSignal) => Promise<void>;

/** Milliseconds since some fixed origin; only differences are used. */
export type Now = () => number;

export const realSleep: Sleep = (ms, signal) =>
  new Promise<void>((resolve, reject) => {
    if (signal?.aborted) {
      reject(abortReason(signal));
      return;
    }
    const onAbort = (): void => {
      clearTimeout(timer);
      reject(abortReason(signal!));
    };
    const timer = setTimeout(() => {
      signal?.removeEventListener('abort', onAbort);
      resolve();
    }, Math.max(0, ms));
    signal?.addEventListener('abort', onAbort, { once: true });
  });

export const realNow: Now = () => performance.now();

/** The error an aborted signal carries (an AbortError DOMException unless the aborter gave a reason). */
export function abortReason(signal: AbortSignal): unknown {
  return signal.reason ?? new DOMException('This operation was aborted', 'AbortError');
}

/**
 * A manual clock for tests: `sleep` advances `now` instantly and records what was asked for.
 */
export class ManualClock {
  private t = 0;
  readonly sleeps: number[] = [];
  readonly now: Now = () => this.t;
  readonly sleep: Sleep = async (ms, signal) => {
    if (signal?.aborted) throw abortReason(signal);
    this.sleeps.push(ms);
    this.t += Math.max(0, ms);
  };
}
