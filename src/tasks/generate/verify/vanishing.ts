/**
 * Appendix C.2, "Mine vanishing blocks": for every target block type i a draft is feasible when
 *   (1) some agent's tool reaches τ_req(i),
 *   (2) β1 · min_n (T_move^n + T_mine^{n,i}) <= T_life^i, with T_move^n the time for agent n to walk
 *       from the mean position of the capable agents to the spawn centre plus 2/3·R, and
 *   (3) N_spawn^i >= β2 · N_goal^i.
 */
import type { Registry } from '../../../world/registry.js';
import type { Point } from './crisis.js';
import { canMine, cannotMineReason, mineSeconds } from './mining.js';
import { fmt, verdict, type Verdict } from './verdict.js';

export interface VanishingAgent {
  name: string;
  position: Point;
  speedBps: number;
  tools: string[];
}

export interface VanishingTarget {
  block: string;
  goal: number;
  /** Blocks that appear over the episode (N_spawn). */
  spawned: number;
  lifetimeSeconds: number;
  center: Point;
  radius: number;
}

export interface VanishingCheckInput {
  agents: VanishingAgent[];
  targets: VanishingTarget[];
  beta1: number;
  beta2: number;
}

export function verifyVanishing(registry: Registry, input: VanishingCheckInput): Verdict {
  const reasons: string[] = [];
  const estimates: Record<string, number> = { beta1: input.beta1, beta2: input.beta2 };
  for (const t of input.targets) {
    const capable = input.agents.filter((a) => canMine(registry, t.block, a.tools));
    if (capable.length === 0) {
      reasons.push(cannotMineReason(registry, t.block, input.agents.flatMap((a) => a.tools)));
      continue;
    }
    const mean = {
      x: capable.reduce((s, a) => s + a.position.x, 0) / capable.length,
      y: capable.reduce((s, a) => s + a.position.y, 0) / capable.length,
      z: capable.reduce((s, a) => s + a.position.z, 0) / capable.length,
    };
    const distance = Math.hypot(mean.x - t.center.x, mean.z - t.center.z) + (2 / 3) * t.radius;
    const reach = Math.min(...capable.map((a) => distance / a.speedBps + mineSeconds(registry, t.block, a.tools)));
    estimates[`T_reach_${t.block}`] = reach;
    if (!(input.beta1 * reach <= t.lifetimeSeconds)) {
      reasons.push(`${t.block} vanishes too soon: β1·min(T_move + T_mine) = ${input.beta1}·${fmt(reach)} = ${fmt(input.beta1 * reach)} s > T_life = ${fmt(t.lifetimeSeconds)} s`);
    }
    estimates[`N_spawn_${t.block}`] = t.spawned;
    if (t.spawned < input.beta2 * t.goal) {
      reasons.push(`too few ${t.block} spawn: N_spawn = ${t.spawned} < β2·N_goal = ${input.beta2}·${t.goal} = ${fmt(input.beta2 * t.goal)}`);
    }
  }
  if (input.targets.length === 0) reasons.push('the draft names no target block types');
  return verdict(reasons, estimates);
}
