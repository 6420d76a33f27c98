/**
 * Appendix C.1, "Prepare for a crisis": a draft is feasible when
 *   (1) some agent's tool tier reaches every survival block's required tier,
 *   (2) the map holds N_required >= (H+1)·N_agent survival blocks, and
 *   (3) T_crisis >= α·(T_move + T_mine + T_construct),
 * where T_crisis = t0 + L_area / v_fill (the build site is the last point the fill reaches),
 * T_move + T_mine is the makespan of a greedy assignment of piles (nearest the site first, each to
 * the capable agent with the least work so far), and T_construct = 0.5 s · N_required / N'_agents.
 */
import type { Registry } from '../../../world/registry.js';
import { canMine, cannotMineReason, mineSeconds, survivesCrisis, toolTier } from './mining.js';
import { fmt, verdict, type Verdict } from './verdict.js';

export interface Point {
  x: number;
  y: number;
  z: number;
}

export interface CrisisAgent {
  name: string;
  position: Point;
  speedBps: number;
  tools: string[];
}

export interface CrisisPile {
  block: string;
  position: Point;
  count: number;
}

export interface CrisisCheckInput {
  crisisBlock: string;
  /** Height H of the fill (blocks). */
  height: number;
  /** t0, seconds after the episode starts. */
  startSeconds: number;
  /** L_area along the fill direction, blocks. */
  areaLength: number;
  /** v_fill, blocks per second along the direction. */
  fillBlocksPerSecond: number;
  buildSite: Point;
  agents: CrisisAgent[];
  piles: CrisisPile[];
  alpha: number;
}

/** Seconds per placed block (Appendix C.1: "0.5 seconds per block placement"). */
export const PLACE_SECONDS = 0.5;

const dist = (a: Point, b: Point): number => Math.hypot(a.x - b.x, a.y - b.y, a.z - b.z);

export function verifyCrisis(registry: Registry, input: CrisisCheckInput): Verdict {
  const reasons: string[] = [];
  const nAgents = input.agents.length;
  const nRequired = (input.height + 1) * nAgents;
  const survivalPiles = input.piles.filter((p) => survivesCrisis(registry, p.block, input.crisisBlock));
  const survivalTypes = [...new Set(survivalPiles.map((p) => p.block))];

  // (1) Necessary mining items.
  const minableTypes = survivalTypes.filter((b) => input.agents.some((a) => canMine(registry, b, a.tools)));
  for (const b of survivalTypes) {
    if (!minableTypes.includes(b)) reasons.push(cannotMineReason(registry, b, input.agents.flatMap((a) => a.tools)));
  }
  if (survivalTypes.length === 0) reasons.push(`no block in the map survives a ${input.crisisBlock} crisis (lava burns wooden blocks)`);

  // (2) Sufficient survival blocks (only the ones someone can actually mine count).
  const available = survivalPiles.filter((p) => minableTypes.includes(p.block)).reduce((s, p) => s + p.count, 0);
  if (available < nRequired) {
    reasons.push(`too few minable survival blocks: ${available} < (H+1)·N_agent = (${input.height}+1)·${nAgents} = ${nRequired}`);
  }

  // (3) Sufficient preparation time.
  const tCrisis = input.startSeconds + input.areaLength / input.fillBlocksPerSecond;
  const gather = gatherMakespan(registry, input, survivalPiles.filter((p) => minableTypes.includes(p.block)), nRequired);
  const builders = input.agents.filter((a) => a.tools.some((t) => toolTier(registry, t) >= 0)).length || nAgents;
  const tConstruct = (PLACE_SECONDS * nRequired) / builders;
  const needed = input.alpha * (gather + tConstruct);
  // With too few minable blocks the gathering time is infinite; that reason is already given.
  if (available >= nRequired && !(tCrisis >= needed)) {
    reasons.push(
      `not enough preparation time: T_crisis = ${fmt(tCrisis)} s < α·(T_gather + T_construct) = ${input.alpha}·(${fmt(gather)} + ${fmt(tConstruct)}) = ${fmt(needed)} s`,
    );
  }
  return verdict(reasons, { N_required: nRequired, N_available: available, T_crisis: tCrisis, T_gather: gather, T_construct: tConstruct, alpha: input.alpha });
}

/** Makespan of the greedy gathering plan; Infinity when the piles cannot supply `needed` blocks. */
export function gatherMakespan(registry: Registry, input: CrisisCheckInput, piles: readonly CrisisPile[], needed: number): number {
  const work = new Map(input.agents.map((a) => [a.name, 0]));
  const at = new Map(input.agents.map((a) => [a.name, a.position]));
  let remaining = needed;
  const byProximity = [...piles].sort((p, q) => dist(p.position, input.buildSite) - dist(q.position, input.buildSite));
  for (const pile of byProximity) {
    if (remaining <= 0) break;
    const capable = input.agents.filter((a) => canMine(registry, pile.block, a.tools));
    if (capable.length === 0) continue;
    const agent = capable.reduce((best, a) => (work.get(a.name)! < work.get(best.name)! ? a : best));
    const take = Math.min(pile.count, remaining);
    remaining -= take;
    const travel = dist(at.get(agent.name)!, pile.position) / agent.speedBps;
    work.set(agent.name, work.get(agent.name)! + travel + take * mineSeconds(registry, pile.block, agent.tools));
    at.set(agent.name, pile.position);
  }
  if (remaining > 0) return Infinity;
  let makespan = 0;
  for (const a of input.agents) {
    if (work.get(a.name)! === 0) continue;
    makespan = Math.max(makespan, work.get(a.name)! + dist(at.get(a.name)!, input.buildSite) / a.speedBps);
  }
  return makespan;
}
