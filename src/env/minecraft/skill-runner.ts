/**
 * One agent's skills on a real server, with the embedded world's executor semantics
 * (src/skills/skill-executor.ts): one running skill at a time, a new one pre-empts it unless
 * queued, cancel stops it, and every skill ends in a recorded result. Skills here are async
 * mineflayer programs, so stopping one means aborting its signal and halting the bot's body
 * (pathfinder, digging, pvp, collectblock, controls) before the next one starts.
 */
import type { Bot } from 'mineflayer';
import type { z } from 'zod';
import { SKILL_CATALOG, type SkillName } from '../../skills/catalog.js';
import type { FinishedSkill, RunningSkill } from '../../skills/skill-executor.js';
import { fail, succeed, type SkillResult } from '../../skills/skill-result.js';
import { runCode } from '../../skills/sandbox/index.js';
import type { Frame } from './frame.js';
import type { MessageHub } from './messaging.js';
import type { Senses } from './body-port.js';
import { Cancelled, errorMessage, type ChestMemory, type McSkillContext, type SkillEventSink } from './skills/context.js';
import { MINECRAFT_SKILLS } from './skills/index.js';

export interface RunnerDeps {
  bot: Bot;
  agent: string;
  senses: Senses;
  hub: MessageHub;
  chests: ChestMemory;
  /** Where skills report the world events only they can tell (crafting, windows, giving, eating). */
  events: SkillEventSink;
  /** Scenario ↔ server coordinates: skills run in server coordinates, agents speak scenario ones. */
  frame: Frame;
  /** The backend's tick (real server time since reset, 20 per second). */
  tick(): number;
  /** Called once per finished skill (for the backend's event log). */
  onFinished?(report: FinishedSkill): void;
}

interface Current extends RunningSkill {
  controller: AbortController;
}

const isSkillName = (name: string): name is SkillName => Object.hasOwn(SKILL_CATALOG, name);

export class MinecraftSkillRunner {
  private current: Current | null = null;
  private readonly queue: { name: string; params: unknown }[] = [];
  private readonly finished: FinishedSkill[] = [];

  constructor(private readonly deps: RunnerDeps) {}

  get running(): RunningSkill | null {
    if (!this.current) return null;
    return { name: this.current.name, params: this.current.params, startedAt: this.current.startedAt, ticks: this.deps.tick() - this.current.startedAt };
  }

  /** Starts a skill (or a `code` action's source), pre-empting the running one unless `queue` is set. */
  start(name: string, rawParams: unknown, options: { queue?: boolean } = {}): SkillResult<{ started: string }> {
    const parsed = this.validate(name, rawParams);
    if (!parsed.ok) {
      // A bad call never disturbs what runs; the agent reads the failure in its next observation.
      this.reject(name, parsed, rawParams ?? null);
      return parsed;
    }
    if (this.current && options.queue) {
      this.queue.push({ name, params: parsed.params });
      return { ok: true, started: name };
    }
    if (this.current) this.stop('preempted', `replaced by ${name}`);
    this.launch(name, parsed.params);
    return { ok: true, started: name };
  }

  /** Starts a code action: JavaScript in the QuickJS sandbox whose skill calls run on this bot. */
  startCode(source: string, options: { queue?: boolean } = {}): SkillResult<{ started: string }> {
    if (this.current && options.queue) {
      this.queue.push({ name: 'code', params: { source } });
      return { ok: true, started: 'code' };
    }
    if (this.current) this.stop('preempted', 'replaced by a code action');
    this.launch('code', { source });
    return { ok: true, started: 'code' };
  }

  cancel(details = 'cancelled by the agent'): void {
    this.queue.length = 0;
    if (this.current) this.stop('cancelled', details);
  }

  /** Files a failure for an action that never started (bad schema, unknown skill). */
  reject(name: string, result: SkillResult, params: unknown = null): void {
    const now = this.deps.tick();
    this.push({ name, params, result, ticks: 0, finishedAt: now });
  }

