import { describe, expect, it } from 'vitest';
import { World } from '../world.js';
import { joinPlayer } from '../entities/player.js';
import { attack, attackDamage } from './combat.js';
import { equip } from './armor.js';
import { addEffect } from './effects.js';

function arena() {
  const w = new World({ seed: 1, terrain: { type: 'flat' }, gamerules: { doMobSpawning: false, naturalRegeneration: false } });
  const a = joinPlayer(w, 'attacker', { x: 0.5, y: -60, z: 0.5 });
  const b = joinPlayer(w, 'target', { x: 0.5, y: -60, z: 2.5 });
  const c = joinPlayer(w, 'target2', { x: 1.5, y: -60, z: 2.5 });
  w.run(5);
  return { w, a, b, c };
}

describe('melee combat', () => {
  // Wiki "Sword": wooden sword 4 damage, 1.6 attack speed (cooldown 12.5 ticks).
  it('a fully charged wooden sword hit does 4; a spam click right after does much less', () => {
    const { w, a, b, c } = arena();
    a.inventory.add({ name: 'wooden_sword', count: 1 });
    equip(w, a, 'wooden_sword');
    w.run(13); // equipping resets the charge; 12.5 ticks to full
    const first = attack(w, a, b);
    expect(first).toMatchObject({ ok: true, damage: 4, landed: true, critical: false });
    expect(b.health).toBe(16);
    w.step();
    // One tick after the swing: 4 * (0.2 + ((1 + 0.5) / 12.5)^2 * 0.8) = 0.846
    const spam = attack(w, a, c);
    expect(spam.ok && spam.damage).toBeCloseTo(4 * (0.2 + (1.5 / 12.5) ** 2 * 0.8), 10);
    // Weapon wear: 1 per landed hit for swords.
    expect(a.inventory.held?.damage).toBe(2);
  });

  it('a bare hand does 1 and recharges in 5 ticks (attack speed 4)', () => {
    const { w, a, b } = arena();
    expect(attackDamage(a).damage).toBe(1);
    attack(w, a, b);
    w.run(5);
    expect(attackDamage(a).damage).toBe(1);
  });

  it('tools wear by 2 per hit; Strength adds 3 per level, Weakness takes 4', () => {
    const { w, a } = arena();
    a.inventory.add({ name: 'iron_pickaxe', count: 1 });
    equip(w, a, 'iron_pickaxe');
    w.run(20);
    expect(attackDamage(a).damage).toBe(4); // wiki "Pickaxe": iron 4
    addEffect(w, a, 'Strength', 1, 100);
    expect(attackDamage(a).damage).toBe(10);
    addEffect(w, a, 'Weakness', 0, 100);
    expect(attackDamage(a).damage).toBe(6);
  });

  it('lands a critical x1.5 when falling', () => {
    const { w, a } = arena();
    a.inventory.add({ name: 'diamond_sword', count: 1 });
    equip(w, a, 'diamond_sword');
    w.run(20);
    a.onGround = false;
    a.fallDistance = 0.5;
    expect(attackDamage(a)).toEqual({ damage: 10.5, critical: true }); // 7 * 1.5
  });

  it('refuses targets beyond 3 blocks and itself, as data', () => {
    const { w, a } = arena();
    const far = joinPlayer(w, 'far', { x: 0.5, y: -60, z: 5 });
    expect(attack(w, a, far)).toMatchObject({ ok: false, reason: 'too_far' });
    expect(attack(w, a, a)).toMatchObject({ ok: false, reason: 'self' });
    expect(attack(w, a, 9999)).toMatchObject({ ok: false, reason: 'no_target' });
  });

  it('knocks the target away, records the attacker and emits entity_attacked', () => {
    const { w, a, b } = arena();
    w.takeEvents();
    const z0 = b.pos.z;
    attack(w, a, b);
    expect(b.pos.z).toBeGreaterThan(z0 + 1);
    expect(b.vel.y).toBeGreaterThan(0);
    expect(b.lastAttacker).toBe(a.id);
    expect(w.takeEvents().map((e) => e.type)).toEqual(['entity_hurt', 'entity_attacked']);
    w.step();
    expect(a.exhaustion).toBeCloseTo(0.1, 10); // attacking costs 0.1 exhaustion
  });
});
