import { describe, expect, it } from 'vitest';
import { World } from '../world.js';
import { joinPlayer } from '../entities/player.js';

const flatWorld = () => new World({ seed: 1, terrain: { type: 'flat' }, gamerules: { doMobSpawning: false } });

/** Blocks per second over 10 s of running along +z, sprinting, jumping or not. */
function runSpeed(jump: boolean): number {
  const w = flatWorld();
  const p = joinPlayer(w, 'alex', { x: 0.5, y: -60, z: 0.5 });
  w.run(5);
  p.controls.forward = 1;
  p.controls.sprint = true;
  p.controls.jump = jump;
  w.run(20); // get going
  const z0 = p.pos.z;
  w.run(200);
  return (p.pos.z - z0) / 10;
}

describe('sprint-jumping (vanilla: the jump adds 0.2 forward, air drag 0.91 and sprint air control 0.026)', () => {
  it('sprinting runs at about 5.6 m/s and sprint-jumping at about 7.1 m/s', () => {
    const sprint = runSpeed(false);
    const sprintJump = runSpeed(true);
    expect(sprint).toBeCloseTo(5.612, 1);
    // Wiki "Sprinting": sprint-jumping averages about 7.127 m/s on flat ground.
    expect(sprintJump).toBeGreaterThan(6.9);
    expect(sprintJump).toBeLessThan(7.4);
  });

  it('a walking jump is no faster than walking, and stopping on the ground stops at once as before', () => {
    const w = flatWorld();
    const p = joinPlayer(w, 'alex', { x: 0.5, y: -60, z: 0.5 });
    w.run(5);
    p.controls.forward = 1;
    p.controls.jump = true;
    const z0 = p.pos.z;
    w.run(200);
    expect((p.pos.z - z0) / 10).toBeLessThanOrEqual(4.32);
    p.controls.jump = false;
    p.controls.sprint = true;
    w.run(40);
    p.controls.forward = 0;
    p.controls.sprint = false;
    w.run(20);
    const z1 = p.pos.z;
    w.run(5);
    expect(p.pos.z).toBe(z1);
  });
});
