/**
 * Drafts a "prepare for a crisis" task (TickingCollab §2.1 Task #1, Figure 4, Appendix A/B): one
 * progressive_fill flood of height H sweeping an area, material piles scattered over it, and a team of
 * agents with different tools, speeds and senses who must build a shelter above the flood before it
 * arrives.
 *
 * Like the LLM of Appendix B, which is told "N must be greater than 1.0", the drafter aims at a
 * collaboration necessity drawn from `task.collaboration_necessity`: it sizes the survival piles (N's
 * workload, Appendix C.1's N_required) so the best single agent would need that many episodes to mine
 * and place them, then shrinks them until the team could gather and build them `task.preparation_margin`
 * times over before the flood arrives (C.1's preparation-time rule, which the verifier then checks with
 * the user's α). The area's length follows from the flood's speed and an arrival time drawn from
 * `task.time_to_failure`, and the episode ends as the flood reaches the build site or a step later
 * (Listing 2 ends as it arrives).
 */
import { Registry } from '../../../world/registry.js';
import type { Direction, RawTaskSpec } from '../../spec.js';
import type { ParamSpace } from '../param-space.js';
import { mineSeconds, survivesCrisis } from '../verify/mining.js';
import { PLACE_SECONDS, preparationSeconds } from '../verify/crisis.js';
import { agentName, aimedNecessity, CHEST_POSITION, type Triple } from './sampler.js';

