import { describe, expect, it } from 'vitest';
import { World } from '../world.js';
import { joinPlayer } from '../entities/player.js';
import { spawnMob } from '../mobs/spawn.js';
import { explode } from '../mobs/explosion.js';
import type { Player } from '../entities/entity.js';
import { attack } from './combat.js';
import { applyDamage } from './damage.js';
import { equip } from './armor.js';
import { startUsing } from './eating.js';
import { isBlocking, lowerShield, raisedShield, raiseShield, SHIELD_DISABLE_TICKS, SHIELD_RAISE_TICKS } from './shield.js';

/** A night-time flat arena: a player at the origin facing south (+z, yaw 0) with a shield in the off hand. */
function arena() {
  const w = new World({ seed: 3, terrain: { type: 'flat' }, timeOfDay: 18000, gamerules: { doMobSpawning: false, naturalRegeneration: false, doDaylightCycle: false } });
  const p = joinPlayer(w, 'guard', { x: 0.5, y: -60, z: 0.5 });
  p.inventory.offhand = { name: 'shield', count: 1 };
  w.run(3);
  return { w, p };
}

/** Runs until `p` is hit or blocks (a shield_blocked or entity_hurt for it), at most `max` ticks; returns the events of that tick. */
function untilStruck(w: World, p: Player, max = 60) {
  w.takeEvents();
  for (let i = 0; i < max; i++) {
    w.step();
    const evs = w.takeEvents().filter((e) => (e.type === 'shield_blocked' || e.type === 'entity_hurt') && e.entity === p.id);
    if (evs.length) return evs;
  }
  throw new Error(`nothing struck ${p.name} in ${max} ticks`);
}

