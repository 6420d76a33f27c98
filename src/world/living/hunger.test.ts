import { describe, expect, it } from 'vitest';
import { World } from '../world.js';
import type { Difficulty } from '../world-options.js';
import { joinPlayer } from '../entities/player.js';

const world = (difficulty: Difficulty = 'normal', naturalRegeneration = true) =>
  new World({ seed: 1, terrain: { type: 'flat' }, difficulty, gamerules: { doMobSpawning: false, naturalRegeneration } });

describe('hunger', () => {
  // Wiki "Hunger": with full food and saturation, 1 health every 10 ticks (0.5 s), costing 6 exhaustion.
  it('regenerates fast at full food with saturation, spending exhaustion', () => {
    const w = world();
    const p = joinPlayer(w, 'alex', { x: 0.5, y: -60, z: 0.5 });
    p.saturation = 20;
    p.health = 10;
    w.run(10);
    expect(p.health).toBe(11); // min(20, 6) / 6 = 1
    expect(p.exhaustion).toBe(6);
    w.step();
    expect(p.exhaustion).toBeCloseTo(2, 6); // every 4 exhaustion costs 1 saturation
    expect(p.saturation).toBe(19);
  });

  // Wiki "Hunger": at food >= 18 (not saturated), 1 health every 80 ticks.
  it('regenerates 1 health every 80 ticks at food 18', () => {
    const w = world();
    const p = joinPlayer(w, 'alex', { x: 0.5, y: -60, z: 0.5 });
    p.food = 18;
    p.saturation = 0;
    p.health = 10;
    w.run(79);
    expect(p.health).toBe(10);
    w.run(1);
    expect(p.health).toBe(11);
  });

  it('does not regenerate with gamerule naturalRegeneration off', () => {
    const w = world('normal', false);
    const p = joinPlayer(w, 'alex', { x: 0.5, y: -60, z: 0.5 });
    p.health = 10;
    w.run(200);
    expect(p.health).toBe(10);
  });

  // Wiki "Hunger" § Starvation: 1 damage every 80 ticks, stopping at 10 health on easy, 1 on normal; hard kills.
  it.each([
    ['easy', 10, false],
    ['normal', 1, false],
    ['hard', 0, true],
  ] as const)('starvation on %s stops at %d health (dies: %s)', (difficulty, floor, dies) => {
    const w = world(difficulty);
    const p = joinPlayer(w, 'alex', { x: 0.5, y: -60, z: 0.5 });
    let died = false;
    w.on('player_died', (e) => { died = died || e.cause === 'starvation'; });
    p.food = 0;
    p.saturation = 0;
    w.run(80);
    expect(p.health).toBe(19);
    w.run(80 * 20);
    expect(died).toBe(dies);
    if (!dies) expect(p.health).toBe(floor);
  });

  it('spends 1 saturation, then food, per 4 exhaustion; sprinting costs 0.1 per metre and walking nothing', () => {
    const w = world('normal', false);
    const p = joinPlayer(w, 'alex', { x: 0.5, y: -60, z: 0.5 });
    w.run(5);
    p.controls.forward = 1;
    w.run(40);
    expect(p.exhaustion).toBe(0); // walking is free in Java Edition
    p.controls.sprint = true;
    const z0 = p.pos.z;
    w.run(20);
    expect(p.exhaustion).toBeCloseTo(0.1 * (p.pos.z - z0), 6);
    p.exhaustion = 3.99;
    p.saturation = 1;
    p.controls.forward = 0;
    p.activity.jumped = true; // as if it jumped this tick: +0.2 while sprinting
    w.step();
    expect(p.saturation).toBe(0);
    p.exhaustion = 4.5;
    w.step();
    expect(p.food).toBe(19);
  });

  it('on peaceful, health and food come back', () => {
    const w = world('peaceful');
    const p = joinPlayer(w, 'alex', { x: 0.5, y: -60, z: 0.5 });
    p.food = 10;
    p.saturation = 0;
    p.health = 10;
    w.run(60);
    expect(p.health).toBe(13); // +1 every 20 ticks
    expect(p.food).toBe(16); // +1 every 10 ticks
  });
});
