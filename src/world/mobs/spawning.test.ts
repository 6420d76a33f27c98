import { describe, expect, it } from 'vitest';
import { World } from '../world.js';
import { joinPlayer } from '../entities/player.js';
import type { Difficulty } from '../world-options.js';
import { SPAWNING } from '../facts/mobs.js';
import { spawnBoss, spawnMob } from './spawn.js';
import { explosionDamage } from './explosion.js';

const NIGHT = 18000;
const NOON = 6000;
const world = (timeOfDay: number, doMobSpawning: boolean, difficulty: Difficulty = 'normal', seed = 1) =>
  new World({ seed, terrain: { type: 'flat' }, difficulty, timeOfDay, gamerules: { doMobSpawning, doDaylightCycle: false } });

describe('despawning', () => {
  it('peaceful removes hostiles at once but keeps passive mobs and task bosses', () => {
    const w = world(NIGHT, false);
    joinPlayer(w, 'alex', { x: 0.5, y: -60, z: 0.5 });
    const zombie = spawnMob(w, 'zombie', { x: 5.5, y: -60, z: 0.5 }, { persistent: true });
    const cow = spawnMob(w, 'cow', { x: -5.5, y: -60, z: 0.5 });
    const { boss } = spawnBoss(w, { base: 'zombie', name: 'Gob', health: 50, damage: 5, speedBps: 3, pos: { x: 0.5, y: -60, z: 8.5 } });
    const despawned: number[] = [];
    w.on('entity_despawned', (e) => despawned.push(e.entity));
    w.difficulty = 'peaceful';
    w.step();
    expect(zombie.removed).toBe(true);
    expect(despawned).toContain(zombie.id);
    expect(cow.removed).toBe(false);
    expect(boss.removed).toBe(false);
  });

  it('a hostile farther than 128 blocks from every player despawns; a persistent one stays', () => {
    const w = world(NIGHT, false);
    joinPlayer(w, 'alex', { x: 0.5, y: -60, z: 0.5 });
    const far = spawnMob(w, 'zombie', { x: 200.5, y: -60, z: 0.5 });
    const kept = spawnMob(w, 'zombie', { x: 0.5, y: -60, z: 200.5 }, { persistent: true });
    const near = spawnMob(w, 'zombie', { x: 20.5, y: -60, z: 0.5 });
    w.run(20); // the distance check runs once a second per mob
    expect(far.removed).toBe(true);
    expect(kept.removed).toBe(false);
    expect(near.removed).toBe(false);
  });

  it('nothing despawns by distance in a world without players', () => {
    const w = world(NIGHT, false);
    const z = spawnMob(w, 'zombie', { x: 0.5, y: -60, z: 0.5 });
    w.run(40);
    expect(z.removed).toBe(false);
  });
});

describe('natural spawning', () => {
  it('at night spawns hostiles 24–64 blocks from a player, up to the cap', () => {
    const w = world(NIGHT, true);
    const p = joinPlayer(w, 'alex', { x: 0.5, y: -60, z: 0.5 });
    p.pos = { x: 0.5, y: -60, z: 0.5 };
    const spawned: { type: string; x: number; z: number }[] = [];
    w.on('entity_spawned', (e) => { if (e.kind === 'mob') spawned.push({ type: e.entityType, x: e.pos.x, z: e.pos.z }); });
    w.run(1200);
    expect(spawned.length).toBeGreaterThan(0);
    for (const s of spawned) {
      expect(['zombie', 'skeleton', 'spider', 'creeper']).toContain(s.type);
      const d = Math.hypot(s.x - 0.5, s.z - 0.5);
      expect(d).toBeGreaterThanOrEqual(SPAWNING.minDistance - 1);
      expect(d).toBeLessThanOrEqual(SPAWNING.maxDistance + 1);
    }
    const hostilesNear = w.near(p.pos, SPAWNING.capRadius, (e) => e.kind === 'mob' && e.hostile).length;
    expect(hostilesNear).toBeLessThanOrEqual(SPAWNING.hostileCapPerPlayer);
  });

  it('spawns no hostiles on the surface in daylight, but does under cover', () => {
    const w = world(NOON, true);
    joinPlayer(w, 'alex', { x: 0.5, y: -60, z: 0.5 });
    w.run(1200);
    expect([...w.mobs()].filter((m) => m.hostile)).toHaveLength(0);

    const covered = world(NOON, true);
    joinPlayer(covered, 'alex', { x: 0.5, y: -60, z: 0.5 });
    // A roof 20 blocks up over the whole spawn ring: dark enough by our proxy.
    for (let x = -70; x <= 70; x++) for (let z = -70; z <= 70; z++) covered.setBlock({ x, y: -40, z }, 'stone');
    covered.run(1200);
    expect([...covered.mobs()].filter((m) => m.hostile).length).toBeGreaterThan(0);
  });

  it('spawns nothing when doMobSpawning is off or hostiles on peaceful', () => {
    const off = world(NIGHT, false);
    joinPlayer(off, 'alex', { x: 0.5, y: -60, z: 0.5 });
    off.run(600);
    expect([...off.mobs()]).toHaveLength(0);
    const peaceful = world(NIGHT, true, 'peaceful');
    joinPlayer(peaceful, 'alex', { x: 0.5, y: -60, z: 0.5 });
    peaceful.run(600);
    expect([...peaceful.mobs()].filter((m) => m.hostile)).toHaveLength(0);
  });

  it('is deterministic: same seed, same mob positions after 2,000 ticks', () => {
    const trace = (seed: number) => {
      const w = world(NIGHT, true, 'normal', seed);
      joinPlayer(w, 'alex', { x: 0.5, y: -60, z: 0.5 });
      joinPlayer(w, 'bo', { x: 40.5, y: -60, z: 10.5 });
      spawnMob(w, 'sheep', { x: 5.5, y: -60, z: 5.5 });
      spawnMob(w, 'pig', { x: -5.5, y: -60, z: 5.5 });
      w.run(2000);
      return [...w.mobs()].map((m) => `${m.id}:${m.type}:${m.pos.x.toFixed(6)},${m.pos.y.toFixed(6)},${m.pos.z.toFixed(6)}`);
    };
    const a = trace(7);
    expect(a.length).toBeGreaterThan(2);
    expect(trace(7)).toEqual(a);
    expect(trace(8)).not.toEqual(a);
  });
});

describe('explosions', () => {
  it('deal 43 at the centre of a power 3 blast (wiki "Explosion": creeper on normal)', () => {
    expect(explosionDamage(0, 3, 1)).toBe(43);
    expect(explosionDamage(6, 3, 1)).toBe(0);
    expect(explosionDamage(3, 3, 1)).toBeCloseTo(((0.25 + 0.5) / 2) * 42 + 1, 9);
  });
});
