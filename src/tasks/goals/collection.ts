/**
 * S-Agents collective collection ("mine 50 logs"): what the team gathered, in inventories and the
 * task's chests together, so agents may pool resources anywhere.
 */
import type { GoalOf } from '../spec/goals.js';
import type { GoalContext, GoalEvaluator, GoalResult } from './goal-evaluator.js';
import { inventoryGoal } from './team-inventory.js';

export class CollectionEvaluator implements GoalEvaluator {
  constructor(private readonly goal: GoalOf<'collection'>) {}

  evaluate(ctx: GoalContext): GoalResult {
    return inventoryGoal(ctx, this.goal.items, true);
  }
}
