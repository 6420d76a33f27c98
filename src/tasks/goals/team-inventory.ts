/**
 * The team's inventories (optionally plus the task's chests) hold the required items. Competitive:
 * each agent's own inventory counts for itself and the best agent decides success.
 */
import type { GoalOf } from '../spec/goals.js';
import { competitive, teamMembers, type GoalContext, type GoalEvaluator, type GoalResult } from './goal-evaluator.js';
import type { ItemRequirement } from '../spec/common.js';
import { addCounts, chestTotals, inventoriesOf, itemProgress, type Counts } from './item-progress.js';

/** Shared by team_inventory_contains, harvest and collection. */
export function inventoryGoal(ctx: GoalContext, reqs: readonly ItemRequirement[], includeChests: boolean): GoalResult {
  const inventories = inventoriesOf(ctx);
  const perAgent: GoalResult['perAgent'] = {};
  for (const name of ctx.agents) {
    const own = itemProgress(inventories.get(name) ?? {}, reqs);
    perAgent[name] = { score: own.score, success: own.met };
  }
  if (ctx.mode === 'competitive') {
    // Each team pools its members' inventories; the chests are shared, so they count for nobody.
    const perTeam: GoalResult['perTeam'] = {};
    for (const [team, members] of teamMembers(ctx)) {
      const pooled: Counts = {};
      for (const m of members) addCounts(pooled, inventories.get(m));
      const p = itemProgress(pooled, reqs);
      perTeam[team] = { score: p.score, success: p.met };
    }
    const c = competitive(perTeam);
    return { success: c.success, failed: false, score: c.score, details: { winners: c.winners }, perAgent, perTeam };
  }
  const total: Counts = {};
  for (const inv of inventories.values()) addCounts(total, inv);
  if (includeChests) addCounts(total, chestTotals(ctx));
  const p = itemProgress(total, reqs);
  return { success: p.met, failed: false, score: p.score, details: { items: p.items, includesChests: includeChests }, perAgent };
}

export class TeamInventoryEvaluator implements GoalEvaluator {
  constructor(private readonly goal: GoalOf<'team_inventory_contains'>) {}

  evaluate(ctx: GoalContext): GoalResult {
    return inventoryGoal(ctx, this.goal.items, this.goal.include_chests);
  }
}
