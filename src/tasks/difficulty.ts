/**
 * TickingCollab's collaboration difficulty metrics (§2.2), computed from a task spec alone:
 *
 * - H, agent heterogeneity: mean over agent pairs of the mean attribute distance — min-max normalised
 *   |a - b| for numbers (max_health, speed_bps, perception_range), Jaccard distance for sets
 *   (inventory items, effects) — over the attributes some agent of the task sets. In [0, 1].
 * - N, collaboration necessity: min over agents of (time for that agent alone to do the whole
 *   workload) / T_max. Workload: blocks to mine for item goals, every survival block in the map to
 *   mine and place for a crisis (Appendix C.1's N_required), enemy HP for combat and raids.
 *   Travel, planning and crafting are left out, so N is a lower bound; N > 1 means no single agent
 *   can finish in time. Infinity when no single agent can do it with what it holds
 *   (no suitable tool; tools crafted during the task are not considered).
 * - D, environment dynamicity: changes the events make without agents (flood slices advanced,
 *   blocks spawned and vanished, mobs spawned, chest refills) per step.
 * - τ, time-to-failure in seconds: crisis arrival at the far end of its area (t0 + L / v), the
 *   shortest block lifetime, or total agent HP / the DPS of each spawn event's enemies, averaged
 *   over the spawn events (the boss, then each minion wave).
 *   Infinity when nothing irreversible is scheduled.
 *
 * Mining times are vanilla dig times (1.5 × hardness / tool speed with the right tool) from the
 * world's digging rules; weapon DPS is damage × attack speed; mobs hit once per second.
 */
import { canHarvest, digTicks } from '../world/blocks/digging.js';
import { MELEE_COOLDOWN_TICKS, MOB_FACTS } from '../world/facts/mobs.js';
import { typicalMaxHealth } from '../world/facts/mob-attributes.js';
import { weaponStats } from '../world/facts/weapons.js';
import { PLAYER_WALK_SPEED } from '../world/entities/player.js';
import { DEFAULT_VERSION, Registry } from '../world/registry.js';
import { fillRate, sliceCount } from './events/progressive-fill.js';
import { firingSteps } from './events/trigger.js';
import { goalsOf } from './semantics.js';
import { requirementNames } from './spec/common.js';
import type { AgentSpawnSpec, EventSpec, GoalSpec, TaskSpec } from './spec.js';
import { goalKind, type Workload } from './goals/goal-kinds.js';
import { isPluginKind } from './kind-table.js';
import { survivesCrisis } from './generate/verify/mining.js';

/** Bounds of the parameter space for min-max normalisation (TickingCollab Appendix B's max_health range; the others cover its listings). */
export interface AttributeBounds {
  max_health: [number, number];
  speed_bps: [number, number];
  perception_range: [number, number];
}

export const DEFAULT_BOUNDS: AttributeBounds = { max_health: [10, 60], speed_bps: [1, 10], perception_range: [4, 64] };

/** Seconds to place one block (Appendix C's T_construct). */
export const PLACE_SECONDS = 0.5;
const PLAYER_HEALTH = 20;
const PLAYER_PERCEPTION = 32;

export interface DifficultyMetrics {
  H: number;
  N: number;
  D: number;
  /** Seconds. */
  tau: number;
  details: {
    agents: number;
    maxSeconds: number;
    workload: { kind: string; amount: number }[];
    /** Seconds the best single agent needs for the whole workload. */
    soloSeconds: number;
    stateChanges: number;
  };
}

/** The agent attributes H can compare (§2.2's K). */
export type Attribute = 'max_health' | 'speed_bps' | 'perception_range' | 'items' | 'effects';

export interface AgentProfile {
  name: string;
  maxHealth: number;
  speedBps: number;
  perceptionRange: number;
  items: Set<string>;
  effects: Set<string>;
  /** The attributes this agent's spawn entry sets (the others are a player's defaults). */
  given: ReadonlySet<Attribute>;
}

