/**
 * Drafts a "prepare for a crisis" task (TickingCollab §2.1 Task #1, Appendix A/B): one
 * progressive_fill flood sweeping an area, material piles scattered over it, and a team of agents
 * with different tools, speeds and senses who must build a shelter before the flood arrives.
 */
import type { Direction, RawTaskSpec } from '../../spec.js';
import type { ParamSpace } from '../param-space.js';
import { agentName, CHEST_POSITION, type Triple } from './sampler.js';

const CRISIS_BLOCKS = ['lava', 'water', 'powder_snow'];
const DIRECTIONS = ['east', 'west', 'north', 'south'];
const TOOLS = ['wooden_pickaxe', 'stone_pickaxe', 'iron_pickaxe', 'diamond_pickaxe', 'golden_pickaxe', 'wooden_axe', 'stone_axe', 'iron_axe', 'diamond_axe'];
const MATERIALS = ['stone', 'cobblestone', 'stone_bricks', 'bricks', 'deepslate', 'iron_block', 'gold_block', 'obsidian', 'oak_log', 'birch_log', 'spruce_log', 'oak_planks'];

export function sampleCrisis(space: ParamSpace, description: string): RawTaskSpec {
  const rng = space.random;
  const block = space.name('events.actions.block', CRISIS_BLOCKS);
  const direction = space.name('events.actions.direction', DIRECTIONS);
  const y = space.int('events.actions.area.min.y', [64, 64]);
  const top = Math.max(y, space.int('events.actions.area.max.y', [64, 64]));
  const length = space.int('events.actions.area.length', [40, 80]);
  const width = space.int('events.actions.area.width', [30, 50]);
  const alongX = direction === 'east' || direction === 'west';
  const halfL = Math.floor(length / 2);
  const halfW = Math.floor(width / 2);
  const min = alongX ? { x: -halfL, y, z: -halfW } : { x: -halfW, y, z: -halfL };
  const max = alongX ? { x: halfL, y: top, z: halfW } : { x: halfW, y: top, z: halfL };
  const speed = space.int('events.actions.speed', [1, 5]);
  const start = space.int('events.trigger.start', [3, 20]);
  const end = Math.max(start + 1, space.int('events.trigger.end', [20, 200]));
  const maxSteps = space.int('environment.max_steps', [50, 200]);

  const count = space.int('agents.count', [2, 8]);
  const tools = space.names('agents.spawn.inventory', TOOLS);
  const effects = space.names('agents.spawn.capabilities.effects.type', ['fire_resistance']);
  const spawn = Array.from({ length: count }, (_, i) => {
    const held = space.sample(tools, rng.chance(0.2) ? 2 : 1);
    const position: Triple = [rng.int(-6, 6), y, rng.int(-6, 6)];
    const fireResistant = block === 'lava' && rng.chance(0.5);
    return {
      name: agentName(i),
      position,
      inventory: Object.fromEntries(held.map((t) => [t, { count: 1, unbreakable: true }])),
      capabilities: {
        max_health: space.int('agents.spawn.capabilities.max_health', [10, 60]),
        speed_bps: space.real('agents.spawn.capabilities.speed_bps', [3, 6]),
        perception_range: space.int('agents.spawn.capabilities.perception_range', [8, 32]),
        effects: fireResistant ? [...effects] : [],
      },
    };
  });

  const materials = space.names('environment.materials.grid.block', MATERIALS);
  const piles = Array.from({ length: space.int('environment.materials.grid.count', [4, 9]) }, () => {
    const position: Triple = [rng.int(min.x, max.x - 2), y, rng.int(min.z, max.z - 2)];
    return {
      block: rng.pick(materials),
      position,
      width: space.int('environment.materials.grid.width', [2, 5]),
      height: space.int('environment.materials.grid.height', [1, 1]),
      depth: space.int('environment.materials.grid.depth', [2, 5]),
    };
  });

  return {
    description,
    task: {
      type: 'prepare_crisis',
      goal: 'Identify the type and origin of the crisis and build a shelter to survive',
      guidance: { text: 'Each agent has different tools, speeds, and perception ranges.' },
      success: { type: 'all_survive' },
    },
    events: [
      {
        id: `${block}_wave`,
        trigger: { start, end, interval: 1 },
        // The direction comes from the user's allowed list; the task loader rejects one it does not know.
        actions: [{ type: 'progressive_fill', block, area: { min, max }, direction: direction as Direction, speed }],
      },
    ],
    agents: { count, spawn },
    environment: {
      max_steps: maxSteps,
      world: { world_type: 'flatgrass', difficulty: 'hard', time: 'day', gamerules: { doMobSpawning: false, doImmediateRespawn: false, doDaylightCycle: false } },
      chest: { position: CHEST_POSITION },
      entities: { hostiles: [] },
      materials: { grid: piles },
    },
  };
}
