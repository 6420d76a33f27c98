/**
 * One agent getting items the honest way: plan with the recipe planner from its own inventory and
 * what it can see, then run the plan's first step as a skill (`collect`, `craft`, `smelt`, `attack`).
 * Plans are redone after every skill from the real inventory, so short drops or a crafting table left
 * behind are absorbed. When the blocks or mobs a step needs are nowhere in sight and `collect` found
 * none, the agent explores: it walks a leg in a direction it has not tried yet and looks again.
 * Ore lies buried out of sight, so for ore the agent tunnels instead (the `explore` skill): a
 * staircase down to ore depth, then level tunnels turning a quarter after each, longer every second
 * turn (a square spiral, so no tunnel is dug twice). A caller that wants ore in quantity passes its
 * own search instead (`OreSearch`: the team's strip mine, strip-mine.ts).
 */
import type { AgentAction } from '../../core/actions.js';
import type { Observation } from '../../core/observation.js';
import type { Registry } from '../../world/index.js';
import { inventoryOf, pause, skill } from './actions.js';
import { planRecipe, type PlanStep } from './recipe-plan.js';

/** Most blocks asked of one `collect` call, so progress is re-checked now and then. */
const COLLECT_BATCH = 16;
const EXPLORE_LEG = 24;
/** Longest exploration leg: a path goal must stay within the pathfinder's 1,022-block reach. */
const MAX_EXPLORE_LEG = 96;
/** Feet this far below where the agent first went looking for ore: iron, coal and copper are common there. */
const ORE_DEPTH = 7;
const TUNNEL_LEG = 24;
const MAX_TUNNELS = 40;
const COMPASS = ['north', 'west', 'south', 'east'] as const;
const ORE = /_ore$/;
/** Pickaxes to hold before the first ore tunnel: a stone pickaxe lasts 131 blocks, a tunnel leg takes 48 or more. */
const SPARE_PICKAXES = 3;
const PICKAXES = ['stone_pickaxe', 'iron_pickaxe', 'diamond_pickaxe', 'netherite_pickaxe'];
const DIRECTIONS = [
  [1, 0],
  [0, 1],
  [-1, 0],
  [0, -1],
  [1, 1],
  [-1, 1],
  [-1, -1],
  [1, -1],
] as const;

export interface ObtainMemory {
  /** Blocks `collect` last failed to find, so the next try explores first. */
  missing: Set<string>;
  explored: number;
  failures: number;
  /** Staircases dug down looking for stone or ore. */
  staircases: number;
  /** Tunnels dug looking for ore, the compass direction of the first (an index into COMPASS) and the feet height the agent started at. */
  tunnels: number;
  tunnelDir: number;
  surfaceY: number | null;
}

/** `turn` spreads a team's tunnels over the compass: each agent starts in its own direction. */
export const newObtainMemory = (turn = 0): ObtainMemory => ({ missing: new Set(), explored: 0, failures: 0, staircases: 0, tunnels: 0, tunnelDir: turn, surfaceY: null });

const UNDERGROUND = /^(stone|deepslate|cobblestone|.*_ore)$/;
const MAX_STAIRCASES = 6;
const STAIRCASE_DEPTH = 8;

/**
 * Positions to dig for a staircase going down from the agent's feet (one step per block sideways,
 * with head room), so it can walk down to the stone and back up again. Each staircase heads a new way.
 */
export function staircaseDown(obs: Observation, nth: number): { x: number; y: number; z: number }[] {
  const [dx, dz] = DIRECTIONS[(nth - 1) % 4]!;
  const x0 = Math.floor(obs.pos.x);
  const y0 = Math.floor(obs.pos.y);
  const z0 = Math.floor(obs.pos.z);
  const out: { x: number; y: number; z: number }[] = [];
  for (let i = 1; i <= STAIRCASE_DEPTH; i++) {
    for (const dy of [2, 1, 0]) {
      const y = y0 - i + dy;
      if (y >= y0) continue; // above ground is air already
      out.push({ x: x0 + dx * i, y, z: z0 + dz * i });
    }
  }
  return out;
}

/** Updates the memory from the skills that just finished. */
export function noteResults(mem: ObtainMemory, obs: Observation): void {
  mem.surfaceY ??= Math.floor(obs.pos.y); // agents start on the surface
  for (const f of obs.finishedSkills) {
    if (f.name === 'collect' || f.name === 'attack') {
      const p = f.params as { block?: string; type?: string };
      const key = p.block ?? p.type;
      const got = f.name === 'collect' ? Number(f.result.collected ?? 0) : f.result.killed ? 1 : 0;
      if (key && (!f.ok || got === 0)) mem.missing.add(key);
      else if (key) mem.missing.delete(key);
    }
    if (f.name === 'moveTo') {
      mem.explored++;
      mem.missing.clear();
    }
    if (!f.ok && f.name !== 'moveTo') mem.failures++;
  }
}

/**
 * The next action towards holding `count` of `item`, or null when the agent already holds them.
 * `reason` receives why no plan exists, for the run log.
 */
