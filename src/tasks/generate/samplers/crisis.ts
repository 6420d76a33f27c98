/**
 * Drafts a "prepare for a crisis" task (TickingCollab §2.1 Task #1, Figure 4, Appendix A/B): one
 * progressive_fill flood of height H sweeping an area, material piles scattered over it, and a team of
 * agents with different tools, speeds and senses who must build a shelter above the flood before it
 * arrives.
 *
 * Like the LLM of Appendix B, which is told "N must be greater than 1.0", the drafter aims at a
 * collaboration necessity drawn from `task.collaboration_necessity`: it sizes the flood's height so the
 * shelter, (H + 1) blocks per agent, takes the best single agent that many episodes to mine and place.
 * The area's length follows from the flood's speed and an arrival time drawn from `task.time_to_failure`,
 * and the episode ends a few steps after the flood reaches the build site (Listing 2 ends as it arrives).
 */
import { Registry } from '../../../world/registry.js';
import type { Direction, RawTaskSpec } from '../../spec.js';
import type { ParamSpace } from '../param-space.js';
import { mineSeconds, survivesCrisis } from '../verify/mining.js';
import { PLACE_SECONDS } from '../verify/crisis.js';
import { agentName, aimedNecessity, CHEST_POSITION, type Triple } from './sampler.js';

const CRISIS_BLOCKS = ['lava', 'water', 'powder_snow'];
const DIRECTIONS = ['east', 'west', 'north', 'south'];
const TOOLS = ['wooden_pickaxe', 'stone_pickaxe', 'iron_pickaxe', 'diamond_pickaxe', 'golden_pickaxe', 'wooden_axe', 'stone_axe', 'iron_axe', 'diamond_axe'];
const MATERIALS = ['stone', 'cobblestone', 'stone_bricks', 'bricks', 'deepslate', 'iron_block', 'gold_block', 'obsidian', 'oak_log', 'birch_log', 'spruce_log', 'oak_planks'];

export function sampleCrisis(space: ParamSpace, description: string): RawTaskSpec {
  const rng = space.random;
  const registry = Registry.get();
  const block = space.name('events.actions.block', CRISIS_BLOCKS);
  const direction = space.name('events.actions.direction', DIRECTIONS);
  const y = space.int('events.actions.area.min.y', [64, 64]);
  const speed = space.int('events.actions.speed', [1, 3]);
  const start = space.int('events.trigger.start', [1, 5]);
  // The area is as long as the flood travels by the arrival time drawn (τ = t0 + L / v, Appendix C.1),
  // so a fast flood sweeps a long area rather than arriving at once.
  const arrivalAim = space.int('task.time_to_failure', [20, 60]);
  const [shortest, longest] = space.bounds('events.actions.area.length', [20, 160]);
  const length = Math.min(longest, Math.max(shortest, speed * (arrivalAim - start)));
  const width = space.int('events.actions.area.width', [30, 50]);
  const alongX = direction === 'east' || direction === 'west';
  const halfW = Math.floor(width / 2);
  // The build site (the far end) lies a short way ahead of the agents, whatever the area's length:
  // the flood comes from behind them, from as far back as its speed and arrival time say.
  const ahead = space.int('events.actions.area.site_distance', [5, 20]);
  const forward = direction === 'east' || direction === 'south' ? 1 : -1;
  const [near, far] = forward > 0 ? [ahead - length + 1, ahead] : [-ahead, -ahead + length - 1];
  const min = alongX ? { x: near, y, z: -halfW } : { x: -halfW, y, z: near };
  const max = alongX ? { x: far, y, z: halfW } : { x: halfW, y, z: far };
  // The flood needs (slices / speed) steps to reach the far end, where the build site is.
  const arrival = start + Math.ceil(length / speed);
  const maxSteps = arrival + space.int('environment.max_steps_after_arrival', [1, 3]);

  const count = space.int('agents.count', [2, 8]);
  const tools = space.names('agents.spawn.inventory', TOOLS);
  const effects = space.names('agents.spawn.capabilities.effects.type', ['fire_resistance']);
  const health = space.spread('agents.spawn.capabilities.max_health', [10, 60], count);
  const speeds = space.spread('agents.spawn.capabilities.speed_bps', [3, 6], count, 1);
  const ranges = space.spread('agents.spawn.capabilities.perception_range', [8, 32], count);
  // Each agent a tool of its own while the list lasts (different tools are what make roles).
  const firstTools = space.sample(tools, count);
  const spawn = Array.from({ length: count }, (_, i) => {
    const own = firstTools[i] ?? rng.pick(tools);
    const held = rng.chance(0.2) ? [...new Set([own, rng.pick(tools)])] : [own];
    const position: Triple = [rng.int(-6, 6), y, rng.int(-6, 6)];
    const fireResistant = block === 'lava' && rng.chance(0.5);
    return {
      name: agentName(i),
      position,
      inventory: Object.fromEntries(held.map((t) => [t, { count: 1, unbreakable: true }])),
      capabilities: {
        max_health: health[i]!,
        speed_bps: speeds[i]!,
        perception_range: ranges[i]!,
        effects: fireResistant ? [...effects] : [],
      },
    };
  });

  const materials = space.names('environment.materials.grid.block', MATERIALS);
  // Piles lie in the part of the area within reach of the team: up to `spread` blocks back from the site.
  const reach = space.int('environment.materials.grid.spread', [30, 50]);
  const lo = { x: alongX && forward > 0 ? Math.max(min.x, far - reach) : min.x, z: !alongX && forward > 0 ? Math.max(min.z, far - reach) : min.z };
  const hi = { x: alongX && forward < 0 ? Math.min(max.x, near + reach) : max.x, z: !alongX && forward < 0 ? Math.min(max.z, near + reach) : max.z };
  const piles = Array.from({ length: space.int('environment.materials.grid.count', [5, 10]) }, () => {
    const position: Triple = [rng.int(lo.x, hi.x - 2), y, rng.int(lo.z, hi.z - 2)];
    return {
      block: rng.pick(materials),
      position,
      width: space.int('environment.materials.grid.width', [2, 5]),
      height: space.int('environment.materials.grid.height', [1, 1]),
      depth: space.int('environment.materials.grid.depth', [2, 5]),
    };
  });

  // The flood's height H: the shelter's (H + 1)·agents blocks, each mined and placed by the best
  // single agent, should take `aim` episodes of maxSteps steps (one step is a second by default).
  const perBlock = Math.min(
    ...spawn.map((a) => {
      const held = Object.keys(a.inventory);
      return Math.min(...piles.filter((p) => survivesCrisis(registry, p.block, block)).map((p) => mineSeconds(registry, p.block, held))) + PLACE_SECONDS;
    }),
  );
  const aim = aimedNecessity(space);
  const [lowest, highest] = space.bounds('events.actions.height', [1, 8]);
  const height = Number.isFinite(perBlock) ? Math.min(highest, Math.max(lowest, Math.round((aim * maxSteps) / (count * perBlock)) - 1)) : lowest;

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
        trigger: { start, end: maxSteps, interval: 1 },
        // The direction comes from the user's allowed list; the task loader rejects one it does not know.
        actions: [{ type: 'progressive_fill', block, area: { min, max }, height, direction: direction as Direction, speed }],
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
