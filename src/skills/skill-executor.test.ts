import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { World, joinPlayer } from '../world/index.js';
import { defineSkill, type SkillDefinition } from './skill.js';
import { SkillExecutor } from './skill-executor.js';
import { succeed } from './skill-result.js';

const walkFor = defineSkill({
  name: 'walkFor',
  description: 'walk forward for some ticks',
  params: z.object({ ticks: z.number().int().positive() }),
  *run(ctx, p) {
    try {
      ctx.player.controls.forward = 1;
      for (let i = 0; i < p.ticks; i++) yield;
      return succeed({ walked: p.ticks });
    } finally {
      ctx.player.controls.forward = 0;
    }
  },
});
const broken = defineSkill({
  name: 'broken',
  description: 'throws',
  params: z.object({}),
  // eslint-disable-next-line require-yield
  *run() {
    throw new Error('boom');
  },
});
const skills = new Map<string, SkillDefinition>([
  [walkFor.name, walkFor as SkillDefinition],
  [broken.name, broken as SkillDefinition],
]);

function setup() {
  const world = new World({ seed: 3, terrain: { type: 'flat' }, gamerules: { doMobSpawning: false } });
  const player = joinPlayer(world, 'a', { x: 0.5, y: -60, z: 0.5 });
  const exec = new SkillExecutor(world, player, (n) => skills.get(n));
  const stepBoth = (n: number) => {
    for (let i = 0; i < n; i++) {
      exec.tick();
      world.step();
    }
  };
  return { world, player, exec, stepBoth };
}

describe('SkillExecutor', () => {
  it('runs a skill over ticks and reports its result', () => {
    const { exec, stepBoth, player } = setup();
    expect(exec.start('walkFor', { ticks: 10 }).ok).toBe(true);
    stepBoth(20);
    const done = exec.takeFinished();
    expect(done).toHaveLength(1);
    expect(done[0]!.result).toEqual({ ok: true, walked: 10 });
    expect(player.controls.forward).toBe(0);
    expect(player.pos.z).toBeGreaterThan(2);
  });

  it('rejects unknown skills and bad parameters with a reason the agent can fix', () => {
    const { exec } = setup();
    expect(exec.start('fly', {})).toMatchObject({ ok: false, reason: 'unknown_skill' });
    const bad = exec.start('walkFor', { ticks: -1 });
    expect(bad).toMatchObject({ ok: false, reason: 'invalid_params' });
    expect(!bad.ok && bad.details).toContain('ticks');
  });

  it('cancels between ticks and runs the skill cleanup', () => {
    const { exec, stepBoth, player } = setup();
    exec.start('walkFor', { ticks: 100 });
    stepBoth(5);
    expect(player.controls.forward).toBe(1);
    exec.cancel();
    expect(player.controls.forward).toBe(0);
    expect(exec.takeFinished()[0]!.result).toMatchObject({ ok: false, reason: 'cancelled' });
    expect(exec.running).toBeNull();
  });

  it('pre-empts a running skill when a new one starts', () => {
    const { exec, stepBoth } = setup();
    exec.start('walkFor', { ticks: 100 });
    stepBoth(3);
    exec.start('walkFor', { ticks: 2 });
    stepBoth(5);
    const done = exec.takeFinished();
    expect(done.map((d) => d.result.ok)).toEqual([false, true]);
    expect(done[0]!.result).toMatchObject({ reason: 'preempted' });
  });

  it('turns a crashing skill into a failure instead of an exception', () => {
    const { exec, stepBoth } = setup();
    exec.start('broken', {});
    stepBoth(1);
    expect(exec.takeFinished()[0]!.result).toMatchObject({ ok: false, reason: 'internal_error' });
  });
});
