/**
 * Strip mining, the way players (and mineflayer bots sent for "50 iron") find buried ore in quantity:
 * go down to the ore's height band, then dig parallel 1×2 tunnels off a central corridor, close
 * enough together that no vein between two tunnels goes unseen, and mine every vein a tunnel wall
 * shows. The team shares one plan, as S-Agents' root hands out work: each tunnel side is a unit one
 * agent claims, units near ore the team has seen go first (ore lies in clusters: a vein means the
 * rock around it is worth opening), otherwise the lines nearest the team's base.
 *
 * The plan knows only what the agents learn: the height band comes from the world generator's ore
 * placement config, tunnel faces from where the agents stood, ore from what their senses reported.
 */
import type { AgentAction } from '../../core/actions.js';
import type { Observation } from '../../core/observation.js';
import type { Vec3 } from '../../core/vec3.js';
import { ORE_PLACEMENTS } from '../../world/index.js';
import { skill } from './actions.js';

/**
 * Lines this far apart leave no vein unseen: a 1×2 tunnel shows the blocks beside its walls, so two
 * tunnels 4 apart see 2 of the 3 rows between them, and a vein (small iron veins are 2 wide) can
 * hide in at most one.
 */
export const LINE_SPACING = 4;
/** How far each line runs either side of the corridor (two chunks). */
export const LINE_REACH = 32;
/** Lines each side of the base: 16 × 4 blocks, as far as a line's own reach. */
const MAX_LINES = 16;
/** Rock kept between a tunnel's roof and the surface, so the tunnel is a tunnel. */
const MIN_COVER = 3;
/** Tries to reach a unit's face before it is given up (a lava lake, say). */
const MAX_APPROACH_FAILURES = 2;
/** Most ore sightings kept: the nearest units to any of them go first. */
const MAX_SIGHTINGS = 64;

type Side = 'west' | 'east';

interface Unit {
  /** Line index: the line runs along x at z = base.z + LINE_SPACING × k. */
  k: number;
  side: Side;
  /** Blocks dug from the corridor so far. */
  reach: number;
  done: boolean;
  owner: string | null;
  failures: number;
}

/**
 * The feet height to tunnel at for `ore`: the top of the highest of its placement bands that lies
 * wholly under the surface (with MIN_COVER rock above the tunnel). Iron under a y=64 surface: the
 * middle band (triangle −24..56) tops out at 56, the shortest staircase that reaches iron's main
 * band; tunnelling at its top shows the rows 55..57. Without such a band, just under the cover.
 */
export function miningFeetY(ore: string, surfaceFeetY: number): number {
  const highest = surfaceFeetY - 1 - MIN_COVER - 2;
  const tops = ORE_PLACEMENTS.filter((p) => (p.ore === ore || p.deepslateOre === ore) && p.count * p.chance > 0 && p.maxY <= highest).map((p) => p.maxY);
  return tops.length > 0 ? Math.max(...tops) : highest;
}

export class StripMine {
  readonly feetY: number;
  private readonly units: Unit[] = [];
  private readonly claims = new Map<string, Unit>();
  private readonly sightings: Vec3[] = [];

  constructor(
    readonly ore: string,
    readonly base: { x: number; z: number },
    surfaceFeetY: number,
  ) {
    this.feetY = miningFeetY(ore, surfaceFeetY);
    for (let i = 1; i <= MAX_LINES; i++) {
      for (const k of [i, -i]) for (const side of ['west', 'east'] as const) this.units.push({ k, side, reach: 0, done: false, owner: null, failures: 0 });
    }
  }

