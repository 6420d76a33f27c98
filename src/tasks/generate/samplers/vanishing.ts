/**
 * Drafts a "mine vanishing blocks" task (TickingCollab §2.1 Task #2, Figure 4, Table 3): two to four
 * target block types appear in waves in their own areas and vanish after a type-specific lifetime; the
 * team must put a quota of each into the shared chest. Agents differ in tools (which decide what they
 * can mine and how fast), speed and perception.
 *
 * Table 3's distributions come from the spec: tool tiers (golden 14%, iron 31%, stone 32%, wooden 23%),
 * 8–10 blocks per wave, lifetimes 25–40 steps. Like the LLM of Appendix B, told that the total quota
 * should exceed what the best single agent can mine in time, the drafter sizes the quotas for a
 * collaboration necessity drawn from `task.collaboration_necessity`, never asking for more than half of
 * what spawns (the paper's supply margin β₂ = 2).
 */
import { Registry } from '../../../world/registry.js';
import { firingSteps } from '../../events/trigger.js';
import type { RawTaskSpec } from '../../spec.js';
import { possibleDrops } from '../mineland/obtainable.js';
import type { ParamSpace } from '../param-space.js';
import { mineSeconds } from '../verify/mining.js';
import { agentName, aimedNecessity, CHEST_POSITION, type Triple } from './sampler.js';

/** Blocks that drop exactly one item, so a quota of items is a count of blocks (the paper's N_goal). */
const TARGETS = ['oak_log', 'birch_log', 'spruce_log', 'stone', 'coal_ore', 'iron_ore', 'gold_ore', 'diamond_ore'];
const TIERS = ['wooden', 'stone', 'iron', 'golden'];
const KINDS = ['pickaxe', 'axe'];
/** The paper's supply margin β₂: at most half the blocks that spawn may be asked for. */
const SUPPLY_MARGIN = 2;

export function sampleVanishing(space: ParamSpace, description: string): RawTaskSpec {
  const rng = space.random;
  const registry = Registry.get();
  const maxSteps = space.int('environment.max_steps', [100, 200]);
  const kinds = space.int('task.target_types', [2, 4]);
  const blocks = space.sample(space.names('events.actions.block', TARGETS), kinds);
  // One lifetime scale per task, each type a few steps longer or not (types differ, τ is the shortest).
  const baseLifetime = space.int('events.actions.lifetime', [25, 40]);
  const [, longestLife] = space.bounds('events.actions.lifetime', [25, 40]);
  const events = blocks.map((block, i) => {
    const start = space.int('events.trigger.start', [0, 10]);
    const interval = space.int('events.trigger.interval', [14, 22]);
    const perWave = space.int('events.actions.count', [8, 10]);
    const lifetime = Math.min(longestLife, baseLifetime + (i === 0 ? 0 : rng.int(0, 4)));
    const angle = (2 * Math.PI * i) / blocks.length + rng.range(-0.4, 0.4);
    const distance = space.int('events.actions.area.distance', [10, 30]);
    const center: Triple = [Math.round(Math.cos(angle) * distance), 64, Math.round(Math.sin(angle) * distance)];
    return {
      id: `${block}_spawns`,
      trigger: { start, end: maxSteps, interval },
      actions: [{ type: 'spawn_blocks' as const, block, count: perWave, area: { center, radius: space.int('events.actions.area.radius', [4, 10]) }, lifetime }],
    };
  });

  const count = space.int('agents.count', [2, 8]);
  const speeds = space.spread('agents.spawn.capabilities.speed_bps', [3, 6], count, 1);
  const ranges = space.spread('agents.spawn.capabilities.perception_range', [8, 32], count);
  const spawn = Array.from({ length: count }, (_, i) => {
    const tool = (): string => `${space.name('agents.spawn.tool_tier', TIERS)}_${space.name('agents.spawn.tool_kind', KINDS)}`;
    // One tool each: an agent with a pickaxe and an axe would be the best at every type (lower N).
    const held = [tool()];
    const position: Triple = [rng.int(-4, 4), 64, rng.int(-4, 4)];
    return {
      name: agentName(i),
      position,
      inventory: Object.fromEntries(held.map((t) => [t, { count: 1, unbreakable: true }])),
      capabilities: { speed_bps: speeds[i]!, perception_range: ranges[i]! },
    };
  });

  // Quotas: the best single agent (the one with the least mining time over one block of each type)
  // should need `aim` episodes for all of them, the same count of each type (so the slow types weigh
  // as much as the fast ones, as a quota per type does in §2.2's sum); never more than half of what
  // spawns. When nobody can mine every type alone the quota is a share of the supply instead.
  const aim = aimedNecessity(space);
  const perBlock = spawn.map((a) => blocks.map((b) => mineSeconds(registry, b, Object.keys(a.inventory))));
  const best = perBlock.reduce((x, y) => (sum(y) < sum(x) ? y : x));
  const quotas = events.map((ev, i) => {
    const action = ev.actions[0]!;
    const supply = Math.floor((action.count * firingSteps(ev.trigger, maxSteps).length) / SUPPLY_MARGIN);
    const wanted = Number.isFinite(sum(best)) ? Math.round((aim * maxSteps) / sum(best)) : Math.round(supply * rng.range(0.5, 1));
    return { name: dropOf(blocks[i]!), count: Math.max(1, Math.min(supply, wanted)) };
  });

  return {
    description,
    task: {
      type: 'mine_vanishing_blocks',
      goal: `Mine the target blocks before they vanish and store ${quotas.map((q) => `${q.count} ${q.name}`).join(', ')} in the chest`,
      guidance: { text: 'Blocks appear in waves and vanish after their lifetime. Tools decide which blocks each agent can mine and how fast.' },
      success: { type: 'chest_contains', items: quotas },
    },
    events,
    agents: { count, spawn },
    environment: {
      max_steps: maxSteps,
      world: { world_type: 'flatgrass', difficulty: 'peaceful', time: 'day', gamerules: { doMobSpawning: false, doDaylightCycle: false } },
      chest: { position: CHEST_POSITION },
    },
  };
}

const sum = (xs: readonly number[]): number => xs.reduce((s, x) => s + x, 0);

/** What mining the block puts in the chest (iron ore drops raw iron, stone drops cobblestone), from the world's loot facts. */
export function dropOf(block: string): string {
  return possibleDrops(Registry.get(), block)[0] ?? block;
}
