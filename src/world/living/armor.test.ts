import { describe, expect, it } from 'vitest';
import { World } from '../world.js';
import { joinPlayer } from '../entities/player.js';
import { armorPoints, armorToughness, damageAfterArmor, equip } from './armor.js';

const flatWorld = () => new World({ seed: 1, terrain: { type: 'flat' }, gamerules: { doMobSpawning: false } });

describe('armor', () => {
  // Wiki "Armor": full iron is 2 + 6 + 5 + 2 = 15 points; full netherite 20 points and 12 toughness.
  it('sums defense points and toughness of worn pieces', () => {
    const w = flatWorld();
    const p = joinPlayer(w, 'alex', { x: 0.5, y: -60, z: 0.5 });
    for (const piece of ['helmet', 'chestplate', 'leggings', 'boots']) {
      p.inventory.add({ name: `iron_${piece}`, count: 1 });
      expect(equip(w, p, `iron_${piece}`).ok).toBe(true);
    }
    expect(armorPoints(p)).toBe(15);
    for (const piece of ['helmet', 'chestplate', 'leggings', 'boots']) {
      p.inventory.add({ name: `netherite_${piece}`, count: 1 });
      equip(w, p, `netherite_${piece}`);
    }
    expect(armorPoints(p)).toBe(20);
    expect(armorToughness(p)).toBe(12);
    expect(p.inventory.count('iron_chestplate')).toBe(1); // swapped back into the inventory
  });

  it('caps the reduction at 80% and never below points/5', () => {
    expect(damageAfterArmor(1, 30, 0)).toBeCloseTo(0.2, 10); // min(20, …) = 20 -> 80% off
    expect(damageAfterArmor(100, 10, 0)).toBeCloseTo(92, 10); // max(2, 10 - 50) = 2 -> 8% off
  });

  it('equip selects hotbar items, swaps others into the hand, and reports what is missing', () => {
    const w = flatWorld();
    const p = joinPlayer(w, 'alex', { x: 0.5, y: -60, z: 0.5 });
    p.inventory.slots[4] = { name: 'stone_axe', count: 1 };
    p.inventory.slots[20] = { name: 'bread', count: 3 };
    expect(equip(w, p, 'stone_axe')).toEqual({ ok: true, slot: 'hand', item: 'stone_axe' });
    expect(p.inventory.selected).toBe(4);
    equip(w, p, 'bread');
    expect(p.inventory.held?.name).toBe('bread');
    expect(p.inventory.slots[20]?.name).toBe('stone_axe');
    expect(equip(w, p, 'diamond_boots')).toMatchObject({ ok: false, reason: 'missing_item' });
    expect(equip(w, p, 'diamond_boot')).toMatchObject({ ok: false, reason: 'unknown_item' });
  });
});
