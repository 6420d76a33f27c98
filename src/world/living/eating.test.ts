import { describe, expect, it } from 'vitest';
import { World } from '../world.js';
import { joinPlayer } from '../entities/player.js';
import { startUsing } from './eating.js';

const flatWorld = () => new World({ seed: 1, terrain: { type: 'flat' }, gamerules: { doMobSpawning: false, naturalRegeneration: false } });

describe('eating and drinking', () => {
  // Wiki "Bread": 5 food, 6 saturation; eating takes 1.6 s (32 ticks).
  it('bread restores 5 food and 6 saturation after 32 ticks and is consumed', () => {
    const w = flatWorld();
    const p = joinPlayer(w, 'alex', { x: 0.5, y: -60, z: 0.5 });
    p.food = 10;
    p.saturation = 0;
    p.inventory.add({ name: 'bread', count: 2 });
    expect(startUsing(w, p, 'bread')).toEqual({ ok: true, item: 'bread', ticks: 32 });
    p.inventory.selected = 5; // changing the selected slot does not interrupt
    w.run(31);
    expect(p.food).toBe(10);
    w.step();
    expect(p.food).toBe(15);
    expect(p.saturation).toBe(6);
    expect(p.inventory.count('bread')).toBe(1);
    expect(p.using).toBeNull();
  });

  it('caps food at 20 and saturation at the food level, and refuses when full', () => {
    const w = flatWorld();
    const p = joinPlayer(w, 'alex', { x: 0.5, y: -60, z: 0.5 });
    p.inventory.add({ name: 'cooked_beef', count: 2 }); // 8 food, 12.8 saturation
    expect(startUsing(w, p, 'cooked_beef')).toMatchObject({ ok: false, reason: 'not_hungry' });
    p.food = 17;
    p.saturation = 0;
    startUsing(w, p, 'cooked_beef');
    w.run(32);
    expect(p.food).toBe(20);
    expect(p.saturation).toBeCloseTo(12.8, 6);
    expect(startUsing(w, p, 'stone')).toMatchObject({ ok: false, reason: 'missing_item' });
    p.inventory.add({ name: 'stone', count: 1 });
    expect(startUsing(w, p, 'stone')).toMatchObject({ ok: false, reason: 'not_edible' });
  });

  it('dried kelp takes 16 ticks; a golden apple can be eaten when full and gives Regeneration II and Absorption', () => {
    const w = flatWorld();
    const p = joinPlayer(w, 'alex', { x: 0.5, y: -60, z: 0.5 });
    p.food = 19;
    p.inventory.add({ name: 'dried_kelp', count: 1 });
    expect(startUsing(w, p, 'dried_kelp')).toMatchObject({ ticks: 16 });
    w.run(16);
    expect(p.food).toBe(20);
    p.inventory.add({ name: 'golden_apple', count: 1 });
    expect(startUsing(w, p, 'golden_apple').ok).toBe(true);
    w.run(32);
    expect(p.effects.get('Regeneration')).toMatchObject({ amplifier: 1, ticksLeft: 100 });
    expect(p.effects.get('Absorption')).toMatchObject({ amplifier: 0 });
  });

  it('emits player_ate and returns the bowl of a stew', () => {
    const w = flatWorld();
    const p = joinPlayer(w, 'alex', { x: 0.5, y: -60, z: 0.5 });
    p.food = 5;
    p.inventory.add({ name: 'mushroom_stew', count: 1 });
    startUsing(w, p, 'mushroom_stew');
    w.takeEvents();
    w.run(32);
    expect(w.takeEvents().filter((e) => e.type === 'player_ate')).toMatchObject([{ player: p.id, item: 'mushroom_stew', food: 11 }]);
    expect(p.inventory.count('bowl')).toBe(1);
  });

  // Wiki "Potion": Fire Resistance 3:00; drinking takes 32 ticks and leaves a glass bottle.
  it('drinking a potion gives its effect and leaves a glass bottle', () => {
    const w = flatWorld();
    const p = joinPlayer(w, 'alex', { x: 0.5, y: -60, z: 0.5 });
    p.inventory.add({ name: 'potion', count: 1, potion: 'long_fire_resistance' });
    p.inventory.add({ name: 'potion', count: 1, potion: 'strong_healing' });
    p.health = 5;
    expect(startUsing(w, p, 'potion', { potion: 'strong_healing' }).ok).toBe(true);
    w.run(32);
    expect(p.health).toBe(13); // 4 << 1
    startUsing(w, p, 'potion');
    w.run(32);
    expect(p.effects.get('FireResistance')).toMatchObject({ amplifier: 0, ticksLeft: 9600 });
    expect(p.inventory.count('potion')).toBe(0);
    expect(p.inventory.count('glass_bottle')).toBe(2);
  });
});
