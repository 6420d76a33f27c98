/**
 * Counts only the time spent executing inside QuickJS: the clock runs while the host is inside an
 * eval / pending-job / promise-settling call, and pauses while a host function runs or while the
 * run waits for a skill between world ticks.
 */
import { performance } from 'node:perf_hooks';

export class CpuClock {
  private usedMs = 0;
  private startedAt = 0;
  private running = false;

  start(): void {
    if (this.running) return;
    this.running = true;
    this.startedAt = performance.now();
  }

  stop(): void {
    if (!this.running) return;
    this.running = false;
    this.usedMs += performance.now() - this.startedAt;
  }

  /** Runs host work with the clock paused (it resumes only if it was running). */
  paused<T>(fn: () => T): T {
    const wasRunning = this.running;
    this.stop();
    try {
      return fn();
    } finally {
      if (wasRunning) this.start();
    }
  }

  get elapsedMs(): number {
    return this.usedMs + (this.running ? performance.now() - this.startedAt : 0);
  }
}
