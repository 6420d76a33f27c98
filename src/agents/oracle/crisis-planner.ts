/**
 * The oracle for TickingCollab's "prepare for a crisis". From the task's own fill events it knows
 * which flood comes, from where, how high and when it reaches each column. Each agent that the flood
 * would hurt (lava without fire resistance, powder snow without leather, water deep enough to drown)
 * gets a job sized to its tools and speed:
 *  - mine the cheapest suitable blocks of the task's material piles (ones it can harvest, that stand
 *    when stacked and — against lava — do not burn), just enough for a staircase up to the flood's
 *    top plus one ((H + 1) feet height, as the paper counts it);
 *  - build the staircase where the flood arrives late, near where it mined, then climb it and stay;
 *  - when that cannot finish before the flood arrives, walk out of the flood's footprint instead.
 * Agents the flood cannot hurt put on leather if that is what protects them and wait.
 */
import type { AgentAction } from '../../core/actions.js';
import type { Observation } from '../../core/observation.js';
import type { Vec3 } from '../../core/vec3.js';
import type { Registry } from '../../world/index.js';
import { inventoryOf, pause, skill } from '../heuristic/actions.js';
import { armorOf, bestDig, isFlammable, isFullBlock, isGravityBlock, mainDrop, registryFor, walkTicks } from '../heuristic/item-facts.js';
import { columnArrival, floodThreatens, floodsOf, inFootprint, type Flood } from './flood-forecast.js';
import { agentProfiles, materialBlocks, posKey, type AgentProfile, type OracleContext } from './knowledge.js';
import type { OraclePlanner } from './planner.js';

type Phase = 'plan' | 'mine' | 'build' | 'climb' | 'hold' | 'flee' | 'safe';

interface Staircase {
  /** Column positions at ground level, lowest step first. */
  columns: Vec3[];
  height: number;
  /** Where the agent's feet stand on top. */
  top: Vec3;
}

interface Job {
  phase: Phase;
  mine: Vec3[];
  stairs: Staircase | null;
  fleeTo: Vec3 | null;
  failures: number;
  /** Set when an agent judged immune is hurt anyway: from then on it shelters like the others. */
  distrustImmunity: boolean;
}

/** Ticks per placed block in the body's build loop (4-tick placing delay plus turning and stepping). */
const TICKS_PER_PLACEMENT = 10;
/** Spare ticks kept between finishing and the flood's arrival. */
const SAFETY_TICKS = 60;
/** How far fluids run beyond the filled area on flat ground (water 7, lava 3), plus a block. */
const SPREAD: Record<string, number> = { water: 8, lava: 4, powder_snow: 1 };
const MAX_FAILURES = 6;

export class CrisisPlanner implements OraclePlanner {
  private readonly reg: Registry;
  private readonly floods: Flood[];
  private readonly profiles: Map<string, AgentProfile>;
  private readonly jobs = new Map<string, Job>();
  /** Block positions claimed for mining and cells claimed for staircases, by any agent. */
  private readonly claimed = new Set<string>();

  constructor(private readonly ctx: OracleContext) {
    this.reg = registryFor(ctx.task.scenario.world?.version);
    this.floods = floodsOf(ctx.task);
    this.profiles = agentProfiles(ctx.task);
  }

  decide(asked: Readonly<Record<string, Observation>>): Partial<Record<string, AgentAction>> {
    const out: Partial<Record<string, AgentAction>> = {};
    for (const [name, obs] of Object.entries(asked)) {
      // Asked mid-skill (a message, a hurt): let the skill run; its end brings the agent back.
      if (!obs.alive || (obs.runningSkill && obs.runningSkill.name !== 'wait')) continue;
      out[name] = this.next(name, obs);
    }
    return out;
  }

