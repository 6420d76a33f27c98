/**
 * Drafts a "mine vanishing blocks" task (TickingCollab §2.1 Task #2): two to four target block types
 * appear in waves in their own areas and vanish after a type-specific lifetime; the team must put a
 * quota of each into the shared chest. Agents differ in tools (which decide what they can mine and how
 * fast), speed and perception.
 */
import { Registry } from '../../../world/registry.js';
import type { RawTaskSpec } from '../../spec.js';
import { possibleDrops } from '../mineland/obtainable.js';
import type { ParamSpace } from '../param-space.js';
import { agentName, CHEST_POSITION, type Triple } from './sampler.js';

const TARGETS = ['oak_log', 'birch_log', 'stone', 'coal_ore', 'copper_ore', 'iron_ore', 'lapis_ore', 'gold_ore', 'redstone_ore', 'diamond_ore'];
const TOOLS = ['wooden_pickaxe', 'stone_pickaxe', 'iron_pickaxe', 'golden_pickaxe', 'diamond_pickaxe', 'wooden_axe', 'stone_axe', 'iron_axe', 'golden_axe'];

export function sampleVanishing(space: ParamSpace, description: string): RawTaskSpec {
  const rng = space.random;
  const maxSteps = space.int('environment.max_steps', [100, 300]);
  const kinds = space.int('task.target_types', [2, 4]);
  const blocks = space.sample(space.names('events.actions.block', TARGETS), kinds);
  const quotas: { name: string; count: number }[] = [];
  const events = blocks.map((block, i) => {
    const start = space.int('events.trigger.start', [0, 20]);
    const interval = space.int('events.trigger.interval', [8, 16]);
    const end = Math.min(maxSteps, start + space.int('events.trigger.duration', [60, 240]));
    const perWave = space.int('events.actions.count', [2, 4]);
    const lifetime = space.int('events.actions.lifetime', [15, 40]);
    quotas.push({ name: dropOf(block), count: space.int('task.goal_count', [3, 12]) });
    const angle = (2 * Math.PI * i) / blocks.length + rng.range(-0.4, 0.4);
    const distance = space.int('events.actions.area.distance', [10, 30]);
    const center: Triple = [Math.round(Math.cos(angle) * distance), 64, Math.round(Math.sin(angle) * distance)];
    return {
      id: `${block}_spawns`,
      trigger: { start, end, interval },
      actions: [{ type: 'spawn_blocks' as const, block, count: perWave, area: { center, radius: space.int('events.actions.area.radius', [4, 10]) }, lifetime }],
    };
  });

  const count = space.int('agents.count', [2, 8]);
  const tools = space.names('agents.spawn.inventory', TOOLS);
  const spawn = Array.from({ length: count }, (_, i) => {
    const held = space.sample(tools, rng.chance(0.25) ? 2 : 1);
    const position: Triple = [rng.int(-4, 4), 64, rng.int(-4, 4)];
    return {
      name: agentName(i),
      position,
      inventory: Object.fromEntries(held.map((t) => [t, { count: 1, unbreakable: true }])),
      capabilities: {
        speed_bps: space.real('agents.spawn.capabilities.speed_bps', [3, 6]),
        perception_range: space.int('agents.spawn.capabilities.perception_range', [8, 32]),
      },
    };
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

/** What mining the block puts in the chest (iron ore drops raw iron, stone drops cobblestone), from the world's loot facts. */
export function dropOf(block: string): string {
  return possibleDrops(Registry.get(), block)[0] ?? block;
}
