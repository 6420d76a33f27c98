/**
 * Order pacing, MindAgent's "oracle" (`levels/utils.py`, cuisineworld.md §4.2): every dish gets a wait time W from its recipe
 * tree, and the level's task interval and each dish's lifetime follow from W and the pressure setting alpha.
 */
import { TOOLS } from './data/tools.js';
import type { RecipeDef } from './data/recipes.js';

/** The five task-interval settings the paper's CoS averages over (tau_1 .. tau_5 = alpha 1.0 .. 3.0). */
export const ALPHAS: readonly number[] = [1.0, 1.5, 2.0, 2.5, 3.0];
/** Lifetime factor (`BETA`). */
export const BETA = 2.5;
/** The original default alpha (`ALPHA`), used when none is given. */
export const DEFAULT_ALPHA = 2.2;

/**
 * W = 3 x (distinct nodes in the dish's dependency graph, base ingredients and the dish included)
 *   + for every cooked node, (occupied time of its tool - 1) when that is positive.
 */
export function waitTime(dish: string, recipeOf: (item: string) => RecipeDef | undefined): number {
  const seen = new Set<string>();
  const queue = [dish];
  let cookTime = 0;
  while (queue.length > 0) {
    const item = queue.shift()!;
    if (seen.has(item)) continue;
    seen.add(item);
    const recipe = recipeOf(item);
    if (!recipe) continue;
    const occupied = TOOLS[recipe.tool].occupiedTime;
    if (occupied > 1) cookTime += occupied - 1;
    for (const ing of recipe.ingredients) queue.push(ing);
  }
  return cookTime + 3 * seen.size;
}

// The products are evaluated in the original's floating-point order so ceil() lands on the same integers.
export function taskInterval(wait: number, alpha: number): number {
  return Math.ceil(1 * alpha * wait * 0.3);
}

export function taskLifetime(wait: number, alpha: number): number {
  return Math.ceil(1 * BETA * alpha * wait * 0.3);
}