describe('shields (vanilla 1.20 blocking)', () => {
  it("a zombie's hit from the front on a raised shield does no damage and costs 1 + floor(damage) durability", () => {
    const { w, p } = arena();
    expect(raiseShield(w, p)).toMatchObject({ ok: true, hand: 'off', effectiveInTicks: SHIELD_RAISE_TICKS });
    w.run(SHIELD_RAISE_TICKS);
    spawnMob(w, 'zombie', { x: 0.5, y: -60, z: 2.0 }); // in front: the player looks along +z
    const evs = untilStruck(w, p);
    expect(evs).toMatchObject([{ type: 'shield_blocked', entity: p.id, amount: 3, cause: 'mob' }]); // zombie: 3 on normal
    expect(p.health).toBe(20);
    expect(p.inventory.offhand).toMatchObject({ name: 'shield', damage: 1 + 3 });
  });

  it('the same hit from behind hurts and the shield takes no wear', () => {
    const { w, p } = arena();
    raiseShield(w, p);
    w.run(SHIELD_RAISE_TICKS);
    spawnMob(w, 'zombie', { x: 0.5, y: -60, z: -1.0 }); // behind
    const evs = untilStruck(w, p);
    expect(evs).toMatchObject([{ type: 'entity_hurt', entity: p.id, amount: 3, cause: 'mob' }]);
    expect(p.health).toBe(17);
    expect(p.inventory.offhand?.damage ?? 0).toBe(0);
  });

  it('blocks only after its 5-tick raise delay, and only while raised', () => {
    const { w, p } = arena();
    const zombie = spawnMob(w, 'zombie', { x: 0.5, y: -60, z: 3 });
    raiseShield(w, p);
    w.run(SHIELD_RAISE_TICKS - 1);
    expect(isBlocking(w, p)).toBe(false);
    expect(applyDamage(w, p, 4, 'mob', zombie.id)).toMatchObject({ landed: true, dealt: 4 });
    w.run(20);
    expect(isBlocking(w, p)).toBe(true);
    expect(applyDamage(w, p, 4, 'mob', zombie.id)).toMatchObject({ landed: false, blocked: true, dealt: 0 });
    lowerShield(p);
    w.run(20);
    expect(applyDamage(w, p, 4, 'mob', zombie.id)).toMatchObject({ landed: true, dealt: 4 });
  });

  it('the front is the half-plane the player faces: 80° off the view blocks, 100° does not', () => {
    const { w, p } = arena();
    raiseShield(w, p);
    w.run(SHIELD_RAISE_TICKS);
    const at = (deg: number) => ({ x: 0.5 - Math.sin((deg * Math.PI) / 180) * 2, y: -60, z: 0.5 + Math.cos((deg * Math.PI) / 180) * 2 });
    const side = spawnMob(w, 'zombie', at(80));
    expect(applyDamage(w, p, 5, 'mob', side.id).blocked).toBe(true);
    w.run(20);
    const past = spawnMob(w, 'zombie', at(100));
    expect(applyDamage(w, p, 5, 'mob', past.id).blocked).toBe(false);
  });

  it('does not block what comes from nowhere (fall, fire) and blocks a blast in front whole', () => {
    const { w, p } = arena();
    raiseShield(w, p);
    w.run(SHIELD_RAISE_TICKS);
    expect(applyDamage(w, p, 2, 'fire').dealt).toBe(2);
    w.run(20);
    expect(applyDamage(w, p, 3, 'fall').dealt).toBe(3);
    w.run(20);
    const before = p.health;
    explode(w, { x: 0.5, y: -60, z: 3 }, 3, null);
    expect(p.health).toBe(before);
    expect(p.inventory.offhand?.damage).toBeGreaterThan(10); // a blast costs the shield dearly
  });

  it('knocks a blocked melee attacker back', () => {
    const { w, p } = arena();
    raiseShield(w, p);
    w.run(SHIELD_RAISE_TICKS);
    const zombie = spawnMob(w, 'zombie', { x: 0.5, y: -60, z: 1.6 });
    const z0 = zombie.pos.z;
    applyDamage(w, p, 3, 'mob', zombie.id);
    expect(zombie.pos.z).toBeGreaterThan(z0 + 0.5); // pushed away from the player, along +z
  });

  it("an axe hit knocks the shield aside for 100 ticks; a sword's does not", () => {
    const { w, p } = arena();
    const foe = joinPlayer(w, 'foe', { x: 0.5, y: -60, z: 2.5 });
    foe.yaw = 180; // facing the guard
    foe.inventory.add({ name: 'iron_sword', count: 1 });
    foe.inventory.add({ name: 'iron_axe', count: 1 });
    equip(w, foe, 'iron_sword');
    raiseShield(w, p);
    w.run(20);
    expect(attack(w, foe, p)).toMatchObject({ ok: true, landed: false, damage: 0 });
    expect(isBlocking(w, p)).toBe(true);
    expect(foe.pos.z).toBeGreaterThan(2.6); // the blocked swing pushed the foe back; it steps in again
    foe.pos.z = 2.5;
    w.index.update(foe);
    equip(w, foe, 'iron_axe');
    w.run(25);
    expect(attack(w, foe, p)).toMatchObject({ ok: true, landed: false });
    expect(isBlocking(w, p)).toBe(false);
    expect(p.health).toBe(20);
    expect(raiseShield(w, p)).toMatchObject({ ok: false, reason: 'shield_disabled' });
    w.run(SHIELD_DISABLE_TICKS - 1);
    expect(raiseShield(w, p)).toMatchObject({ ok: false, reason: 'shield_disabled' });
    w.step();
    expect(raiseShield(w, p)).toMatchObject({ ok: true });
  });

  it('a player cannot swing with its shield up; small hits cost no wear; a worn-out shield breaks', () => {
    const { w, p } = arena();
    const zombie = spawnMob(w, 'zombie', { x: 0.5, y: -60, z: 2 });
    raiseShield(w, p);
    w.run(SHIELD_RAISE_TICKS);
    expect(attack(w, p, zombie)).toMatchObject({ ok: false, reason: 'shield_raised' });
    expect(applyDamage(w, p, 2.5, 'mob', zombie.id).blocked).toBe(true);
    expect(p.inventory.offhand?.damage ?? 0).toBe(0);
    p.inventory.offhand!.damage = 330; // 336 durability
    w.run(20);
    w.takeEvents();
    expect(applyDamage(w, p, 6, 'mob', zombie.id).blocked).toBe(true);
    expect(p.inventory.offhand).toBeNull();
    expect(w.takeEvents()).toEqual(expect.arrayContaining([expect.objectContaining({ type: 'tool_broken', by: p.id, item: 'shield' })]));
    expect(isBlocking(w, p)).toBe(false);
  });

  it('one item in use at a time: no raising while eating, and eating lowers the shield', () => {
    const { w, p } = arena();
    p.food = 10;
    p.inventory.add({ name: 'bread', count: 2 });
    expect(startUsing(w, p, 'bread')).toMatchObject({ ok: true });
    expect(raiseShield(w, p)).toMatchObject({ ok: false, reason: 'busy' });
    w.run(40);
    expect(raiseShield(w, p)).toMatchObject({ ok: true });
    expect(startUsing(w, p, 'bread')).toMatchObject({ ok: true });
    expect(raisedShield(p)).toBeNull();
  });

  it('is raised from the main hand too, and putting it away lowers it', () => {
    const { w, p } = arena();
    p.inventory.offhand = null;
    expect(raiseShield(w, p)).toMatchObject({ ok: false, reason: 'no_shield' });
    p.inventory.add({ name: 'shield', count: 1 });
    p.inventory.add({ name: 'stick', count: 1 });
    equip(w, p, 'shield');
    expect(raiseShield(w, p)).toMatchObject({ ok: true, hand: 'main' });
    w.run(SHIELD_RAISE_TICKS);
    expect(isBlocking(w, p)).toBe(true);
    equip(w, p, 'stick');
    expect(isBlocking(w, p)).toBe(false);
  });
});
