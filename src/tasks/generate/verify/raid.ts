/**
 * Appendix C.3, "Raid a boss": a draft is feasible when the agents' theoretical damage over the
 * episode covers every enemy's life points with margin γ:
 *   T_max · Σ_n D_n >= γ · (HP_B + Σ_i N_i · HP_M^i)
 * (the paper writes the margin as an efficiency factor on the left; ours is its reciprocal, so a
 * larger γ keeps only easier tasks, like α and β). Survivability is not a criterion in the paper;
 * it shows up in the difficulty metric τ instead.
 */
import { fmt, verdict, type Verdict } from './verdict.js';

export interface RaidCheckInput {
  episodeSeconds: number;
  /** Damage per second of each agent (D_n). */
  agentDps: number[];
  bossHp: number;
  /** Per minion kind: total spawned (N_i) and life points (HP_M^i). */
  minions: { type: string; total: number; hp: number }[];
  gamma: number;
}

export function verifyRaid(input: RaidCheckInput): Verdict {
  const reasons: string[] = [];
  const totalDps = input.agentDps.reduce((s, d) => s + d, 0);
  const capacity = input.episodeSeconds * totalDps;
  const enemyHp = input.bossHp + input.minions.reduce((s, m) => s + m.total * m.hp, 0);
  if (input.agentDps.length === 0) reasons.push('the draft has no agents');
  if (!(capacity >= input.gamma * enemyHp)) {
    reasons.push(
      `not enough damage: T_max·ΣD = ${fmt(input.episodeSeconds)}·${fmt(totalDps)} = ${fmt(capacity)} < γ·(HP_B + ΣN·HP_M) = ${input.gamma}·${fmt(enemyHp)} = ${fmt(input.gamma * enemyHp)}`,
    );
  }
  return verdict(reasons, { damage_capacity: capacity, enemy_hp: enemyHp, gamma: input.gamma });
}
