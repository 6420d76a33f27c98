/**
 * A per-client fixed-window request limit: at most `max` requests per `windowMs` from one address. Small and
 * dependency-free; enough to keep one runaway script or a stuck page from swamping a server a person is playing on.
 * The table of clients is bounded too: when it is full, windows that have ended are dropped first.
 */
export interface RateLimit {
  readonly max: number;
  readonly windowMs: number;
}

export const DEFAULT_RATE_LIMIT: RateLimit = { max: 600, windowMs: 60_000 };
const MAX_CLIENTS = 10_000;

export class FixedWindowLimiter {
  private readonly windows = new Map<string, { start: number; count: number }>();

  constructor(
    readonly limit: RateLimit,
    private readonly now: () => number = Date.now,
  ) {}

  /** Counts one request; returns 0 if it is allowed, else the milliseconds until the client may try again. */
  hit(client: string): number {
    const t = this.now();
    let w = this.windows.get(client);
    if (!w || t - w.start >= this.limit.windowMs) {
      if (!w && this.windows.size >= MAX_CLIENTS) this.prune(t);
      w = { start: t, count: 0 };
      this.windows.set(client, w);
    }
    w.count++;
    return w.count <= this.limit.max ? 0 : this.limit.windowMs - (t - w.start);
  }

  private prune(t: number): void {
    for (const [k, w] of this.windows) if (t - w.start >= this.limit.windowMs) this.windows.delete(k);
    // Every client is still inside its window: forget the oldest rather than grow without bound.
    if (this.windows.size >= MAX_CLIENTS) {
      const oldest = this.windows.keys().next();
      if (!oldest.done) this.windows.delete(oldest.value);
    }
  }
}
