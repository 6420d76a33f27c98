/**
 * TickingCollab "prepare for a crisis": every agent survives. One death is irreversible failure;
 * success is decided when the episode ends (or at `until_step`). Score: the share of agents alive.
 */
import type { GoalOf } from '../spec/goals.js';
import { mean, type GoalContext, type GoalEvaluator, type GoalResult } from './goal-evaluator.js';

export class AllSurviveEvaluator implements GoalEvaluator {
  constructor(private readonly goal: GoalOf<'all_survive'>) {}

  evaluate(ctx: GoalContext): GoalResult {
    const died = new Set(ctx.log.deaths.map((d) => d.name));
    for (const p of ctx.admin.players()) if (p.deaths > 0 || !p.alive) died.add(p.name);
    const perAgent: GoalResult['perAgent'] = {};
    for (const name of ctx.agents) perAgent[name] = { score: died.has(name) ? 0 : 1, success: !died.has(name) };
    const anyDied = ctx.agents.some((n) => died.has(n));
    const decided = ctx.final || (this.goal.until_step !== undefined && ctx.step >= this.goal.until_step);
    return {
      success: decided && !anyDied,
      failed: anyDied,
      score: mean(Object.values(perAgent).map((a) => a.score)),
      details: { dead: ctx.agents.filter((n) => died.has(n)), deaths: ctx.log.deaths, decided },
      perAgent,
    };
  }
}
