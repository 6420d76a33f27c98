import { describe, expect, it } from 'vitest';
import { FUEL_TICKS } from '../facts/fuels.js';
import { SMELTING } from '../facts/smelting.js';
import { furnaceSmelt, furnaceState, furnaceTake } from './furnace.js';
import { placeBlock } from './placing.js';
import { flatWorld, standingPlayer } from './test-helpers.js';

const POS = { x: 2, y: -60, z: 0 };

function setUp(block = 'furnace') {
  const w = flatWorld();
  const p = standingPlayer(w);
  p.inventory.add({ name: block, count: 1 });
  expect(placeBlock(w, p, POS, block)).toMatchObject({ ok: true });
  return { w, p };
}

describe('furnace facts', () => {
  it('names only real items (minecraft-data 1.20.4)', () => {
    const w = flatWorld();
    for (const [input, r] of Object.entries(SMELTING)) {
      expect(w.registry.isItem(input), input).toBe(true);
      expect(w.registry.isItem(r.output), r.output).toBe(true);
    }
    for (const fuel of Object.keys(FUEL_TICKS)) expect(w.registry.isItem(fuel), fuel).toBe(true);
    // Wiki "Fuel": coal 1600, lava bucket 20000, block of coal 16000, planks 300, slabs 150, stick 100, carpet 67.
    expect([FUEL_TICKS.coal, FUEL_TICKS.lava_bucket, FUEL_TICKS.coal_block, FUEL_TICKS.oak_planks, FUEL_TICKS.oak_slab, FUEL_TICKS.stick, FUEL_TICKS.white_carpet])
      .toEqual([1600, 20000, 16000, 300, 150, 100, 67]);
    expect(FUEL_TICKS.crimson_planks).toBeUndefined(); // nether wood does not burn
  });
});

describe('furnace', () => {
  it('smelts one item per 200 ticks and stacks the output', () => {
    const { w, p } = setUp();
    p.inventory.add({ name: 'raw_iron', count: 3 });
    p.inventory.add({ name: 'coal', count: 1 });
    w.takeEvents();
    expect(furnaceSmelt(w, p, POS, 'raw_iron', 3, 'coal')).toEqual({
      ok: true, input: { item: 'raw_iron', count: 3 }, fuel: { item: 'coal', count: 1 }, ticksPerItem: 200,
    });
    expect(p.inventory.summary()).toEqual({});
    w.run(199);
    expect(furnaceState(w, POS)?.output).toBeNull();
    w.run(1);
    expect(furnaceState(w, POS)?.output).toEqual({ name: 'iron_ingot', count: 1 });
    w.run(400);
    expect(furnaceState(w, POS)?.output).toEqual({ name: 'iron_ingot', count: 3 });
    expect(furnaceState(w, POS)?.input).toBeNull();
    const smelted = w.takeEvents().filter((e) => e.type === 'item_smelted');
    expect(smelted.map((e) => e.tick - smelted[0]!.tick)).toEqual([0, 200, 400]);
    expect(furnaceTake(w, p, POS)).toEqual({ ok: true, item: 'iron_ingot', count: 3 });
    expect(p.inventory.summary()).toEqual({ iron_ingot: 3 });
    expect(furnaceTake(w, p, POS)).toMatchObject({ ok: false, reason: 'nothing_to_take' });
  });

  it('one coal smelts exactly 8 items ("Fuel": 1600 ticks)', () => {
    const { w, p } = setUp();
    p.inventory.add({ name: 'cobblestone', count: 10 });
    p.inventory.add({ name: 'coal', count: 1 });
    furnaceSmelt(w, p, POS, 'cobblestone', 10, 'coal', 1);
    w.run(3000);
    const f = furnaceState(w, POS)!;
    expect(f.output).toEqual({ name: 'stone', count: 8 });
    expect(f.input).toEqual({ name: 'cobblestone', count: 2 });
    expect(f.fuel).toBeNull();
    expect(f.cookTicks).toBe(0);
  });

  it('does nothing without fuel, and refuses what cannot be smelted or burned', () => {
    const { w, p } = setUp();
    p.inventory.add({ name: 'sand', count: 2 });
    p.inventory.add({ name: 'dirt', count: 1 });
    expect(furnaceSmelt(w, p, POS, 'sand', 2)).toMatchObject({ ok: true, fuel: null });
    w.run(400);
    expect(furnaceState(w, POS)).toMatchObject({ output: null, input: { name: 'sand', count: 2 }, cookTicks: 0 });
    expect(furnaceSmelt(w, p, POS, 'dirt', 1)).toMatchObject({ ok: false, reason: 'not_smeltable' });
    expect(furnaceSmelt(w, p, POS, 'sand', 0, 'dirt', 1)).toMatchObject({ ok: false, reason: 'not_fuel' });
    expect(furnaceSmelt(w, p, POS, 'sand', 5)).toMatchObject({ ok: false, reason: 'missing_items' });
    // Adding fuel later starts it: a stick (100 ticks) is half an item, two sticks make one glass.
    p.inventory.add({ name: 'stick', count: 2 });
    expect(furnaceSmelt(w, p, POS, 'sand', 0, 'stick', 2)).toMatchObject({ ok: true });
    w.run(200);
    expect(furnaceState(w, POS)?.output).toEqual({ name: 'glass', count: 1 });
  });

  it('adds enough fuel by default, leaves the bucket of lava, and a smoker cooks food in 100 ticks', () => {
    const { w, p } = setUp('smoker');
    p.inventory.add({ name: 'beef', count: 2 });
    p.inventory.add({ name: 'lava_bucket', count: 1 });
    p.inventory.add({ name: 'raw_iron', count: 1 });
    expect(furnaceSmelt(w, p, POS, 'raw_iron', 1)).toMatchObject({ ok: false, reason: 'not_smeltable' });
    expect(furnaceSmelt(w, p, POS, 'beef', 2, 'lava_bucket')).toMatchObject({ ok: true, fuel: { item: 'lava_bucket', count: 1 }, ticksPerItem: 100 });
    w.run(200);
    expect(furnaceState(w, POS)).toMatchObject({ output: { name: 'cooked_beef', count: 2 }, fuel: { name: 'bucket', count: 1 } });
  });

  it('keeps working out of reach, but the player must reach it to use it', () => {
    const { w, p } = setUp();
    p.inventory.add({ name: 'coal', count: 1 });
    p.pos.x = 9.5;
    expect(furnaceSmelt(w, p, POS, 'coal', 0, 'coal', 1)).toMatchObject({ ok: false, reason: 'too_far' });
    expect(furnaceTake(w, p, POS)).toMatchObject({ ok: false, reason: 'too_far' });
    expect(furnaceSmelt(w, p, { x: 0, y: -61, z: 0 }, 'coal', 0, 'coal', 1)).toMatchObject({ ok: false, reason: 'too_far' });
    p.pos.x = 0.5;
    expect(furnaceSmelt(w, p, { x: 0, y: -61, z: 0 }, 'coal', 0, 'coal', 1)).toMatchObject({ ok: false, reason: 'not_a_furnace' });
  });
});
