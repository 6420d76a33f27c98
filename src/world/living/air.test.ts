import { describe, expect, it } from 'vitest';
import { World } from '../world.js';
import { joinPlayer } from '../entities/player.js';
import { addEffect } from './effects.js';

function flooded() {
  const w = new World({ seed: 1, terrain: { type: 'flat' }, gamerules: { doMobSpawning: false, naturalRegeneration: false } });
  for (let y = -60; y <= -57; y++) w.setBlock({ x: 0, y, z: 0 }, 'water');
  const p = joinPlayer(w, 'alex', { x: 0.5, y: -60, z: 0.5 });
  return { w, p };
}

describe('air and drowning', () => {
  // Wiki "Drowning": 300 ticks (15 s) of air, then 2 damage every second (20 ticks).
  it('uses up 300 ticks of air, then deals 2 drowning damage every 20 ticks', () => {
    const { w, p } = flooded();
    const hurtTicks: number[] = [];
    w.on('entity_hurt', (e) => { if (e.cause === 'drowning') hurtTicks.push(e.tick); });
    w.run(150);
    expect(p.air).toBe(150);
    w.run(150);
    expect(p.air).toBe(0);
    expect(p.health).toBe(20);
    w.run(60);
    expect(hurtTicks).toEqual([319, 339, 359]); // 300 ticks of air + 20 (ticks count from 0)
    expect(p.health).toBe(14);
  });

  it('refills 4 air per tick out of water', () => {
    const { w, p } = flooded();
    w.run(100);
    // Drain the whole column above the feet: water left on top would flow back down over the eyes.
    for (let y = -59; y <= -57; y++) w.setBlock({ x: 0, y, z: 0 }, 'air');
    w.run(10);
    expect(p.air).toBe(240);
    w.run(100);
    expect(p.air).toBe(300);
  });

  it('loses no air with Water Breathing', () => {
    const { w, p } = flooded();
    addEffect(w, p, 'WaterBreathing', 0, 3600);
    w.run(400);
    expect(p.air).toBe(300);
    expect(p.health).toBe(20);
  });
});
