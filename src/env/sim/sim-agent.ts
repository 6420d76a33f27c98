/**
 * One agent's body in the sim backend: its player, skill executor, code program, held low-level
 * keys, queued skills and observation state. `act` turns an action into what runs over the next
 * ticks (never throwing: a bad action becomes a failure in the next observation); `tick` advances
 * whatever runs by one tick.
 */
import { agentActionSchema, type LowLevelAction, type ParsedAgentAction } from '../../core/actions.js';
import type { Observation } from '../../core/observation.js';
import type { Player, World } from '../../world/index.js';
import { CodeProgram, type CodeProgramOptions } from '../../skills/code/index.js';
import { applyLowLevel, releaseKeys, type LowLevelReport } from '../../skills/low-level.js';
import { createObserverState, observe, type ObserveOptions, type ObserverState, type SkillProgress, type WorldMailboxes } from '../../skills/observe/index.js';
import { SkillExecutor, type FinishedSkill, type RunningSkill, type SkillLookup } from '../../skills/skill-executor.js';
import { fail, type SkillResult } from '../../skills/skill-result.js';

export interface SimAgentOptions {
  lookup: SkillLookup;
  mailboxes: WorldMailboxes;
  omniscient: boolean;
  observe?: ObserveOptions;
  code?: CodeProgramOptions;
}

/** Characters of a code action's source repeated in its status and report (the agent wrote it; a hint is enough). */
const CODE_SOURCE_SHOWN = 200;

export class SimAgent implements SkillProgress {
  readonly executor: SkillExecutor;
  readonly observer: ObserverState;
  private code: CodeProgram | null = null;
  private codeSource = '';
  private lowLevel: LowLevelAction | null = null;
  private lowLevelFirst = false;
  private readonly queue: { name: string; params: unknown }[] = [];
  /** Results that did not come from the executor: rejected actions and finished code actions. */
  private readonly extra: FinishedSkill[] = [];
  /** What the last low-level action's one-shot parts did. */
  lastLowLevel: LowLevelReport = {};

  constructor(readonly world: World, readonly player: Player, private readonly opts: SimAgentOptions) {
    this.executor = new SkillExecutor(world, player, opts.lookup, { omniscient: opts.omniscient });
    this.observer = createObserverState({ mailboxes: opts.mailboxes, skills: this, omniscient: opts.omniscient, options: opts.observe ?? {} });
    opts.mailboxes.register(player.name, { omniscient: opts.omniscient ?? false });
  }

  get name(): string {
    return this.player.name;
  }

  // ---- SkillProgress (what observations report) ------------------------------------------------

  get running(): RunningSkill | null {
    const r = this.executor.running;
    if (r || !this.code?.running) return r;
    return { name: 'code', params: { source: this.codeSource.slice(0, CODE_SOURCE_SHOWN) }, ticks: this.world.tick - this.code.startedAt, startedAt: this.code.startedAt };
  }

  takeFinished(): FinishedSkill[] {
    const all = [...this.extra.splice(0), ...this.executor.takeFinished()];
    return all.sort((a, b) => a.finishedAt - b.finishedAt); // stable: same-tick results keep their order
  }

  get busy(): boolean {
    return this.executor.running !== null || (this.code?.running ?? false);
  }

  // ---- actions --------------------------------------------------------------------------------

