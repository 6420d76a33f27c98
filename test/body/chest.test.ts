import { describe, expect, it } from 'vitest';
import { containerContents } from '../../src/world/index.js';
import { agent, flatWorld, GROUND, run } from './harness.js';

describe('chests', () => {
  it('deposits items into a chest and gets them back', () => {
    const w = flatWorld();
    const chest = { x: 10, y: GROUND, z: 3 };
    w.setBlock(chest, 'chest');
    const a = agent(w, 'alex', 0, 0, { cobblestone: 20, iron_ingot: 3, stone_pickaxe: 1 });
    const dep = run(w, a, 'depositToChest', { chest, items: [{ name: 'cobblestone', count: 15 }, { name: 'iron_ingot' }] });
    expect(dep.result).toEqual({ ok: true, deposited: [{ name: 'cobblestone', count: 15 }, { name: 'iron_ingot', count: 3 }] });
    expect(containerContents(w, chest)).toEqual({ cobblestone: 15, iron_ingot: 3 });
    expect(a.player.inventory.count('cobblestone')).toBe(5);
    expect(a.player.inventory.count('iron_ingot')).toBe(0);
    expect(dep.ticks).toBeGreaterThan(20); // it walked there

    const missing = run(w, a, 'depositToChest', { chest, items: [{ name: 'diamond' }] });
    expect(missing.result).toMatchObject({ ok: false, reason: 'missing_items' });

    const get = run(w, a, 'getFromChest', { chest, items: [{ name: 'iron_ingot', count: 2 }, { name: 'cobblestone' }] });
    expect(get.result).toEqual({ ok: true, taken: [{ name: 'iron_ingot', count: 2 }, { name: 'cobblestone', count: 15 }] });
    expect(a.player.inventory.count('cobblestone')).toBe(20);
    expect(containerContents(w, chest)).toEqual({ iron_ingot: 1 });

    const absent = run(w, a, 'getFromChest', { chest, items: [{ name: 'gold_ingot' }] });
    expect(absent.result).toMatchObject({ ok: false, reason: 'not_in_container' });
    if (!absent.result.ok) expect(absent.result.details).toMatch(/holds 1 iron_ingot/);

    const notChest = run(w, a, 'getFromChest', { chest: { x: 0, y: GROUND - 1, z: 0 }, items: [{ name: 'dirt' }] });
    expect(notChest.result).toMatchObject({ ok: false, reason: 'not_a_container' });
  });
});
