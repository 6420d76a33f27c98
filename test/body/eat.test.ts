import { describe, expect, it } from 'vitest';
import { EAT_TICKS } from '../../src/world/facts/foods.js';
import { agent, flatWorld, run } from './harness.js';

describe('eat', () => {
  it('eats the most filling food when hungry, taking the real eating time', () => {
    const w = flatWorld();
    const a = agent(w, 'alex', 0, 0, { rotten_flesh: 2, bread: 1, cooked_beef: 1 });
    a.player.food = 6;
    a.player.saturation = 0;
    const done = run(w, a, 'eat', {});
    // Cooked beef: 8 food, 12.8 saturation (capped at the food level).
    expect(done.result).toEqual({ ok: true, item: 'cooked_beef', food: 14, saturation: expect.closeTo(12.8, 5) });
    expect(a.player.food).toBe(14);
    expect(a.player.inventory.count('cooked_beef')).toBe(0);
    expect(done.ticks).toBeGreaterThanOrEqual(EAT_TICKS - 1);
    expect(done.ticks).toBeLessThanOrEqual(EAT_TICKS + 1);

    expect(run(w, a, 'eat', { item: 'bread' }).result).toMatchObject({ ok: true, item: 'bread', food: 19 });
  });

  it('fails when full, without food, or for things that are not food; pre-emption stops the use', () => {
    const w = flatWorld();
    const a = agent(w, 'alex', 0, 0, { bread: 1, cobblestone: 1 });
    expect(run(w, a, 'eat', {}).result).toMatchObject({ ok: false, reason: 'not_hungry' });
    a.player.food = 10;
    expect(run(w, a, 'eat', { item: 'cobblestone' }).result).toMatchObject({ ok: false, reason: 'not_edible' });
    expect(run(w, a, 'eat', { item: 'apple' }).result).toMatchObject({ ok: false, reason: 'missing_items' });
    a.exec.start('eat', {});
    for (let t = 0; t < 10; t++) {
      a.exec.tick();
      w.step();
    }
    expect(a.player.using?.item).toBe('bread');
    a.exec.cancel();
    expect(a.player.using).toBeNull();
    w.run(40);
    expect(a.player.inventory.count('bread')).toBe(1);
    expect(a.player.food).toBe(10);
  });
});
