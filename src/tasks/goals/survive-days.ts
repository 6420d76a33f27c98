/**
 * MineLand survival: stay alive for `days` Minecraft days (24000 ticks each) from the start.
 * Each agent's score is the share of the required time it lived before its first death.
 */
import type { GoalOf } from '../spec/goals.js';
import { clamp01, mean, type GoalContext, type GoalEvaluator, type GoalResult } from './goal-evaluator.js';

export const TICKS_PER_DAY = 24000;

export class SurviveDaysEvaluator implements GoalEvaluator {
  constructor(private readonly goal: GoalOf<'survive_days'>) {}

  evaluate(ctx: GoalContext): GoalResult {
    const need = this.goal.days * TICKS_PER_DAY;
    const firstDeath = new Map<string, number>();
    for (const d of ctx.log.deaths) if (!firstDeath.has(d.name)) firstDeath.set(d.name, d.tick);
    for (const p of ctx.admin.players()) if ((p.deaths > 0 || !p.alive) && !firstDeath.has(p.name)) firstDeath.set(p.name, ctx.tick);
    const perAgent: GoalResult['perAgent'] = {};
    for (const name of ctx.agents) {
      const lived = (firstDeath.get(name) ?? ctx.tick) - ctx.startTick;
      perAgent[name] = { score: clamp01(lived / need), success: !firstDeath.has(name) && lived >= need };
    }
    const agents = Object.values(perAgent);
    const alive = ctx.agents.filter((n) => !firstDeath.has(n));
    const all = this.goal.who === 'all';
    return {
      success: all ? agents.every((a) => a.success) : agents.some((a) => a.success),
      failed: all ? alive.length < ctx.agents.length : alive.length === 0,
      score: all ? mean(agents.map((a) => a.score)) : Math.max(0, ...agents.map((a) => a.score)),
      details: { ticksNeeded: need, ticksLived: ctx.tick - ctx.startTick, alive },
      perAgent,
    };
  }
}
