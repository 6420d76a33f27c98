/**
 * TickingCollab "raid a boss": every boss (or the one named) is dead. Score: the share of the bosses'
 * health taken away. Failure: every agent is dead at once (the raid is lost). Per agent: the share of
 * boss damage it dealt.
 */
import type { GoalOf } from '../spec/goals.js';
import { clamp01, mean, type GoalContext, type GoalEvaluator, type GoalResult } from './goal-evaluator.js';

interface BossState {
  name: string;
  maxHealth: number;
  health: number;
  dead: boolean;
}

export class KillBossEvaluator implements GoalEvaluator {
  private readonly bosses = new Map<number, BossState>();

  constructor(private readonly goal: GoalOf<'kill_boss'>) {}

  evaluate(ctx: GoalContext): GoalResult {
    const seen = new Set<number>();
    for (const e of ctx.admin.entities({ tag: 'boss' })) {
      const name = e.name ?? e.type;
      if (this.goal.name !== undefined && name !== this.goal.name) continue;
      seen.add(e.id);
      this.bosses.set(e.id, { name, maxHealth: e.maxHealth ?? e.health ?? 1, health: e.dead ? 0 : (e.health ?? 0), dead: e.dead === true });
    }
    const killed = new Set(ctx.log.kills.map((k) => k.victim));
    for (const [id, b] of this.bosses) {
      // A boss that died is removed from the world: the kill event or its absence says so.
      if (killed.has(id) || !seen.has(id)) {
        b.dead = true;
        b.health = 0;
      }
    }
    const bosses = [...this.bosses.values()];
    const success = bosses.length > 0 && bosses.every((b) => b.dead);
    const players = ctx.admin.players().filter((p) => ctx.agents.includes(p.name));
    const failed = !success && players.length > 0 && players.every((p) => !p.alive);

    const dealt = new Map<string, number>();
    let totalDealt = 0;
    for (const id of this.bosses.keys()) {
      for (const [agent, amount] of ctx.log.damage.get(id) ?? []) {
        dealt.set(agent, (dealt.get(agent) ?? 0) + amount);
        totalDealt += amount;
      }
    }
    const perAgent: GoalResult['perAgent'] = {};
    for (const name of ctx.agents) perAgent[name] = { score: totalDealt > 0 ? clamp01((dealt.get(name) ?? 0) / totalDealt) : 0, success };
    return {
      success,
      failed,
      score: mean(bosses.map((b) => clamp01(1 - b.health / b.maxHealth))),
      details: { bosses: bosses.map((b) => ({ name: b.name, health: b.health, maxHealth: b.maxHealth, dead: b.dead })), damageByAgent: Object.fromEntries(dealt) },
      perAgent,
    };
  }
}
