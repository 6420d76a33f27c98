/**
 * MineLand creative tasks: an open goal with no ground truth. The episode is recorded; the score is
 * 0 and success false unless a judge (for example an LLM with the task's rubric) has scored it.
 */
import type { GoalOf } from '../spec/goals.js';
import type { GoalContext, GoalEvaluator, GoalResult } from './goal-evaluator.js';

export interface JudgeVerdict {
  /** In [0, 1]. */
  score: number;
  reason: string;
  judge: string;
}

export class CreativeEvaluator implements GoalEvaluator {
  private verdict: JudgeVerdict | null = null;

  constructor(readonly goal: GoalOf<'creative'>) {}

  /** Stores a judge's verdict; later evaluations report it. */
  setVerdict(v: JudgeVerdict): void {
    this.verdict = { ...v, score: Math.min(1, Math.max(0, v.score)) };
  }

  evaluate(ctx: GoalContext): GoalResult {
    const details = { judged: this.verdict !== null, rubric: this.goal.judge?.rubric ?? null, behaviours: ctx.log.behaviours.length, events: ctx.log.eventCount };
    if (!this.verdict) return { success: false, failed: false, score: 0, details };
    const threshold = this.goal.judge?.threshold ?? 0.6;
    return { success: this.verdict.score >= threshold, failed: false, score: this.verdict.score, details: { ...details, verdict: this.verdict } };
  }
}