export function agentProfile(a: AgentSpawnSpec): AgentProfile {
  const items = Array.isArray(a.inventory) ? a.inventory.map((i) => i.name) : Object.keys(a.inventory);
  for (const item of Object.values(a.equipment ?? {})) if (item) items.push(item);
  const effects = (a.capabilities?.effects ?? []).map((e) => (typeof e === 'string' ? e : (e.type ?? e.name ?? '')));
  const given = new Set<Attribute>();
  if (a.capabilities?.max_health !== undefined) given.add('max_health');
  if (a.capabilities?.speed_bps !== undefined) given.add('speed_bps');
  if (a.capabilities?.perception_range !== undefined) given.add('perception_range');
  if (items.length > 0) given.add('items');
  if (effects.length > 0) given.add('effects');
  return {
    name: a.name,
    maxHealth: a.capabilities?.max_health ?? PLAYER_HEALTH,
    speedBps: a.capabilities?.speed_bps ?? PLAYER_WALK_SPEED,
    perceptionRange: a.capabilities?.perception_range ?? PLAYER_PERCEPTION,
    items: new Set(items),
    effects: new Set(effects),
    given,
  };
}

const jaccardDistance = (a: Set<string>, b: Set<string>): number => {
  const union = new Set([...a, ...b]);
  if (union.size === 0) return 0;
  let inter = 0;
  for (const x of a) if (b.has(x)) inter++;
  return 1 - inter / union.size;
};

const normalised = (a: number, b: number, [lo, hi]: [number, number]): number => Math.min(1, Math.abs(a - b) / (hi - lo));

const DISTANCE: Readonly<Record<Attribute, (a: AgentProfile, b: AgentProfile, bounds: AttributeBounds) => number>> = {
  max_health: (a, b, bounds) => normalised(a.maxHealth, b.maxHealth, bounds.max_health),
  speed_bps: (a, b, bounds) => normalised(a.speedBps, b.speedBps, bounds.speed_bps),
  perception_range: (a, b, bounds) => normalised(a.perceptionRange, b.perceptionRange, bounds.perception_range),
  items: (a, b) => jaccardDistance(a.items, b.items),
  effects: (a, b) => jaccardDistance(a.effects, b.effects),
};

/**
 * §2.2's H over the attributes K the task's agent configuration has: an attribute is in K when some
 * agent's spawn entry sets it. The paper's K is the agent config of each task type (Figure 4: speed,
 * perception and tool for the crisis and mining tasks; life points and damage for the raid), so an
 * attribute every agent leaves at the player's default is no attribute of the task and would only
 * dilute H with zero distances.
 */
export function heterogeneity(agents: readonly AgentProfile[], bounds: AttributeBounds = DEFAULT_BOUNDS): number {
  const attributes = (Object.keys(DISTANCE) as Attribute[]).filter((k) => agents.some((a) => a.given.has(k)));
  if (attributes.length === 0) return 0;
  let sum = 0;
  let pairs = 0;
  for (let i = 0; i < agents.length; i++) {
    for (let j = i + 1; j < agents.length; j++) {
      const a = agents[i]!;
      const b = agents[j]!;
      sum += attributes.reduce((s, k) => s + DISTANCE[k](a, b, bounds), 0) / attributes.length;
      pairs++;
    }
  }
  return pairs === 0 ? 0 : sum / pairs;
}

/** Seconds for `agent` to mine one `block` with its best tool; Infinity when nothing it holds harvests it. */
export function mineSeconds(registry: Registry, agent: AgentProfile, block: string): number {
  let best = Infinity;
  for (const tool of [null, ...agent.items]) {
    if (!canHarvest(registry, block, tool)) continue;
    const ticks = digTicks(registry, block, tool, { onGround: true, inWater: false });
    if (ticks !== null) best = Math.min(best, ticks / 20);
  }
  return best;
}

/** Damage per second with the best weapon the agent holds (a bare hand otherwise). */
export function agentDps(agent: AgentProfile): number {
  let best = weaponStats(null).damage * weaponStats(null).attackSpeed;
  for (const item of agent.items) best = Math.max(best, weaponStats(item).damage * weaponStats(item).attackSpeed);
  return best;
}

/** The block an item mostly comes from (`raw_iron` from `iron_ore`); the item itself when it is a block. */
function sourceBlock(registry: Registry, item: string): string | null {
  const ore: Record<string, string> = { raw_iron: 'iron_ore', raw_gold: 'gold_ore', raw_copper: 'copper_ore', coal: 'coal_ore', diamond: 'diamond_ore', emerald: 'emerald_ore', lapis_lazuli: 'lapis_ore', redstone: 'redstone_ore' };
  if (ore[item]) return ore[item];
  return registry.isBlock(item) ? item : null;
}

type Work = Workload;

function difficultyOf(spec: TaskSpec): 'easy' | 'normal' | 'hard' {
  const d = spec.environment.world.difficulty;
  return d === 'peaceful' ? 'easy' : d;
}

