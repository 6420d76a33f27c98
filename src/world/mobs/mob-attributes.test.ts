import { describe, expect, it } from 'vitest';
import { World } from '../world.js';
import { joinPlayer } from '../entities/player.js';
import { attack } from '../living/combat.js';
import { equip } from '../living/armor.js';
import { spawnMob } from './spawn.js';

const flatWorld = (seed: number | string = 1) =>
  new World({ seed, terrain: { type: 'flat' }, timeOfDay: 18000, gamerules: { doMobSpawning: false, doDaylightCycle: false } });

/** minecraft-data's mob categories, as spawn.ts reads them. */
const MOB_CATEGORIES = new Set(['hostile', 'animal', 'mob', 'passive', 'water_creature', 'ambient']);

describe('mob max health and natural armor (vanilla attributes)', () => {
  it('spawns each mob with its vanilla max health, not a generic 20', () => {
    const w = flatWorld();
    // Wiki infoboxes, Java 1.20.4.
    const expected: Record<string, number> = { enderman: 40, iron_golem: 100, rabbit: 3, warden: 500, wither: 300, bat: 6, cod: 3, piglin_brute: 50, ravager: 100, witch: 26 };
    for (const [type, health] of Object.entries(expected)) {
      const m = spawnMob(w, type, { x: 0.5, y: -60, z: 0.5 });
      expect([type, m.maxHealth, m.health]).toEqual([type, health, health]);
    }
  });

  it('knows the max health of every mob minecraft-data lists for the default version', () => {
    const w = flatWorld();
    const mobs = Object.values(w.registry.data.entitiesByName).filter((e) => MOB_CATEGORIES.has(e.type));
    expect(mobs.length).toBeGreaterThan(60);
    const healths = new Map<number, number>();
    for (const info of mobs) {
      const m = spawnMob(w, info.name, { x: 0.5, y: -60, z: 0.5 });
      healths.set(m.maxHealth, (healths.get(m.maxHealth) ?? 0) + 1);
    }
    // Before the attribute table, 43 of 63 mob types fell back to 20; vanilla has 19 mobs with 20.
    expect(healths.get(20) ?? 0).toBeLessThan(25);
  });

  it('rolls horse health from the seed, 15 to 30, the same for the same seed', () => {
    const rolled = (seed: number) => {
      const w = flatWorld(seed);
      return Array.from({ length: 20 }, (_, i) => spawnMob(w, 'horse', { x: i + 0.5, y: -60, z: 0.5 }).maxHealth);
    };
    const a = rolled(7);
    expect(a).toEqual(rolled(7));
    expect(Math.min(...a)).toBeGreaterThanOrEqual(15);
    expect(Math.max(...a)).toBeLessThanOrEqual(30);
    expect(new Set(a).size).toBeGreaterThan(3);
  });

  it("a zombie's natural 2 armor points reduce a sword hit; a pig has none", () => {
    const w = flatWorld();
    const p = joinPlayer(w, 'alex', { x: 0.5, y: -60, z: 0.5 });
    p.inventory.add({ name: 'iron_sword', count: 1 });
    equip(w, p, 'iron_sword');
    const zombie = spawnMob(w, 'zombie', { x: 0.5, y: -60, z: 2 });
    w.run(20);
    // Iron sword 6; armor 2 gives max(2/5, 2 - 4*6/8) = 0.4 effective points.
    const hit = attack(w, p, zombie);
    expect(hit.ok && hit.damage).toBeCloseTo(6 * (1 - 0.4 / 25), 10);
    w.run(20);
    const pig = spawnMob(w, 'pig', { x: p.pos.x + 1.5, y: p.pos.y, z: p.pos.z });
    const pigHit = attack(w, p, pig);
    expect(pigHit.ok && pigHit.damage).toBe(6);
  });
});
