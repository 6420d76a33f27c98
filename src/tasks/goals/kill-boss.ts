/**
 * TickingCollab "raid a boss": every boss (or the one named) is dead. Score: the share of the bosses'
 * health taken away. Failure: every agent is dead at once (the raid is lost). Per agent: the share of
 * boss damage it dealt, or of the hits it landed on a server that does not report damage amounts.
 */
import type { GoalOf } from '../spec/goals.js';
import { clamp01, mean, type GoalContext, type GoalEvaluator, type GoalResult } from './goal-evaluator.js';

const total = (m: ReadonlyMap<string, number>): number => [...m.values()].reduce((a, b) => a + b, 0);

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
      // A server that does not report mob health leaves `health` unknown: count no progress then
      // (a living boss of unknown health is not a beaten one).
      const maxHealth = e.maxHealth ?? e.health ?? 1;
      this.bosses.set(e.id, { name, maxHealth, health: e.dead ? 0 : (e.health ?? maxHealth), dead: e.dead === true });
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

    const dealt = this.sumPerAgent(ctx.log.damage);
    // Credit by damage; where the server never said how much hits took, by the share of hits.
    const byDamage = total(dealt) > 0;
    const credit = byDamage ? dealt : this.sumPerAgent(ctx.log.hits);
    const totalCredit = total(credit);
    const perAgent: GoalResult['perAgent'] = {};
    for (const name of ctx.agents) perAgent[name] = { score: totalCredit > 0 ? clamp01((credit.get(name) ?? 0) / totalCredit) : 0, success };
    return {
      success,
      failed,
      score: mean(bosses.map((b) => clamp01(1 - b.health / b.maxHealth))),
      details: {
        bosses: bosses.map((b) => ({ name: b.name, health: b.health, maxHealth: b.maxHealth, dead: b.dead })),
        damageByAgent: Object.fromEntries(dealt),
        ...(byDamage ? {} : { hitsByAgent: Object.fromEntries(credit) }),
      },
      perAgent,
    };
  }

  /** Agent -> the sum over the bosses of a per-entity, per-agent tally (damage or hits). */
  private sumPerAgent(tally: ReadonlyMap<number, ReadonlyMap<string, number>>): Map<string, number> {
    const out = new Map<string, number>();
    for (const id of this.bosses.keys()) for (const [agent, n] of tally.get(id) ?? []) out.set(agent, (out.get(agent) ?? 0) + n);
    return out;
  }
}
