import { describe, expect, it } from 'vitest';
import { spawnMob } from '../../src/world/index.js';
import { agent, fill, flatWorld, GROUND, run } from './harness.js';

describe('findEntities, scoutBlocks, equip, useItem, look, wait', () => {
  it('findEntities lists only what is in sight, nearest first, with health and item stacks', () => {
    const w = flatWorld();
    const a = agent(w, 'alex', 0, 0);
    agent(w, 'bea', 5, 0);
    const cow = spawnMob(w, 'cow', { x: 0.5, y: GROUND, z: 8.5 }, { persistent: true });
    const hidden = spawnMob(w, 'pig', { x: 0.5, y: GROUND, z: -10.5 }, { persistent: true });
    fill(w, { x: -3, y: GROUND, z: -6 }, { x: 3, y: GROUND + 3, z: -6 }, 'stone');
    const r = run(w, a, 'findEntities', {});
    if (!r.result.ok) throw new Error(r.result.details);
    const list = (r.result as unknown as { entities: { id: number; type: string; name?: string; health?: number }[] }).entities;
    expect(list.map((e) => e.type)).toEqual(['player', 'cow']);
    expect(list[0]).toMatchObject({ name: 'bea', health: 20 });
    expect(list[1]).toMatchObject({ id: cow.id, health: 10 });
    expect(list.some((e) => e.id === hidden.id)).toBe(false);
    const cows = run(w, a, 'findEntities', { type: 'cow', maxDistance: 4 });
    expect(cows.result).toEqual({ ok: true, entities: [] });
  });

  it('scoutBlocks walks in a direction until the block comes into sight', () => {
    const w = flatWorld();
    w.setBlock({ x: 60, y: GROUND, z: 0 }, 'pumpkin');
    const a = agent(w, 'alex', 0, 0);
    expect(run(w, a, 'findBlocks', { block: 'pumpkin' }).result).toEqual({ ok: true, positions: [] });
    const done = run(w, a, 'scoutBlocks', { block: 'pumpkin', direction: 'east', maxDistance: 64 }, 2000);
    expect(done.result).toEqual({ ok: true, found: true, positions: [{ x: 60, y: GROUND, z: 0 }] });
    // It stopped once the pumpkin was within its 32-block sight, not at the end of the 64 blocks.
    expect(a.player.pos.x).toBeGreaterThan(20);
    expect(a.player.pos.x).toBeLessThan(40);
    const none = run(w, a, 'scoutBlocks', { block: 'melon', direction: 'north', maxDistance: 10 }, 2000);
    expect(none.result).toEqual({ ok: true, found: false, positions: [] });
  });

  it('equip holds tools, wears armor in its slot, and refuses the wrong slot', () => {
    const w = flatWorld();
    const a = agent(w, 'alex', 0, 0, { dirt: 1, iron_helmet: 1, shield: 1 });
    a.player.inventory.slots[20] = { name: 'iron_pickaxe', count: 1 };
    expect(run(w, a, 'equip', { item: 'iron_pickaxe' }).result).toEqual({ ok: true, item: 'iron_pickaxe', slot: 'hand' });
    expect(a.player.inventory.held?.name).toBe('iron_pickaxe');
    expect(run(w, a, 'equip', { item: 'iron_helmet', slot: 'feet' }).result).toMatchObject({ ok: false, reason: 'wrong_slot' });
    expect(run(w, a, 'equip', { item: 'iron_helmet' }).result).toEqual({ ok: true, item: 'iron_helmet', slot: 'head' });
    expect(a.player.inventory.armor.head?.name).toBe('iron_helmet');
    expect(run(w, a, 'equip', { item: 'shield', slot: 'off-hand' }).result).toEqual({ ok: true, item: 'shield', slot: 'off-hand' });
    expect(a.player.inventory.offhand?.name).toBe('shield');
    expect(run(w, a, 'equip', { item: 'diamond_sword' }).result).toMatchObject({ ok: false, reason: 'missing_items' });
  });

  it('useItem drinks a potion for its effect, pours a bucket on a target, and refuses throwing', () => {
    const w = flatWorld();
    const a = agent(w, 'alex', 0, 0, { water_bucket: 1, snowball: 4 });
    a.player.inventory.add({ name: 'potion', count: 1, potion: 'fire_resistance' });
    const drink = run(w, a, 'useItem', { item: 'potion' });
    expect(drink.result).toEqual({ ok: true, item: 'potion' });
    expect(a.player.effects.has('FireResistance')).toBe(true);
    expect(a.player.inventory.count('glass_bottle')).toBe(1);
    expect(drink.ticks).toBeGreaterThanOrEqual(31);

    expect(run(w, a, 'useItem', { item: 'water_bucket' }).result).toMatchObject({ ok: false, reason: 'needs_target' });
    expect(run(w, a, 'useItem', { item: 'water_bucket', target: { x: 3, y: GROUND, z: 0 } }).result).toEqual({ ok: true, item: 'water_bucket' });
    expect(w.blockAt({ x: 3, y: GROUND, z: 0 })).toBe('water');
    expect(a.player.inventory.count('bucket')).toBe(1);
    expect(run(w, a, 'useItem', { item: 'snowball' }).result).toMatchObject({ ok: false, reason: 'not_supported' });
  });

  it('look turns the head, wait lets exact ticks pass', () => {
    const w = flatWorld();
    const a = agent(w, 'alex', 0, 0);
    expect(run(w, a, 'look', { at: { x: 0.5, y: GROUND + 1.62, z: 10 } }).result).toEqual({ ok: true, yaw: 0, pitch: 0 });
    expect(run(w, a, 'look', { at: { x: -9.5, y: GROUND + 1.62, z: 0.5 } }).result).toEqual({ ok: true, yaw: 90, pitch: 0 });
    expect(run(w, a, 'look', { yaw: 270, pitch: 30 }).result).toEqual({ ok: true, yaw: -90, pitch: 30 });
    expect(run(w, a, 'look', {}).result).toMatchObject({ ok: false, reason: 'invalid_params' });
    const waited = run(w, a, 'wait', { ticks: 25 });
    expect(waited.result).toEqual({ ok: true, ticks: 25 });
    expect(waited.ticks).toBe(25);
  });
});