function mobHealth(mob: string, given: number | undefined): number {
  return given ?? typicalMaxHealth(mob) ?? 20;
}

function mobDamage(spec: TaskSpec, mob: string, given: number | undefined): number {
  return given ?? MOB_FACTS[mob]?.meleeDamage?.[difficultyOf(spec)] ?? 2;
}

/** Spawn events in order: when, and the enemy DPS they add (for τ of raids). */
function enemySpawns(spec: TaskSpec): { step: number; dps: number; hp: number }[] {
  const out: { step: number; dps: number; hp: number }[] = [];
  const perSecond = 20 / MELEE_COOLDOWN_TICKS;
  for (const ev of spec.events) {
    const steps = firingSteps(ev.trigger, spec.environment.max_steps);
    for (const a of ev.actions) {
      if (a.type === 'spawn_mobs') {
        for (const s of steps) out.push({ step: s, dps: a.count * mobDamage(spec, a.mob, a.damage) * perSecond, hp: a.count * mobHealth(a.mob, a.health) });
      } else if (a.type === 'spawn_boss') {
        steps.forEach((s, k) => {
          if (k === 0) out.push({ step: s, dps: a.damage * perSecond, hp: a.health });
          else {
            const dps = a.minions.reduce((n, m) => n + m.count * mobDamage(spec, m.mob, m.damage) * perSecond, 0);
            const hp = a.minions.reduce((n, m) => n + m.count * mobHealth(m.mob, m.health), 0);
            out.push({ step: s, dps, hp });
          }
        });
      }
    }
  }
  return out.sort((x, y) => x.step - y.step);
}

/**
 * Appendix C.1's N_required for a crisis: the survival blocks the map holds (every pile and placed
 * block the flood leaves standing: lava burns wood), by block type, each to be gathered and placed
 * (Appendix B's "N = (blocks_to_gather + blocks_to_place) / best_agent_throughput / T_max"). C.1
 * defines N_required as "the number of survival blocks available in the environment", and §2.2 calls
 * the workload of Task #1 "the required block count"; docs/task-generator.md gives the derivation.
 */
function crisisWork(spec: TaskSpec, registry: Registry): Work[] {
  const fills = spec.events.flatMap((e) => e.actions.filter((a) => a.type === 'progressive_fill'));
  if (fills.length === 0) return [];
  const counts = new Map<string, number>();
  const add = (block: string, n: number): void => {
    if (registry.isBlock(block) && fills.every((f) => survivesCrisis(registry, block, f.block))) counts.set(block, (counts.get(block) ?? 0) + n);
  };
  for (const p of spec.environment.materials?.grid ?? []) add(p.block, p.width * p.height * p.depth);
  for (const b of spec.environment.blocks) {
    const to = b.to ?? b.position;
    add(b.block, (Math.abs(to.x - b.position.x) + 1) * (Math.abs(to.y - b.position.y) + 1) * (Math.abs(to.z - b.position.z) + 1));
  }
  return [...counts].map(([block, count]) => ({ kind: 'mine', blocks: [block], count, place: true }));
}

function goalWork(spec: TaskSpec, goal: GoalSpec, registry: Registry): Work[] {
  switch (goal.type) {
    case 'chest_contains':
    case 'team_inventory_contains':
    case 'collection':
      return goal.items.map((r) => ({ kind: 'mine', blocks: requirementNames(r).flatMap((n) => sourceBlock(registry, n) ?? []), count: r.count, place: false }) as Work);
    case 'harvest': {
      const b = sourceBlock(registry, goal.item);
      return b ? [{ kind: 'mine', blocks: [b], count: goal.count, place: false }] : [];
    }
    case 'combat':
      return [{ kind: 'damage', hp: goal.count * mobHealth(goal.mob, undefined) }];
    case 'kill_boss':
      return [{ kind: 'damage', hp: enemySpawns(spec).reduce((n, s) => n + s.hp, 0) }];
    case 'blueprint':
      return [{ kind: 'place', count: goal.layers.flat().join('').replace(/[ .]/g, '').length }];
    case 'settlement':
      return [{ kind: 'place', count: goal.hut.layers.flat().join('').replace(/[ .]/g, '').length * Math.max(1, goal.plots?.length ?? 0) }];
    case 'shelter': {
      const area = goal.width * goal.depth;
      const ring = 2 * (goal.width + goal.depth) - 4;
      return [{ kind: 'place', count: 2 * area + ring * goal.wall_height }];
    }
    case 'all_survive':
      return crisisWork(spec, registry);
    default:
      return isPluginKind(goal) ? (goalKind(goal.type)?.workload?.(goal) ?? []) : [];
  }
}

