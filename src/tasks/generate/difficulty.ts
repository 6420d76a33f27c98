/**
 * Difficulty metrics (TickingCollab §2.2: H, N, D, τ) for generated tasks, computed by the tasks
 * layer's `difficulty`. §2.2 normalises heterogeneity by "predefined bounds of the parameter space",
 * so when the user spec gives ranges for the agents' capabilities those ranges are the bounds.
 */
import { DEFAULT_BOUNDS, difficulty, type AttributeBounds } from '../difficulty.js';
import type { TaskSpec } from '../spec.js';
import type { UserSpec } from './user-spec.js';
import type { DifficultyFn } from './generate.js';

const FIELDS: Readonly<Record<keyof AttributeBounds, string>> = {
  max_health: 'agents.spawn.capabilities.max_health',
  speed_bps: 'agents.spawn.capabilities.speed_bps',
  perception_range: 'agents.spawn.capabilities.perception_range',
};

/** The capability ranges the spec gives (each wider than a point); the generator writes them into every task as `task.heterogeneity_bounds`. */
export function specRanges(spec: UserSpec | undefined): Partial<AttributeBounds> {
  const ranges: Partial<AttributeBounds> = {};
  if (!spec) return ranges;
  for (const [key, field] of Object.entries(FIELDS) as [keyof AttributeBounds, string][]) {
    const range = spec.variable_parameters[field]?.range;
    if (range && range[1] > range[0]) ranges[key] = [range[0], range[1]];
  }
  return ranges;
}

/** The spec's capability ranges where it gives them, the defaults otherwise. */
export function boundsFromSpec(spec: UserSpec | undefined): AttributeBounds {
  return { ...DEFAULT_BOUNDS, ...specRanges(spec) };
}

/**
 * H, N, D and τ (seconds) of a task, with heterogeneity normalised by the task's own
 * `task.heterogeneity_bounds` (which the generator writes from the spec), else by the spec's ranges:
 * for a generated file this is exactly what `validate --difficulty` computes.
 */
export function difficultyFor(spec: UserSpec | undefined): DifficultyFn {
  const fromSpec = boundsFromSpec(spec);
  return (task: TaskSpec) => {
    const m = difficulty(task, { ...fromSpec, ...task.task.heterogeneity_bounds });
    return { H: m.H, N: m.N, D: m.D, tau: m.tau };
  };
}

/** Metrics with the default bounds (tasks not made from a user spec). */
export const taskDifficulty: DifficultyFn = difficultyFor(undefined);
