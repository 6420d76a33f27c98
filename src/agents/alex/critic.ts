/**
 * Alex's critic and self-correction circle (MineLand, Appendix E.3, F). When a short-term plan has
 * run, the critic decides whether its sub-goal was achieved: a skill that failed settles it without
 * a model call; otherwise the model reads the results and the observation ("critic mode auto").
 * Success names the skill for the skill memory. Failure retries the sub-goal with the critique
 * until the critic's failed-times limit (2 in the paper); then the long-term plan is redone.
 */
import { z } from 'zod';
import type { FinishedSkillReport } from '../../core/observation.js';
import type { AskModel } from './planner.js';
import { criticPrompt, type Identity } from './prompts.js';

export const criticSchema = z.object({
  reasoning: z.string().default(''),
  success: z.boolean(),
  critique: z.string().default(''),
  skill: z.object({ name: z.string().min(1), description: z.string().min(1) }).nullish(),
});

export interface Verdict {
  success: boolean;
  critique: string;
  skill: { name: string; description: string } | null;
  /** Whether the model was asked (false when a failed skill already decided it). */
  askedModel: boolean;
}

export function describeResult(r: FinishedSkillReport): string {
  const { ok: _ok, ...rest } = r.result;
  return `${r.ok ? 'ok' : 'FAILED'} ${r.name} ${JSON.stringify(r.params)} -> ${JSON.stringify(rest).slice(0, 300)}`;
}

export async function judge(ask: AskModel, o: { id: Identity; subGoal: string; plan: string; results: FinishedSkillReport[]; observation: string }): Promise<Verdict> {
  const failed = o.results.find((r) => !r.ok);
  if (failed) {
    const reason = typeof failed.result.reason === 'string' ? failed.result.reason : 'failed';
    const details = typeof failed.result.details === 'string' ? `: ${failed.result.details}` : '';
    return { success: false, critique: `${failed.name} failed (${reason}${details})`, skill: null, askedModel: false };
  }
  const v = await ask('critic', criticPrompt({ ...o, results: o.results.map(describeResult) }), criticSchema);
  return { success: v.success, critique: v.critique, skill: v.success ? (v.skill ?? null) : null, askedModel: true };
}

/** Counts failed attempts per sub-goal against the limit. */
export class FailureCounter {
  private readonly counts = new Map<string, number>();

  constructor(readonly limit: number) {}

  /** Records a failure; true when the sub-goal may be tried again, false when it is time to replan. */
  fail(subGoal: string): boolean {
    const n = (this.counts.get(subGoal) ?? 0) + 1;
    this.counts.set(subGoal, n);
    return n < this.limit;
  }

  failures(subGoal: string): number {
    return this.counts.get(subGoal) ?? 0;
  }

  reset(subGoal?: string): void {
    if (subGoal === undefined) this.counts.clear();
    else this.counts.delete(subGoal);
  }
}
