import { describe, expect, it } from 'vitest';
import { World } from '../world.js';
import { joinPlayer } from '../entities/player.js';

function inPowderSnow() {
  const w = new World({ seed: 1, terrain: { type: 'flat' }, gamerules: { doMobSpawning: false, naturalRegeneration: false } });
  w.setBlock({ x: 0, y: -60, z: 0 }, 'powder_snow');
  w.setBlock({ x: 0, y: -59, z: 0 }, 'powder_snow');
  const p = joinPlayer(w, 'alex', { x: 0.5, y: -60, z: 0.5 });
  return { w, p };
}

describe('freezing', () => {
  // Wiki "Powder Snow": fully frozen after 140 ticks, then 1 damage every 40 ticks.
  it('freezes after 140 ticks in powder snow and then deals 1 damage every 40 ticks', () => {
    const { w, p } = inPowderSnow();
    w.run(139);
    expect(p.frozenTicks).toBe(139);
    expect(p.health).toBe(20);
    w.run(161); // to tick 300: the age multiples of 40 from 160 are 160, 200, 240, 280
    expect(p.frozenTicks).toBe(140);
    expect(p.health).toBe(16);
    expect(p.lastDamageCause).toBe('freezing');
  });

  it('thaws at 2 per tick outside powder snow', () => {
    const { w, p } = inPowderSnow();
    w.run(100);
    w.setBlock({ x: 0, y: -60, z: 0 }, 'air');
    w.setBlock({ x: 0, y: -59, z: 0 }, 'air');
    w.run(10);
    expect(p.frozenTicks).toBe(80);
  });

  it('does not freeze a player wearing a leather piece', () => {
    const { w, p } = inPowderSnow();
    p.inventory.armor.feet = { name: 'leather_boots', count: 1 };
    w.run(400);
    expect(p.frozenTicks).toBe(0);
    expect(p.health).toBe(20);
  });
});
