/**
 * A task as an environment: PettingZoo's parallel API over any world backend. `TaskEnv.make` loads a
 * task (an id such as `tickingcollab/raid-boss-v1`, a YAML path, or a parsed spec); `reset(seed)`
 * builds the task's world for that seed, runs its set-up and returns every agent's observation and
 * info; `step(actions)` applies one action per agent, lets the world advance one task step, runs the
 * task's dynamic events and goal evaluators, and returns rewards (task-rewards.ts), terminations (the
 * task is decided; an agent died under permadeath) and truncations (the task's step limit).
 *
 * The spaces are published as JSON Schema generated from the zod schemas every backend validates
 * with, so a client in another language sees exactly what is accepted. The same class runs on the
 * embedded world (the default) and on the Minecraft backend (pass one as `backend`).
 */
import { z } from 'zod';
import { agentActionSchema, type AgentAction } from '../core/actions.js';
import { InputError } from '../core/errors.js';
import type { Observation } from '../core/observation.js';
import { observationSchema } from '../core/observation-schema.js';
import type { WorldBackend } from '../env/backend.js';
import type { AgentId, StepResult } from '../env/env.js';
import { SimEnv } from '../env/sim/index.js';
import type { RenderedViews, ViewsOptions } from '../skills/observe/index.js';
import { compileTask, type CompiledTask } from './compile.js';
import { formatIssue } from './issues.js';
import { loadTaskFile } from './load.js';
import { TaskRuntime, type TaskOutcome } from './runtime.js';
import type { TaskSpec } from './spec.js';
import { taskFile } from './task-files.js';
import { stepRewards } from './task-rewards.js';

export interface TaskEnvOptions {
  /** Seed used by `reset()` when it is given none (default 0). */
  seed?: number | string;
  /** The world backend (default: the embedded world, stepping one task step per `step`). */
  backend?: WorldBackend;
  /** An agent that dies is out of the episode (terminated) instead of respawning as in vanilla. */
  permadeath?: boolean;
  /** Rendered views (first-person and top-down PNG) for `render()`; embedded world only. */
  views?: ViewsOptions;
}

export interface TaskEnvReset {
  observations: Record<AgentId, Observation>;
  infos: Record<AgentId, Record<string, unknown>>;
}

export type TaskEnvStep = StepResult<Observation>;

/** A backend that can render what its agents see (the embedded world with `views`). */
interface RenderingBackend extends WorldBackend {
  views(name: AgentId): RenderedViews;
}

const canRender = (b: WorldBackend): b is RenderingBackend => typeof (b as Partial<RenderingBackend>).views === 'function';

export class TaskEnv {
  /** Every agent the task can have, in the task file's order. */
  readonly possibleAgents: readonly AgentId[];
  /** JSON Schema of one agent's observation. */
  readonly observationSpace = z.toJSONSchema(observationSchema, { io: 'output' });
  /** JSON Schema of one agent's action (skills, code, cancel, noop, low-level controls). */
  readonly actionSpace = z.toJSONSchema(agentActionSchema, { io: 'input' });

  /** The user's backend, or the embedded world sized to the task's step at the first reset. */
  private backend: WorldBackend | null;
  private compiled: CompiledTask | null = null;
  private runtime: TaskRuntime | null = null;
  private readonly scores = new Map<string, number>();
  private readonly out = new Set<AgentId>();
  private ended = true;

  private constructor(
    readonly spec: TaskSpec,
    private readonly options: TaskEnvOptions,
  ) {
    this.possibleAgents = spec.agents.spawn.map((a) => a.name);
    this.backend = options.backend ?? null;
    // Confederates are played by the runner (agents/confederates/); here every agent is the caller's, so a script would go unplayed.
    const scripted = spec.agents.spawn.filter((a) => a.script !== undefined).map((a) => a.name);
    if (scripted.length > 0) {
      throw new InputError(`task ${spec.id} has confederates (spawns with a script: ${scripted.join(', ')}), which the environment API does not play`, 'run it with `guildcraft run` or `guildcraft experiment run`, which play the scripts beside the team; or remove the scripts and drive those agents yourself');
    }
  }

  /** Loads a task by id (`suite/name-vN`), YAML path, or parsed spec. Invalid task files throw an InputError listing every problem. */
  static async make(task: string | TaskSpec, options: TaskEnvOptions = {}): Promise<TaskEnv> {
    if (typeof task !== 'string') return new TaskEnv(task, options);
    const file = taskFile(task);
    const loaded = await loadTaskFile(file);
    if (!loaded.ok) {
      throw new InputError(`task file ${file} is invalid:\n${loaded.issues.map((i) => `  ${formatIssue(i)}`).join('\n')}`, 'fix the listed problems (`guildcraft validate <file>` checks a file without running it)');
    }
    return new TaskEnv(loaded.spec, options);
  }

  /** The task's id (`suite/name-vN`). */
  get id(): string {
    return this.spec.id;
  }

