/**
 * A counting semaphore that caps how many model calls run at once in one run, so 50 agents
 * do not open 50 connections to a local server that serves two at a time.
 */
import { abortReason } from '../core/clock.js';
import { InputError } from '../core/errors.js';

export class Semaphore {
  private active = 0;
  private readonly waiting: Array<{ grant: () => void; reject: (e: unknown) => void; signal?: AbortSignal }> = [];

  constructor(readonly limit: number) {
    if (!Number.isInteger(limit) || limit < 1) {
      throw new InputError(`concurrency limit must be a whole number >= 1, got ${limit}`, 'set llm.maxConcurrency to 1 or more');
    }
  }

  get inUse(): number {
    return this.active;
  }

  get queued(): number {
    return this.waiting.length;
  }

  /** Resolves with a release function once a slot is free; waiting ends early if the signal aborts. */
  acquire(signal?: AbortSignal): Promise<() => void> {
    if (signal?.aborted) return Promise.reject(abortReason(signal));
    if (this.active < this.limit) {
      this.active++;
      return Promise.resolve(this.releaser());
    }
    return new Promise((resolve, reject) => {
      const entry = {
        grant: () => {
          signal?.removeEventListener('abort', onAbort);
          this.active++;
          resolve(this.releaser());
        },
        reject,
        signal,
      };
      const onAbort = (): void => {
        const i = this.waiting.indexOf(entry);
        if (i >= 0) this.waiting.splice(i, 1);
        reject(abortReason(signal!));
      };
      signal?.addEventListener('abort', onAbort, { once: true });
      this.waiting.push(entry);
    });
  }

  /** Runs `fn` holding one slot. */
  async run<T>(fn: () => Promise<T>, signal?: AbortSignal): Promise<T> {
    const release = await this.acquire(signal);
    try {
      return await fn();
    } finally {
      release();
    }
  }

  private releaser(): () => void {
    let released = false;
    return () => {
      // Releasing twice would let more calls through than the limit allows.
      if (released) return;
      released = true;
      this.active--;
      this.waiting.shift()?.grant();
    };
  }
}