  takeFinished(): FinishedSkill[] {
    return this.finished.splice(0, this.finished.length);
  }

  /** Stops everything without recording (the agent left or the episode ended). */
  dispose(): void {
    this.queue.length = 0;
    if (this.current) {
      this.current.controller.abort();
      this.current = null;
      haltBody(this.deps.bot);
    }
  }

  private validate(name: string, rawParams: unknown): { ok: true; params: unknown } | ReturnType<typeof fail> {
    if (!isSkillName(name)) return fail('unknown_skill', `there is no skill named '${name}'`);
    const parsed = (SKILL_CATALOG[name].params as z.ZodType).safeParse(rawParams ?? {});
    if (!parsed.success) {
      const issues = parsed.error.issues.map((i) => `${i.path.join('.') || '(params)'}: ${i.message}`).join('; ');
      return fail('invalid_params', `${name}: ${issues}`);
    }
    return { ok: true, params: parsed.data };
  }

  private launch(name: string, params: unknown): void {
    const controller = new AbortController();
    const current: Current = { name, params, startedAt: this.deps.tick(), ticks: 0, controller };
    this.current = current;
    const ctx = this.context(controller.signal);
    const program = name === 'code' ? this.runCodeAction((params as { source: string }).source, ctx) : invoke(name as SkillName, ctx, this.deps.frame.mapPositions(params, 'toServer'));
    program
      .catch((err: unknown): SkillResult => (err instanceof Cancelled ? fail('cancelled', 'cancelled') : fail('internal_error', `skill ${name} crashed: ${errorMessage(err)}`)))
      .then((result) => {
        if (this.current !== current) return; // pre-empted or cancelled: already recorded
        this.record(current, result);
        this.current = null;
        const next = this.queue.shift();
        if (next) this.launch(next.name, next.params);
      });
  }

  private stop(reason: string, details: string): void {
    const cur = this.current!;
    this.current = null;
    cur.controller.abort();
    haltBody(this.deps.bot);
    this.record(cur, fail(reason, details));
  }

  private record(cur: Current, result: SkillResult): void {
    const now = this.deps.tick();
    const params = cur.name === 'code' ? { source: String((cur.params as { source: string }).source).slice(0, 200) } : cur.params;
    this.push({ name: cur.name, params, result: cur.name === 'code' ? result : this.deps.frame.mapPositions(result, 'toScenario'), ticks: now - cur.startedAt, finishedAt: now });
  }

  private push(report: FinishedSkill): void {
    this.finished.push(report);
    if (this.finished.length > 100) this.finished.shift();
    this.deps.onFinished?.(report);
  }

  private context(signal: AbortSignal): McSkillContext {
    const { bot, agent, senses, hub, chests, events } = this.deps;
    return {
      bot,
      agent,
      senses,
      hub,
      chests,
      events,
      signal,
      waitTicks: (n) => waitTicks(signal, n),
    };
  }

  private async runCodeAction(source: string, ctx: McSkillContext): Promise<SkillResult> {
    // Calls run one at a time in call order, as in the sim (a body does one thing at a time).
    let chain: Promise<unknown> = Promise.resolve();
    const functions: Record<string, (...args: unknown[]) => unknown> = {};
    for (const name of Object.keys(SKILL_CATALOG) as SkillName[]) {
      functions[name] = (...args: unknown[]) => {
        const call = chain.then(() => this.codeCall(name, args, ctx));
        chain = call.catch(() => undefined);
        return call;
      };
    }
    const outcome = await runCode(source, { functions, signal: ctx.signal, clock: () => this.deps.tick() * 50 }).result;
    if (ctx.signal.aborted) throw new Cancelled();
    if (!outcome.ok) return fail(outcome.reason, outcome.details);
    return succeed({ value: outcome.value ?? null, logs: outcome.logs });
  }