  private next(name: string, obs: Observation): AgentAction {
    let job = this.jobs.get(name);
    if (!job) {
      job = { phase: 'plan', mine: [], stairs: null, fleeTo: null, failures: 0, distrustImmunity: false };
      this.jobs.set(name, job);
    }
    const finished = obs.finishedSkills[obs.finishedSkills.length - 1];
    if (finished && !finished.ok && finished.name !== 'wait' && !wasReplaced(finished.result)) {
      job.failures++;
      this.ctx.log({ type: 'oracle_note', agent: name, note: `${finished.name} failed: ${String(finished.result.details ?? finished.result.reason)}` });
    }
    for (let guard = 0; guard < 6; guard++) {
      const action = this.advance(name, obs, job, finished?.name, finished?.ok ?? true);
      if (action) return action;
    }
    return pause(20);
  }

  /** One transition of the job; returns an action, or null to re-evaluate the new phase at once. */
  private advance(name: string, obs: Observation, job: Job, lastSkill: string | undefined, lastOk: boolean): AgentAction | null {
    const inv = inventoryOf(obs);
    switch (job.phase) {
      case 'plan':
        return this.plan(name, obs, job, inv);
      case 'mine': {
        const have = this.buildingBlocks(inv);
        if (job.stairs && have >= blocksFor(job.stairs.height)) {
          job.phase = 'build';
          return null;
        }
        if (lastSkill === 'mineBlocks' || job.failures > MAX_FAILURES) {
          // The claimed blocks are dug (or could not be): plan again with what the agent now holds.
          this.release(job);
          job.phase = 'plan';
          return job.failures > MAX_FAILURES ? this.fallback(name, obs, job) : null;
        }
        return skill('mineBlocks', { positions: job.mine });
      }
      case 'build': {
        const stairs = job.stairs!;
        if (lastSkill === 'buildBlueprint' && lastOk) {
          job.phase = 'climb';
          return null;
        }
        if (lastSkill === 'buildBlueprint' && !lastOk) {
          this.release(job);
          job.phase = job.failures > MAX_FAILURES ? 'flee' : 'plan';
          return null;
        }
        const blocks = this.blueprint(stairs, inv);
        if (!blocks) {
          job.phase = 'plan';
          this.release(job);
          return null;
        }
        return skill('buildBlueprint', { origin: stairs.columns[0], blocks });
      }
      case 'climb': {
        const top = job.stairs!.top;
        if (Math.floor(obs.pos.y) >= top.y && Math.floor(obs.pos.x) === top.x && Math.floor(obs.pos.z) === top.z) {
          job.phase = 'hold';
          return null;
        }
        if (lastSkill === 'moveTo' && !lastOk && job.failures > MAX_FAILURES) return this.fallback(name, obs, job);
        return skill('moveTo', { x: top.x + 0.5, y: top.y, z: top.z + 0.5, range: 0 });
      }
      case 'hold': {
        const top = job.stairs!.top;
        if (Math.floor(obs.pos.y) < top.y) {
          job.phase = 'climb';
          return null;
        }
        return pause(100);
      }
      case 'flee': {
        if (!job.fleeTo) job.fleeTo = this.exitFor(obs.pos);
        if (!job.fleeTo) return pause(40);
        const t = job.fleeTo;
        if (Math.hypot(obs.pos.x - t.x, obs.pos.z - t.z) <= 2) return pause(100);
        return skill('moveTo', { x: t.x, y: t.y, z: t.z, range: 1 });
      }
      case 'safe': {
        const leather = Object.keys(inv).find((i) => i.startsWith('leather_') && armorOf(i));
        const { head, chest, legs, feet } = obs.equipment;
        const wearing = [head, chest, legs, feet].some((e) => e?.startsWith('leather_'));
        if (leather && !wearing && this.floods.some((f) => f.block === 'powder_snow')) return skill('equip', { item: leather, slot: armorOf(leather)!.slot });
        if (obs.health < obs.maxHealth * 0.9 && !job.distrustImmunity) {
          this.ctx.log({ type: 'oracle_note', agent: name, note: `hurt while judged safe (health ${obs.health}); sheltering after all` });
          job.distrustImmunity = true;
          job.phase = 'plan';
          return null;
        }
        return pause(40);
      }
    }
  }