  /** Applies one action (untrusted input). A code action needs the sandbox engine loaded first (`isCode`). */
  act(raw: unknown): void {
    const parsed = agentActionSchema.safeParse(raw);
    if (!parsed.success) {
      const issues = parsed.error.issues.map((i) => `${i.path.join('.') || '(action)'}: ${i.message}`).join('; ');
      this.reject(actionLabel(raw), fail('invalid_action', `the action does not match the schema: ${issues}`));
      return;
    }
    const a: ParsedAgentAction = parsed.data;
    switch (a.type) {
      case 'noop':
        return;
      case 'cancel':
        this.queue.length = 0;
        this.stopLowLevel();
        this.stopCode('cancelled by the agent');
        this.executor.cancel();
        return;
      case 'low_level':
        this.queue.length = 0;
        this.stopCode('replaced by a low-level action');
        this.executor.cancel('replaced by a low-level action');
        this.lowLevel = a;
        this.lowLevelFirst = true;
        return;
      case 'code':
        this.queue.length = 0;
        this.stopLowLevel();
        this.stopCode('replaced by a new code action');
        this.executor.cancel('replaced by a code action');
        this.codeSource = a.source;
        this.code = new CodeProgram(this.executor, a.source, this.opts.code ?? {});
        return;
      case 'skill':
        if (a.queue && this.busy) {
          this.queue.push({ name: a.name, params: a.params });
          return;
        }
        if (!this.valid(a.name, a.params)) {
          this.start(a.name, a.params); // fails with unknown_skill / invalid_params; what runs keeps running
          return;
        }
        this.stopLowLevel();
        this.stopCode(`replaced by ${a.name}`);
        this.start(a.name, a.params);
        return;
    }
  }

  /** Whether `raw` is a code action (the sandbox engine must be loaded before `act`). */
  static isCode(raw: unknown): boolean {
    return typeof raw === 'object' && raw !== null && (raw as { type?: unknown }).type === 'code';
  }

  // ---- ticks ----------------------------------------------------------------------------------

  /**
   * Advances the agent's program by one tick (call before `world.step()`). Returns true when a
   * code action got a skill result and must be allowed to resume (see `settleJobs`).
   */
  tick(): boolean {
    if (this.lowLevel) {
      const report = applyLowLevel(this.world, this.player, this.lowLevel, this.lowLevelFirst);
      if (this.lowLevelFirst) this.lastLowLevel = report;
      this.lowLevelFirst = false;
    }
    // A code action may already have run this tick's step of a skill it just started.
    const finished = this.code?.tickedAt === this.world.tick ? null : this.executor.tick();
    let resume = false;
    if (finished && this.code?.running) {
      this.code.skillFinished(finished);
      resume = true;
    }
    this.collectCode();
    if (!this.busy && this.queue.length > 0) {
      const next = this.queue.shift()!;
      this.start(next.name, next.params);
    }
    return resume;
  }

  /** Files the result of a code action that ended (after the sandbox had its turn). */
  collectCode(): void {
    const code = this.code;
    if (!code || code.running) return;
    this.code = null;
    // CPU time differs run to run; observations must not, so it stays out of the report.
    const { cpuMs: _cpuMs, ...result } = code.result!;
    this.extra.push({
      name: 'code',
      params: { source: this.codeSource.slice(0, CODE_SOURCE_SHOWN) },
      result: result as unknown as SkillResult,
      ticks: this.world.tick - code.startedAt,
      finishedAt: this.world.tick,
    });
  }

  observe(): Observation {
    this.collectCode();
    return observe(this.world, this.player, this.observer);
  }

  /** The agent leaves: stop everything it runs. */
  dispose(): void {
    this.stopCode('the agent left');
    this.executor.cancel('the agent left');
    this.opts.mailboxes.unregister(this.player.name);
  }

  private valid(name: string, params: unknown): boolean {
    const def = this.opts.lookup(name);
    return def !== undefined && def.params.safeParse(params ?? {}).success;
  }

  private start(name: string, params: unknown): void {
    const r = this.executor.start(name, params);
    if (!r.ok) this.reject(name, r, params);
  }

  private reject(name: string, result: SkillResult, params: unknown = null): void {
    this.extra.push({ name, params, result, ticks: 0, finishedAt: this.world.tick });
  }

  private stopCode(details: string): void {
    if (this.code?.running) this.code.cancel(details);
    this.collectCode();
  }

  private stopLowLevel(): void {
    if (!this.lowLevel) return;
    this.lowLevel = null;
    releaseKeys(this.player);
  }
}

function actionLabel(raw: unknown): string {
  if (typeof raw === 'object' && raw !== null) {
    const r = raw as { type?: unknown; name?: unknown };
    if (r.type === 'skill' && typeof r.name === 'string') return r.name;
    if (typeof r.type === 'string') return r.type;
  }
  return 'action';
}
