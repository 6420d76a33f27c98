import { describe, expect, it } from 'vitest';
import { dishEffort, dishLifetime, menuInterval } from '../../../src/tasks/cooking/menu.js';
import { OrderStream } from '../../../src/tasks/cooking/order-stream.js';

const menu = ['cooked_beef', 'bread'] as const;

describe('dish effort and pacing', () => {
  it('follows the kitchen formula: interval ceil(alpha*W*0.3), lifetime ceil(2.5*alpha*W*0.3)', () => {
    // cooked_beef: 4 nodes (cow, beef, fuel, dish) x 3 actions x 2 s + 10 s in the furnace.
    expect(dishEffort('cooked_beef')).toBe(34);
    // bread: 3 nodes (hay bale, wheat, bread) x 3 actions x 2 s.
    expect(dishEffort('bread')).toBe(18);
    expect(dishLifetime('cooked_beef', 1)).toBe(Math.ceil(2.5 * 34 * 0.3));
    expect(dishLifetime('bread', 3)).toBe(Math.ceil(2.5 * 3 * 18 * 0.3));
    // The slowest dish sets the stream's interval.
    expect(menuInterval(menu, 2)).toBe(Math.ceil(2 * 34 * 0.3));
    expect(menuInterval(['bread'], 2)).toBe(Math.ceil(2 * 18 * 0.3));
  });
});

describe('OrderStream', () => {
  it('brings one order at step 0 and one every interval, each with its dish lifetime', () => {
    const s = new OrderStream({ menu, alpha: 1, maxOpen: 6, seed: 3 });
    expect(s.interval).toBe(11);
    const first = s.advance(0, {});
    expect(first.arrived).toHaveLength(1);
    expect(first.arrived[0]!.arrivedStep).toBe(0);
    expect(s.advance(10, {}).arrived).toHaveLength(0);
    const second = s.advance(11, {});
    expect(second.arrived.map((o) => o.arrivedStep)).toEqual([11]);
    for (const o of [...first.arrived, ...second.arrived]) expect(o.deadlineStep - o.arrivedStep).toBe(dishLifetime(o.dish, 1));
    expect(s.counts).toMatchObject({ arrived: 2, open: 2, completed: 0, failed: 0 });
  });

  it('serves the most urgent matching order and takes the dish; a dish for no open order stays available', () => {
    const s = new OrderStream({ menu: ['bread'], alpha: 3, maxOpen: 6, seed: 0 });
    s.advance(0, {});
    const available = { bread: 2, cooked_beef: 1 };
    const c = s.advance(1, available);
    expect(c.completed.map((o) => o.id)).toEqual([1]);
    expect(available).toEqual({ bread: 1, cooked_beef: 1 });
    expect(s.counts).toMatchObject({ completed: 1, open: 0 });
    // The spare bread serves the next order as soon as it arrives.
    const next = s.advance(s.interval, available);
    expect(next.arrived).toHaveLength(1);
    expect(next.completed).toHaveLength(1);
    expect(available.bread).toBe(0);
  });

  it('counts every expired order as failed, the step after its deadline, and serves up to the deadline', () => {
    const s = new OrderStream({ menu: ['bread'], alpha: 1, maxOpen: 6, seed: 0 });
    const [o] = s.advance(0, {}).arrived;
    const deadline = o!.deadlineStep;
    expect(s.advance(deadline, {}).expired).toHaveLength(0);
    expect(s.open.map((x) => x.id)).toContain(o!.id);
    const late = s.advance(deadline + 1, { bread: 1 });
    expect(late.expired.map((x) => x.id)).toEqual([o!.id]);
    expect(late.completed.map((x) => x.id)).not.toContain(o!.id);
    // Catching up many steps at once expires every order that ran out, one failure each.
    const t = new OrderStream({ menu: ['bread'], alpha: 1, maxOpen: 6, seed: 0 });
    t.advance(0, {});
    t.advance(100, {});
    expect(t.counts.failed).toBe(t.counts.arrived - t.counts.open);
    expect(t.counts.failed).toBeGreaterThan(3);

    const u = new OrderStream({ menu: ['bread'], alpha: 1, maxOpen: 6, seed: 0 });
    const [p] = u.advance(0, {}).arrived;
    expect(u.advance(p!.deadlineStep, { bread: 1 }).completed).toHaveLength(1);
  });

  it('drops arrivals while max_open orders are open', () => {
    const s = new OrderStream({ menu: ['cooked_beef'], alpha: 3, maxOpen: 2, seed: 0 });
    s.advance(s.interval * 2, {});
    expect(s.counts).toMatchObject({ arrived: 2, open: 2, dropped: 1 });
  });

  it('draws the same dishes from the same seed, and other dishes from another seed', () => {
    const dishes = (seed: number) => {
      const s = new OrderStream({ menu: ['cooked_beef', 'cooked_porkchop', 'cooked_chicken', 'cooked_mutton', 'bread'], alpha: 1, maxOpen: 100, seed });
      return s.advance(400, {}).arrived.map((o) => o.dish);
    };
    expect(dishes(7)).toEqual(dishes(7));
    expect(dishes(7)).not.toEqual(dishes(8));
    expect(new Set(dishes(7)).size).toBe(5);
  });
});
