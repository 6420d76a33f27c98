import { describe, expect, it } from 'vitest';
import { World } from '../world.js';
import { joinPlayer } from '../entities/player.js';
import { addEffect } from './effects.js';

const flatWorld = () => new World({ seed: 1, terrain: { type: 'flat' }, gamerules: { doMobSpawning: false, naturalRegeneration: false } });

describe('effects', () => {
  // Wiki "Regeneration": level I heals 1 every 50 ticks, level II every 25.
  it('Regeneration heals 1 every (50 >> amplifier) ticks', () => {
    const w = flatWorld();
    const p = joinPlayer(w, 'alex', { x: 0.5, y: -60, z: 0.5 });
    p.health = 10;
    addEffect(w, p, 'Regeneration', 0, 200);
    w.run(200);
    expect(p.health).toBe(14); // pulses at 200, 150, 100, 50 ticks left
    addEffect(w, p, 'Regeneration', 1, 100);
    w.run(100);
    expect(p.health).toBe(18);
  });

  // Wiki "Poison": 1 damage every 25 ticks at level I, never below 1 health.
  it('Poison deals 1 every 25 ticks but never kills', () => {
    const w = flatWorld();
    const p = joinPlayer(w, 'alex', { x: 0.5, y: -60, z: 0.5 });
    addEffect(w, p, 'Poison', 0, 100);
    w.run(100);
    expect(p.health).toBe(16);
    p.health = 2.5;
    addEffect(w, p, 'Poison', 1, 1000);
    w.run(1000);
    expect(p.health).toBe(1);
    expect(p.dead).toBe(false);
  });

  it('Wither can kill', () => {
    const w = flatWorld();
    const p = joinPlayer(w, 'alex', { x: 0.5, y: -60, z: 0.5 });
    p.health = 2;
    addEffect(w, p, 'Wither', 1, 200); // every 20 ticks: at 200 and 180 ticks left
    w.run(21);
    expect(p.dead).toBe(true);
  });

  // Wiki "Instant Health": 4 << amplifier; "Instant Damage": 6 << amplifier.
  it('instant effects act at once', () => {
    const w = flatWorld();
    const p = joinPlayer(w, 'alex', { x: 0.5, y: -60, z: 0.5 });
    addEffect(w, p, 'InstantDamage', 1, 0);
    expect(p.health).toBe(8);
    addEffect(w, p, 'InstantHealth', 0, 0);
    expect(p.health).toBe(12);
    expect(p.effects.size).toBe(0);
  });

  it('a stronger effect replaces a weaker one; a weaker or shorter one is ignored; expiry emits effect_removed', () => {
    const w = flatWorld();
    const p = joinPlayer(w, 'alex', { x: 0.5, y: -60, z: 0.5 });
    expect(addEffect(w, p, 'Speed', 0, 100).applied).toBe(true);
    expect(addEffect(w, p, 'Speed', 0, 50).applied).toBe(false);
    expect(addEffect(w, p, 'Speed', 1, 20).applied).toBe(true);
    expect(p.effects.get('Speed')).toEqual({ name: 'Speed', amplifier: 1, ticksLeft: 20 });
    expect(addEffect(w, p, 'Speed', 0, 500).applied).toBe(false);
    w.takeEvents();
    w.run(20);
    expect(p.effects.has('Speed')).toBe(false);
    expect(w.takeEvents().filter((e) => e.type === 'effect_removed')).toMatchObject([{ entity: p.id, effect: 'Speed' }]);
  });

  it('Hunger adds 0.005 exhaustion per level per tick', () => {
    const w = flatWorld();
    const p = joinPlayer(w, 'alex', { x: 0.5, y: -60, z: 0.5 });
    w.run(5);
    addEffect(w, p, 'Hunger', 2, 100);
    w.run(100);
    expect(p.exhaustion).toBeCloseTo(1.5, 6); // 0.015 * 100
  });

  it('rejects unknown effect names with a suggestion', () => {
    const w = flatWorld();
    const p = joinPlayer(w, 'alex', { x: 0.5, y: -60, z: 0.5 });
    expect(() => addEffect(w, p, 'Sped', 0, 10)).toThrow(/did you mean 'Speed'/);
  });
});
