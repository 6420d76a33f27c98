/**
 * One agent getting items the honest way: plan with the recipe planner from its own inventory and
 * what it can see, then run the plan's first step as a skill (`collect`, `craft`, `smelt`, `attack`).
 * Plans are redone after every skill from the real inventory, so short drops or a crafting table left
 * behind are absorbed. When the blocks or mobs a step needs are nowhere in sight and `collect` found
 * none, the agent explores: it walks a leg in a direction it has not tried yet and looks again.
 */
import type { AgentAction } from '../../core/actions.js';
import type { Observation } from '../../core/observation.js';
import type { Registry } from '../../world/index.js';
import { inventoryOf, pause, skill } from './actions.js';
import { planRecipe, type PlanStep } from './recipe-plan.js';

/** Most blocks asked of one `collect` call, so progress is re-checked now and then. */
const COLLECT_BATCH = 16;
const EXPLORE_LEG = 24;
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
}

export const newObtainMemory = (): ObtainMemory => ({ missing: new Set(), explored: 0, failures: 0, staircases: 0 });

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
export function obtainAction(reg: Registry, obs: Observation, item: string, count: number, mem: ObtainMemory, onNoPlan?: (reason: string) => void): AgentAction | null {
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
  return stepAction(step, plan.steps, obs, mem);
}

function stepAction(step: PlanStep, steps: readonly PlanStep[], obs: Observation, mem: ObtainMemory): AgentAction {
  switch (step.kind) {
    case 'gather': {
      // Gather for every gather step of the same item at once: the plan splits them by recipe.
      const total = steps.filter((s) => s.kind === 'gather' && s.item === step.item).reduce((n, s) => n + s.count, 0);
      const seen = new Set(obs.nearbyBlocks.map((b) => b.name));
      let block = step.blocks.find((b) => seen.has(b));
      // Logs of any wood will do for planks and sticks: the next plan follows the wood gathered.
      if (!block && step.item.endsWith('_log')) block = [...seen].find((b) => b.endsWith('_log'));
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

/** A leg of exploration in the next direction not yet tried. */
export function explore(obs: Observation, mem: ObtainMemory): AgentAction {
  const [dx, dz] = DIRECTIONS[mem.explored % DIRECTIONS.length]!;
  const leg = EXPLORE_LEG * (1 + Math.floor(mem.explored / DIRECTIONS.length));
  return skill('moveTo', { x: Math.floor(obs.pos.x) + dx * leg, y: Math.floor(obs.pos.y), z: Math.floor(obs.pos.z) + dz * leg, range: 3, timeoutTicks: 600 });
}