export function obtainAction(reg: Registry, obs: Observation, item: string, count: number, mem: ObtainMemory, onNoPlan?: (reason: string) => void, oreSearch?: OreSearch): AgentAction | null {
  const inv = inventoryOf(obs);
  if ((inv[item] ?? 0) >= count) return null;
  const seen = obs.nearbyBlocks.map((b) => b.name);
  const plan = planRecipe(reg, item, count, inv, { knownBlocks: seen });
  if (!plan.ok) {
    onNoPlan?.(plan.reason);
    return pause(100);
  }
  const step = plan.steps[0];
  if (!step) return null;
  const seenNames = new Set(seen);
  const oreStep = plan.steps.find((s) => s.kind === 'gather' && s.blocks.some((b) => ORE.test(b)));
  if (oreStep?.kind === 'gather' && oreSearch) {
    const ore = oreStep.blocks.find((b) => ORE.test(b))!;
    const a = oreSearch(ore, oreStep.blocks.some((b) => seenNames.has(b)), oreStep === step);
    if (a) return a;
  }
  // Before tunnelling for ore out of sight, craft spare pickaxes near the surface (sticks need wood).
  if (!oreSearch && step.kind === 'gather' && mem.tunnels === 0 && step.blocks.some((b) => ORE.test(b)) && !step.blocks.some((b) => seenNames.has(b))) {
    const held = PICKAXES.reduce((n, k) => n + (inv[k] ?? 0), 0);
    if (held > 0 && held < SPARE_PICKAXES) {
      const spare = planRecipe(reg, 'stone_pickaxe', (inv.stone_pickaxe ?? 0) + SPARE_PICKAXES - held, inv, { knownBlocks: seen });
      if (spare.ok && spare.steps[0]) return stepAction(spare.steps[0], spare.steps, obs, mem);
    }
  }
  return stepAction(step, plan.steps, obs, mem);
}

/**
 * How a caller searches for ore in its own way (the team's strip mine): called when the plan gathers
 * `ore` (`inSight` when some is seen; `next` when that is the plan's next step, not a later one).
 * An action replaces the plan's next step; null lets it run.
 */
export type OreSearch = (ore: string, inSight: boolean, next: boolean) => AgentAction | null;

function stepAction(step: PlanStep, steps: readonly PlanStep[], obs: Observation, mem: ObtainMemory): AgentAction {
  switch (step.kind) {
    case 'gather': {
      // Gather for every gather step of the same item at once: the plan splits them by recipe.
      const total = steps.filter((s) => s.kind === 'gather' && s.item === step.item).reduce((n, s) => n + s.count, 0);
      const seen = new Set(obs.nearbyBlocks.map((b) => b.name));
      let block = step.blocks.find((b) => seen.has(b));
      // Logs of any wood will do for planks and sticks: the next plan follows the wood gathered.
      if (!block && step.item.endsWith('_log')) block = [...seen].find((b) => b.endsWith('_log'));
      // Ore is buried out of sight: tunnel for it, first down a staircase to ore depth.
      const ore = step.blocks.find((b) => ORE.test(b));
      if (!block && ore && mem.tunnels < MAX_TUNNELS) {
        const y = Math.floor(obs.pos.y);
        const k = mem.tunnels++;
        const descend = Math.max(0, y - ((mem.surfaceY ?? y) - ORE_DEPTH));
        const leg = TUNNEL_LEG * (1 + Math.floor(k / 2));
        return skill('explore', { direction: COMPASS[(mem.tunnelDir + k) % COMPASS.length], distance: Math.min(128, leg + descend), descend, lookFor: ore });
      }
      // Stone and ores lie under the surface: dig a walkable staircase down to reach them.
      if (!block && step.blocks.some((b) => UNDERGROUND.test(b)) && mem.staircases < MAX_STAIRCASES) {
        mem.staircases++;
        return skill('mineBlocks', { positions: staircaseDown(obs, mem.staircases) });
      }
      block ??= step.blocks.find((b) => !mem.missing.has(b));
      if (!block) return explore(obs, mem);
      return skill('collect', { block, count: Math.min(total, COLLECT_BATCH) });
    }
    case 'craft':
      return skill('craft', { item: step.item, count: step.count });
    case 'smelt':
      return skill('smelt', { item: step.input, count: step.count, fuel: step.fuel });
    case 'hunt': {
      const mob = obs.entities.find((e) => e.type === step.mob);
      if (mob) return skill('attack', { id: mob.id, timeoutTicks: 400 });
      const drop = obs.entities.find((e) => e.type === 'item' && e.name === step.item);
      if (drop) return skill('moveTo', { x: drop.pos.x, y: drop.pos.y, z: drop.pos.z, range: 0 });
      return explore(obs, mem);
    }
  }
}

/** A leg of exploration in the next direction not yet tried, digging through what is in the way (an agent in a tunnel gets out). */
export function explore(obs: Observation, mem: ObtainMemory): AgentAction {
  const [dx, dz] = DIRECTIONS[mem.explored % DIRECTIONS.length]!;
  const leg = Math.min(MAX_EXPLORE_LEG, EXPLORE_LEG * (1 + Math.floor(mem.explored / DIRECTIONS.length)));
  return skill('moveTo', { x: Math.floor(obs.pos.x) + dx * leg, y: Math.floor(obs.pos.y), z: Math.floor(obs.pos.z) + dz * leg, range: 3, timeoutTicks: 600, dig: true });
}
