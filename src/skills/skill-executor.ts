/**
 * Runs one agent's skills over ticks: at most one skill at a time; a new one pre-empts the running
 * one (MineLand's NEW gate) unless the caller asks to wait; cancel() stops it between two ticks.
 * The executor never lets a skill exception escape: a bug in a skill becomes a failure result.
 */
import type { z } from 'zod';
import type { Player, World } from '../world/index.js';
import type { SkillContext, SkillDefinition, SkillProgram } from './skill.js';
import { fail, type SkillResult } from './skill-result.js';

export interface RunningSkill {
  readonly name: string;
  readonly params: unknown;
  /** Ticks the skill has run so far. */
  ticks: number;
  readonly startedAt: number;
}

export interface FinishedSkill {
  readonly name: string;
  readonly params: unknown;
  readonly result: SkillResult;
  readonly ticks: number;
  readonly finishedAt: number;
}

export type SkillLookup = (name: string) => SkillDefinition | undefined;

export class SkillExecutor {
  private program: SkillProgram | null = null;
  private current: RunningSkill | null = null;
  private readonly finished: FinishedSkill[] = [];

  constructor(
    readonly world: World,
    readonly player: Player,
    private readonly lookup: SkillLookup,
    private readonly options: { omniscient?: boolean } = {},
  ) {}

  get running(): RunningSkill | null {
    return this.current;
  }

  /**
   * Starts a skill, pre-empting any running one (which ends with reason `preempted`).
   * Unknown names and invalid parameters fail at once with a reason the agent can fix.
   */
  start(name: string, rawParams: unknown): SkillResult<{ started: string }> {
    const def = this.lookup(name);
    if (!def) return fail('unknown_skill', `there is no skill named '${name}'`);
    const parsed = (def.params as z.ZodType).safeParse(rawParams ?? {});
    if (!parsed.success) {
      const issues = parsed.error.issues.map((i) => `${i.path.join('.') || '(params)'}: ${i.message}`).join('; ');
      return fail('invalid_params', `${name}: ${issues}`);
    }
    if (this.program) this.stop('preempted', `replaced by ${name}`);
    const ctx: SkillContext = { world: this.world, player: this.player, omniscient: this.options.omniscient ?? false };
    this.program = def.run(ctx, parsed.data);
    this.current = { name, params: parsed.data, ticks: 0, startedAt: this.world.tick };
    return { ok: true, started: name };
  }

  /** Cancels the running skill, if any; it ends with reason `cancelled`. */
  cancel(details = 'cancelled by the agent'): void {
    if (this.program) this.stop('cancelled', details);
  }

  /**
   * Advances the running skill by one tick (call once before each world step).
   * Returns the result when the skill finished during this call.
   */
  tick(): FinishedSkill | null {
    if (!this.program || !this.current) return null;
    let step: IteratorResult<void, SkillResult>;
    try {
      step = this.program.next();
    } catch (err) {
      return this.finish(fail('internal_error', `skill ${this.current.name} crashed: ${(err as Error).message}`));
    }
    if (step.done) return this.finish(step.value);
    this.current.ticks++;
    return null;
  }

  /** Results finished since the last call, oldest first. */
  takeFinished(): FinishedSkill[] {
    return this.finished.splice(0, this.finished.length);
  }

  private stop(reason: string, details: string): void {
    try {
      this.program?.return(fail(reason, details));
    } catch {
      // A failing cleanup must not take the agent down; the result below still reports the stop.
    }
    this.finish(fail(reason, details));
  }

  private finish(result: SkillResult): FinishedSkill {
    const cur = this.current!;
    const done: FinishedSkill = { name: cur.name, params: cur.params, result, ticks: cur.ticks, finishedAt: this.world.tick };
    this.finished.push(done);
    this.program = null;
    this.current = null;
    return done;
  }
}
