/**
 * Wall-clock time for the async driver, injectable so tests run fast and deterministically:
 * `realClock` waits for real; `ManualClock` jumps straight to the next deadline and fires the
 * timers due by then in time order (ties in the order they were set).
 */
import { performance } from 'node:perf_hooks';

export interface DriverClock {
  /** Milliseconds on a monotonic clock. */
  now(): number;
  /** Resolves once `now()` has reached `ms` from now (agents use it to model thinking time). */
  sleep(ms: number): Promise<void>;
  /** Resolves once `now()` has reached `time`. */
  sleepUntil(time: number): Promise<void>;
}

export const realClock: DriverClock = {
  now: () => performance.now(),
  sleep: (ms) => new Promise((resolve) => setTimeout(resolve, Math.max(0, ms))),
  sleepUntil(time) {
    return this.sleep(time - this.now());
  },
};

/** A clock that only moves when the driver waits: time passes instantly, in a fixed order. */
export class ManualClock implements DriverClock {
  private time = 0;
  private seq = 0;
  private readonly timers: { at: number; seq: number; wake: () => void }[] = [];

  now(): number {
    return this.time;
  }

  sleep(ms: number): Promise<void> {
    return new Promise((wake) => {
      this.timers.push({ at: this.time + Math.max(0, ms), seq: this.seq++, wake });
    });
  }

  /** Advances to `time`, waking every sleeper due by then (each wake's follow-up work runs before the next). */
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
