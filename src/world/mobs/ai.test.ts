import { describe, expect, it } from 'vitest';
import { World } from '../world.js';
import { joinPlayer } from '../entities/player.js';
import type { Difficulty } from '../world-options.js';
import { MOB_FACTS } from '../facts/mobs.js';
import { spawnBoss, spawnMob } from './spawn.js';
import { mobAi } from './ai-state.js';

const NIGHT = 18000;
const NOON = 6000;
const flatWorld = (timeOfDay = NIGHT, difficulty: Difficulty = 'normal') =>
  new World({ seed: 1, terrain: { type: 'flat' }, difficulty, timeOfDay, gamerules: { doMobSpawning: false, doDaylightCycle: false } });

describe('mob facts and spawning', () => {
  it('builds mobs with vanilla health and minecraft-data sizes', () => {
    const w = flatWorld();
    const zombie = spawnMob(w, 'zombie', { x: 0.5, y: -60, z: 0.5 });
    const chicken = spawnMob(w, 'chicken', { x: 2.5, y: -60, z: 0.5 });
    // Wiki "Zombie": 20 health; "Chicken": 4. Sizes from minecraft-data 1.20.4.
    expect(zombie.maxHealth).toBe(20);
    expect(zombie.hostile).toBe(true);
    expect(zombie.width).toBe(0.6);
    expect(zombie.height).toBe(1.95);
    expect(chicken.maxHealth).toBe(4);
    expect(chicken.hostile).toBe(false);
    expect(() => spawnMob(w, 'zombi', { x: 0, y: -60, z: 0 })).toThrow(/zombie/);
  });

  it('spawns a boss with task stats and its minions', () => {
    const w = flatWorld();
    const { boss, minions } = spawnBoss(w, { base: 'cow', name: 'Big Moo', health: 200, damage: 9, speedBps: 3, pos: { x: 0.5, y: -60, z: 0.5 }, minions: [{ type: 'zombie', count: 3 }] });
    expect(boss.maxHealth).toBe(200);
    expect(boss.attackDamage).toBe(9);
    expect(boss.walkSpeed).toBe(3);
    expect(boss.hostile).toBe(true);
    expect(boss.persistent).toBe(true);
    expect(boss.tags).toEqual(['boss', 'name:Big Moo']);
    expect(mobAi(boss).behaviour).toBe('melee');
    expect(minions).toHaveLength(3);
    expect(minions.every((m) => m.persistent && m.tags.includes('minion'))).toBe(true);
  });
});

describe('passive AI', () => {
  it('wanders but stays near where it was spawned', () => {
    const w = flatWorld(NOON);
    const cow = spawnMob(w, 'cow', { x: 0.5, y: -60, z: 0.5 });
    let maxDist = 0;
    for (let i = 0; i < 2000; i++) {
      w.step();
      maxDist = Math.max(maxDist, Math.hypot(cow.pos.x - 0.5, cow.pos.z - 0.5));
    }
    expect(maxDist).toBeGreaterThan(3);
    expect(maxDist).toBeLessThan(32);
    expect(cow.pos.y).toBeCloseTo(-60, 6);
  });

  it('runs from what hurt it', async () => {
    const w = flatWorld(NOON);
    const p = joinPlayer(w, 'alex', { x: 0.5, y: -60, z: 0.5 });
    const pig = spawnMob(w, 'pig', { x: 2.5, y: -60, z: 0.5 });
    w.run(5);
    const { applyDamage } = await import('../living/damage.js');
    applyDamage(w, pig, 1, 'player', p.id);
    w.run(40);
    expect(pig.pos.x).toBeGreaterThan(5);
  });
});

