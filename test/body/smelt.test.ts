import { describe, expect, it } from 'vitest';
import { SMELT_TICKS } from '../../src/world/index.js';
import { agent, flatWorld, GROUND, run } from './harness.js';

describe('smelt', () => {
  it('places a furnace from the inventory, burns coal, waits the real smelt time and takes the iron ingots', () => {
    const w = flatWorld();
    const a = agent(w, 'alex', 0, 0, { raw_iron: 3, coal: 2, furnace: 1 });
    const done = run(w, a, 'smelt', { item: 'raw_iron', count: 3 }, 2000);
    expect(done.result).toEqual({ ok: true, input: 'raw_iron', output: 'iron_ingot', smelted: 3 });
    const inv = a.player.inventory;
    expect(inv.count('iron_ingot')).toBe(3);
    expect(inv.count('raw_iron')).toBe(0);
    expect(inv.count('coal')).toBe(1); // one coal smelts 8 items
    expect(inv.count('furnace')).toBe(0);
    expect(done.ticks).toBeGreaterThanOrEqual(3 * SMELT_TICKS);
    expect(done.ticks).toBeLessThan(3 * SMELT_TICKS + 60);
  });

  it('walks to a furnace it can see, uses planks as fuel, and says what is missing otherwise', () => {
    const w = flatWorld();
    w.setBlock({ x: 8, y: GROUND, z: 0 }, 'furnace');
    const a = agent(w, 'alex', 0, 0, { raw_iron: 1, oak_planks: 2 });
    const done = run(w, a, 'smelt', { item: 'raw_iron', count: 1 }, 2000);
    expect(done.result).toMatchObject({ ok: true, smelted: 1 });
    expect(a.player.inventory.count('oak_planks')).toBe(1); // a plank burns 300 ticks: enough for one item

    const noFuel = run(w, a, 'smelt', { item: 'iron_ingot', count: 1 });
    expect(noFuel.result).toMatchObject({ ok: false, reason: 'not_smeltable' });
    a.player.inventory.add({ name: 'raw_gold', count: 1 });
    a.player.inventory.remove('oak_planks', 1);
    const r = run(w, a, 'smelt', { item: 'raw_gold', count: 1 });
    expect(r.result).toMatchObject({ ok: false, reason: 'missing_items' });
    if (!r.result.ok) expect(r.result.details).toMatch(/fuel/);
  });

  it('a pre-empted smelt keeps cooking; getFromChest on the furnace fetches the output later', () => {
    const w = flatWorld();
    const furnace = { x: 2, y: GROUND, z: 0 };
    w.setBlock(furnace, 'furnace');
    const a = agent(w, 'alex', 0, 0, { raw_iron: 2, coal: 1 });
    a.exec.start('smelt', { item: 'raw_iron', count: 2 });
    for (let t = 0; t < 20; t++) {
      a.exec.tick();
      w.step();
    }
    a.exec.start('wait', { ticks: 400 });
    expect(a.exec.takeFinished()[0]?.result).toMatchObject({ ok: false, reason: 'preempted' });
    expect(run(w, a, 'wait', { ticks: 400 }).result).toMatchObject({ ok: true });
    expect(run(w, a, 'getFromChest', { chest: furnace, items: [{ name: 'iron_ingot' }] }).result).toEqual({ ok: true, taken: [{ name: 'iron_ingot', count: 2 }] });
    expect(a.player.inventory.count('iron_ingot')).toBe(2);
  });
});
