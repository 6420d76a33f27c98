import { describe, expect, it } from 'vitest';
import { World } from '../world.js';
import { joinPlayer } from '../entities/player.js';
import type { Player } from '../entities/entity.js';
import { fallDamage } from './fall.js';
import { addEffect } from './effects.js';

const flatWorld = (fallDamage = true) => new World({ seed: 1, terrain: { type: 'flat' }, gamerules: { doMobSpawning: false, naturalRegeneration: false, fallDamage } });

/** Drops a player from `height` blocks above the flat surface (y = -60) and returns the health lost. */
function drop(w: World, height: number, setup?: (p: Player) => void): number {
  const p = joinPlayer(w, `p${height}`, { x: 0.5, y: -60 + height, z: 0.5 });
  setup?.(p);
  w.run(80);
  expect(p.onGround).toBe(true);
  return 20 - p.health;
}

describe('fall damage', () => {
  // Wiki "Damage" § Fall damage: 1 damage per block fallen beyond 3.
  it('a 10-block fall does 7 damage and a 3-block fall none', () => {
    expect(drop(flatWorld(), 10)).toBe(7);
    expect(drop(flatWorld(), 3)).toBe(0);
    expect(fallDamage(3.5, 0)).toBe(1);
  });

  it('armor does not reduce it; Jump Boost raises the safe distance by its level', () => {
    expect(drop(flatWorld(), 10, (p) => {
      p.inventory.armor.head = { name: 'iron_helmet', count: 1 };
      p.inventory.armor.chest = { name: 'iron_chestplate', count: 1 };
      p.inventory.armor.legs = { name: 'iron_leggings', count: 1 };
      p.inventory.armor.feet = { name: 'iron_boots', count: 1 };
    })).toBe(7);
    const w = flatWorld();
    expect(drop(w, 10, (p) => addEffect(w, p, 'JumpBoost', 1, 400))).toBe(5);
  });

  it('is halved by a bed, a fifth on hay, and off with gamerule fallDamage false', () => {
    const w = flatWorld();
    w.setBlock({ x: 0, y: -61, z: 0 }, 'hay_block');
    expect(drop(w, 10)).toBe(2); // ceil(7 * 0.2)
    expect(drop(flatWorld(false), 10)).toBe(0);
  });

  it('does not hurt when landing in water', () => {
    const w = flatWorld();
    w.setBlock({ x: 0, y: -60, z: 0 }, 'water');
    expect(drop(w, 12)).toBe(0);
  });
});
