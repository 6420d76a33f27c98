/**
 * Counts the time a program holds the thread: the clock runs while the host is inside an eval /
 * pending-job / promise-settling call (host functions the code calls included), and pauses while
 * the run waits for a skill between world ticks.
 *
 * It reads this thread's CPU time (`process.threadCpuUsage`, Node >= 23.9), not wall time, so a
 * machine that is busy with other work does not make code look slower than it is and hit its budget
 * early. On an older Node it falls back to wall time.
 */
import { performance } from 'node:perf_hooks';

type ThreadCpuUsage = () => { user: number; system: number };
const threadCpuUsage = (process as unknown as { threadCpuUsage?: ThreadCpuUsage }).threadCpuUsage;

/** Milliseconds on a monotonic clock: this thread's CPU time where Node has it, else wall time. */
const now: () => number = typeof threadCpuUsage === 'function'
  ? () => {
      const u = threadCpuUsage.call(process);
      return (u.user + u.system) / 1000;
    }
  : () => performance.now();

export class CpuClock {
  private usedMs = 0;
  private startedAt = 0;
  private running = false;

  start(): void {
    if (this.running) return;
    this.running = true;
    this.startedAt = now();
  }

  stop(): void {
    if (!this.running) return;
    this.running = false;
    this.usedMs += now() - this.startedAt;
  }

  get elapsedMs(): number {
    return this.usedMs + (this.running ? now() - this.startedAt : 0);
  }
}
