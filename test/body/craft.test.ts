import { describe, expect, it } from 'vitest';
import { agent, fill, flatWorld, GROUND, run } from './harness.js';

describe('craft', () => {
  it('crafts a wooden then a stone pickaxe from logs and mined cobblestone, placing a table when 3x3 is needed', () => {
    const w = flatWorld();
    fill(w, { x: 5, y: GROUND, z: -1 }, { x: 5, y: GROUND, z: 1 }, 'stone'); // three stone blocks to mine
    const a = agent(w, 'alex', 0, 0, { oak_log: 3 });
    const inv = a.player.inventory;

    expect(run(w, a, 'craft', { item: 'oak_planks', count: 12 }).result).toEqual({ ok: true, item: 'oak_planks', crafted: 12 });
    expect(inv.count('oak_log')).toBe(0);
    expect(run(w, a, 'craft', { item: 'stick', count: 4 }).result).toEqual({ ok: true, item: 'stick', crafted: 4 });
    expect(run(w, a, 'craft', { item: 'crafting_table' }).result).toMatchObject({ ok: true, crafted: 1 });

    // The pickaxe needs 3x3: the agent places its crafting table beside itself.
    expect(run(w, a, 'craft', { item: 'wooden_pickaxe' }).result).toEqual({ ok: true, item: 'wooden_pickaxe', crafted: 1 });
    expect(inv.count('crafting_table')).toBe(0);
    let tableAt: { x: number; y: number; z: number } | null = null;
    for (let x = -3; x <= 3; x++) for (let z = -3; z <= 3; z++) for (let y = GROUND - 1; y <= GROUND + 1; y++) if (w.blockAt({ x, y, z }) === 'crafting_table') tableAt = { x, y, z };
    expect(tableAt).not.toBeNull();

    // Without cobblestone the stone pickaxe names what is missing.
    const short = run(w, a, 'craft', { item: 'stone_pickaxe' });
    expect(short.result).toMatchObject({ ok: false, reason: 'missing_items' });
    if (!short.result.ok) expect(short.result.details).toMatch(/3 cobblestone/);

    expect(run(w, a, 'collect', { block: 'stone', count: 3 }, 3000).result).toMatchObject({ ok: true, collected: 3 });
    expect(inv.count('cobblestone')).toBe(3);
    // Walked away to mine: the craft walks back to the table it can see.
    const stone = run(w, a, 'craft', { item: 'stone_pickaxe' }, 2000);
    expect(stone.result).toEqual({ ok: true, item: 'stone_pickaxe', crafted: 1 });
    expect(inv.count('stone_pickaxe')).toBe(1);
    expect(inv.count('stick')).toBe(0);
  });

  it('fails with no_crafting_table when a 3x3 recipe has no table anywhere', () => {
    const w = flatWorld();
    const a = agent(w, 'alex', 0, 0, { oak_planks: 3, stick: 2 });
    const r = run(w, a, 'craft', { item: 'wooden_pickaxe' });
    expect(r.result).toMatchObject({ ok: false, reason: 'no_crafting_table' });
    if (!r.result.ok) expect(r.result.details).toMatch(/4 planks/);
    expect(run(w, a, 'craft', { item: 'oak_log' }).result).toMatchObject({ ok: false, reason: 'no_recipe' });
  });
});