describe('hostile AI', () => {
  it('a zombie chases a player and hits for 3 per hit on normal', () => {
    const w = new World({ seed: 1, terrain: { type: 'flat' }, timeOfDay: NIGHT, gamerules: { doMobSpawning: false, doDaylightCycle: false, naturalRegeneration: false } });
    const p = joinPlayer(w, 'alex', { x: 0.5, y: -60, z: 0.5 });
    const zombie = spawnMob(w, 'zombie', { x: 10.5, y: -60, z: 0.5 });
    const hits: number[] = [];
    w.on('entity_hurt', (e) => { if (e.entity === p.id && e.by === zombie.id) hits.push(e.amount); });
    w.run(200);
    // Wiki "Zombie": 3 damage on normal; one hit per 20 ticks (MeleeAttackGoal).
    expect(hits.length).toBeGreaterThanOrEqual(3);
    expect(hits.every((h) => h === 3)).toBe(true);
    expect(p.health).toBe(20 - 3 * hits.length);
  });

  it.each([['easy', 'zombie'], ['hard', 'zombie'], ['easy', 'spider'], ['hard', 'spider']] as const)('melee damage on %s for a %s matches the wiki table', (difficulty, type) => {
    const w = flatWorld(NIGHT, difficulty);
    const p = joinPlayer(w, 'alex', { x: 0.5, y: -60, z: 0.5 });
    const mob = spawnMob(w, type, { x: 3.5, y: -60, z: 0.5 });
    const hits: number[] = [];
    w.on('entity_hurt', (e) => { if (e.entity === p.id && e.by === mob.id) hits.push(e.amount); });
    w.run(60);
    expect(hits.length).toBeGreaterThan(0);
    expect(hits[0]).toBe(MOB_FACTS[type]!.meleeDamage![difficulty]);
  });

  it('a zombie catches fire in daylight on open ground but not under a roof', () => {
    const w = flatWorld(NOON);
    const open = spawnMob(w, 'zombie', { x: 0.5, y: -60, z: 0.5 });
    const roofed = spawnMob(w, 'zombie', { x: 20.5, y: -60, z: 0.5 });
    for (let x = 18; x <= 23; x++) for (let z = -2; z <= 3; z++) w.setBlock({ x, y: -50, z }, 'stone');
    w.run(100);
    expect(open.fireTicks).toBeGreaterThan(0);
    expect(open.health).toBeLessThan(20); // the fire rule burns it: 1 per second
    expect(roofed.fireTicks).toBe(0);
    expect(roofed.health).toBe(20);
  });

  it('a zombie does not walk off a drop higher than 3 blocks', () => {
    const w = flatWorld();
    for (let x = -2; x <= 2; x++) for (let z = -2; z <= 2; z++) w.setBlock({ x, y: -56, z }, 'stone');
    const zombie = spawnMob(w, 'zombie', { x: 0.5, y: -55, z: 0.5 });
    joinPlayer(w, 'alex', { x: 10.5, y: -60, z: 0.5 });
    w.run(200);
    expect(zombie.pos.y).toBeCloseTo(-55, 6);
    expect(zombie.pos.x).toBeGreaterThan(2); // it did walk to the edge
  });

  it('a skeleton keeps its distance and shoots arrows', () => {
    const w = flatWorld();
    const p = joinPlayer(w, 'alex', { x: 0.5, y: -60, z: 0.5 });
    const skeleton = spawnMob(w, 'skeleton', { x: 14.5, y: -60, z: 0.5 });
    const arrows: number[] = [];
    w.on('entity_hurt', (e) => { if (e.entity === p.id && e.by === skeleton.id && e.cause === 'projectile') arrows.push(e.amount); });
    w.run(600);
    expect(arrows.length).toBeGreaterThan(0);
    // Wiki "Skeleton": arrows deal 3–4 on normal.
    expect(arrows.every((a) => a >= 3 && a <= 4)).toBe(true);
    const dist = Math.hypot(skeleton.pos.x - p.pos.x, skeleton.pos.z - p.pos.z);
    expect(dist).toBeGreaterThan(7);
    expect(dist).toBeLessThan(13);
  });

  it('a creeper swells for 30 ticks near a player and explodes', () => {
    const w = flatWorld();
    const p = joinPlayer(w, 'alex', { x: 0.5, y: -60, z: 0.5 });
    const creeper = spawnMob(w, 'creeper', { x: 6.5, y: -60, z: 0.5 });
    const explosions: { tick: number; power: number }[] = [];
    w.on('explosion', (e) => explosions.push({ tick: e.tick, power: e.power }));
    w.run(150);
    expect(explosions).toHaveLength(1);
    expect(explosions[0]!.power).toBe(3);
    expect(creeper.removed).toBe(true);
    expect(p.health).toBeLessThan(20);
  });

  it('a creeper stops swelling when the player runs beyond 7 blocks', () => {
    const w = flatWorld();
    const p = joinPlayer(w, 'alex', { x: 0.5, y: -60, z: 0.5 });
    const creeper = spawnMob(w, 'creeper', { x: 3.0, y: -60, z: 0.5 });
    creeper.walkSpeed = 0.0001; // pinned in place
    w.run(15);
    expect(mobAi(creeper).swell).toBeGreaterThan(0);
    p.pos = { x: -12.5, y: -60, z: 0.5 };
    w.run(40);
    expect(creeper.removed).toBe(false);
    expect(mobAi(creeper).swell).toBe(0);
  });

  it('hostiles stand still on peaceful and passive mobs keep wandering', () => {
    const w = flatWorld(NIGHT, 'peaceful');
    const p = joinPlayer(w, 'alex', { x: 0.5, y: -60, z: 0.5 });
    const { boss } = spawnBoss(w, { base: 'zombie', name: 'Gob', health: 50, damage: 5, speedBps: 3, pos: { x: 5.5, y: -60, z: 0.5 } });
    w.run(100);
    expect(boss.pos.x).toBeCloseTo(5.5, 6);
    expect(p.health).toBe(20);
  });
});
