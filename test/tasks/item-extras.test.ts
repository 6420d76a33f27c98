import { describe, expect, it } from 'vitest';
import { containerAt } from '../../src/world/blocks/block-entities.js';
import { startDigging } from '../../src/world/index.js';
import { simEpisode, taskYaml } from './sim-episode.js';

/** Potion types and `unbreakable` written in a task file reach the world, in inventories and chests. */
describe('item extras from task files', () => {
  const yaml = taskYaml({
    agents: '- {name: Alice, position: [0, 64, 0], inventory: {diamond_shovel: {count: 1, unbreakable: true}, potion: {count: 1, potion: fire_resistance}}}',
    environment: 'max_steps: 100\nchest: {position: [0, 64, -3], items: [{name: potion, count: 2, potion: healing}, {name: apple, count: 1}]}',
  });

  it('carries potion types into the chest and the inventory, and an unbreakable tool takes no wear', async () => {
    const { env, task } = await simEpisode(yaml);
    expect(task.scenario.chests?.[0]?.items).toContainEqual({ name: 'potion', count: 2, potion: 'healing' });
    const world = env.world;
    const alice = world.player('Alice')!;
    const potion = alice.inventory.slots.find((s) => s?.name === 'potion');
    expect(potion?.potion).toBe('fire_resistance');
    expect(env.admin.chestContents({ x: 0, y: 64, z: -3 })).toMatchObject({ potion: 2, apple: 1 });
    const inChest = containerAt(world, { x: 0, y: 64, z: -3 })!.slots.filter((s) => s?.name === 'potion');
    expect(inChest.map((s) => s!.potion)).toEqual(['healing', 'healing']); // potions do not stack

    // Digging with the unbreakable shovel leaves it as new.
    const shovelSlot = alice.inventory.slots.findIndex((s) => s?.name === 'diamond_shovel');
    alice.inventory.selected = shovelSlot;
    expect(alice.inventory.slots[shovelSlot]!.unbreakable).toBe(true);
    for (const x of [1, 2]) {
      expect(startDigging(world, alice, { x, y: 63, z: 0 })).toMatchObject({ ok: true });
      world.run(20);
    }
    expect(world.blockAt({ x: 1, y: 63, z: 0 })).toBe('air');
    expect(alice.inventory.slots[shovelSlot]!.damage ?? 0).toBe(0);
  });
});
