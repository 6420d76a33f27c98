/**
 * MindAgent's collaboration score for the Minecraft kitchen, computed exactly as for CuisineWorld
 * (src/env/cuisine/cos.ts): per alpha, completed / (completed + failed) summed over its episodes, every
 * expired order a failure and orders still open at the end counting as neither (0/0 counts as 0);
 * CoS is the mean over the alphas. Also the spec rewrite that sets one episode's alpha and order seed.
 */
import { InputError } from '../../core/errors.js';
import type { GoalSpec, TaskSpec } from '../spec.js';
import { menuInterval } from './menu.js';

export interface CookingEpisodeCounts {
  alpha: number;
  completed: number;
  failed: number;
  open: number;
}

export interface CookingAlphaResult {
  alpha: number;
  /** Orders' interval in task steps at this alpha. */
  interval: number;
  episodes: number;
  completed: number;
  failed: number;
  open: number;
  rate: number;
}

export interface CookingCosResult {
  alphas: CookingAlphaResult[];
  cos: number;
}

export function aggregateCos(spec: TaskSpec, alphas: readonly number[], runs: readonly CookingEpisodeCounts[]): CookingCosResult {
  const goal = cookingGoalOf(spec);
  const rows = alphas.map((alpha) => {
    const mine = runs.filter((r) => r.alpha === alpha);
    const completed = mine.reduce((n, r) => n + r.completed, 0);
    const failed = mine.reduce((n, r) => n + r.failed, 0);
    return {
      alpha,
      interval: menuInterval(goal.menu, alpha),
      episodes: mine.length,
      completed,
      failed,
      open: mine.reduce((n, r) => n + r.open, 0),
      rate: completed + failed === 0 ? 0 : completed / (completed + failed),
    };
  });
  return { alphas: rows, cos: rows.length === 0 ? 0 : rows.reduce((s, r) => s + r.rate, 0) / rows.length };
}

/** The task's cooking_orders goal, or an InputError saying the file is not an order-stream task. */
export function cookingGoalOf(spec: TaskSpec): Extract<GoalSpec, { type: 'cooking_orders' }> {
  const s = spec.task.success;
  const goals = s === undefined ? [] : Array.isArray(s) ? s : [s];
  const g = goals.find((x): x is Extract<GoalSpec, { type: 'cooking_orders' }> => x.type === 'cooking_orders');
  if (!g) throw new InputError(`task ${spec.id} has no cooking_orders goal`, 'use a file from suites/cuisine-minecraft/ with task.success.type cooking_orders');
  return g;
}

/** A copy of the spec whose cooking_orders goal uses `alpha` and order seed `seed`. */
export function withOrderSettings(spec: TaskSpec, alpha: number, seed: number | string): TaskSpec {
  const goal = cookingGoalOf(spec);
  const next = { ...goal, alpha, seed };
  const s = spec.task.success;
  const success = Array.isArray(s) ? s.map((x) => (x === goal ? next : x)) : next;
  return { ...spec, task: { ...spec.task, success } };
}