  /** One skill call made by a code action; it is reported like a skill of its own, as in the sim. */
  private async codeCall(name: SkillName, args: unknown[], ctx: McSkillContext): Promise<SkillResult> {
    if (ctx.signal.aborted) return fail('cancelled', 'the code action that made the call ended');
    const raw = codeParams(name, args);
    if (raw === null) return fail('invalid_params', `${name} takes one object argument, e.g. ${name}({...}); got ${args.length} argument(s)`);
    const parsed = this.validate(name, raw);
    if (!parsed.ok) return parsed;
    const startedAt = this.deps.tick();
    let result: SkillResult;
    try {
      result = this.deps.frame.mapPositions(await invoke(name, ctx, this.deps.frame.mapPositions(parsed.params, 'toServer')), 'toScenario');
    } catch (err) {
      if (err instanceof Cancelled) throw err;
      result = fail('internal_error', `skill ${name} crashed: ${errorMessage(err)}`);
    }
    const now = this.deps.tick();
    this.push({ name, params: parsed.params, result, ticks: now - startedAt, finishedAt: now });
    return result;
  }
}

/** The calls agents most often write positionally: `say('hi')`, `wait(20)`. */
const POSITIONAL: Partial<Record<SkillName, string>> = { say: 'message', wait: 'ticks' };

function codeParams(name: SkillName, args: unknown[]): unknown {
  if (args.length === 0) return {};
  if (args.length > 1) return null;
  const a = args[0];
  if (a !== null && typeof a === 'object' && !Array.isArray(a)) return a;
  const key = POSITIONAL[name];
  return key !== undefined && (typeof a === 'string' || typeof a === 'number') ? { [key]: a } : null;
}

function invoke(name: SkillName, ctx: McSkillContext, params: unknown): Promise<SkillResult> {
  const impl = MINECRAFT_SKILLS[name] as (ctx: McSkillContext, params: unknown) => Promise<SkillResult>;
  return impl(ctx, params);
}

/** Real server time: 20 ticks per second. */
export function waitTicks(signal: AbortSignal, n: number): Promise<void> {
  return new Promise<void>((resolve, reject) => {
    if (signal.aborted) {
      reject(new Cancelled());
      return;
    }
    const timer = setTimeout(() => {
      signal.removeEventListener('abort', onAbort);
      resolve();
    }, n * 50);
    const onAbort = (): void => {
      clearTimeout(timer);
      reject(new Cancelled());
    };
    signal.addEventListener('abort', onAbort, { once: true });
  });
}

/**
 * Stops the body and waits until the plugins that finish asynchronously (collectblock's task,
 * pvp) have really stopped, so nothing from a previous episode walks the bot away after reset.
 */
export async function haltBodyAndWait(bot: Bot, timeoutMs = 2000): Promise<void> {
  haltBody(bot);
  const b = bot as unknown as { pvp?: { stop(): Promise<void> }; collectBlock?: { cancelTask(): Promise<void> } };
  const settle = Promise.all([b.collectBlock?.cancelTask().catch(() => undefined), b.pvp?.stop().catch(() => undefined)]);
  let timer: ReturnType<typeof setTimeout> | undefined;
  await Promise.race([settle, new Promise((resolve) => (timer = setTimeout(resolve, timeoutMs)))]);
  clearTimeout(timer);
  haltBody(bot);
}

/** Stops whatever the bot's plugins are doing; each plugin may be absent (the orchestrator has none). */
export function haltBody(bot: Bot): void {
  const b = bot as unknown as {
    pathfinder?: { stop(): void; setGoal(g: null): void };
    pvp?: { stop(): Promise<void> };
    collectBlock?: { cancelTask(): Promise<void> };
  };
  const quietly = (fn: () => unknown): void => {
    try {
      const r = fn();
      if (r instanceof Promise) r.catch(() => {});
    } catch {
      // a plugin that is not running has nothing to stop
    }
  };
  quietly(() => b.pathfinder?.stop());
  quietly(() => b.pathfinder?.setGoal(null));
  quietly(() => b.pvp?.stop());
  quietly(() => b.collectBlock?.cancelTask());
  quietly(() => bot.stopDigging());
  quietly(() => bot.deactivateItem());
  quietly(() => bot.clearControlStates());
}
