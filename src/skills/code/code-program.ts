/**
 * A code action: agent JavaScript that calls the skills (`await mineBlocks({positions:[...]})`,
 * `await moveTo({x, y, z})`, `say('hi')`), run in the QuickJS sandbox as one cancellable program
 * over world ticks. Each skill call starts the sim skill on the agent's SkillExecutor; the script
 * waits (costing no CPU budget) while the world ticks, and gets the skill's result object back
 * when it ends. Failures come back as `{ok:false, reason, details}` objects, never as throws, so
 * the script decides what to do — the same contract as a skill action.
 *
 * Calls run one at a time in call order; a call's first step runs inside the call, so instant
 * skills (`say`) return their result at once, awaited or not. The driver (the env) must call
 * `skillFinished` when the executor reports a finished skill, skip the executor's own tick in a
 * world tick the program already advanced it (`tickedAt`), and let pending promise jobs run
 * (`await settleJobs()`) before the world steps, so the script issues its next call in the tick
 * the previous one ended: runs are tick-deterministic.
 */
import { SKILL_NAMES } from '../catalog.js';
import { runCode, type CodeRun, type RunOutcome, type SandboxLimits } from '../sandbox/index.js';
import type { FinishedSkill, SkillExecutor } from '../skill-executor.js';
import { fail, type SkillResult } from '../skill-result.js';

export interface CodeProgramOptions {
  limits?: Partial<SandboxLimits>;
  /** Seed of `Math.random` in the sandbox (derive it from the world seed and agent for replays). */
  seed?: number;
  /** Milliseconds for `Date.now()` in the sandbox (derive it from the world tick). */
  clock?: () => number;
  /** Skills the script may call (default: the whole catalog). */
  skillNames?: readonly string[];
}

/** What a finished program reports, shaped like a skill result. */
export type CodeResult =
  | { ok: true; value: unknown; logs: string[]; cpuMs: number; skillCalls: number }
  | { ok: false; reason: string; details: string; logs: string[]; cpuMs: number; skillCalls: number };

/** Shorthands for the calls agents most often write positionally (`say('hi')`, `wait(20)`). */
const POSITIONAL: Readonly<Record<string, string>> = { say: 'message', wait: 'ticks' };

interface Call {
  name: string;
  params: unknown;
  resolve: (r: SkillResult) => void;
}

export class CodeProgram {
  private readonly run: CodeRun;
  /** The call running on the executor. */
  private pending: Call | null = null;
  /** Calls made while another runs (`say(...)` without await, Promise.all): run in call order. */
  private readonly waiting: Call[] = [];
  private outcome: CodeResult | null = null;
  private calls = 0;
  readonly startedAt: number;
  /**
   * The world tick in which this program last advanced a skill itself. A skill's first step runs
   * in the call (so instant skills such as `say` answer synchronously); the driver skips the
   * executor's tick for that world tick so no skill advances twice in one tick.
   */
  tickedAt = -1;

  constructor(private readonly executor: SkillExecutor, source: string, options: CodeProgramOptions = {}) {
    this.startedAt = executor.world.tick;
    const functions: Record<string, (...args: unknown[]) => unknown> = {};
    for (const name of options.skillNames ?? SKILL_NAMES) functions[name] = (...args) => this.call(name, args);
    // `chat` reads like mineflayer's bot.chat; it is `say` under another name.
    if (functions.say && !functions.chat) functions.chat = functions.say;
    this.run = runCode(source, {
      ...options.limits,
      functions,
      seed: options.seed ?? 0,
      clock: options.clock ?? (() => executor.world.tick * 50),
      filename: 'action.js',
    });
    void this.run.result.then((o) => this.end(o));
  }

  /** True until the script returns, fails, hits a limit or is cancelled. */
  get running(): boolean {
    return this.outcome === null;
  }

  /** The final result once the program ended (see `done` for a promise). */
  get result(): CodeResult | null {
    return this.outcome;
  }

  /** Settles when the program ended. */
  get done(): Promise<CodeResult> {
    return this.run.result.then((o) => this.end(o));
  }

  /** Name of the skill the script is waiting for, if any. */
  get waitingFor(): string | null {
    return this.pending?.name ?? null;
  }

  /** Feed a skill that finished on the executor: resolves the script's pending call and starts the next waiting one. */
  skillFinished(f: FinishedSkill): void {
    const p = this.pending;
    if (!p || p.name !== f.name) return;
    this.pending = null;
    p.resolve(f.result);
    while (!this.pending && this.waiting.length > 0) {
      const next = this.waiting.shift()!;
      const r = this.launch(next);
      if (r) next.resolve(r);
    }
  }

  /** Stops the program and the skill it is waiting for; `result` is set at once. */
  cancel(details = 'cancelled by the agent'): void {
    if (!this.running) return;
    this.dropCalls(details);
    this.run.cancel(details);
    // The sandbox reports the cancellation asynchronously; the driver must see it now.
    this.outcome = { ok: false, reason: 'cancelled', details, logs: [], cpuMs: 0, skillCalls: this.calls };
  }

  private call(name: string, args: unknown[]): SkillResult | Promise<SkillResult> {
    if (!this.running) return fail('cancelled', 'the program has ended');
    const params = toParams(name, args);
    if (params === null) {
      return fail('invalid_params', `${name} takes one object argument, e.g. ${name}({...}); got ${args.length} argument(s)`);
    }
    if (this.pending || this.waiting.length > 0) {
      return new Promise<SkillResult>((resolve) => this.waiting.push({ name, params, resolve }));
    }
    let resolveLater!: (r: SkillResult) => void;
    const later = new Promise<SkillResult>((resolve) => (resolveLater = resolve));
    const now = this.launch({ name, params, resolve: (r) => resolveLater(r) });
    return now ?? later;
  }

  /** Starts a call and runs its first step; returns the result if it already ended, else leaves it pending. */
  private launch(c: Call): SkillResult | null {
    this.calls++;
    const started = this.executor.start(c.name, c.params);
    if (!started.ok) return started;
    this.tickedAt = this.executor.world.tick;
    const finished = this.executor.tick();
    if (finished) return finished.result;
    this.pending = c;
    return null;
  }

  private dropCalls(details: string): void {
    if (this.pending) {
      this.executor.cancel(details);
      this.pending.resolve(fail('cancelled', details));
      this.pending = null;
    }
    for (const c of this.waiting.splice(0)) c.resolve(fail('cancelled', details));
  }

  private end(o: RunOutcome): CodeResult {
    if (this.outcome) return this.outcome;
    // The script ended (returned without awaiting, hit a limit, threw) while calls it made still run.
    this.dropCalls('the code action that made the call ended');
    this.outcome = o.ok
      ? { ok: true, value: o.value, logs: o.logs, cpuMs: o.cpuMs, skillCalls: this.calls }
      : { ok: false, reason: o.reason, details: o.details, logs: o.logs, cpuMs: o.cpuMs, skillCalls: this.calls };
    return this.outcome;
  }
}

function toParams(name: string, args: unknown[]): unknown {
  if (args.length === 0) return {};
  if (args.length > 1) return null;
  const a = args[0];
  if (a !== null && typeof a === 'object' && !Array.isArray(a)) return a;
  const key = POSITIONAL[name];
  return key !== undefined && (typeof a === 'string' || typeof a === 'number') ? { [key]: a } : null;
}

/** Lets pending promise jobs (a script resuming after a skill result) run before the next tick. */
export function settleJobs(): Promise<void> {
  return new Promise((resolve) => setImmediate(resolve));
}
