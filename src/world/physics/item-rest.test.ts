/**
 * Resting items skip the movement rule until a block next to them changes; what users rely on is
 * that this changes nothing they can see: the item still falls, floats and slides exactly as if it
 * had moved every tick.
 */
import { describe, expect, it } from 'vitest';
import { World } from '../world.js';
import { spawnItem } from '../entities/item-entity.js';
import { ITEM_GROUND_FRICTION } from './item-rest.js';

const flatWorld = () => new World({ seed: 1, terrain: { type: 'flat' }, gamerules: { doMobSpawning: false } });

describe('resting items', () => {
  it('come to rest on the ground, and keep their place and age while resting', () => {
    const w = flatWorld();
    const item = spawnItem(w, { x: 0.5, y: -58, z: 0.5 }, { name: 'dirt', count: 1 }, { vel: { x: 0.05, y: 0, z: -0.03 } });
    w.run(100);
    expect(item.restingSince).toBeGreaterThanOrEqual(0);
    const at = { ...item.pos };
    expect(at.y).toBe(-60); // on the grass at y = -61
    w.run(200);
    expect(item.pos).toEqual(at);
    expect(item.age).toBe(300);
  });

  it('fall when the block under them is taken away, with the friction of the ticks they rested replayed', () => {
    const w = flatWorld();
    const item = spawnItem(w, { x: 0.5, y: -58, z: 0.5 }, { name: 'dirt', count: 1 }, { vel: { x: 0.05, y: 0, z: 0.02 } });
    w.run(100);
    const since = item.restingSince;
    expect(since).toBeGreaterThanOrEqual(0);
    const restVel = { ...item.vel };
    w.run(37);
    // Taken away between ticks: the item moved last in tick w.tick - 1, so it missed w.tick - 1 - since moves.
    let vx = restVel.x, vz = restVel.z;
    for (let t = since + 1; t < w.tick; t++) {
      vx *= ITEM_GROUND_FRICTION;
      vz *= ITEM_GROUND_FRICTION;
    }
    const bx = Math.floor(item.pos.x), bz = Math.floor(item.pos.z);
    w.setBlock({ x: bx, y: -61, z: bz }, 'air');
    expect(item.restingSince).toBe(-1);
    expect(item.vel.x).toBe(vx);
    expect(item.vel.z).toBe(vz);
    // Whatever else the item's box stands on goes too.
    for (let x = bx - 1; x <= bx + 1; x++) for (let z = bz - 1; z <= bz + 1; z++) w.setBlock({ x, y: -61, z }, 'air');
    w.run(30);
    expect(item.pos.y).toBe(-61); // on the dirt below
    expect(item.onGround).toBe(true);
  });

  it('wake for a change next to them (water flowing in) but not for one two blocks away', () => {
    const w = flatWorld();
    const item = spawnItem(w, { x: 0.5, y: -60, z: 0.5 }, { name: 'dirt', count: 1 }, { vel: { x: 0, y: 0, z: 0 } });
    w.run(20);
    expect(item.restingSince).toBeGreaterThanOrEqual(0);
    w.setBlock({ x: 2, y: -60, z: 0 }, 'stone');
    expect(item.restingSince).toBeGreaterThanOrEqual(0);
    w.setBlock({ x: 0, y: -60, z: 0 }, 'water');
    expect(item.restingSince).toBe(-1);
    w.run(1);
    expect(item.inWater).toBe(true);
    w.run(40);
    expect(item.pos.y).toBeGreaterThan(-60); // floats up
  });
});