  private plan(name: string, obs: Observation, job: Job, inv: Record<string, number>): AgentAction | null {
    const profile = this.profiles.get(name)!;
    const wearsLeather = Object.keys(inv).some((i) => i.startsWith('leather_') && armorOf(i)) || [obs.equipment.head, obs.equipment.chest, obs.equipment.legs, obs.equipment.feet].some((e) => e?.startsWith('leather_'));
    const threats = this.floods.filter(
      (f) => inFootprint(f, obs.pos, SPREAD[f.block] ?? 2) && (job.distrustImmunity || floodThreatens(f, { effects: profile.permanentEffects, wearsLeather, feetY: Math.min(Math.floor(obs.pos.y), f.volume.min.y) })),
    );
    if (threats.length === 0) {
      job.phase = 'safe';
      this.ctx.log({ type: 'oracle_plan', agent: name, plan: 'safe', reason: 'no flood can hurt it where it stands' });
      return null;
    }
    const nowTick = this.ctx.admin.tick;
    const tools = Object.keys(inv);
    const safeFeetY = Math.max(...threats.map((f) => f.volume.max.y + 1));
    const groundY = Math.min(...threats.map((f) => f.volume.min.y));
    // (H + 1): one block of margin over the flood's top, as the paper sizes shelters; H when blocks are short.
    const have = this.buildingBlocks(inv);
    let height = Math.max(1, safeFeetY - groundY + 1);
    let mine: Vec3[] | null = null;
    for (; height >= Math.max(1, safeFeetY - groundY); height--) {
      mine = have >= blocksFor(height) ? [] : this.chooseBlocks(obs.pos, tools, profile, blocksFor(height) - have, threats, nowTick);
      if (mine) break;
    }
    height = Math.max(height, 1);
    const need = blocksFor(height);
    if (mine === null) {
      this.ctx.log({ type: 'oracle_plan', agent: name, plan: 'flee', reason: `not enough suitable blocks within reach for a ${height}-high staircase` });
      return this.fallback(name, obs, job);
    }
    const anchor = mine.length > 0 ? mine[mine.length - 1]! : { x: Math.floor(obs.pos.x), y: groundY, z: Math.floor(obs.pos.z) };
    const stairs = this.findSite(anchor, groundY, height, new Set(mine.map(posKey)));
    if (!stairs) {
      this.ctx.log({ type: 'oracle_plan', agent: name, plan: 'flee', reason: 'no free site for a staircase' });
      return this.fallback(name, obs, job);
    }
    // Will it be done in time? Walking, digging, placing and climbing against the flood's arrival at the top column.
    const work = this.miningTicks(obs.pos, mine, tools, profile) + walkTicks(dist(mine[mine.length - 1] ?? obs.pos, stairs.top), profile.speedBps) + need * TICKS_PER_PLACEMENT + 40;
    const arrival = Math.min(...threats.map((f) => columnArrival(f, stairs.top))) * this.ctx.task.ticksPerStep;
    if (nowTick + work + SAFETY_TICKS > arrival && job.failures === 0) {
      const exit = this.exitFor(obs.pos);
      if (exit && nowTick + walkTicks(dist(obs.pos, exit), profile.speedBps) < arrival) {
        this.ctx.log({ type: 'oracle_plan', agent: name, plan: 'flee', reason: `a staircase would take ${work} ticks; the flood arrives at tick ${arrival}` });
        job.phase = 'flee';
        job.fleeTo = exit;
        return null;
      }
    }
    for (const p of mine) this.claimed.add(posKey(p));
    for (const c of stairs.columns) this.claimed.add(`col:${c.x},${c.z}`);
    job.mine = mine;
    job.stairs = stairs;
    job.phase = mine.length > 0 ? 'mine' : 'build';
    this.ctx.log({ type: 'oracle_plan', agent: name, plan: 'staircase', height, blocks: need, mine: mine.length, site: stairs.columns[0], arrivalTick: arrival, estimatedDoneTick: nowTick + work });
    return null;
  }

  private fallback(name: string, obs: Observation, job: Job): AgentAction | null {
    job.phase = 'flee';
    job.fleeTo = this.exitFor(obs.pos);
    this.ctx.log({ type: 'oracle_plan', agent: name, plan: 'flee', to: job.fleeTo });
    return null;
  }

