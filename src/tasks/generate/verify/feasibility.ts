/**
 * The feasibility verifier of TickingCollab Appendix C applied to a validated task spec: reads the
 * quantities each criterion needs out of the metadata (tools, speeds, piles, fill, spawn waves,
 * boss and minions), converts steps to seconds with `environment.step_seconds`, and returns the
 * verdict with every reason a draft fails.
 */
import { weaponStats } from '../../../world/facts/weapons.js';
import { fillRate, fillVolume, sliceCount } from '../../events/progressive-fill.js';
import { firingSteps } from '../../events/trigger.js';
import type { Registry } from '../../../world/registry.js';
import { requirementNames } from '../../spec/common.js';
import type { ActionOf, AgentSpawnSpec, Box, EventSpec, TaskSpec, TriggerSpec } from '../../spec.js';
import { goalsOf } from '../../semantics.js';
import type { FeasibilityMargins } from '../user-spec.js';
import { verifyCrisis, type Point } from './crisis.js';
import { possibleDrops } from '../mineland/obtainable.js';
import { verifyRaid } from './raid.js';
import { verifyVanishing, type VanishingTarget } from './vanishing.js';
import { fmt, verdict, type Verdict } from './verdict.js';

/** A player's walking speed in blocks per second (vanilla: 4.317), for agents without `speed_bps`. */
export const DEFAULT_SPEED_BPS = 4.317;

export function verifyTask(spec: TaskSpec, margins: FeasibilityMargins, registry: Registry): Verdict {
  switch (spec.task.type) {
    case 'prepare_crisis':
      return checkCrisis(spec, margins, registry);
    case 'mine_vanishing_blocks':
      return checkVanishing(spec, margins, registry);
    case 'raid_boss':
      return checkRaid(spec, margins);
    default:
      return verdict([`the feasibility verifier covers prepare_crisis, mine_vanishing_blocks and raid_boss, not '${spec.task.type}'`], {});
  }
}

/** Every item an agent starts with: inventory and equipment. */
export function agentItems(agent: AgentSpawnSpec): string[] {
  const inv = Array.isArray(agent.inventory) ? agent.inventory.map((s) => s.name) : Object.keys(agent.inventory);
  return [...new Set([...inv, ...Object.values(agent.equipment ?? {}).filter((v): v is string => typeof v === 'string')])];
}

const center = (b: Box): Point => ({ x: (b.min.x + b.max.x) / 2, y: b.min.y, z: (b.min.z + b.max.z) / 2 });

/** How many times a trigger fires within the episode, as the event manager fires it. */
export const firings = (trigger: TriggerSpec, maxSteps: number): number => firingSteps(trigger, maxSteps).length;

function actionsOf<T extends 'progressive_fill' | 'spawn_blocks' | 'spawn_boss'>(spec: TaskSpec, type: T): { event: EventSpec; action: ActionOf<T> }[] {
  return spec.events.flatMap((event) => event.actions.filter((a): a is ActionOf<T> => a.type === type).map((action) => ({ event, action })));
}

function agentsView(spec: TaskSpec) {
  return spec.agents.spawn.map((a) => ({ name: a.name, position: a.position, speedBps: a.capabilities?.speed_bps ?? DEFAULT_SPEED_BPS, tools: agentItems(a) }));
}

