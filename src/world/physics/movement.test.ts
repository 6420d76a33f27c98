import { describe, expect, it } from 'vitest';
import { World } from '../world.js';
import { joinPlayer, PLAYER_WALK_SPEED } from '../entities/player.js';

const flatWorld = () => new World({ seed: 1, terrain: { type: 'flat' }, gamerules: { doMobSpawning: false } });

describe('movement', () => {
  it('drops a player onto the ground and keeps it standing there', () => {
    const w = flatWorld();
    const p = joinPlayer(w, 'alex', { x: 0.5, y: -55, z: 0.5 });
    w.run(60);
    expect(p.onGround).toBe(true);
    expect(p.pos.y).toBeCloseTo(-60, 6); // classic superflat surface: grass at y=-61
    expect(p.fallDistance).toBe(0);
  });

  it('walks at the vanilla speed of 4.317 blocks per second', () => {
    const w = flatWorld();
    const p = joinPlayer(w, 'alex', { x: 0.5, y: -60, z: 0.5 });
    w.run(5);
    p.controls.forward = 1; // yaw 0 faces +z
    const z0 = p.pos.z;
    w.run(20);
    expect(p.pos.z - z0).toBeCloseTo(PLAYER_WALK_SPEED, 3);
    expect(p.pos.x).toBeCloseTo(0.5, 6);
  });

  it('is stopped by a wall and can jump onto a one-block step', () => {
    const w = flatWorld();
    const p = joinPlayer(w, 'alex', { x: 0.5, y: -60, z: 0.5 });
    for (let z = 3; z < 40; z++) w.setBlock({ x: 0, y: -60, z }, 'stone');
    p.controls.forward = 1;
    w.run(20);
    expect(p.collidedHorizontally).toBe(true);
    expect(p.pos.z).toBeCloseTo(3 - 0.3, 6);
    p.controls.jump = true;
    w.run(10);
    p.controls.jump = false;
    w.run(20);
    expect(p.pos.y).toBeCloseTo(-59, 6);
    expect(p.pos.z).toBeGreaterThan(4);
  });

  it('swims out of a pool onto a bank one block above the water surface, and not through a wall two blocks high', () => {
    const w = flatWorld();
    for (let x = -2; x <= 6; x++) for (let z = -2; z <= 4; z++) for (let y = -62; y <= -61; y++) w.setBlock({ x, y, z }, 'water');
    for (let x = -3; x <= 7; x++) for (let z = 5; z <= 8; z++) w.setBlock({ x, y: -60, z }, 'stone'); // bank top at -59, the surface at -60
    for (let x = -3; x <= 7; x++) for (let y = -60; y <= -59; y++) w.setBlock({ x, y, z: -3 }, 'stone'); // a wall two high on the other side
    const p = joinPlayer(w, 'alex', { x: 2.5, y: -61.5, z: 1.5 });
    p.controls.forward = 1;
    p.controls.jump = true;
    for (let i = 0; i < 100 && !(p.pos.z > 5.6 && p.onGround); i++) w.step();
    p.controls.forward = 0;
    p.controls.jump = false;
    w.run(20);
    expect(p.inWater).toBe(false);
    expect(p.pos.z).toBeGreaterThan(5.3);
    expect(p.pos.y).toBeCloseTo(-59, 6); // standing on the bank

    const q = joinPlayer(w, 'bob', { x: 2.5, y: -61.5, z: 1.5 });
    q.yaw = 180; // toward -z, the two-high wall
    q.controls.forward = 1;
    q.controls.jump = true;
    w.run(200);
    expect(q.pos.z).toBeGreaterThan(-2.5); // still in the pool
  });

  it('records the fall distance of a landing', () => {
    const w = flatWorld();
    const p = joinPlayer(w, 'alex', { x: 0.5, y: -50, z: 0.5 });
    let landed = 0;
    for (let i = 0; i < 100 && landed === 0; i++) {
      w.step();
      landed = p.landedFallDistance;
    }
    expect(landed).toBeCloseTo(10, 1);
  });
});
