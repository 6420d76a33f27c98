import { describe, expect, it } from 'vitest';
import { World } from '../world.js';
import { joinPlayer } from '../entities/player.js';
import { idleControls, type MobEntity } from '../entities/entity.js';
import { applyDamage } from './damage.js';
import { attack } from './combat.js';
import { addEffect } from './effects.js';
import { RESPAWN_DELAY_TICKS } from './death.js';

const world = (keepInventory = false) =>
  new World({ seed: 1, terrain: { type: 'flat' }, gamerules: { doMobSpawning: false, keepInventory } });

function spawnMob(w: World, type: string, x: number, z: number): MobEntity {
  return w.addEntity<MobEntity>({
    id: w.allocateId(), kind: 'mob', type, pos: { x, y: -60, z }, vel: { x: 0, y: 0, z: 0 }, yaw: 0, pitch: 0,
    width: 0.6, height: 1.95, onGround: true, inWater: false, inLava: false, inPowderSnow: false, collidedHorizontally: false,
    age: 0, removed: false, indexCell: NaN, health: 20, maxHealth: 20, controls: idleControls(), walkSpeed: 0, effects: new Map(),
    fireTicks: 0, fallDistance: 0, landedFallDistance: 0, air: 300, maxAir: 300, frozenTicks: 0, hurtCooldown: 0,
    lastHurtAmount: 0, lastDamageCause: null, lastAttacker: null, dead: false, hostile: true, attackDamage: 3, naturalArmor: 0, damageTakenMultipliers: {}, ai: {},
    persistent: true, tags: [],
  });
}

describe('death and respawn', () => {
  it('a dead player drops everything, then respawns at its spawn point in the vanilla respawn state', () => {
    const w = world();
    const p = joinPlayer(w, 'alex', { x: 0.5, y: -60, z: 0.5 });
    p.spawnPoint = { x: 10.5, y: -60, z: 10.5 };
    p.inventory.add({ name: 'cobblestone', count: 20 });
    p.inventory.armor.head = { name: 'iron_helmet', count: 1 };
    addEffect(w, p, 'Speed', 0, 1000);
    p.food = 3;
    p.fireTicks = 50;
    w.takeEvents();
    applyDamage(w, p, 30, 'generic');
    const events = w.takeEvents();
    expect(events.map((e) => e.type).filter((t) => t !== 'entity_spawned')).toEqual(['entity_hurt', 'entity_died', 'player_died', 'item_dropped', 'item_dropped']);
    expect(p.dead).toBe(true);
    expect(p.inventory.count('cobblestone')).toBe(0);
    expect([...w.items()].map((i) => i.stack.name).sort()).toEqual(['cobblestone', 'iron_helmet']);
    w.run(RESPAWN_DELAY_TICKS - 1);
    expect(p.dead).toBe(true);
    w.step();
    expect(p.dead).toBe(false);
    expect(p.pos).toEqual({ x: 10.5, y: -60, z: 10.5 });
    expect(p).toMatchObject({ health: 20, food: 20, saturation: 5, air: 300, fireTicks: 0 });
    expect(p.effects.size).toBe(0);
    expect(w.takeEvents().some((e) => e.type === 'player_respawned')).toBe(true);
  });

  it('keepInventory keeps the items on death', () => {
    const w = world(true);
    const p = joinPlayer(w, 'alex', { x: 0.5, y: -60, z: 0.5 });
    p.inventory.add({ name: 'cobblestone', count: 20 });
    applyDamage(w, p, 30, 'generic');
    w.run(RESPAWN_DELAY_TICKS);
    expect(p.inventory.count('cobblestone')).toBe(20);
    expect([...w.items()]).toHaveLength(0);
  });

  it('a mob killed by a player drops its entityLoot and leaves the world', () => {
    const w = world();
    const p = joinPlayer(w, 'alex', { x: 0.5, y: -60, z: 0.5 });
    const cow = spawnMob(w, 'cow', 0.5, 2);
    cow.health = 1;
    w.takeEvents();
    expect(attack(w, p, cow)).toMatchObject({ ok: true, killed: true });
    const died = w.takeEvents().find((e) => e.type === 'entity_died');
    expect(died).toMatchObject({ entity: cow.id, entityType: 'cow', cause: 'player', by: p.id });
    expect(cow.removed).toBe(true);
    // minecraft-data 1.20.4 cow loot: leather and beef
    expect([...w.items()].map((i) => i.stack.name).sort()).toEqual(['beef', 'leather']);
    w.step();
    expect(w.entity(cow.id)).toBeUndefined();
  });

  it('a player-kill-only drop needs a player killer', () => {
    const w = world();
    const zombie = spawnMob(w, 'zombie', 0.5, 0.5);
    applyDamage(w, zombie, 30, 'lava');
    // zombie loot: rotten flesh always; iron/carrot/potato only for player kills
    expect([...w.items()].map((i) => i.stack.name)).toEqual(['rotten_flesh']);
  });

  it('is deterministic: the same seed gives the same loot and events', () => {
    const trace = () => {
      const w = world();
      const p = joinPlayer(w, 'alex', { x: 0.5, y: -60, z: 0.5 });
      for (let i = 0; i < 30; i++) {
        const z = spawnMob(w, 'zombie', 0.5, 2);
        z.health = 1;
        attack(w, p, z);
        w.run(13);
      }
      return JSON.stringify(w.takeEvents());
    };
    expect(trace()).toBe(trace());
  });
});
