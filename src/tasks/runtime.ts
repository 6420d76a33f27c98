/**
 * Binds a compiled task to a running WorldBackend. The runner resets the backend with
 * `task.scenario`, then calls `setup()` once, `onTick()` after each world advance (every tick or
 * every env step: events catch up by step), and `done()` to know when to stop; `evaluate()` gives
 * the result at any time and `summary()` the final record. Everything the task does to the world
 * goes through `backend.admin`; everything it knows comes from the admin and `backend.onEvent`.
 */
import { InputError } from '../core/errors.js';
import type { WorldBackend } from '../env/backend.js';
import type { CompiledTask } from './compile.js';
import type { TaskNotice } from './events/event-action.js';
import { EventManager } from './events/event-manager.js';
import { AllGoalsEvaluator } from './goals/create-evaluator.js';
import { CreativeEvaluator } from './goals/creative.js';
import { EpisodeLog } from './goals/episode-log.js';
import type { GoalContext, GoalResult } from './goals/goal-evaluator.js';
import type { CreativeJudge, EpisodeSummary } from './judge.js';

export type DoneReason = 'success' | 'failure' | 'max_steps';

export interface TaskOutcome {
  taskId: string;
  seed: number | string;
  done: boolean;
  reason: DoneReason | null;
  steps: number;
  ticks: number;
  success: boolean;
  score: number;
  perAgent?: GoalResult['perAgent'];
  perTeam?: GoalResult['perTeam'];
  details: Record<string, unknown>;
  notices: number;
  eventFailures: TaskNotice[];
}

export class TaskRuntime {
  readonly log = new EpisodeLog();
  readonly events: EventManager;
  private readonly goals: AllGoalsEvaluator;
  private startTick = 0;
  private off: (() => void) | null = null;
  private finished: { reason: DoneReason; step: number; result: GoalResult } | null = null;

  constructor(
    readonly task: CompiledTask,
    private readonly backend: WorldBackend,
  ) {
    this.events = new EventManager(task.events, {
      seed: task.seed,
      ticksPerStep: task.ticksPerStep,
      ...(task.spec.environment.world.version ? { version: task.spec.environment.world.version } : {}),
    });
    this.goals = new AllGoalsEvaluator(task.goals, task.seed);
  }

  /** Call once after `backend.reset({seed, scenario: task.scenario})`: subscribes to events and runs step 0. */
  setup(): void {
    if (this.off) throw new InputError('setup() was called twice for the same episode', 'create a new TaskRuntime for each episode');
    this.off = this.backend.onEvent((e) => this.log.record(e));
    this.startTick = this.backend.admin.tick;
    this.log.prime(this.backend.admin);
    this.events.advanceTo(this.backend.admin, 0);
  }

  /** The task step the world is in (steps since setup, by the spec's step length). */
  get step(): number {
    return Math.floor((this.backend.admin.tick - this.startTick) / this.task.ticksPerStep);
  }

  /** Runs the events due up to now and notes whether the episode has ended. */
  onTick(): void {
    this.requireSetup();
    if (this.finished) return;
    const step = Math.min(this.step, this.task.maxSteps);
    this.events.advanceTo(this.backend.admin, step);
    const result = this.evaluate();
    const reason: DoneReason | null = result.success ? 'success' : result.failed ? 'failure' : step >= this.task.maxSteps ? 'max_steps' : null;
    if (reason) this.finished = { reason, step, result };
  }

  evaluate(): GoalResult {
    this.requireSetup();
    const admin = this.backend.admin;
    const step = this.step;
    const ctx: GoalContext = {
      admin,
      log: this.log,
      step,
      tick: admin.tick,
      startTick: this.startTick,
      maxSteps: this.task.maxSteps,
      ticksPerStep: this.task.ticksPerStep,
      final: step >= this.task.maxSteps,
      mode: this.task.mode,
      agents: this.task.spec.agents.spawn.map((a) => a.name),
      teams: this.task.teams,
      chests: this.task.chests,
    };
    return this.goals.evaluate(ctx);
  }

  /** Whether the runner should stop: success, irreversible failure, or max_steps. */
  done(): { done: boolean; reason: DoneReason | null; step: number } {
    return this.finished ? { done: true, reason: this.finished.reason, step: this.finished.step } : { done: false, reason: null, step: this.step };
  }

  notices(): readonly TaskNotice[] {
    return this.events.notices();
  }

  /** Event notices as they happen (spawns, vanishings, floods): the feed TickingCollab's oracle gets. */
  onNotice(listener: (n: TaskNotice) => void): () => void {
    return this.events.onNotice(listener);
  }

  /** Asks the judge to score every creative goal (call once the episode is over). */
  async judge(judge: CreativeJudge): Promise<void> {
    for (const part of this.goals.parts) {
      if (!(part.evaluator instanceof CreativeEvaluator)) continue;
      const verdict = await judge.judge(this.episodeSummary(part.evaluator.goal.judge?.rubric ?? this.task.spec.task.goal));
      part.evaluator.setVerdict(verdict);
    }
    if (this.finished) this.finished.result = this.evaluate();
  }

  summary(): TaskOutcome {
    const result = this.finished?.result ?? this.evaluate();
    return {
      taskId: this.task.id,
      seed: this.task.seed,
      done: this.finished !== null,
      reason: this.finished?.reason ?? null,
      steps: this.finished?.step ?? this.step,
      ticks: this.backend.admin.tick - this.startTick,
      success: result.success,
      score: result.score,
      ...(result.perAgent ? { perAgent: result.perAgent } : {}),
      ...(result.perTeam ? { perTeam: result.perTeam } : {}),
      details: result.details,
      notices: this.events.notices().length,
      eventFailures: this.events.notices().filter((n) => n.kind === 'event_failed'),
    };
  }

  /** Stops listening to the backend. */
  dispose(): void {
    this.off?.();
    this.off = null;
  }

  private episodeSummary(rubric: string): EpisodeSummary {
    const describe = (b: { actor: string; action: string; object?: string; text?: string }) => `${b.actor} ${b.action}${b.object ? ` ${b.object}` : ''}${b.text !== undefined ? ` '${b.text}'` : ''}`;
    return {
      taskId: this.task.id,
      goal: this.task.spec.task.goal,
      rubric,
      steps: this.step,
      behaviours: this.log.behaviours.slice(-200).map(describe),
      agents: this.backend.admin.players().map((p) => ({ name: p.name, alive: p.alive, inventory: p.inventory })),
    };
  }

  private requireSetup(): void {
    if (!this.off) throw new InputError('the task runtime is not set up', 'call runtime.setup() after backend.reset()');
  }
}
