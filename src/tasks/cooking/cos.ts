/**
 * MindAgent's collaboration score (paper §3.3, Eq. 1), the one computation for both kitchens: CuisineWorld's
 * (runner/cuisine-cos.ts) and the Minecraft kitchen's (`guildcraft cuisine minecraft cos`). Per alpha,
 * completed / (completed + failed) summed over its episodes, every expired order a failure and orders still open at
 * the end counting as neither (0/0 counts as 0); CoS is the mean over the alphas. Also how an episode's counts are read
 * back from its result, and the spec rewrite that sets one Minecraft episode's alpha and order seed.
 */
import { InputError, InternalError } from '../../core/errors.js';
import type { GoalSpec, TaskSpec } from '../spec.js';

/** One episode's orders, as both kitchens report them in their episode details. */
export interface OrderCounts {
  completed: number;
  /** Failed orders as the rule set counts them (every expired one, unless CuisineWorld's 'original' rules). */
  failed: number;
  /** Orders still open when the episode ended. */
  open: number;
  /** Every expired order (CuisineWorld reports it apart from `failed`). */
  expired?: number;
}

export interface CookingEpisodeCounts extends OrderCounts {
  alpha: number;
}

export interface CookingAlphaResult {
  alpha: number;
  /** Orders' interval in task steps at this alpha. */
  interval: number;
  episodes: number;
  completed: number;
  failed: number;
  /** Present when every episode reported its expired orders. */
  expired?: number;
  open: number;
  rate: number;
}

export interface CookingCosResult {
  alphas: CookingAlphaResult[];
  cos: number;
}

/** The score over `runs`, one row per alpha in `alphas`; `intervalOf` gives the order interval the row reports. */
export function aggregateCos(alphas: readonly number[], runs: readonly CookingEpisodeCounts[], intervalOf: (alpha: number) => number): CookingCosResult {
  const rows = alphas.map((alpha) => {
    const mine = runs.filter((r) => r.alpha === alpha);
    const completed = mine.reduce((n, r) => n + r.completed, 0);
    const failed = mine.reduce((n, r) => n + r.failed, 0);
    const row: CookingAlphaResult = {
      alpha,
      interval: intervalOf(alpha),
      episodes: mine.length,
      completed,
      failed,
      open: mine.reduce((n, r) => n + r.open, 0),
      rate: completed + failed === 0 ? 0 : completed / (completed + failed),
    };
    if (mine.every((r) => r.expired !== undefined)) row.expired = mine.reduce((n, r) => n + r.expired!, 0);
    return row;
  });
  return { alphas: rows, cos: rows.length === 0 ? 0 : rows.reduce((s, r) => s + r.rate, 0) / rows.length };
}

/** An episode's order counts from its result's details (JSON text, as the runner reports a goal's details). */
export function orderCountsOf(details: unknown): OrderCounts {
  let d: unknown = details;
  if (typeof details === 'string') {
    try {
      d = JSON.parse(details);
    } catch {
      throw new InternalError(`cannot read the order counts from the episode details: ${details.slice(0, 120)}`);
    }
  }
  const o = (d ?? {}) as Record<string, unknown>;
  const n = (k: string) => (typeof o[k] === 'number' ? (o[k] as number) : NaN);
  const out: OrderCounts = { completed: n('completed'), failed: n('failed'), open: n('open') };
  if (Object.values(out).some(Number.isNaN)) throw new InternalError('the episode details carry no order counts (is the orders goal the only one of the task?)');
  if (typeof o.expired === 'number') out.expired = o.expired;
  return out;
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
