/** MineLand harvest: obtain `count` of an item (team total, or each agent for itself when competitive). */
import type { GoalOf } from '../spec/goals.js';
import type { GoalContext, GoalEvaluator, GoalResult } from './goal-evaluator.js';
import { inventoryGoal } from './team-inventory.js';

export class HarvestEvaluator implements GoalEvaluator {
  constructor(private readonly goal: GoalOf<'harvest'>) {}

  evaluate(ctx: GoalContext): GoalResult {
    return inventoryGoal(ctx, [{ name: this.goal.item, count: this.goal.count }], false);
  }
}
