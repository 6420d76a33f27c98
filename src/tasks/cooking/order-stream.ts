/**
 * The order queue of CuisineWorld (cuisineworld.md §4.2) over task steps: one order at step 0, then one
 * every `interval` steps while fewer than `maxOpen` are open (an arrival that finds the queue full is
 * dropped, as the kitchen does). An order arriving at step a with lifetime L can be served at steps
 * a .. a+L (a dish that reached the counter by the end of the deadline step a+L counts); it fails at
 * the first step after that. Dishes are drawn uniformly from the menu with a stream seeded by the goal's seed, so the same
 * seed and the same serving times give the same orders. Pure: no world access.
 */
import { Rng } from '../../world/index.js';
import { dishLifetime, menuInterval, type CookingDish } from './menu.js';

export interface Order {
  id: number;
  dish: CookingDish;
  arrivedStep: number;
  /** The last step at which serving counts; the order fails after it. */
  deadlineStep: number;
}

export interface StreamOptions {
  menu: readonly CookingDish[];
  alpha: number;
  maxOpen: number;
  seed: number | string;
}

export interface StreamChanges {
  arrived: Order[];
  completed: Order[];
  expired: Order[];
}

export interface StreamCounts {
  arrived: number;
  /** Arrivals dropped because `maxOpen` orders were already open. */
  dropped: number;
  completed: number;
  failed: number;
  open: number;
}

export class OrderStream {
  readonly interval: number;
  readonly lifetimes: Readonly<Record<string, number>>;
  private readonly rng: Rng;
  private readonly openOrders: Order[] = [];
  /** Last step whose arrivals and expiries were processed (-1 before the first). */
  private processed = -1;
  private nextId = 1;
  readonly counts: StreamCounts = { arrived: 0, dropped: 0, completed: 0, failed: 0, open: 0 };

  constructor(private readonly o: StreamOptions) {
    this.interval = menuInterval(o.menu, o.alpha);
    this.lifetimes = Object.fromEntries(o.menu.map((d) => [d, dishLifetime(d, o.alpha)]));
    this.rng = new Rng(`${String(o.seed)}/cooking-orders`);
  }

  /** Open orders, earliest deadline first (then oldest). */
  get open(): readonly Order[] {
    return this.openOrders;
  }

  get lastStep(): number {
    return this.processed;
  }

  /**
   * Moves the stream to `step` (the counter as it is at the end of that step): step by step, orders
   * whose deadline step has passed fail and new ones arrive; then open orders are served from
   * `available` (dish -> count at the counter; the counts used are subtracted). Calling it again for
   * the same step only serves.
   */
  advance(step: number, available: Record<string, number>): StreamChanges {
    const out: StreamChanges = { arrived: [], completed: [], expired: [] };
    for (let s = this.processed + 1; s <= step; s++) {
      out.expired.push(...this.expireBefore(s));
      if (s % this.interval === 0) {
        const o = this.arrive(s);
        if (o) out.arrived.push(o);
      }
    }
    this.processed = Math.max(this.processed, step);
    out.completed.push(...this.serve(available));
    return out;
  }

  private arrive(step: number): Order | null {
    if (this.openOrders.length >= this.o.maxOpen) {
      this.counts.dropped++;
      return null;
    }
    const dish = this.o.menu[this.rng.int(0, this.o.menu.length - 1)]!;
    const order: Order = { id: this.nextId++, dish, arrivedStep: step, deadlineStep: step + this.lifetimes[dish]! };
    this.openOrders.push(order);
    this.openOrders.sort((a, b) => a.deadlineStep - b.deadlineStep || a.id - b.id);
    this.counts.arrived++;
    this.counts.open = this.openOrders.length;
    return order;
  }

  /** Serves open orders, most urgent first, from the dishes available (mutated). */
  private serve(available: Record<string, number>): Order[] {
    const done: Order[] = [];
    for (const order of [...this.openOrders]) {
      if ((available[order.dish] ?? 0) <= 0) continue;
      available[order.dish] = available[order.dish]! - 1;
      this.openOrders.splice(this.openOrders.indexOf(order), 1);
      done.push(order);
    }
    this.counts.completed += done.length;
    this.counts.open = this.openOrders.length;
    return done;
  }

  /** Orders whose deadline is before `step` fail. */
  private expireBefore(step: number): Order[] {
    const gone = this.openOrders.filter((o) => o.deadlineStep < step);
    if (gone.length === 0) return [];
    for (const o of gone) this.openOrders.splice(this.openOrders.indexOf(o), 1);
    this.counts.failed += gone.length;
    this.counts.open = this.openOrders.length;
    return gone;
  }

  /** completed / (completed + failed); open orders count as neither; 0 when nothing was decided. */
  get rate(): number {
    const n = this.counts.completed + this.counts.failed;
    return n === 0 ? 0 : this.counts.completed / n;
  }
}
