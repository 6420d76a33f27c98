/**
 * Appendix C.1, "Prepare for a crisis": a draft is feasible when
 *   (1) some agent's tool tier reaches every survival block's required tier,
 *   (2) the map holds N_required >= (H+1)·N_agent survival blocks, and
 *   (3) T_crisis >= α·(T_move + T_mine + T_construct),
 * where T_crisis = t0 + L_area / v_fill (the build site is the last point the fill reaches),
 * T_move + T_mine is the makespan of a greedy assignment of the survival piles (nearest the site
 * first, each to the capable agent with the least work so far, every pile mined out), and
 * T_construct = 0.5 s · N_required / N'_agents. N_required is one quantity throughout, as C.1
 * defines it for (2): the survival blocks available in the map; the same count is the crisis
 * workload of N (src/tasks/difficulty.ts), so the verifier and N measure the same job.
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
  const nShelter = (input.height + 1) * nAgents;
  const survivalPiles = input.piles.filter((p) => survivesCrisis(registry, p.block, input.crisisBlock));
  const survivalTypes = [...new Set(survivalPiles.map((p) => p.block))];

  // (1) Necessary mining items.
  const minableTypes = survivalTypes.filter((b) => input.agents.some((a) => canMine(registry, b, a.tools)));
  for (const b of survivalTypes) {
    if (!minableTypes.includes(b)) reasons.push(cannotMineReason(registry, b, input.agents.flatMap((a) => a.tools)));
  }
  if (survivalTypes.length === 0) reasons.push(`no block in the map survives a ${input.crisisBlock} crisis (lava burns wooden blocks)`);

  // (2) Sufficient survival blocks (only the ones someone can actually mine count): N_required.
  const minablePiles = survivalPiles.filter((p) => minableTypes.includes(p.block));
  const nRequired = minablePiles.reduce((s, p) => s + p.count, 0);
  if (nRequired < nShelter) {
    reasons.push(`too few minable survival blocks: ${nRequired} < (H+1)·N_agent = (${input.height}+1)·${nAgents} = ${nShelter}`);
  }

  // (3) Sufficient preparation time.
  const tCrisis = input.startSeconds + input.areaLength / input.fillBlocksPerSecond;
  const { gather, construct: tConstruct } = preparationSeconds(registry, input.agents, input.buildSite, minablePiles);
  const needed = input.alpha * (gather + tConstruct);
  // With too few minable blocks there is no shelter to time; that reason is already given.
  if (nRequired >= nShelter && !(tCrisis >= needed)) {
    reasons.push(
      `not enough preparation time: T_crisis = ${fmt(tCrisis)} s < α·(T_gather + T_construct) = ${input.alpha}·(${fmt(gather)} + ${fmt(tConstruct)}) = ${fmt(needed)} s`,
    );
  }
  return verdict(reasons, { N_required: nRequired, N_shelter: nShelter, T_crisis: tCrisis, T_gather: gather, T_construct: tConstruct, alpha: input.alpha });
}

/**
 * C.1's estimate of the preparation: T_move + T_mine (the gathering makespan) and T_construct =
 * 0.5 s · N_required / N'_agents, N'_agents being the agents with a mining tool (all of them when
 * none has one). `piles` are the survival piles someone can mine.
 */
export function preparationSeconds(registry: Registry, agents: readonly CrisisAgent[], buildSite: Point, piles: readonly CrisisPile[]): { gather: number; construct: number } {
  const blocks = piles.reduce((s, p) => s + p.count, 0);
  const builders = agents.filter((a) => a.tools.some((t) => toolTier(registry, t) >= 0)).length || agents.length;
  return { gather: gatherMakespan(registry, agents, buildSite, piles), construct: (PLACE_SECONDS * blocks) / builders };
}

/**
 * Makespan of C.1's greedy gathering plan: the piles nearest the build site first, each mined out by
 * the capable agent with the least work so far, who then walks on to its next pile and finally to
 * the site. Piles no agent can mine are skipped (criterion 1 reports them).
 */
export function gatherMakespan(registry: Registry, agents: readonly CrisisAgent[], buildSite: Point, piles: readonly CrisisPile[]): number {
  const work = new Map(agents.map((a) => [a.name, 0]));
  const at = new Map(agents.map((a) => [a.name, a.position]));
  const byProximity = [...piles].sort((p, q) => dist(p.position, buildSite) - dist(q.position, buildSite));
  for (const pile of byProximity) {
    const capable = agents.filter((a) => canMine(registry, pile.block, a.tools));
    if (capable.length === 0) continue;
    const agent = capable.reduce((best, a) => (work.get(a.name)! < work.get(best.name)! ? a : best));
    const travel = dist(at.get(agent.name)!, pile.position) / agent.speedBps;
    work.set(agent.name, work.get(agent.name)! + travel + pile.count * mineSeconds(registry, pile.block, agent.tools));
    at.set(agent.name, pile.position);
  }
  let makespan = 0;
  for (const a of agents) {
    if (work.get(a.name)! === 0) continue;
    makespan = Math.max(makespan, work.get(a.name)! + dist(at.get(a.name)!, buildSite) / a.speedBps);
  }
  return makespan;
}
