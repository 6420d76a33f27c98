/**
 * MineLand tech tree: obtain a tool. The score is the share of milestones (`path`, then the tool)
 * that anyone (cooperative) or the agent itself (competitive) has ever held.
 */
import type { GoalOf } from '../spec/goals.js';
import { competitive, mean, teamMembers, type GoalContext, type GoalEvaluator, type GoalResult } from './goal-evaluator.js';

export class TechTreeEvaluator implements GoalEvaluator {
  constructor(private readonly goal: GoalOf<'tech_tree'>) {}

  evaluate(ctx: GoalContext): GoalResult {
    ctx.log.noteInventories(ctx.admin);
    const milestones = [...this.goal.path.filter((m) => m !== this.goal.tool), this.goal.tool];
    const progress = (held: ReadonlySet<string>) => ({ score: mean(milestones.map((m) => (held.has(m) ? 1 : 0))), success: held.has(this.goal.tool) });
    const perAgent: GoalResult['perAgent'] = {};
    const team = new Set<string>();
    for (const name of ctx.agents) {
      const held = ctx.log.obtained.get(name) ?? new Set<string>();
      for (const i of held) team.add(i);
      perAgent[name] = progress(held);
    }
    const reached = milestones.filter((m) => team.has(m));
    if (ctx.mode === 'competitive') {
      const perTeam: GoalResult['perTeam'] = {};
      for (const [team, members] of teamMembers(ctx)) {
        const held = new Set<string>();
        for (const m of members) for (const i of ctx.log.obtained.get(m) ?? []) held.add(i);
        perTeam[team] = progress(held);
      }
      const c = competitive(perTeam);
      return { success: c.success, failed: false, score: c.score, details: { milestones, winners: c.winners }, perAgent, perTeam };
    }
    const p = progress(team);
    return { success: p.success, failed: false, score: p.score, details: { milestones, reached }, perAgent };
  }
}
