import { describe, expect, it } from 'vitest';
import { craft, craftableItems, ingredientsFor, needsCraftingTable, recipesFor } from './crafting.js';
import { flatWorld, standingPlayer } from './test-helpers.js';

const TABLE = { x: 2, y: -60, z: 0 };

describe('crafting', () => {
  it('makes 4 planks from a log in the 2x2 grid', () => {
    const w = flatWorld();
    const p = standingPlayer(w);
    p.inventory.add({ name: 'oak_log', count: 1 });
    w.takeEvents();
    expect(craft(w, p, 'oak_planks')).toEqual({ ok: true, item: 'oak_planks', count: 4, used: { oak_log: 1 } });
    expect(p.inventory.summary()).toEqual({ oak_planks: 4 });
    expect(w.takeEvents()).toEqual([expect.objectContaining({ type: 'item_crafted', by: p.id, item: 'oak_planks', count: 4 })]);
  });

  it('uses the first variant the player can pay for (birch planks for sticks)', () => {
    const w = flatWorld();
    const p = standingPlayer(w);
    p.inventory.add({ name: 'birch_planks', count: 4 });
    expect(craft(w, p, 'stick', 2)).toMatchObject({ ok: true, count: 8, used: { birch_planks: 4 } });
    expect(p.inventory.summary()).toEqual({ stick: 8 });
  });

  it('needs a crafting table for a wooden pickaxe', () => {
    const w = flatWorld();
    const p = standingPlayer(w);
    p.inventory.add({ name: 'oak_planks', count: 3 });
    p.inventory.add({ name: 'stick', count: 2 });
    expect(needsCraftingTable(recipesFor(w.registry, 'wooden_pickaxe')[0]!)).toBe(true);
    expect(needsCraftingTable(recipesFor(w.registry, 'crafting_table')[0]!)).toBe(false);
    expect(craft(w, p, 'wooden_pickaxe')).toMatchObject({ ok: false, reason: 'no_crafting_table' });
    expect(p.inventory.summary()).toEqual({ oak_planks: 3, stick: 2 });
    w.setBlock(TABLE, 'crafting_table');
    expect(craft(w, p, 'wooden_pickaxe')).toMatchObject({ ok: true, item: 'wooden_pickaxe', count: 1 });
    expect(p.inventory.summary()).toEqual({ wooden_pickaxe: 1 });
  });

  it('a given table must be a crafting table within reach', () => {
    const w = flatWorld();
    const p = standingPlayer(w);
    p.inventory.add({ name: 'cobblestone', count: 8 });
    w.setBlock({ x: 9, y: -60, z: 0 }, 'crafting_table');
    expect(craft(w, p, 'furnace')).toMatchObject({ ok: false, reason: 'no_crafting_table' });
    expect(craft(w, p, 'furnace', 1, { table: { x: 9, y: -60, z: 0 } })).toMatchObject({ ok: false, reason: 'too_far' });
    expect(craft(w, p, 'furnace', 1, { table: { x: 1, y: -61, z: 0 } })).toMatchObject({ ok: false, reason: 'no_crafting_table' });
  });

  it('reports what is missing', () => {
    const w = flatWorld();
    const p = standingPlayer(w);
    w.setBlock(TABLE, 'crafting_table');
    p.inventory.add({ name: 'oak_planks', count: 1 });
    const r = craft(w, p, 'wooden_pickaxe');
    expect(r).toMatchObject({ ok: false, reason: 'missing_ingredients', missing: { oak_planks: 2, stick: 2 } });
    expect(r.ok === false && r.details).toContain('2 oak_planks');
    expect(craft(w, p, 'diamond')).toMatchObject({ ok: false, reason: 'missing_ingredients' }); // from a diamond block
    expect(craft(w, p, 'cobblestone')).toMatchObject({ ok: false, reason: 'no_recipe' });
    expect(() => craft(w, p, 'oak_plank')).toThrow(/did you mean/);
  });

  it('gives back containers: a cake returns three buckets', () => {
    const w = flatWorld();
    const p = standingPlayer(w);
    w.setBlock(TABLE, 'crafting_table');
    for (const [name, count] of Object.entries(ingredientsFor(w.registry, 'cake')[0]!)) p.inventory.add({ name, count });
    expect(craft(w, p, 'cake')).toMatchObject({ ok: true });
    expect(p.inventory.summary()).toEqual({ cake: 1, bucket: 3 });
  });

  it('crafts EVERY item with a recipe from exactly one variant\'s ingredients at a table', () => {
    const w = flatWorld();
    const p = standingPlayer(w);
    w.setBlock(TABLE, 'crafting_table');
    const items = craftableItems(w.registry);
    let variants = 0;
    const failures: string[] = [];
    for (const item of items) {
      const recipes = recipesFor(w.registry, item);
      variants += recipes.length;
      const recipe = recipes[0]!;
      p.inventory.takeAll();
      for (const [name, count] of Object.entries(recipe.ingredients)) p.inventory.add({ name, count });
      const r = craft(w, p, item);
      if (!r.ok) failures.push(`${item}: ${r.reason} ${r.details}`);
      else if (r.count !== recipe.result.count) failures.push(`${item}: made ${r.count}`);
    }
    expect(failures).toEqual([]);
    // minecraft-data 1.20.4: 729 craftable items over 2,409 recipe variants.
    expect(items.length).toBe(729);
    expect(variants).toBe(2409);
  });
});
