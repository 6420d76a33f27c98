import { describe, expect, it } from 'vitest';
import { InputError } from '../../src/core/errors.js';
import { TaskRuntime } from '../../src/tasks/runtime.js';
import { runtimeEpisode, simEpisode, taskYaml } from './sim-episode.js';

describe('TaskRuntime', () => {
  it('refuses to evaluate before setup, and setup twice', async () => {
    const { env, task } = await simEpisode(taskYaml({}));
    const runtime = new TaskRuntime(task, env);
    expect(() => runtime.evaluate()).toThrow(InputError);
    runtime.setup();
    expect(() => runtime.setup()).toThrow(/twice/);
  });

  it('ends at max_steps when nothing else decides, and stays ended', async () => {
    const { runtime, step } = await runtimeEpisode(taskYaml({ type: 'harvest', success: 'type: harvest\nitem: diamond', environment: 'max_steps: 2' }));
    await step(1);
    expect(runtime.done().done).toBe(false);
    await step(1);
    expect(runtime.done()).toEqual({ done: true, reason: 'max_steps', step: 2 });
    await step(1);
    expect(runtime.summary()).toMatchObject({ done: true, reason: 'max_steps', steps: 2, success: false, score: 0 });
  });

  it('onTick every tick or once per step runs the same events at the same steps', async () => {
    const ev = `
- id: wave
  trigger: {start: 1, interval: 2}
  actions: [{type: spawn_blocks, block: gold_ore, count: 3, area: {center: [10, 64, 10], radius: 4}, lifetime: 3}]
`;
    const yaml = taskYaml({ events: ev, environment: 'max_steps: 20' });
    const perStep = await runtimeEpisode(yaml);
    await perStep.step(6);
    const { env, task } = await simEpisode(yaml);
    const perTick = new TaskRuntime(task, env);
    perTick.setup();
    for (let t = 0; t < 6 * task.ticksPerStep; t++) {
      await env.advanceTick();
      perTick.onTick();
    }
    const strip = (r: TaskRuntime) => r.notices().map(({ tick: _tick, ...n }) => n);
    expect(strip(perTick)).toEqual(strip(perStep.runtime));
    expect(perTick.notices().map((n) => `${n.step}:${n.kind}`)).toEqual(['1:blocks_spawned', '3:blocks_spawned', '4:blocks_vanished', '5:blocks_spawned', '6:blocks_vanished']);
  });
});