const CRISIS_BLOCKS = ['lava', 'water', 'powder_snow'];
const DIRECTIONS = ['east', 'west', 'north', 'south'];
const TOOLS = ['wooden_pickaxe', 'stone_pickaxe', 'iron_pickaxe', 'diamond_pickaxe', 'golden_pickaxe', 'wooden_axe', 'stone_axe', 'iron_axe', 'diamond_axe'];
/** Deepest pile the sampler lays (the task schema allows more; deeper piles only lengthen the walk). */
const MAX_PILE_DEPTH = 12;
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
  const ahead = space.int('events.actions.area.site_distance', [2, 6]);
  const forward = direction === 'east' || direction === 'south' ? 1 : -1;
  const [near, far] = forward > 0 ? [ahead - length + 1, ahead] : [-ahead, -ahead + length - 1];
  const min = alongX ? { x: near, y, z: -halfW } : { x: -halfW, y, z: near };
  const max = alongX ? { x: far, y, z: halfW } : { x: halfW, y, z: far };
  // The flood needs (slices / speed) steps to reach the far end, where the build site is.
  const arrival = start + Math.ceil(length / speed);
  const maxSteps = arrival + space.int('environment.max_steps_after_arrival', [1, 3]);

  // Piles lie near the build site, and the team starts among them: up to `spread` blocks back from
  // the site and half that to either side of it.
  const reach = space.int('environment.materials.grid.spread', [4, 10]);
  const side = Math.min(halfW, Math.ceil(reach / 2));
  const lo = { x: alongX ? (forward > 0 ? Math.max(min.x, far - reach) : min.x) : -side, z: alongX ? -side : forward > 0 ? Math.max(min.z, far - reach) : min.z };
  const hi = { x: alongX ? (forward < 0 ? Math.min(max.x, near + reach) : max.x) : side, z: alongX ? side : forward < 0 ? Math.min(max.z, near + reach) : max.z };
  const count = space.int('agents.count', [2, 8]);
  const tools = space.names('agents.spawn.inventory', TOOLS);
  const effects = space.names('agents.spawn.capabilities.effects.type', ['fire_resistance']);
  const health = space.spread('agents.spawn.capabilities.max_health', [10, 60], count);
  const speeds = space.spread('agents.spawn.capabilities.speed_bps', [3, 6], count, 1);
  const ranges = space.spread('agents.spawn.capabilities.perception_range', [8, 32], count);
  // Each agent a tool of its own while the list lasts (different tools are what make roles), from
  // the tools that dig some block this crisis leaves standing faster than a hand ("adapt all fields
  // to match the assigned crisis type": a lava team needs pickaxes, since lava burns what axes cut).
  const materials = space.names('environment.materials.grid.block', MATERIALS);
  const survivors = materials.filter((b) => survivesCrisis(registry, b, block));
  const useful = tools.filter((t) => survivors.some((b) => mineSeconds(registry, b, [t]) < mineSeconds(registry, b, [])));
  const kit = useful.length > 0 ? useful : tools;
  const firstTools = space.sample(kit, count);
  const spawn = Array.from({ length: count }, (_, i) => {
    const own = firstTools[i] ?? rng.pick(kit);
    const position: Triple = [rng.int(lo.x, hi.x), y, rng.int(lo.z, hi.z)];
    const fireResistant = block === 'lava' && rng.chance(0.5);
    return {
      name: agentName(i),
      position,
      // One tool each: a second would make the best single agent good at every block (lower N).
      inventory: { [own]: { count: 1, unbreakable: true } },
      capabilities: {
        max_health: health[i]!,
        speed_bps: speeds[i]!,
        perception_range: ranges[i]!,
        effects: fireResistant ? [...effects] : [],
      },
    };
  });

  // Survival blocks at least two agents can mine (the LLM is told each draft must need the team):
  // a block only one agent can dig makes that agent's pile a one-agent job. Blocks the flood
  // destroys stay as decoys.
  const minable = (b: string): number => spawn.filter((a) => Number.isFinite(mineSeconds(registry, b, Object.keys(a.inventory)))).length;
  const shared = materials.filter((b) => !survivesCrisis(registry, b, block) || minable(b) >= Math.ceil(count / 2));
  const palette = shared.length > 0 ? shared : materials;
  // Several small piles per agent rather than a few large ones, so the gathering can be shared out.
  const pileCount = Math.max(space.int('environment.materials.grid.count', [5, 10]), Math.round(count * space.real('environment.materials.grid.per_agent', [3, 5])));
  const placed = Array.from({ length: pileCount }, () => ({
    block: rng.pick(palette),
    position: [rng.int(lo.x, hi.x - 2), y, rng.int(lo.z, hi.z - 2)] as Triple,
    width: space.int('environment.materials.grid.width', [1, 5]),
  }));

  // Sized for N (Appendix B: "N = (blocks_to_gather + blocks_to_place) / best_agent_throughput / T_max"):
  // the survival blocks, each mined and placed by the best single agent, should take `aim` episodes,
  // an equal share of that time per survival pile (a pile of a slow block holds fewer blocks). Piles
  // that burn in lava are no workload and keep their drawn size; a pile is `width` wide and as deep
  // as its share needs.
  const survival = placed.map((p) => survivesCrisis(registry, p.block, block));
  const best = spawn
    .map((a) => placed.map((p, i) => (survival[i] ? mineSeconds(registry, p.block, Object.keys(a.inventory)) + PLACE_SECONDS : 0)))
    .reduce((x, y) => (sum(y) < sum(x) ? y : x));
  const aim = aimedNecessity(space);
  const share = (aim * maxSteps) / Math.max(1, survival.filter(Boolean).length);
  const layout = (i: number, blocks: number): { width: number; depth: number } => {
    const width = Math.min(placed[i]!.width, blocks);
    return { width, depth: Math.min(MAX_PILE_DEPTH, Math.max(1, Math.round(blocks / width))) };
  };
  let sizes = placed.map((_, i) => (survival[i] ? layout(i, Math.max(1, Number.isFinite(best[i]!) ? Math.round(share / best[i]!) : 1)) : null));

  // Like a drafter that knows Appendix C's preparation-time rule, shrink the survival piles until the
  // team could gather and build them `margin` times over before the flood reaches the build site.
  const margin = space.real('task.preparation_margin', [2, 2], 2);
  const site = alongX ? { x: forward * ahead, y, z: 0 } : { x: 0, y, z: forward * ahead };
  const agents = spawn.map((a) => ({ name: a.name, position: { x: a.position[0], y, z: a.position[2] }, speedBps: a.capabilities.speed_bps, tools: Object.keys(a.inventory) }));
  const arrives = start + length / speed;
  const dropped = new Set<number>();
  for (let round = 0; round < 40; round++) {
    const minable = placed.flatMap((p, i) => {
      const size = sizes[i];
      if (!size || dropped.has(i) || !agents.some((a) => Number.isFinite(mineSeconds(registry, p.block, a.tools)))) return [];
      return [{ index: i, block: p.block, position: { x: p.position[0] + (size.width - 1) / 2, y, z: p.position[2] + (size.depth - 1) / 2 }, count: size.width * size.depth }];
    });
    const { gather, construct } = preparationSeconds(registry, agents, site, minable);
    const needed = margin * (gather + construct);
    if (!Number.isFinite(needed) || needed <= arrives) break;
    const shrink = Math.min(0.97, arrives / needed);
    const smaller = sizes.map((size, i) => (size ? layout(i, Math.max(1, Math.floor(size.width * size.depth * shrink))) : null));
    if (smaller.every((size, i) => size?.width === sizes[i]?.width && size?.depth === sizes[i]?.depth)) {
      // Every pile is down to one block: lay fewer piles, leaving out the one farthest from the site.
      const farthest = minable.reduce((f, p) => (Math.hypot(p.position.x - site.x, p.position.z - site.z) > Math.hypot(f.position.x - site.x, f.position.z - site.z) ? p : f));
      if (minable.length <= 1) break;
      dropped.add(farthest.index);
    }
    sizes = smaller;
  }
  const piles = placed
    .filter((_, i) => !dropped.has(i))
    .map((p) => ({ p, size: sizes[placed.indexOf(p)] }))
    .map(({ p, size }) => ({
      block: p.block,
      position: p.position,
      width: size?.width ?? p.width,
      height: space.int('environment.materials.grid.height', [1, 1]),
      depth: size?.depth ?? space.int('environment.materials.grid.depth', [2, 5]),
    }));
  // The flood's height H (Figure 4's crisis height, as `progressive_fill.height` over an area at Y = 64).
  // Nobody starts inside a pile or the chest: move such an agent to the nearest free cell.
  const taken = (x: number, z: number): boolean =>
    (x === CHEST_POSITION[0] && z === CHEST_POSITION[2]) || piles.some((p) => x >= p.position[0] && x < p.position[0] + p.width && z >= p.position[2] && z < p.position[2] + p.depth);
  for (const agent of spawn) {
    const [x0, , z0] = agent.position;
    for (let r = 0; taken(agent.position[0], agent.position[2]) && r < 40; r++) {
      const free = ring(r).find(([dx, dz]) => !taken(x0 + dx, z0 + dz));
      if (free) agent.position = [x0 + free[0], y, z0 + free[1]];
    }
  }
  // No higher than the survival blocks can raise a shelter for every agent (C.1's (H + 1)·N_agent).
  const supply = piles.reduce((n, p) => n + (survivesCrisis(registry, p.block, block) ? p.width * p.depth * p.height : 0), 0);
  const [lowest] = space.bounds('events.actions.height', [1, 3]);
  const height = Math.max(lowest, Math.min(space.int('events.actions.height', [1, 3]), Math.floor(supply / count) - 1));

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

const sum = (xs: readonly number[]): number => xs.reduce((s, x) => s + x, 0);

/** The cells at Chebyshev distance `r` from a centre, in a fixed order. */
function ring(r: number): [number, number][] {
  const out: [number, number][] = [];
  for (let dx = -r; dx <= r; dx++) for (let dz = -r; dz <= r; dz++) if (Math.max(Math.abs(dx), Math.abs(dz)) === r) out.push([dx, dz]);
  return out;
}
