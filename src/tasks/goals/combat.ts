/** MineLand combat: agents kill `count` mobs of a type (team total, or each agent's own kills when competitive). */
import type { GoalOf } from '../spec/goals.js';
import { clamp01, competitive, teamMembers, type GoalContext, type GoalEvaluator, type GoalResult } from './goal-evaluator.js';

export class CombatEvaluator implements GoalEvaluator {
  constructor(private readonly goal: GoalOf<'combat'>) {}

  evaluate(ctx: GoalContext): GoalResult {
    const kills = new Map<string, number>();
    for (const k of ctx.log.kills) if (k.victimType === this.goal.mob && k.by !== null) kills.set(k.by, (kills.get(k.by) ?? 0) + 1);
    const need = this.goal.count;
    const perAgent: GoalResult['perAgent'] = {};
    for (const name of ctx.agents) {
      const n = kills.get(name) ?? 0;
      perAgent[name] = { score: clamp01(n / need), success: n >= need };
    }
    const total = [...kills.values()].reduce((a, b) => a + b, 0);
    const details = { mob: this.goal.mob, need, kills: Object.fromEntries(kills), total };
    if (ctx.mode === 'competitive') {
      const perTeam: GoalResult['perTeam'] = {};
      for (const [team, members] of teamMembers(ctx)) {
        const n = members.reduce((s, m) => s + (kills.get(m) ?? 0), 0);
        perTeam[team] = { score: clamp01(n / need), success: n >= need };
      }
      const c = competitive(perTeam);
      return { success: c.success, failed: false, score: c.score, details: { ...details, winners: c.winners }, perAgent, perTeam };
    }
    return { success: total >= need, failed: false, score: clamp01(total / need), details, perAgent };
  }
}
