import { describe, expect, it } from 'vitest';
import { World } from '../world.js';
import { joinPlayer } from '../entities/player.js';
import { applyDamage, heal, HURT_COOLDOWN_TICKS } from './damage.js';
import { damageAfterArmor } from './armor.js';
import { addEffect } from './effects.js';

const flatWorld = () => new World({ seed: 1, terrain: { type: 'flat' }, gamerules: { doMobSpawning: false } });

describe('applyDamage', () => {
  it('takes health, records the cause and emits entity_hurt', () => {
    const w = flatWorld();
    const p = joinPlayer(w, 'alex', { x: 0.5, y: -60, z: 0.5 });
    w.takeEvents();
    const out = applyDamage(w, p, 5, 'generic');
    expect(out).toEqual({ landed: true, dealt: 5, killed: false, blocked: false });
    expect(p.health).toBe(15);
    expect(p.lastDamageCause).toBe('generic');
    expect(p.activity.damageTaken).toBe(5);
    expect(w.takeEvents()).toMatchObject([{ type: 'entity_hurt', entity: p.id, amount: 5, cause: 'generic', health: 15 }]);
  });

  it('has the vanilla 10-tick invulnerability window where only a bigger hit lands, by the difference', () => {
    const w = flatWorld();
    const p = joinPlayer(w, 'alex', { x: 0.5, y: -60, z: 0.5 });
    applyDamage(w, p, 4, 'generic');
    expect(applyDamage(w, p, 3, 'generic').landed).toBe(false); // smaller hit during the window: nothing
    expect(applyDamage(w, p, 6, 'generic').dealt).toBe(2); // bigger hit: only the difference 6 - 4
    expect(p.health).toBe(14);
    w.run(HURT_COOLDOWN_TICKS);
    expect(applyDamage(w, p, 3, 'generic').dealt).toBe(3); // window over
  });

  it('reduces armor-affected damage by the wiki formula: diamond armor (20 points, 8 toughness) vs a 10-damage hit', () => {
    const w = flatWorld();
    const p = joinPlayer(w, 'alex', { x: 0.5, y: -60, z: 0.5 });
    const inv = p.inventory;
    inv.armor.head = { name: 'diamond_helmet', count: 1 };
    inv.armor.chest = { name: 'diamond_chestplate', count: 1 };
    inv.armor.legs = { name: 'diamond_leggings', count: 1 };
    inv.armor.feet = { name: 'diamond_boots', count: 1 };
    // 10 * (1 - min(20, max(20/5, 20 - 4*10/(8+8)))/25) = 10 * (1 - 17.5/25) = 3
    expect(damageAfterArmor(10, 20, 8)).toBeCloseTo(3, 10);
    const out = applyDamage(w, p, 10, 'mob');
    expect(out.dealt).toBeCloseTo(3, 10);
    // Each piece wears max(1, floor(10/4)) = 2; 0.1 exhaustion for armor-reduced damage.
    expect(inv.armor.chest?.damage).toBe(2);
    expect(p.exhaustion).toBeCloseTo(0.1, 10);
  });

  it('does not let armor reduce fall, starvation, drowning, magic or void damage', () => {
    const w = flatWorld();
    const p = joinPlayer(w, 'alex', { x: 0.5, y: -60, z: 0.5 });
    p.inventory.armor.chest = { name: 'diamond_chestplate', count: 1 };
    for (const cause of ['fall', 'starvation', 'drowning', 'magic', 'void'] as const) {
      p.health = 20;
      p.hurtCooldown = 0;
      expect(applyDamage(w, p, 4, cause).dealt).toBe(4);
    }
    expect(p.inventory.armor.chest?.damage).toBeUndefined();
    expect(p.exhaustion).toBe(0);
  });

  it('applies Resistance at -20% per level, except to void damage', () => {
    const w = flatWorld();
    const p = joinPlayer(w, 'alex', { x: 0.5, y: -60, z: 0.5 });
    addEffect(w, p, 'Resistance', 1, 200); // level II: -40%
    expect(applyDamage(w, p, 10, 'generic').dealt).toBeCloseTo(6, 10);
    p.hurtCooldown = 0;
    expect(applyDamage(w, p, 4, 'void').dealt).toBe(4);
  });

  it('makes FireResistance immune to fire and lava and respects the damage gamerules for players', () => {
    const w = new World({ seed: 1, terrain: { type: 'flat' }, gamerules: { doMobSpawning: false, fallDamage: false } });
    const p = joinPlayer(w, 'alex', { x: 0.5, y: -60, z: 0.5 });
    addEffect(w, p, 'FireResistance', 0, 200);
    expect(applyDamage(w, p, 4, 'lava').landed).toBe(false);
    expect(applyDamage(w, p, 1, 'fire').landed).toBe(false);
    expect(applyDamage(w, p, 5, 'fall').landed).toBe(false);
    expect(p.health).toBe(20);
  });

  it('kills at 0 health and rejects negative damage as a caller error', () => {
    const w = flatWorld();
    const p = joinPlayer(w, 'alex', { x: 0.5, y: -60, z: 0.5 });
    expect(() => applyDamage(w, p, -1, 'generic')).toThrow(/finite number/);
    expect(applyDamage(w, p, 25, 'generic').killed).toBe(true);
    expect(p.dead).toBe(true);
    expect(p.health).toBe(0);
    expect(applyDamage(w, p, 5, 'generic').landed).toBe(false);
  });

  it('heals up to max health and not the dead', () => {
    const w = flatWorld();
    const p = joinPlayer(w, 'alex', { x: 0.5, y: -60, z: 0.5 });
    p.health = 15;
    expect(heal(w, p, 10)).toBe(5);
    expect(p.health).toBe(20);
  });
});
