/**
 * The oracle for TickingCollab's "mine vanishing blocks". It sees every target block the moment it
 * spawns (scanning the spawn areas the task's `spawn_blocks` events name) and knows its lifetime, and
 * it knows what the chest still needs. Whenever agents are free it hands out blocks greedily: the
 * (agent, block) pair with the earliest finish — walking at the agent's speed plus digging with its
 * best tool — goes first, and only blocks the agent can still reach and mine before they vanish, with
 * a tool that harvests them, are considered. Agents carrying what the chest needs deliver it when
 * they carry enough or nothing better is left to mine; free agents wait at the spawn area they serve best.
 */
import type { AgentAction } from '../../core/actions.js';
import { InternalError } from '../../core/errors.js';
import type { Observation } from '../../core/observation.js';
import type { Vec3 } from '../../core/vec3.js';
import type { Registry } from '../../world/index.js';
import type { ActionOf } from '../../tasks/spec.js';
import { requirementNames, type Box, type ItemRequirement } from '../../tasks/spec/common.js';
import { inventoryOf, pause, skill } from '../heuristic/actions.js';
import { bestDig, mainDrop, registryFor, walkTicks } from '../heuristic/item-facts.js';
import { agentProfiles, posKey, type AgentProfile, type OracleContext } from './knowledge.js';
import type { OraclePlanner } from './planner.js';

interface Target {
  pos: Vec3;
  block: string;
  drop: string;
  /** Tick at which it is expected to vanish. */
  vanishTick: number;
}

interface Source {
  block: string;
  drop: string;
  area: Box;
  lifetimeTicks: number;
}

/** Blocks handed to one agent in one mineBlocks call. */
const MAX_ROUTE = 4;
/** Deliver once carrying this many needed items (or everything still needed). */
const DELIVERY_BATCH = 6;
/** Margin for the path being longer than a straight line and for turning. */
const SLACK_TICKS = 15;

export class VanishingPlanner implements OraclePlanner {
  private readonly reg: Registry;
  private readonly profiles: Map<string, AgentProfile>;
  private readonly sources: Source[];
  private readonly requirements: ItemRequirement[];
  private readonly chest: Vec3;
  private readonly firstSeen = new Map<string, number>();
  /** Block position -> agent that is on its way to mine it. */
  private readonly claims = new Map<string, string>();
  private readonly routes = new Map<string, string[]>();

  constructor(private readonly ctx: OracleContext) {
    this.reg = registryFor(ctx.task.scenario.world?.version);
    this.profiles = agentProfiles(ctx.task);
    const goal = ctx.task.goals.find((g) => g.type === 'chest_contains');
    if (!goal || goal.type !== 'chest_contains') throw new InternalError('VanishingPlanner was chosen for a task without a chest_contains goal');
    this.requirements = goal.items;
    this.chest = goal.position ?? ctx.task.chests[0]!;
    this.sources = [];
    for (const ev of ctx.task.events) {
      for (const a of ev.actions) {
        if (a.type !== 'spawn_blocks') continue;
        const s = a as ActionOf<'spawn_blocks'>;
        this.sources.push({ block: s.block, drop: mainDrop(this.reg, s.block) ?? s.block, area: s.area, lifetimeTicks: s.lifetime * ctx.task.ticksPerStep });
      }
    }
  }