function soloSeconds(registry: Registry, agent: AgentProfile, work: readonly Work[]): number {
  let t = 0;
  for (const w of work) {
    if (w.kind === 'place') t += w.count * PLACE_SECONDS;
    else if (w.kind === 'damage') t += w.hp / agentDps(agent);
    else {
      const per = Math.min(Infinity, ...w.blocks.filter((b) => registry.isBlock(b)).map((b) => mineSeconds(registry, agent, b)));
      t += w.count * (per + (w.place ? PLACE_SECONDS : 0));
    }
  }
  return t;
}

function stateChanges(spec: TaskSpec, stepSeconds: number): number {
  const max = spec.environment.max_steps;
  let n = 0;
  for (const ev of spec.events) {
    const steps = firingSteps(ev.trigger, max);
    for (const a of ev.actions) n += actionChanges(ev, a, steps, max, stepSeconds);
  }
  return n;
}

function actionChanges(ev: EventSpec, a: EventSpec['actions'][number], steps: number[], max: number, stepSeconds: number): number {
  switch (a.type) {
    case 'progressive_fill': {
      const last = Math.min(max - 1, ev.trigger.end ?? Infinity);
      if (last < ev.trigger.start) return 0;
      return Math.min(sliceCount(a), Math.floor((last - ev.trigger.start + 1) * fillRate(a, stepSeconds, ev.trigger.interval) + 1e-9));
    }
    case 'spawn_blocks':
      return steps.reduce((n, s) => n + a.count * (s + a.lifetime < max ? 2 : 1), 0);
    case 'spawn_mobs':
      return steps.length * a.count;
    case 'spawn_boss':
      return steps.length === 0 ? 0 : 1 + (steps.length - 1) * a.minions.reduce((c, m) => c + m.count, 0);
    case 'chest_contents':
      return steps.length;
    default:
      return 0;
  }
}

function timeToFailure(spec: TaskSpec, agents: readonly AgentProfile[], stepSeconds: number): number {
  const candidates: number[] = [];
  for (const ev of spec.events) {
    for (const a of ev.actions) {
      if (a.type === 'progressive_fill') candidates.push((ev.trigger.start + sliceCount(a) / fillRate(a, stepSeconds, ev.trigger.interval)) * stepSeconds);
      if (a.type === 'spawn_blocks') candidates.push(a.lifetime * stepSeconds);
    }
  }
  // Each spawn event's enemies alone against the whole team, averaged over the events (§2.2).
  const spawns = enemySpawns(spec).filter((s) => s.dps > 0);
  if (spawns.length > 0) {
    const hp = agents.reduce((n, a) => n + a.maxHealth, 0);
    candidates.push(spawns.reduce((sum, s) => sum + hp / s.dps, 0) / spawns.length);
  }
  return Math.min(Infinity, ...candidates);
}

/** The bounds H is normalised by: the task file's own `task.heterogeneity_bounds` where given, the defaults otherwise. */
export function boundsOf(spec: TaskSpec): AttributeBounds {
  return { ...DEFAULT_BOUNDS, ...spec.task.heterogeneity_bounds };
}

export function difficulty(spec: TaskSpec, bounds: AttributeBounds = boundsOf(spec)): DifficultyMetrics {
  const registry = Registry.get(spec.environment.world.version ?? DEFAULT_VERSION);
  const stepSeconds = spec.environment.step_seconds;
  const maxSeconds = spec.environment.max_steps * stepSeconds;
  const agents = spec.agents.spawn.map(agentProfile);
  const work = goalsOf(spec).flatMap(({ goal }) => goalWork(spec, goal, registry));
  const solo = work.length === 0 ? 0 : Math.min(...agents.map((a) => soloSeconds(registry, a, work)));
  const changes = stateChanges(spec, stepSeconds);
  return {
    H: heterogeneity(agents, bounds),
    N: solo / maxSeconds,
    D: changes / spec.environment.max_steps,
    tau: timeToFailure(spec, agents, stepSeconds),
    details: {
      agents: agents.length,
      maxSeconds,
      workload: work.map((w) => ({ kind: w.kind, amount: w.kind === 'damage' ? w.hp : w.count })),
      soloSeconds: solo,
      stateChanges: changes,
    },
  };
}
