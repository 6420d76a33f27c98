/**
 * Turns a task file into what the runner needs: load and validate it (every problem reported with
 * file, YAML path and reason as an InputError, never a crash mid-bench), compile it for the seed,
 * and bind the tasks layer's TaskRuntime (events, goals) to the episode's backend.
 */
import { InputError } from '../core/errors.js';
import type { WorldBackend } from '../env/backend.js';
import { compileTask, type CompiledTask } from '../tasks/compile.js';
import { difficulty } from '../tasks/difficulty.js';
import { formatIssue } from '../tasks/issues.js';
import { loadTaskFile } from '../tasks/load.js';
import { TaskRuntime } from '../tasks/runtime.js';
import { guidanceText, type TaskSpec } from '../tasks/spec.js';
import { blueprintGuidance } from '../tasks/blueprint-text.js';
import type { GoalSpec } from '../tasks/spec/goals.js';
import type { EpisodeOutcome, EpisodeTask } from '../tasks/episode-task.js';

export async function loadSpec(file: string): Promise<TaskSpec> {
  const loaded = await loadTaskFile(file);
  if (!loaded.ok) {
    throw new InputError(`task file ${file} is invalid:\n${loaded.issues.map((i) => `  ${formatIssue(i)}`).join('\n')}`, 'fix the listed problems (`guildcraft validate <file>` checks a file without running it)');
  }
  return loaded.spec;
}

export function episodeTaskFromSpec(spec: TaskSpec, seed: string): EpisodeTask {
  const compiled: CompiledTask = compileTask(spec, seed);
  let runtime: TaskRuntime | null = null;
  let metrics: Record<string, number> | undefined;
  try {
    const d = difficulty(spec);
    metrics = { H: d.H, N: d.N, D: d.D, tau: d.tau };
  } catch {
    metrics = undefined; // difficulty is reported when it can be computed; a task still runs without it
  }
  const need = (): TaskRuntime => {
    if (!runtime) throw new InputError('the task was asked for its outcome before set-up', 'call setup(backend) after backend.reset()');
    return runtime;
  };
  const guidance = briefGuidance(guidanceText(spec.task.guidance), compiled.goals);
  const scripts = Object.fromEntries(spec.agents.spawn.flatMap((a) => (a.script ? [[a.name, a.script] as const] : [])));
  return {
    id: compiled.id,
    type: spec.task.type,
    brief: {
      id: compiled.id,
      type: spec.task.type,
      goal: spec.task.goal,
      // Construction tasks hand agents the blueprint itself (written out), as MineLand gives its agents the plan.
      ...(guidance ? { guidance } : {}),
      maxTicks: compiled.maxSteps * compiled.ticksPerStep,
      goals: compiled.goals,
      environment: environmentLines(spec, compiled.maxSteps * compiled.ticksPerStep),
      // Before set-up (or on a task that cannot evaluate yet) there is no progress to report.
      progress: () => (runtime ? progressLines(runtime.summary().details) : []),
    },
    scenario: compiled.scenario,
    difficulty: metrics,
    oracleKnowledge: compiled,
    ...(Object.keys(scripts).length > 0 ? { confederates: { scripts, first: spec.agents.confederates_first } } : {}),
    setup(backend: WorldBackend) {
      runtime?.dispose();
      runtime = new TaskRuntime(compiled, backend);
      runtime.setup();
    },
    afterStep() {
      need().onTick();
    },
    outcome(): EpisodeOutcome {
      const rt = need();
      const s = rt.summary();
      return {
        done: s.done,
        success: s.success,
        score: s.score,
        details: describeDetails(s.details),
        ...(s.perAgent ? { perAgent: Object.fromEntries(Object.entries(s.perAgent).map(([name, a]) => [name, a.score])) } : {}),
      };
    },
  };
}

function describeDetails(details: Record<string, unknown>): string {
  const text = JSON.stringify(details);
  return text.length > 400 ? `${text.slice(0, 399)}…` : text;
}

/** What every player of the task is told about its setting (the prompts' environment context). */
function environmentLines(spec: TaskSpec, maxTicks: number): string[] {
  const env = spec.environment;
  const at = (p: { x: number; y: number; z: number }): string => `[${p.x}, ${p.y}, ${p.z}]`;
  const chests = env.chest === undefined ? [] : Array.isArray(env.chest) ? env.chest : [env.chest];
  return [
    `World: ${env.world.world_type}, difficulty ${env.world.difficulty}, time ${String(env.world.time)}`,
    ...chests.map((c) => `Shared chest at ${at(c.position)}`),
    `Time limit: ${env.max_steps} steps of ${env.step_seconds} s (${maxTicks} ticks)`,
    env.chat_range === null ? 'Chat: every teammate hears you, wherever they are' : `Chat: heard within ${env.chat_range} blocks`,
  ];
}

/** The goal check's details now, one line per entry (what is met, what is left). */
function progressLines(details: Record<string, unknown>): string[] {
  return Object.entries(details).map(([k, v]) => {
    const text = typeof v === 'string' ? v : JSON.stringify(v);
    return `${k}: ${text.length > 256 ? `${text.slice(0, 255)}…` : text}`;
  });
}

/** The task's own guidance followed by its blueprints written out, or undefined when there is neither. */
function briefGuidance(guidance: string | undefined, goals: readonly GoalSpec[]): string | undefined {
  const parts = [guidance, blueprintGuidance(goals)].filter((p): p is string => !!p);
  return parts.length ? parts.join('\n\n') : undefined;
}
