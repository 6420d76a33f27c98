import { describe, expect, it } from 'vitest';
import { SkillExecutor } from '../../src/skills/skill-executor.js';
import { simSkill } from '../../src/env/sim/skills/registry.js';
import { joinPlayer, World } from '../../src/world/index.js';
import { agent, fill, flatWorld, GROUND, run } from './harness.js';

describe('moveTo', () => {
  it('walks around a wall to the target at walking speed and stops there', () => {
    const w = flatWorld();
    fill(w, { x: -3, y: GROUND, z: 5 }, { x: 3, y: GROUND + 2, z: 5 }, 'stone');
    const a = agent(w, 'alex', 0, 0);
    const done = run(w, a, 'moveTo', { x: 0, y: GROUND, z: 10, range: 0 });
    expect(done.result).toMatchObject({ ok: true });
    expect(Math.floor(a.player.pos.x)).toBe(0);
    expect(Math.floor(a.player.pos.z)).toBe(10);
    // 10 blocks straight would take 46 ticks at 4.317 blocks/s; the detour is longer but not wildly so.
    expect(done.ticks).toBeGreaterThan(46);
    expect(done.ticks).toBeLessThan(200);
    expect(a.player.controls.forward).toBe(0);
  });

  it('fails with no_path for an enclosed target instead of hanging', () => {
    const w = flatWorld();
    fill(w, { x: 9, y: GROUND, z: 9 }, { x: 11, y: GROUND + 3, z: 11 }, 'stone');
    w.setBlock({ x: 10, y: GROUND, z: 10 }, 'air');
    w.setBlock({ x: 10, y: GROUND + 1, z: 10 }, 'air');
    const a = agent(w, 'alex', 0, 0);
    const done = run(w, a, 'moveTo', { x: 10, y: GROUND, z: 10, range: 0 }, 400);
    expect(done.result).toMatchObject({ ok: false, reason: 'no_path' });
    expect(done.ticks).toBeLessThan(200); // walks up to the box on the best partial path, then gives up
    if (!done.result.ok) { expect(done.result.details).toMatch(/10,-60,10.*enclosed/); }
  });

  it('is pre-empted by a new skill and cancelled by cancel(), leaving the controls released', () => {
    const w = flatWorld();
    const a = agent(w, 'alex', 0, 0);
    a.exec.start('moveTo', { x: 0, y: GROUND, z: 40 });
    for (let t = 0; t < 20; t++) {
      a.exec.tick();
      w.step();
    }
    expect(a.player.controls.forward).toBeGreaterThan(0);
    const zBefore = a.player.pos.z;
    expect(zBefore).toBeGreaterThan(2);
    a.exec.start('wait', { ticks: 40 });
    const [preempted] = a.exec.takeFinished();
    expect(preempted).toMatchObject({ name: 'moveTo', result: { ok: false, reason: 'preempted' } });
    expect(a.player.controls.forward).toBe(0);
    for (let t = 0; t < 10; t++) {
      a.exec.tick();
      w.step();
    }
    expect(a.exec.running?.name).toBe('wait');
    // Momentum carries a little; the agent does not keep walking.
    expect(a.player.pos.z - zBefore).toBeLessThan(1);

    a.exec.start('moveTo', { x: 0, y: GROUND, z: 40 });
    for (let t = 0; t < 10; t++) {
      a.exec.tick();
      w.step();
    }
    expect(a.player.controls.forward).toBeGreaterThan(0);
    a.exec.cancel();
    expect(a.exec.running).toBeNull();
    expect(a.exec.takeFinished().map((f) => f.result)).toEqual([
      expect.objectContaining({ ok: false, reason: 'preempted' }),
      expect.objectContaining({ ok: false, reason: 'cancelled' }),
    ]);
    expect(a.player.controls).toMatchObject({ forward: 0, jump: false, strafe: 0 });
  });

  it('crosses 70 blocks of natural terrain to a surface point', () => {
    const w = new World({ seed: 'far', terrain: { type: 'natural' }, gamerules: { doMobSpawning: false, doDaylightCycle: false }, timeOfDay: 6000 });
    const surface = (x: number, z: number): number => {
      let y = 200;
      while (!w.isSolid(x, y - 1, z) && w.registry.fluidByState[w.stateAt(x, y - 1, z)] === 0) y--;
      return y;
    };
    const player = joinPlayer(w, 'alex', { x: 0.5, y: surface(0, 0), z: 0.5 });
    const a = { player, exec: new SkillExecutor(w, player, simSkill) };
    const goal = { x: 60, y: surface(60, 40), z: 40 };
    const done = run(w, a, 'moveTo', { ...goal, range: 2 }, 4000);
    expect(done.result).toMatchObject({ ok: true });
    expect(Math.hypot(player.pos.x - 60.5, player.pos.z - 40.5)).toBeLessThan(3);
    // At least the straight-line time at walking speed (72 blocks / 4.317 blocks/s = 334 ticks).
    expect(done.ticks).toBeGreaterThan(334);
  });
});