  /** Agents still in the episode. */
  get agents(): readonly AgentId[] {
    return this.ended || !this.backend ? [] : this.backend.agents.filter((a) => !this.out.has(a));
  }

  /** Steps in one episode before truncation. */
  get maxSteps(): number {
    return this.need().compiled.maxSteps;
  }

  /** World ticks in one step (the task's `step_seconds` at 20 ticks per second). */
  get ticksPerStep(): number {
    return this.need().compiled.ticksPerStep;
  }

  /** Builds the task's world for `seed` and runs its set-up. */
  async reset(options: { seed?: number | string } = {}): Promise<TaskEnvReset> {
    const seed = options.seed ?? this.options.seed ?? 0;
    this.runtime?.dispose();
    const compiled = compileTask(this.spec, seed);
    this.compiled = compiled;
    const backend = this.backendFor(compiled);
    const observations = await backend.reset({ seed, scenario: compiled.scenario });
    this.runtime = new TaskRuntime(compiled, backend);
    this.runtime.setup();
    this.scores.clear();
    this.out.clear();
    this.ended = false;
    const first = this.runtime.evaluate();
    stepRewards(first, compiled.mode, this.possibleAgents, this.scores, false);
    const infos: Record<AgentId, Record<string, unknown>> = {};
    for (const agent of Object.keys(observations)) infos[agent] = { step: 0, score: first.score };
    return { observations, infos };
  }

  /**
   * One step: an action per live agent (absent agents keep doing what they were doing). Returns
   * rewards, terminations and truncations for every agent that was live before the step; afterwards
   * `agents` holds only those still in the episode.
   */
  async step(actions: Partial<Record<AgentId, AgentAction>>): Promise<TaskEnvStep> {
    const { runtime, backend } = this.need();
    if (this.ended) throw new InputError('step() after the episode ended', 'call reset() to start a new episode');
    const live = this.agents;
    for (const name of Object.keys(actions)) {
      if (!live.includes(name)) {
        throw new InputError(`no live agent '${name}' in ${this.id}`, `act only for the live agents: ${live.join(', ') || '(none)'}`);
      }
    }
    const r = await backend.step(actions);
    runtime.onTick();
    const done = runtime.done();
    const result = runtime.evaluate();
    const decided = done.reason === 'success' || done.reason === 'failure';
    const rewards = stepRewards(result, this.need().compiled.mode, live, this.scores, decided);
    const out: TaskEnvStep = { observations: {}, rewards, terminated: {}, truncated: {}, infos: {} };
    for (const agent of live) {
      const obs = r.observations[agent];
      if (obs) out.observations[agent] = obs;
      const died = this.options.permadeath === true && obs !== undefined && !obs.alive;
      out.terminated[agent] = decided || died || r.terminated[agent] === true;
      out.truncated[agent] = !out.terminated[agent] && (done.reason === 'max_steps' || r.truncated[agent] === true);
      out.infos[agent] = { ...r.infos[agent], step: done.step, score: result.score, ...(done.reason ? { outcome: done.reason } : {}) };
      if (out.terminated[agent] || out.truncated[agent]) this.out.add(agent);
    }
    if (done.done || this.agents.length === 0) this.ended = true;
    return out;
  }

  /** What the task's evaluators say now: success, score, per-agent results, event notices. */
  outcome(): TaskOutcome {
    return this.need().runtime.summary();
  }

  /** Each live agent's rendered views (PNG): needs a backend that renders, e.g. `views` on the embedded world. */
  render(): Record<AgentId, RenderedViews> {
    const { backend } = this.need();
    if (!canRender(backend)) {
      throw new InputError(`the ${backend.kind} backend here renders no views`, 'make the TaskEnv with { views: { firstPerson: { width: 64, height: 64 } } } on the embedded world');
    }
    return Object.fromEntries(this.agents.map((a) => [a, backend.views(a)]));
  }

  async close(): Promise<void> {
    this.runtime?.dispose();
    this.runtime = null;
    this.ended = true;
    await this.backend?.close();
  }

  private need(): { compiled: CompiledTask; runtime: TaskRuntime; backend: WorldBackend } {
    if (!this.compiled || !this.runtime || !this.backend) throw new InputError('the task environment was used before reset()', 'call await env.reset({ seed }) first');
    return { compiled: this.compiled, runtime: this.runtime, backend: this.backend };
  }

  /** One env step must be one task step, or events and step limits would run at the wrong pace. */
  private backendFor(compiled: CompiledTask): WorldBackend {
    this.backend ??= new SimEnv({ ticksPerStep: compiled.ticksPerStep, ...(this.options.views ? { views: this.options.views } : {}) });
    if (this.backend.ticksPerStep !== compiled.ticksPerStep) {
      throw new InputError(
        `the backend advances ${this.backend.ticksPerStep} ticks per step but ${this.id} steps every ${compiled.ticksPerStep} ticks`,
        `construct the backend with ticksPerStep: ${compiled.ticksPerStep}`,
      );
    }
    return this.backend;
  }
}