  decide(asked: Readonly<Record<string, Observation>>): Partial<Record<string, AgentAction>> {
    const out: Partial<Record<string, AgentAction>> = {};
    const now = this.ctx.admin.tick;
    // Agents asked mid-mining or mid-delivery (a message arrived) keep going.
    const free = Object.entries(asked).filter(([, o]) => o.alive && (!o.runningSkill || o.runningSkill.name === 'wait' || o.runningSkill.name === 'moveTo'));
    for (const [name] of free) this.releaseRoute(name);
    const live = this.scan(now);
    const stillNeeded = this.stillNeeded();
    const pending = new Set(free.map(([n]) => n));

    // Deliveries first: an agent carrying enough (or all that is missing) goes to the chest.
    for (const [name, obs] of free) {
      const carried = this.neededCarried(inventoryOf(obs));
      const total = carried.reduce((n, c) => n + c.count, 0);
      const missingTotal = [...stillNeeded.values()].reduce((a, b) => a + b, 0);
      if (total > 0 && (total >= DELIVERY_BATCH || missingTotal <= 0)) {
        out[name] = skill('depositToChest', { chest: this.chest, items: carried.map((c) => ({ name: c.name })) });
        pending.delete(name);
      }
    }

    // Greedy assignment: repeatedly give the globally earliest-finishing (agent, block) pair.
    const needLeft = new Map(stillNeeded);
    for (const [k, agent] of this.claims) {
      const t = live.find((b) => posKey(b.pos) === k);
      if (t && agent) needLeft.set(t.drop, (needLeft.get(t.drop) ?? 0) - 1);
    }
    for (;;) {
      let best: { agent: string; target: Target; finish: number } | null = null;
      for (const name of pending) {
        const obs = asked[name]!;
        const tools = Object.keys(inventoryOf(obs));
        const speed = this.profiles.get(name)?.speedBps ?? 4.3;
        for (const t of live) {
          if (this.claims.has(posKey(t.pos)) || (needLeft.get(t.drop) ?? 0) <= 0) continue;
          const dig = bestDig(this.reg, tools, t.block);
          if (!dig?.harvests) continue;
          const finish = now + walkTicks(Math.max(0, dist(obs.pos, t.pos) - 3), speed) + dig.ticks + SLACK_TICKS;
          if (finish >= t.vanishTick) continue;
          if (!best || finish < best.finish) best = { agent: name, target: t, finish };
        }
      }
      if (!best) break;
      const route = this.extendRoute(best.agent, asked[best.agent]!, best.target, best.finish, live, needLeft);
      for (const t of route) {
        this.claims.set(posKey(t.pos), best.agent);
        needLeft.set(t.drop, (needLeft.get(t.drop) ?? 0) - 1);
      }
      this.routes.set(best.agent, route.map((t) => posKey(t.pos)));
      out[best.agent] = skill('mineBlocks', { positions: route.map((t) => t.pos) });
      pending.delete(best.agent);
    }

    for (const name of pending) {
      const obs = asked[name]!;
      const inv = inventoryOf(obs);
      const carried = this.neededCarried(inv);
      if (carried.length > 0 && live.every((t) => this.claims.has(posKey(t.pos)))) {
        out[name] = skill('depositToChest', { chest: this.chest, items: carried.map((c) => ({ name: c.name })) });
        continue;
      }
      const post = this.postFor(Object.keys(inv), stillNeeded);
      if (post && dist(obs.pos, post) > 4) out[name] = skill('moveTo', { x: post.x, y: post.y, z: post.z, range: 2 });
      else out[name] = pause(10);
    }
    return out;
  }

  /** Adds nearby blocks the same agent can also finish in time, up to MAX_ROUTE. */
  private extendRoute(agent: string, obs: Observation, first: Target, firstFinish: number, live: Target[], needLeft: Map<string, number>): Target[] {
    const route = [first];
    const tools = Object.keys(inventoryOf(obs));
    const speed = this.profiles.get(agent)?.speedBps ?? 4.3;
    const left = new Map(needLeft);
    left.set(first.drop, (left.get(first.drop) ?? 0) - 1);
    let at = first.pos;
    let t = firstFinish;
    while (route.length < MAX_ROUTE) {
      let best: { target: Target; finish: number } | null = null;
      for (const c of live) {
        if (route.includes(c) || this.claims.has(posKey(c.pos)) || (left.get(c.drop) ?? 0) <= 0) continue;
        const dig = bestDig(this.reg, tools, c.block);
        if (!dig?.harvests) continue;
        const finish = t + walkTicks(Math.max(0, dist(at, c.pos) - 3), speed) + dig.ticks + SLACK_TICKS;
        if (finish >= c.vanishTick || dist(at, c.pos) > 8) continue;
        if (!best || finish < best.finish) best = { target: c, finish };
      }
      if (!best) break;
      route.push(best.target);
      left.set(best.target.drop, (left.get(best.target.drop) ?? 0) - 1);
      at = best.target.pos;
      t = best.finish;
    }
    return route;
  }

