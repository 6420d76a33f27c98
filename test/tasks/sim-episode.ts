/** Test helper: a task file's text -> a running sim episode with its compiled task. */
import { SimEnv } from '../../src/env/sim/sim-env.js';
import { compileTask, type CompiledTask } from '../../src/tasks/compile.js';
import { TaskRuntime } from '../../src/tasks/runtime.js';
import { parseTask } from '../../src/tasks/load.js';
import type { TaskSpec } from '../../src/tasks/spec.js';

export function specOf(yaml: string, file = 'test/episode-v1.yaml'): TaskSpec {
  const r = parseTask(yaml, { file });
  if (!r.ok) throw new Error(`test task is invalid:\n${r.issues.map((i) => `${i.path}: ${i.reason}`).join('\n')}`);
  return r.spec;
}

export async function simEpisode(yaml: string, seed: number | string = 1): Promise<{ env: SimEnv; task: CompiledTask }> {
  const task = compileTask(specOf(yaml), seed);
  const env = new SimEnv({ ticksPerStep: task.ticksPerStep });
  await env.reset({ seed, scenario: task.scenario });
  return { env, task };
}

/** A task skeleton: one or more agents on flatgrass (ground at y=64), with `extra` YAML appended. */
export function taskYaml(opts: { type?: string; success?: string; agents?: string; events?: string; environment?: string }): string {
  return [
    'task:',
    `  type: ${opts.type ?? 'creative'}`,
    '  goal: test',
    ...(opts.success ? ['  success:', indent(opts.success, 4)] : []),
    'agents:',
    '  spawn:',
    indent(opts.agents ?? '- {name: Alice, position: [0, 64, 0]}', 4),
    'environment:',
    indent(opts.environment ?? 'max_steps: 100', 2),
    ...(opts.events ? ['events:', indent(opts.events, 2)] : []),
    '',
  ].join('\n');
}

function indent(text: string, n: number): string {
  return text
    .trim()
    .split('\n')
    .map((l) => ' '.repeat(n) + l)
    .join('\n');
}

/** A task running on the sim backend through TaskRuntime, advanced one env step (one task step) at a time. */
export async function runtimeEpisode(yaml: string, seed: number | string = 1) {
  const { env, task } = await simEpisode(yaml, seed);
  const runtime = new TaskRuntime(task, env);
  runtime.setup();
  const world = env.world;
  const player = (name: string) => world.player(name)!;
  const step = async (n = 1, actions: Parameters<SimEnv['step']>[0] = {}) => {
    for (let i = 0; i < n; i++) {
      await env.step(i === 0 ? actions : {});
      runtime.onTick();
    }
  };
  return { env, task, runtime, world, admin: env.admin, player, step };
}
