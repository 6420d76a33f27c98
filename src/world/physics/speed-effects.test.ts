/**
 * Speed and Slowness change walking speed by vanilla's attribute modifiers (wiki "Speed": +20% per
 * level; "Slowness": -15% per level), and only while the effect lasts.
 */
import { describe, expect, it } from 'vitest';
import { World } from '../world.js';
import { joinPlayer, PLAYER_WALK_SPEED } from '../entities/player.js';
import { addEffect } from '../living/effects.js';
import type { Player } from '../entities/entity.js';

const flatWorld = () => new World({ seed: 1, terrain: { type: 'flat' }, gamerules: { doMobSpawning: false } });

/** Blocks walked straight ahead in one second (20 ticks) by a settled player. */
function walkOneSecond(w: World, p: Player): number {
  p.controls.forward = 1;
  const z0 = p.pos.z;
  w.run(20);
  p.controls.forward = 0;
  return p.pos.z - z0;
}

function settled(): { w: World; p: Player } {
  const w = flatWorld();
  const p = joinPlayer(w, 'alex', { x: 0.5, y: -60, z: 0.5 });
  w.run(5);
  return { w, p };
}

describe('Speed and Slowness', () => {
  it.each([
    ['Speed', 0, 1.2],
    ['Speed', 1, 1.4],
    ['Slowness', 0, 0.85],
    ['Slowness', 3, 0.4],
  ] as const)('%s amplifier %d walks at %f x the vanilla speed', (effect, amplifier, factor) => {
    const { w, p } = settled();
    addEffect(w, p, effect, amplifier, 200);
    expect(walkOneSecond(w, p)).toBeCloseTo(PLAYER_WALK_SPEED * factor, 3);
  });

  it('the speed comes back when the effect runs out', () => {
    const { w, p } = settled();
    addEffect(w, p, 'Slowness', 1, 30);
    expect(walkOneSecond(w, p)).toBeCloseTo(PLAYER_WALK_SPEED * 0.7, 3);
    w.run(20); // the remaining 10 ticks and then some
    expect(p.effects.has('Slowness')).toBe(false);
    expect(walkOneSecond(w, p)).toBeCloseTo(PLAYER_WALK_SPEED, 3);
  });
});
