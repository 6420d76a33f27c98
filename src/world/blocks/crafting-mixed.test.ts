import { describe, expect, it } from 'vitest';
import { craft } from './crafting.js';
import { flatWorld, standingPlayer } from './test-helpers.js';

const TABLE = { x: 2, y: -60, z: 0 };

describe('crafting with mixed items of one tag (vanilla accepts any item of the tag in each slot)', () => {
  it('a crafting table from 2 oak and 2 spruce planks', () => {
    const w = flatWorld();
    const p = standingPlayer(w);
    p.inventory.add({ name: 'oak_planks', count: 2 });
    p.inventory.add({ name: 'spruce_planks', count: 2 });
    expect(craft(w, p, 'crafting_table')).toMatchObject({ ok: true, item: 'crafting_table', count: 1, used: { oak_planks: 2, spruce_planks: 2 } });
    expect(p.inventory.summary()).toEqual({ crafting_table: 1 });
  });

  it('a furnace from cobblestone and cobbled deepslate, at a table', () => {
    const w = flatWorld();
    const p = standingPlayer(w);
    w.setBlock(TABLE, 'crafting_table');
    p.inventory.add({ name: 'cobblestone', count: 5 });
    p.inventory.add({ name: 'cobbled_deepslate', count: 3 });
    expect(craft(w, p, 'furnace')).toMatchObject({ ok: true, item: 'furnace', count: 1 });
    expect(p.inventory.summary()).toEqual({ furnace: 1 });
  });

  it('a barrel from mixed planks and mixed slabs; a campfire from charcoal and mixed logs', () => {
    const w = flatWorld();
    const p = standingPlayer(w);
    w.setBlock(TABLE, 'crafting_table');
    p.inventory.add({ name: 'oak_planks', count: 3 });
    p.inventory.add({ name: 'birch_planks', count: 3 });
    p.inventory.add({ name: 'oak_slab', count: 1 });
    p.inventory.add({ name: 'crimson_slab', count: 1 });
    expect(craft(w, p, 'barrel')).toMatchObject({ ok: true, item: 'barrel' });
    expect(p.inventory.summary()).toEqual({ barrel: 1 });
    p.inventory.add({ name: 'stick', count: 3 });
    p.inventory.add({ name: 'charcoal', count: 1 });
    p.inventory.add({ name: 'oak_log', count: 2 });
    p.inventory.add({ name: 'stripped_spruce_wood', count: 1 });
    expect(craft(w, p, 'campfire')).toMatchObject({ ok: true, item: 'campfire' });
  });

  it('mixes only within a tag: oak planks and bamboo make no sticks; a shortfall still names what is missing', () => {
    const w = flatWorld();
    const p = standingPlayer(w);
    p.inventory.add({ name: 'oak_planks', count: 1 });
    p.inventory.add({ name: 'bamboo', count: 1 });
    expect(craft(w, p, 'stick')).toMatchObject({ ok: false, reason: 'missing_ingredients' });
    expect(p.inventory.summary()).toEqual({ oak_planks: 1, bamboo: 1 });
    p.inventory.add({ name: 'spruce_planks', count: 1 });
    expect(craft(w, p, 'crafting_table')).toMatchObject({ ok: false, reason: 'missing_ingredients' });
    expect(craft(w, p, 'stick')).toMatchObject({ ok: true, count: 4, used: { oak_planks: 1, spruce_planks: 1 } });
  });
});