  private releaseRoute(agent: string): void {
    for (const k of this.routes.get(agent) ?? []) if (this.claims.get(k) === agent) this.claims.delete(k);
    this.routes.delete(agent);
  }

  /** Live target blocks in the spawn areas, with when each will vanish. */
  private scan(now: number): Target[] {
    const out: Target[] = [];
    const alive = new Set<string>();
    for (const s of this.sources) {
      const { min, max } = s.area;
      for (let x = min.x; x <= max.x; x++) {
        for (let y = min.y; y <= max.y; y++) {
          for (let z = min.z; z <= max.z; z++) {
            const pos = { x, y, z };
            if (this.ctx.admin.blockAt(pos) !== s.block) continue;
            const k = posKey(pos);
            alive.add(k);
            if (!this.firstSeen.has(k)) this.firstSeen.set(k, now);
            out.push({ pos, block: s.block, drop: s.drop, vanishTick: this.firstSeen.get(k)! + s.lifetimeTicks });
          }
        }
      }
    }
    for (const k of [...this.firstSeen.keys()]) if (!alive.has(k)) this.firstSeen.delete(k);
    for (const k of [...this.claims.keys()]) if (!alive.has(k)) this.claims.delete(k);
    return out;
  }

  /** Drop item -> how many more the chest needs, after what agents already carry. */
  private stillNeeded(): Map<string, number> {
    const chest = this.ctx.admin.chestContents(this.chest) ?? {};
    const carried: Record<string, number> = {};
    for (const p of this.ctx.admin.players()) for (const [k, v] of Object.entries(p.inventory)) carried[k] = (carried[k] ?? 0) + v;
    const out = new Map<string, number>();
    for (const r of this.requirements) {
      const names = requirementNames(r);
      const have = names.reduce((n, name) => n + (chest[name] ?? 0) + (carried[name] ?? 0), 0);
      const missing = Math.max(0, r.count - have);
      for (const s of this.sources) if (names.includes(s.drop)) out.set(s.drop, Math.max(out.get(s.drop) ?? 0, missing));
      if (missing > 0 && !this.sources.some((s) => names.includes(s.drop))) for (const n of names) out.set(n, missing);
    }
    return out;
  }

  private neededCarried(inv: Record<string, number>): { name: string; count: number }[] {
    const names = new Set(this.requirements.flatMap(requirementNames));
    return Object.entries(inv).filter(([n, c]) => names.has(n) && c > 0).map(([name, count]) => ({ name, count }));
  }

  /** Where a free agent waits: the centre of the spawn area of the most needed block it can harvest. */
  private postFor(tools: string[], needed: Map<string, number>): Vec3 | null {
    let best: { pos: Vec3; score: number } | null = null;
    for (const s of this.sources) {
      const need = needed.get(s.drop) ?? 0;
      if (need <= 0) continue;
      const dig = bestDig(this.reg, tools, s.block);
      if (!dig?.harvests) continue;
      const score = need / Math.max(1, dig.ticks);
      const c = { x: Math.floor((s.area.min.x + s.area.max.x) / 2), y: s.area.min.y, z: Math.floor((s.area.min.z + s.area.max.z) / 2) };
      if (!best || score > best.score) best = { pos: c, score };
    }
    return best?.pos ?? null;
  }
}

const dist = (a: Vec3, b: Vec3): number => Math.hypot(a.x - b.x, a.y - b.y, a.z - b.z);
