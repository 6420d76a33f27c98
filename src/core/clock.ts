/**
 * Time as an injectable dependency, one abstraction for every layer: the LLM layer's retries, backoff and
 * simulated latency, and the sim's async driver (world time against wall time). `realClock` waits for
 * real; `ManualClock` lets tests run fast and exactly.
 */

/** Waits `ms` milliseconds; rejects with the signal's reason if it is aborted first. */
export type Sleep = (ms: number, signal?: AbortSignal) => Promise<void>;

/** Milliseconds on a monotonic clock; only differences are used. */
export type Now = () => number;

export interface Clock {
  readonly now: Now;
  readonly sleep: Sleep;
  /** Resolves once `now()` has reached `time`. */
  sleepUntil(time: number): Promise<void>;
}

/** The error an aborted signal carries (an AbortError DOMException unless the aborter gave a reason). */
export function abortReason(signal: AbortSignal): unknown {
  return signal.reason ?? new DOMException('This operation was aborted', 'AbortError');
}

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

export const realClock: Clock = {
  now: realNow,
  sleep: realSleep,
  sleepUntil: (time) => realSleep(time - realNow()),
};

export interface ManualClockOptions {
  /**
   * True: each `sleep` moves time forward by its length at once and returns (retry and latency tests:
   * nothing really waits, `sleeps` records what was asked). False (default): a sleeper waits until
   * `sleepUntil` drives time past its deadline (the async driver: time passes only when the driver waits).
   */
  advanceOnSleep?: boolean;
}

/**
 * A clock that only moves when told. With `advanceOnSleep`, sleeping is the telling; otherwise
 * `sleepUntil` jumps straight to the next deadline and wakes the sleepers due by then in time order
 * (ties in the order they slept), letting each wake's follow-up work run before the next.
 */
export class ManualClock implements Clock {
  private time = 0;
  private seq = 0;
  private readonly timers: { at: number; seq: number; wake: () => void }[] = [];
  /** Every sleep asked for, in ms, in order. */
  readonly sleeps: number[] = [];
  private readonly advanceOnSleep: boolean;

  constructor(opts: ManualClockOptions = {}) {
    this.advanceOnSleep = opts.advanceOnSleep ?? false;
  }

  readonly now: Now = () => this.time;

  readonly sleep: Sleep = async (ms, signal) => {
    if (signal?.aborted) throw abortReason(signal);
    this.sleeps.push(ms);
    if (this.advanceOnSleep) {
      this.time += Math.max(0, ms);
      return;
    }
    await new Promise<void>((wake) => {
      this.timers.push({ at: this.time + Math.max(0, ms), seq: this.seq++, wake });
    });
  };

  async sleepUntil(time: number): Promise<void> {
    for (;;) {
      this.timers.sort((a, b) => a.at - b.at || a.seq - b.seq);
      const next = this.timers[0];
      if (!next || next.at > time) break;
      this.timers.shift();
      this.time = Math.max(this.time, next.at);
      next.wake();
      await new Promise<void>((resolve) => setImmediate(resolve));
    }
    this.time = Math.max(this.time, time);
  }
}
