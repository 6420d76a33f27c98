import { describe, expect, it } from 'vitest';
import { containerContents, depositToContainer, takeFromContainer } from './containers.js';
import { startDigging } from './digging.js';
import { furnaceSmelt } from './furnace.js';
import { placeBlock } from './placing.js';
import { flatWorld, standingPlayer } from './test-helpers.js';

const POS = { x: 2, y: -60, z: 0 };

describe('containers', () => {
  it('deposits and takes items from a placed chest, with events', () => {
    const w = flatWorld();
    const p = standingPlayer(w);
    p.inventory.add({ name: 'chest', count: 1 });
    p.inventory.add({ name: 'cobblestone', count: 100 });
    expect(placeBlock(w, p, POS, 'chest')).toMatchObject({ ok: true, block: 'chest' });
    w.takeEvents();
    expect(depositToContainer(w, p, POS, 'cobblestone', 70)).toEqual({ ok: true, item: 'cobblestone', count: 70 });
    expect(containerContents(w, POS)).toEqual({ cobblestone: 70 });
    expect(p.inventory.count('cobblestone')).toBe(30);
    expect(takeFromContainer(w, p, POS, 'cobblestone', 5)).toEqual({ ok: true, item: 'cobblestone', count: 5 });
    expect(containerContents(w, POS)).toEqual({ cobblestone: 65 });
    expect(p.inventory.count('cobblestone')).toBe(35);
    expect(w.takeEvents().map((e) => e.type)).toEqual(['item_deposited', 'item_taken']);
    expect(takeFromContainer(w, p, POS, 'cobblestone', 66)).toMatchObject({ ok: false, reason: 'not_in_container' });
    expect(depositToContainer(w, p, POS, 'cobblestone', 36)).toMatchObject({ ok: false, reason: 'missing_items' });
    expect(depositToContainer(w, p, { x: 1, y: -61, z: 0 }, 'cobblestone', 1)).toMatchObject({ ok: false, reason: 'not_a_container' });
  });

  it('a chest holds 27 stacks', () => {
    const w = flatWorld();
    const p = standingPlayer(w);
    w.setBlock(POS, 'chest'); // set by a task: the block entity appears on first use
    p.inventory.add({ name: 'dirt', count: 64 * 28 });
    expect(depositToContainer(w, p, POS, 'dirt', 64 * 27)).toMatchObject({ ok: true });
    expect(depositToContainer(w, p, POS, 'dirt', 1)).toMatchObject({ ok: false, reason: 'container_full' });
    expect(p.inventory.count('dirt')).toBe(64);
  });

  it('keeps a tool\'s wear through a barrel and refuses when too far', () => {
    const w = flatWorld();
    const p = standingPlayer(w);
    w.setBlock(POS, 'barrel');
    p.inventory.slots[5] = { name: 'iron_pickaxe', count: 1, damage: 17 };
    expect(depositToContainer(w, p, POS, 'iron_pickaxe', 1)).toMatchObject({ ok: true });
    expect(takeFromContainer(w, p, POS, 'iron_pickaxe', 1)).toMatchObject({ ok: true });
    expect(p.inventory.slots.find((s) => s?.name === 'iron_pickaxe')).toEqual({ name: 'iron_pickaxe', count: 1, damage: 17 });
    p.pos.x = 8.5;
    expect(depositToContainer(w, p, POS, 'iron_pickaxe', 1)).toMatchObject({ ok: false, reason: 'too_far' });
    expect(() => depositToContainer(w, p, POS, 'iron_pickaxe', 0)).toThrow(/positive whole count/);
  });

  it('drops the contents when the chest is dug, and forgets the block entity', () => {
    const w = flatWorld();
    const p = standingPlayer(w);
    w.setBlock(POS, 'chest');
    p.inventory.add({ name: 'diamond', count: 5 });
    p.inventory.add({ name: 'stick', count: 3 });
    depositToContainer(w, p, POS, 'diamond', 5);
    depositToContainer(w, p, POS, 'stick', 3);
    startDigging(w, p, POS);
    w.run(75); // chest by hand: hardness 2.5 -> 2.5 * 30 = 75 ticks
    expect(w.blockAt(POS)).toBe('air');
    const dropped = [...w.items()].map((i) => i.stack).sort((a, b) => a.name.localeCompare(b.name));
    expect(dropped).toEqual([{ name: 'chest', count: 1 }, { name: 'diamond', count: 5 }, { name: 'stick', count: 3 }]);
    expect(w.blockEntities.size).toBe(0);
    expect(containerContents(w, POS)).toBeNull();
  });

  it('drops a furnace\'s slots when it is replaced and stops ticking it', () => {
    const w = flatWorld();
    const p = standingPlayer(w);
    w.setBlock(POS, 'furnace');
    p.inventory.add({ name: 'raw_gold', count: 4 });
    p.inventory.add({ name: 'coal', count: 1 });
    furnaceSmelt(w, p, POS, 'raw_gold', 4, 'coal', 1);
    w.run(250);
    w.setBlock(POS, 'stone');
    const dropped = [...w.items()].map((i) => i.stack).sort((a, b) => a.name.localeCompare(b.name));
    expect(dropped).toEqual([{ name: 'gold_ingot', count: 1 }, { name: 'raw_gold', count: 3 }]);
    w.takeEvents();
    w.run(400);
    expect(w.takeEvents().some((e) => e.type === 'item_smelted')).toBe(false);
  });
});
