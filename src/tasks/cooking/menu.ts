/**
 * The dishes a Minecraft kitchen can be asked for (MindAgent §7, the Minecraft adaptation), where each
 * comes from, and its preparation effort W, from which order pacing follows the way CuisineWorld's
 * oracle paces its kitchen (src/env/cuisine/oracle.ts):
 *
 *   interval(alpha) = ceil(alpha * W * 0.3)         (the stream's interval is the max over its menu)
 *   lifetime(dish, alpha) = ceil(2.5 * alpha * W * 0.3)
 *
 * The kitchen's W is 3 actions (get, goto, put) per node of the dish's recipe graph plus the steps its
 * tools stay busy. In Minecraft an action is not one game step but walking and doing, so here
 *
 *   W = ACTION_SECONDS * 3 * nodes + busy seconds        (in task steps of 1 s)
 *
 * where nodes counts the source (animal or hay bale), every intermediate item, the fuel and the dish,
 * and busy seconds is the furnace's 10 s per item. ACTION_SECONDS is what one such action takes a cook
 * on the sim (measured with the heuristic cooks on the default kitchen, see docs/cuisine-minecraft.md).
 */
import { ALPHAS, BETA } from '../../env/cuisine/oracle.js';

export { ALPHAS, BETA };

/** Seconds one recipe action (walk to a thing and use it) takes in the Minecraft kitchen. */
export const ACTION_SECONDS = 2;
/** The kitchen oracle's scale factor, kept so alpha means the same pressure in both games. */
export const PACE = 0.3;
/** A furnace smelts one item in 10 s (200 ticks). */
export const FURNACE_SECONDS = 10;

export const COOKING_DISHES = ['cooked_beef', 'cooked_porkchop', 'cooked_chicken', 'cooked_mutton', 'bread'] as const;
export type CookingDish = (typeof COOKING_DISHES)[number];

export type DishRecipe =
  /** Kill `animal`, pick up `raw`, smelt it with fuel. */
  | { kind: 'smelt'; animal: string; raw: string }
  /** Dig `block`, craft it into `ingredient`, craft `need` of those into the dish at a table. */
  | { kind: 'craft'; block: string; ingredient: string; need: number };

export const DISH_RECIPES: Readonly<Record<CookingDish, DishRecipe>> = {
  cooked_beef: { kind: 'smelt', animal: 'cow', raw: 'beef' },
  cooked_porkchop: { kind: 'smelt', animal: 'pig', raw: 'porkchop' },
  cooked_chicken: { kind: 'smelt', animal: 'chicken', raw: 'chicken' },
  cooked_mutton: { kind: 'smelt', animal: 'sheep', raw: 'mutton' },
  bread: { kind: 'craft', block: 'hay_block', ingredient: 'wheat', need: 3 },
};

export function isCookingDish(name: string): name is CookingDish {
  return (COOKING_DISHES as readonly string[]).includes(name);
}

/** Nodes of the dish's recipe graph: smelted meat {animal, raw meat, fuel, dish}; bread {hay bale, wheat, bread}. */
export function recipeNodes(dish: CookingDish): number {
  return DISH_RECIPES[dish].kind === 'smelt' ? 4 : 3;
}

/** Preparation effort W in seconds (see the file comment). */
export function dishEffort(dish: CookingDish): number {
  const busy = DISH_RECIPES[dish].kind === 'smelt' ? FURNACE_SECONDS : 0;
  return ACTION_SECONDS * 3 * recipeNodes(dish) + busy;
}

export function dishInterval(dish: CookingDish, alpha: number): number {
  return Math.ceil(alpha * dishEffort(dish) * PACE);
}

export function dishLifetime(dish: CookingDish, alpha: number): number {
  return Math.ceil(BETA * alpha * dishEffort(dish) * PACE);
}

/** The stream's interval: the slowest dish of the menu sets the pace (as a kitchen level does). */
export function menuInterval(menu: readonly CookingDish[], alpha: number): number {
  return Math.max(1, ...menu.map((d) => dishInterval(d, alpha)));
}
