/**
 * The next skill call that brings one cook closer to a dish, from what it carries and what the team
 * has seen: meat dishes are hunted (attack the animal, walk onto its drop), fuelled (dig a log) and
 * smelted at a furnace the team has not given to another cook; bread is dug (a hay bale), crafted into
 * wheat, and the wheat into bread at a crafting table. Returns null when the cook has to wait.
 */
import type { AgentAction } from '../../core/actions.js';
import type { Observation } from '../../core/observation.js';
import type { Vec3 } from '../../core/vec3.js';
import { DISH_RECIPES, type CookingDish } from '../../tasks/cooking/menu.js';
import { horizontalDistance, skill } from '../heuristic/actions.js';
import { FUEL_BLOCKS, FUEL_ITEMS, type KitchenMap } from './kitchen-map.js';

/** A cook this close (blocks) to its furnace smelts there (the skill uses the nearest within reach). */
const AT_STATION = 2.5;
/** A cook farther than this from a known pile walks there before digging. */
const NEAR_PILE = 6;
/** Logs a cook fetches at once (one log smelts 1.5 items). */
const FUEL_BATCH = 2;

export interface StepContext {
  obs: Observation;
  inventory: Record<string, number>;
  map: KitchenMap;
  /** The furnace this cook may use now, or null when every furnace is taken. */
  furnace: Vec3 | null;
}

export type DishStep = { action: AgentAction; usesFurnace?: Vec3; note: string } | null;

export function fuelIn(inventory: Record<string, number>): { name: string; count: number } | null {
  for (const [name, count] of Object.entries(inventory)) if (count > 0 && FUEL_ITEMS.test(name)) return { name, count };
  return null;
}

export function nextDishStep(dish: CookingDish, c: StepContext): DishStep {
  const recipe = DISH_RECIPES[dish];
  const inv = c.inventory;
  if (recipe.kind === 'craft') {
    if ((inv[recipe.ingredient] ?? 0) >= recipe.need) {
      const table = c.map.all('crafting_table')[0];
      if (table && horizontalDistance(c.obs.pos, table) > AT_STATION + 1) return { action: skill('moveTo', { ...table, range: 2 }), note: 'walk to the crafting table' };
      return { action: skill('craft', { item: dish, count: 1 }), note: `craft ${dish}` };
    }
    if ((inv[recipe.block] ?? 0) > 0) return { action: skill('craft', { item: recipe.ingredient, count: 9 }), note: `craft ${recipe.ingredient}` };
    return dig([recipe.block], 1, c, `dig ${recipe.block}`);
  }
  if ((inv[recipe.raw] ?? 0) > 0) {
    const fuel = fuelIn(inv);
    if (!fuel) return fetchFuel(c);
    if (!c.furnace) return null;
    if (horizontalDistance(c.obs.pos, c.furnace) > AT_STATION) {
      return { action: skill('moveTo', { ...c.furnace, range: 2 }), usesFurnace: c.furnace, note: 'walk to a free furnace' };
    }
    return { action: skill('smelt', { item: recipe.raw, count: 1, fuel: fuel.name }), usesFurnace: c.furnace, note: `smelt ${recipe.raw}` };
  }
  return hunt(recipe.animal, recipe.raw, c);
}

export function fetchFuel(c: StepContext): DishStep {
  return dig(FUEL_BLOCKS, FUEL_BATCH, c, 'fetch fuel');
}

/**
 * Digs blocks of a kind: first walks back to where the team saw them when that is out of sight range
 * (`collect` only searches what the cook can see from where it stands), then collects.
 */
function dig(blocks: readonly string[], count: number, c: StepContext, note: string): DishStep {
  const known = c.map.block(blocks);
  if (known && horizontalDistance(c.obs.pos, known.pos) > NEAR_PILE) {
    return { action: skill('moveTo', { ...known.pos, range: 2 }), note: `walk to the ${known.name}` };
  }
  return { action: skill('collect', { block: known?.name ?? blocks[0]!, count, maxDistance: 48 }), note };
}

function hunt(animal: string, raw: string, c: StepContext): DishStep {
  const drop = c.obs.entities.find((e) => e.type === 'item' && e.name === raw && e.distance < 16);
  if (drop) return { action: skill('moveTo', { x: Math.floor(drop.pos.x), y: Math.floor(drop.pos.y), z: Math.floor(drop.pos.z), range: 0 }), note: `pick up ${raw}` };
  const prey = c.obs.entities.find((e) => e.type === animal);
  if (prey) return { action: skill('attack', { id: prey.id, timeoutTicks: 300 }), note: `kill ${animal} ${prey.id}` };
  const seen = c.map.lastSeen(animal);
  if (seen && horizontalDistance(c.obs.pos, seen) > 4) return { action: skill('moveTo', { x: Math.floor(seen.x), y: Math.floor(seen.y), z: Math.floor(seen.z), range: 3 }), note: `look for a ${animal}` };
  return null;
}
