import { describe, expect, it } from 'vitest';
import { World } from '../world.js';
import { joinPlayer } from '../entities/player.js';
import { addEffect } from './effects.js';
import { LAVA_BURN_TICKS } from './fire.js';

const flatWorld = () => new World({ seed: 1, terrain: { type: 'flat' }, gamerules: { doMobSpawning: false, naturalRegeneration: false } });

function inLava() {
  const w = flatWorld();
  w.setBlock({ x: 0, y: -60, z: 0 }, 'lava');
  w.setBlock({ x: 0, y: -59, z: 0 }, 'lava');
  const p = joinPlayer(w, 'alex', { x: 0.5, y: -60, z: 0.5 });
  return { w, p };
}

describe('lava, fire and burning', () => {
  // Wiki "Lava": 4 damage per half second (the hurt window) and 15 s of fire.
  it('kills a player without Fire Resistance within a few seconds', () => {
    const { w, p } = inLava();
    const deaths: { cause: string; tick: number }[] = [];
    w.on('player_died', (e) => deaths.push({ cause: e.cause, tick: e.tick }));
    w.step();
    expect(p.health).toBe(16);
    expect(p.fireTicks).toBe(LAVA_BURN_TICKS);
    w.run(10);
    expect(p.health).toBe(12);
    w.run(30);
    expect(p.dead).toBe(true); // 5 hits of 4, 10 ticks apart: dead at tick 40 (2 s)
    expect(deaths).toEqual([{ cause: 'lava', tick: 40 }]);
  });

  it('does not hurt a player with Fire Resistance', () => {
    const { w, p } = inLava();
    addEffect(w, p, 'FireResistance', 0, 3600);
    w.run(200);
    expect(p.dead).toBe(false);
    expect(p.health).toBe(20);
  });

  it('a burning player takes 1 damage every 20 ticks and armor does not help; water puts it out', () => {
    const w = flatWorld();
    const p = joinPlayer(w, 'alex', { x: 0.5, y: -60, z: 0.5 });
    p.inventory.armor.chest = { name: 'diamond_chestplate', count: 1 };
    w.run(5);
    p.fireTicks = 100;
    w.run(100); // fireTicks 100, 80, 60, 40, 20 are multiples of 20: 5 damage
    expect(p.health).toBe(15);
    expect(p.fireTicks).toBe(0);
    p.fireTicks = 100;
    w.setBlock({ x: 0, y: -60, z: 0 }, 'water');
    w.run(2);
    expect(p.fireTicks).toBe(0);
  });

  it('a fire block burns for 1 damage and sets the player alight for 8 s', () => {
    const w = flatWorld();
    w.setBlock({ x: 0, y: -60, z: 0 }, 'fire');
    const p = joinPlayer(w, 'alex', { x: 0.5, y: -60, z: 0.5 });
    w.step();
    expect(p.health).toBe(19);
    expect(p.fireTicks).toBe(160);
  });
});