  private release(job: Job): void {
    for (const p of job.mine) this.claimed.delete(posKey(p));
    if (job.stairs) for (const c of job.stairs.columns) this.claimed.delete(`col:${c.x},${c.z}`);
    job.mine = [];
  }

  /** Whether an item placed as a block makes a good step against every flood of the task. */
  private goodBuildingItem(item: string): boolean {
    if (!isFullBlock(this.reg, item) || isGravityBlock(item)) return false;
    if (item === 'crafting_table' || item === 'furnace' || item === 'chest' || item.endsWith('_ore') || item === 'tnt') return false;
    if (this.floods.some((f) => f.block === 'lava') && isFlammable(item)) return false;
    return true;
  }

  private buildingBlocks(inv: Record<string, number>): number {
    let n = 0;
    for (const [item, c] of Object.entries(inv)) if (this.goodBuildingItem(item)) n += c;
    return n;
  }

  /**
   * The cheapest `count` pile blocks for this agent, chosen greedily as a walk from block to block:
   * each must drop a good building item with the agent's tools and still be dry when the agent gets there.
   */
  private chooseBlocks(from: Vec3, tools: string[], profile: AgentProfile, count: number, threats: Flood[], nowTick: number): Vec3[] | null {
    const digCache = new Map<string, number | null>();
    const digCost = (block: string): number | null => {
      if (!digCache.has(block)) {
        const drop = mainDrop(this.reg, block);
        const est = bestDig(this.reg, tools, block);
        digCache.set(block, drop && est && est.harvests && this.goodBuildingItem(drop) ? est.ticks : null);
      }
      return digCache.get(block)!;
    };
    const pool = materialBlocks(this.ctx).filter((b) => !this.claimed.has(posKey(b.pos)) && digCost(b.block) !== null);
    const chosen: Vec3[] = [];
    let at = from;
    let t = nowTick;
    while (chosen.length < count) {
      let best: { i: number; cost: number } | null = null;
      for (let i = 0; i < pool.length; i++) {
        const b = pool[i]!;
        const cost = walkTicks(Math.max(0, dist(at, b.pos) - 3), profile.speedBps) + digCost(b.block)!;
        const arrival = Math.min(...threats.map((f) => columnArrival(f, b.pos))) * this.ctx.task.ticksPerStep;
        if (t + cost + SAFETY_TICKS > arrival) continue;
        if (!best || cost < best.cost) best = { i, cost };
      }
      if (!best) return null;
      const b = pool.splice(best.i, 1)[0]!;
      chosen.push(b.pos);
      at = b.pos;
      t += best.cost;
    }
    return chosen;
  }

  private miningTicks(from: Vec3, mine: Vec3[], tools: string[], profile: AgentProfile): number {
    let at = from;
    let t = 0;
    for (const p of mine) {
      t += walkTicks(Math.max(0, dist(at, p) - 3), profile.speedBps) + (bestDig(this.reg, tools, this.ctx.admin.blockAt(p))?.ticks ?? 40);
      at = p;
    }
    return t;
  }

