/**
 * TickingCollab "mine vanishing blocks" (and any delivery task): the chest holds the required items.
 * Per agent: what each one deposited towards the requirement (its contribution).
 */
import { InputError } from '../../core/errors.js';
import type { GoalOf } from '../spec/goals.js';
import type { GoalContext, GoalEvaluator, GoalResult } from './goal-evaluator.js';
import { itemProgress } from './item-progress.js';

export class ChestContainsEvaluator implements GoalEvaluator {
  constructor(private readonly goal: GoalOf<'chest_contains'>) {}

  evaluate(ctx: GoalContext): GoalResult {
    const pos = this.goal.position ?? ctx.chests[0];
    if (!pos) throw new InputError('chest_contains has no chest to look in', 'give the goal a position or the task an environment.chest');
    const contents = ctx.admin.chestContents(pos);
    const p = itemProgress(contents ?? {}, this.goal.items);
    const perAgent: GoalResult['perAgent'] = {};
    for (const name of ctx.agents) {
      const own = itemProgress(Object.fromEntries(ctx.log.deposited.get(name) ?? []), this.goal.items);
      perAgent[name] = { score: own.score, success: own.met };
    }
    return { success: p.met, failed: false, score: p.score, details: { chest: pos, chestFound: contents !== null, items: p.items }, perAgent };
  }
}
