/**
 * Generated tasks run on the sim backend, and the verifier's estimate of when the crisis arrives
 * matches when the flood really reaches the build site.
 */
import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { SimEnv } from '../../../src/env/sim/sim-env.js';
import { compileTask } from '../../../src/tasks/compile.js';
import { sliceBox } from '../../../src/tasks/events/progressive-fill.js';
import { toTaskYaml } from '../../../src/tasks/generate/emit-yaml.js';
import { mineLandSuite, MINELAND_FAMILIES } from '../../../src/tasks/generate/mineland/suite.js';
import { feasibilityMarginsSchema } from '../../../src/tasks/generate/user-spec.js';
import { verifyTask } from '../../../src/tasks/generate/verify/feasibility.js';
import { loadTaskFile, parseTask } from '../../../src/tasks/load.js';
import { TaskRuntime } from '../../../src/tasks/runtime.js';
import type { TaskSpec } from '../../../src/tasks/spec.js';
import { Registry } from '../../../src/world/registry.js';

const generated = new URL('../../../suites/tickingcollab/generated/', import.meta.url).pathname;

async function start(spec: TaskSpec) {
  const task = compileTask(spec, 1);
  const env = new SimEnv({ ticksPerStep: task.ticksPerStep });
  await env.reset({ seed: 1, scenario: task.scenario });
  const runtime = new TaskRuntime(task, env);
  runtime.setup();
  const step = async (): Promise<void> => {
    await env.step({});
    runtime.onTick();
  };
  const close = async (): Promise<void> => {
    runtime.dispose();
    await env.close();
  };
  return { env, runtime, step, close };
}

async function loaded(file: string): Promise<TaskSpec> {
  const r = await loadTaskFile(join(generated, file));
  if (!r.ok) throw new Error(r.issues.map((i) => i.reason).join('; '));
  return r.spec;
}

describe('generated TickingCollab tasks on the sim backend', () => {
  it('the flood reaches the build site when the verifier says it does (T_crisis = t0 + L / v)', async () => {
    // The generated lava crisis that arrives soonest, to keep the run short. Lava, because water
    // flows up to four blocks a step ahead of the fill's front and wets the far end early.
    let spec: TaskSpec | undefined;
    let tCrisis = Infinity;
    for (const file of readdirSync(generated).filter((f) => /^prepare-crisis-\d+\.yaml$/.test(f))) {
      const s = await loaded(file);
      if (s.events[0]?.actions[0]?.type !== 'progressive_fill' || s.events[0].actions[0].block !== 'lava') continue;
      const t = verifyTask(s, feasibilityMarginsSchema.parse({}), Registry.get()).estimates.T_crisis!;
      if (t < tCrisis) [spec, tCrisis] = [s, t];
    }
    if (!spec) throw new Error('no generated prepare-crisis task');
    expect(tCrisis).toBeLessThan(60);
    const fill = spec.events[0]!.actions[0]!;
    if (fill.type !== 'progressive_fill') throw new Error('expected a progressive_fill');
    const last = sliceBox(fill, lastSlice(fill));
    // Idle agents out of the flood's way: one drowned or burnt would end the episode, and the events with it.
    for (const a of spec.agents.spawn) a.position = { ...a.position, z: fill.area.max.z + 10 };
    const { env, step, close } = await start(spec);
    const flooded = (): number => {
      let n = 0;
      for (let x = last.min.x; x <= last.max.x; x++) for (let z = last.min.z; z <= last.max.z; z++) if (env.admin.blockAt({ x, y: last.min.y, z }) === fill.block) n++;
      return n;
    };
    const arrival = Math.ceil(tCrisis / spec.environment.step_seconds);
    while (env.admin.tick < (arrival - 2) * 20) await step();
    expect(flooded()).toBe(0);
    while (env.admin.tick < (arrival + 1) * 20) await step();
    expect(flooded()).toBeGreaterThan(0);
    await close();
  });

  it.each(['mine-vanishing-blocks-001.yaml', 'raid-boss-001.yaml'])('%s starts and its events fire without failures', async (file) => {
    const spec = await loaded(file);
    const { runtime, step, close } = await start(spec);
    for (let i = 0; i < 12; i++) await step();
    expect(runtime.summary().eventFailures).toEqual([]);
    await close();
  });
});

function lastSlice(fill: Extract<TaskSpec['events'][number]['actions'][number], { type: 'progressive_fill' }>): number {
  const a = fill.area;
  return fill.direction === 'east' || fill.direction === 'west' ? a.max.x - a.min.x : fill.direction === 'up' ? a.max.y - a.min.y : a.max.z - a.min.z;
}

describe('MineLand tasks on the sim backend', () => {
  it.each(MINELAND_FAMILIES.map((f) => [f]))('a %s task starts and runs its first steps', async (family) => {
    const task = mineLandSuite({ agents: 2, mode: 'cooperative', families: [family] })[0]!;
    const r = parseTask(toTaskYaml(task.spec), { file: 'mineland/x.yaml' });
    if (!r.ok) throw new Error(r.issues.map((i) => i.reason).join('; '));
    const { runtime, step, close } = await start(r.spec);
    for (let i = 0; i < 2; i++) await step();
    const outcome = runtime.summary();
    expect(outcome.eventFailures).toEqual([]);
    expect(outcome.score).toBeGreaterThanOrEqual(0);
    await close();
  });
});