  /**
   * A staircase site near `anchor`: `height` columns in a row on solid ground, with air above them and
   * in front of the first step, not claimed by another agent; among the nearest, the one the flood reaches last.
   */
  private findSite(anchor: Vec3, groundY: number, height: number, willBeAir: ReadonlySet<string>): Staircase | null {
    const air = (x: number, y: number, z: number): boolean => {
      if (willBeAir.has(`${x},${y},${z}`)) return true;
      const b = this.ctx.admin.blockAt({ x, y, z });
      return b === 'air' || b === 'cave_air';
    };
    const solid = (x: number, y: number, z: number): boolean => {
      if (willBeAir.has(`${x},${y},${z}`)) return false;
      const b = this.ctx.admin.blockAt({ x, y, z });
      return this.reg.isBlock(b) && this.reg.block(b).boundingBox === 'block' && b !== 'water' && b !== 'lava' && b !== 'powder_snow';
    };
    const found: { stairs: Staircase; score: number }[] = [];
    const dirs = [[1, 0], [-1, 0], [0, 1], [0, -1]] as const;
    for (let r = 0; r <= 6; r++) {
      for (let dx = -r; dx <= r; dx++) {
        for (let dz = -r; dz <= r; dz++) {
          if (Math.max(Math.abs(dx), Math.abs(dz)) !== r) continue;
          const x0 = Math.floor(anchor.x) + dx;
          const z0 = Math.floor(anchor.z) + dz;
          for (const [ux, uz] of dirs) {
            const columns: Vec3[] = [];
            let ok = air(x0 - ux, groundY, z0 - uz) && air(x0 - ux, groundY + 1, z0 - uz) && solid(x0 - ux, groundY - 1, z0 - uz);
            for (let i = 0; ok && i < height; i++) {
              const x = x0 + ux * i;
              const z = z0 + uz * i;
              if (this.claimed.has(`col:${x},${z}`) || !solid(x, groundY - 1, z)) ok = false;
              for (let y = groundY; ok && y <= groundY + height + 1; y++) if (!air(x, y, z)) ok = false;
              columns.push({ x, y: groundY, z });
            }
            if (!ok) continue;
            const last = columns[columns.length - 1]!;
            const top = { x: last.x, y: groundY + height, z: last.z };
            const arrival = Math.min(...this.floods.map((f) => columnArrival(f, top)));
            const score = r * 4 - (Number.isFinite(arrival) ? arrival : 1000) * 0.05;
            found.push({ stairs: { columns, height, top }, score });
          }
        }
      }
      if (found.length > 0 && r >= 2) break;
    }
    found.sort((a, b) => a.score - b.score);
    return found[0]?.stairs ?? null;
  }

  /** The staircase as blueprint offsets from its first column, filled with the good building items held. */
  private blueprint(stairs: Staircase, inv: Record<string, number>): { dx: number; dy: number; dz: number; block: string }[] | null {
    const stock = Object.entries(inv).filter(([item]) => this.goodBuildingItem(item)).sort((a, b) => b[1] - a[1]);
    const first = stairs.columns[0]!;
    const out: { dx: number; dy: number; dz: number; block: string }[] = [];
    let s = 0;
    let left = stock[0]?.[1] ?? 0;
    for (let i = 0; i < stairs.columns.length; i++) {
      const c = stairs.columns[i]!;
      for (let dy = 0; dy <= i + (stairs.height - stairs.columns.length); dy++) {
        while (left <= 0 && s < stock.length - 1) left = stock[++s]![1];
        if (left <= 0) return null;
        out.push({ dx: c.x - first.x, dy, dz: c.z - first.z, block: stock[s]![0] });
        left--;
      }
    }
    return out;
  }

  /** The nearest spot outside every flood's footprint (plus the fluid's spread), away from its origin side. */
  private exitFor(pos: Vec3): Vec3 | null {
    const x = Math.floor(pos.x);
    const z = Math.floor(pos.z);
    const options: Vec3[] = [];
    for (const f of this.floods) {
      const m = (SPREAD[f.block] ?? 2) + 1;
      const v = f.volume;
      const y = v.min.y;
      if (f.direction !== 'east') options.push({ x: v.min.x - m, y, z });
      if (f.direction !== 'west') options.push({ x: v.max.x + m, y, z });
      if (f.direction !== 'south') options.push({ x, y, z: v.min.z - m });
      if (f.direction !== 'north') options.push({ x, y, z: v.max.z + m });
    }
    const outside = options.filter((p) => this.floods.every((f) => !inFootprint(f, p, SPREAD[f.block] ?? 2)));
    outside.sort((a, b) => dist(pos, a) - dist(pos, b));
    return outside[0] ?? null;
  }
}

/** A skill pre-empted by the next one is not a failure of the plan. */
export const wasReplaced = (result: Record<string, unknown>): boolean => /^replaced|cancel/i.test(String(result.details ?? '')) || result.reason === 'preempted' || result.reason === 'cancelled';

/** Blocks in a staircase whose top column is `height` high: 1 + 2 + … + height. */
export const blocksFor = (height: number): number => (height * (height + 1)) / 2;

const dist = (a: { x: number; z: number; y?: number }, b: { x: number; z: number; y?: number }): number => Math.hypot(a.x - b.x, (a.y ?? 0) - (b.y ?? 0), a.z - b.z);