  /** Takes in what an agent saw (ore sightings) and what its last skills did to its unit. */
  observe(agent: string, obs: Observation): void {
    for (const b of obs.nearbyBlocks) {
      if (b.name !== this.ore) continue;
      if (this.sightings.some((s) => s.x === b.nearest.x && s.y === b.nearest.y && s.z === b.nearest.z)) continue;
      this.sightings.push(b.nearest);
      if (this.sightings.length > MAX_SIGHTINGS) this.sightings.shift();
    }
    const unit = this.claims.get(agent);
    if (!unit) return;
    this.advanceFace(unit, obs.pos);
    for (const f of obs.finishedSkills) {
      if (f.name === 'explore') {
        const pos = f.result.pos as Vec3 | undefined;
        if (pos) this.advanceFace(unit, pos);
        // A hazard, a cave or rock that keeps refilling: this side ends here.
        if (!f.ok) unit.done = true;
      }
      if (f.name === 'moveTo' && !f.ok && ++unit.failures >= MAX_APPROACH_FAILURES) unit.done = true;
    }
    if (unit.reach >= LINE_REACH) unit.done = true;
    if (unit.done) this.release(agent);
  }

  /**
   * The agent's next strip-mining action: walk (digging) to its unit's face, then tunnel on,
   * at most `maxSteps` steps (what its pickaxes can still dig). Null when every unit is done.
   */
  next(agent: string, obs: Observation, maxSteps: number): AgentAction | null {
    const unit = this.claims.get(agent) ?? this.claim(agent, obs.pos);
    if (!unit) return null;
    const face = this.faceOf(unit);
    const feet = { x: Math.floor(obs.pos.x), y: Math.floor(obs.pos.y), z: Math.floor(obs.pos.z) };
    if (feet.x !== face.x || feet.z !== face.z || Math.abs(feet.y - face.y) > 1) {
      return skill('moveTo', { ...face, range: 0, dig: true, timeoutTicks: 1200 });
    }
    const distance = Math.min(LINE_REACH - unit.reach, maxSteps);
    return skill('explore', { direction: unit.side, distance, descend: Math.max(0, feet.y - this.feetY), lookFor: this.ore });
  }

  /** Lets go of the agent's unit (it went to do something else, or died). */
  release(agent: string): void {
    const unit = this.claims.get(agent);
    if (unit) unit.owner = null;
    this.claims.delete(agent);
  }

  private claim(agent: string, from: Vec3): Unit | null {
    let best: Unit | null = null;
    let bestScore = Infinity;
    for (const u of this.units) {
      if (u.done || u.owner !== null) continue;
      const score = this.scoreOf(u, from);
      if (score < bestScore) {
        best = u;
        bestScore = score;
      }
    }
    if (!best) return null;
    best.owner = agent;
    this.claims.set(agent, best);
    return best;
  }

  /**
   * Lower is sooner: the distance from the unit's undug stretch to the nearest ore seen when there
   * is any, else how far its line is from the base; the walk to its face breaks ties.
   */
  private scoreOf(u: Unit, from: Vec3): number {
    const face = this.faceOf(u);
    const end = this.endOf(u);
    const walk = Math.hypot(face.x - from.x, face.z - from.z) / 100;
    if (this.sightings.length === 0) return Math.abs(u.k) + walk;
    const [lo, hi] = face.x < end.x ? [face.x, end.x] : [end.x, face.x];
    let near = Infinity;
    for (const s of this.sightings) near = Math.min(near, Math.hypot(Math.min(hi, Math.max(lo, s.x)) - s.x, face.z - s.z));
    return near + walk;
  }

  private faceOf(u: Unit): Vec3 {
    const sign = u.side === 'east' ? 1 : -1;
    return { x: this.base.x + sign * u.reach, y: this.feetY, z: this.base.z + LINE_SPACING * u.k };
  }

  private endOf(u: Unit): Vec3 {
    return this.faceOf({ ...u, reach: LINE_REACH });
  }

  /** A position on the unit's line, farther out than its face, moves the face there. */
  private advanceFace(u: Unit, pos: Vec3): void {
    const x = Math.floor(pos.x);
    const y = Math.floor(pos.y);
    const z = Math.floor(pos.z);
    if (z !== this.base.z + LINE_SPACING * u.k || Math.abs(y - this.feetY) > 1) return;
    const out = (u.side === 'east' ? 1 : -1) * (x - this.base.x);
    if (out > u.reach) u.reach = Math.min(LINE_REACH, out);
  }
}
