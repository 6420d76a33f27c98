/**
 * The open orders as the cooks know them: built only from the `[order]` broadcasts they hear (the
 * Minecraft adaptation's "current dishes" list), never from the task's internals.
 */
import type { Observation } from '../../core/observation.js';
import type { CookingDish } from '../../tasks/cooking/menu.js';
import { parseOrderMessage } from '../../tasks/cooking/order-messages.js';

export interface KnownOrder {
  id: number;
  dish: CookingDish;
  dueTick: number;
}

export class OrderBoard {
  private readonly orders = new Map<number, KnownOrder>();
  private readonly closed = new Set<number>();
  /** Dish -> orders seen so far (which dishes the kitchen asks for most). */
  readonly demand = new Map<CookingDish, number>();

  /** Reads the order lines an observation heard (the same broadcast reaches every cook; ids dedupe). */
  hear(obs: Observation): void {
    for (const m of obs.messages) {
      const n = parseOrderMessage(m.message);
      if (!n) continue;
      if (n.kind === 'new') {
        if (this.closed.has(n.id) || this.orders.has(n.id)) continue;
        this.orders.set(n.id, { id: n.id, dish: n.dish, dueTick: n.dueTick });
        this.demand.set(n.dish, (this.demand.get(n.dish) ?? 0) + 1);
      } else {
        this.orders.delete(n.id);
        this.closed.add(n.id);
      }
    }
  }

  /** Open orders, earliest due first; those past due at `tick` are dropped. */
  open(tick: number): KnownOrder[] {
    for (const [id, o] of this.orders) {
      if (o.dueTick < tick) {
        this.orders.delete(id);
        this.closed.add(id);
      }
    }
    return [...this.orders.values()].sort((a, b) => a.dueTick - b.dueTick || a.id - b.id);
  }

  /**
   * A cook put `count` of `dish` into the counter: the most urgent open orders for it are as good as
   * served (the confirmation broadcast comes a step later), so nobody starts on them again.
   */
  delivered(dish: CookingDish, count: number): void {
    const mine = [...this.orders.values()].filter((o) => o.dish === dish).sort((a, b) => a.dueTick - b.dueTick || a.id - b.id);
    for (const o of mine.slice(0, count)) {
      this.orders.delete(o.id);
      this.closed.add(o.id);
    }
  }

  isOpen(id: number): boolean {
    return this.orders.has(id);
  }
}