function checkCrisis(spec: TaskSpec, margins: FeasibilityMargins, registry: Registry): Verdict {
  const fills = actionsOf(spec, 'progressive_fill');
  const first = fills[0];
  if (!first) return verdict(['the draft has no progressive_fill event, so there is no crisis'], {});
  const { event, action } = first;
  const step = spec.environment.step_seconds;
  const area = fillVolume(action);
  // The same slice count and rate the event itself uses, so T_crisis is when the flood really arrives.
  const length = sliceCount(action);
  const rate = fillRate(action, step, event.trigger.interval) / step;
  const mid = center(area);
  const site: Point =
    action.direction === 'east' ? { ...mid, x: area.max.x } : action.direction === 'west' ? { ...mid, x: area.min.x } : action.direction === 'south' ? { ...mid, z: area.max.z } : action.direction === 'north' ? { ...mid, z: area.min.z } : mid;
  const piles = (spec.environment.materials?.grid ?? []).map((p) => ({
    block: p.block,
    position: { x: p.position.x + (p.width - 1) / 2, y: p.position.y, z: p.position.z + (p.depth - 1) / 2 },
    count: p.width * p.height * p.depth,
  }));
  const result = verifyCrisis(registry, {
    crisisBlock: action.block,
    height: area.max.y - area.min.y + 1,
    startSeconds: event.trigger.start * step,
    areaLength: length,
    fillBlocksPerSecond: rate,
    buildSite: site,
    agents: agentsView(spec),
    piles,
    alpha: margins.alpha,
  });
  // Not in the paper: a flood that stops or an episode that ends before the flood reaches the
  // build site leaves nothing to prepare for, which makes the draft degenerate rather than hard.
  const arrives = result.estimates.T_crisis ?? Infinity;
  const fillEnds = ((event.trigger.end ?? spec.environment.max_steps) + 1) * step;
  const episodeEnds = spec.environment.max_steps * step;
  const reasons = [...result.reasons];
  if (arrives > Math.min(fillEnds, episodeEnds)) {
    reasons.push(`the crisis never reaches the build site: it would arrive at ${fmt(arrives)} s but the fill stops at ${fmt(fillEnds)} s and the episode ends at ${fmt(episodeEnds)} s`);
  }
  return verdict(reasons, result.estimates);
}

function checkVanishing(spec: TaskSpec, margins: FeasibilityMargins, registry: Registry): Verdict {
  const step = spec.environment.step_seconds;
  const reasons: string[] = [];
  const spawns = actionsOf(spec, 'spawn_blocks');
  const requirements = goalsOf(spec).flatMap(({ goal }) => (goal.type === 'chest_contains' || goal.type === 'team_inventory_contains' ? goal.items : []));
  if (requirements.length === 0) reasons.push('the draft sets no block quota (task.success chest_contains items)');
  const targets: VanishingTarget[] = [];
  for (const req of requirements) {
    const names = requirementNames(req);
    const sources = spawns.filter(({ action }) => names.includes(action.block) || possibleDrops(registry, action.block).some((d) => names.includes(d)));
    if (sources.length === 0) {
      reasons.push(`nothing spawns ${names.join(' or ')}, so its quota of ${req.count} cannot be met`);
      continue;
    }
    const firstSource = sources[0]!.action;
    targets.push({
      block: firstSource.block,
      goal: req.count,
      spawned: sources.reduce((s, { event, action }) => s + action.count * firings(event.trigger, spec.environment.max_steps), 0),
      lifetimeSeconds: Math.min(...sources.map(({ action }) => action.lifetime)) * step,
      center: center(firstSource.area),
      radius: Math.max(firstSource.area.max.x - firstSource.area.min.x, firstSource.area.max.z - firstSource.area.min.z) / 2,
    });
  }
  const result = verifyVanishing(registry, { agents: agentsView(spec), targets, beta1: margins.beta1, beta2: margins.beta2 });
  return verdict([...reasons, ...result.reasons], result.estimates);
}

/** Melee damage per second of an agent's best weapon (fist when it has none). */
export function agentDps(agent: AgentSpawnSpec): number {
  return Math.max(...[null, ...agentItems(agent)].map((i) => {
    const w = weaponStats(i);
    return w.damage * w.attackSpeed;
  }));
}

function checkRaid(spec: TaskSpec, margins: FeasibilityMargins): Verdict {
  const bosses = actionsOf(spec, 'spawn_boss');
  if (bosses.length === 0) return verdict(['the draft has no spawn_boss event, so there is no boss to raid'], {});
  const step = spec.environment.step_seconds;
  let bossHp = 0;
  const minions: { type: string; total: number; hp: number }[] = [];
  for (const { event, action } of bosses) {
    const fired = firings(event.trigger, spec.environment.max_steps);
    if (fired > 0) bossHp += action.health;
    const waves = Math.max(0, fired - 1);
    for (const m of action.minions) minions.push({ type: m.mob, total: m.count * waves, hp: m.health ?? 20 });
  }
  const reasons = bossHp === 0 ? ['the boss event never fires within the episode'] : [];
  const result = verifyRaid({ episodeSeconds: spec.environment.max_steps * step, agentDps: spec.agents.spawn.map(agentDps), bossHp, minions, gamma: margins.gamma });
  return verdict([...reasons, ...result.reasons], result.estimates);
}
