/**
 * What TickingCollab publishes about the difficulty of its own generated suite (634 tasks: 225 "prepare
 * for a crisis", 219 "mine vanishing blocks", 190 "raid a boss"), the target the generator's
 * distributions are compared with in every generation report.
 *
 * Sources, all in the paper's text (`/work/shared/papers/tickingcollab.txt`):
 * - Table 2, the TickingCollabBench columns: the mean of H, N, D and τ per task type (τ in seconds,
 *   configurations with τ = ∞ left out of the mean, as its footnote says).
 * - Figure 2 draws the same four metrics as box plots with their quartiles (Q1, median, Q3), but it is
 *   an image: no quartile is printed in the text or the caption, so `q1`, `median` and `q3` are null here
 *   and a report can only compare quartiles once someone reads them off the figure and fills them in.
 * - Table 3: the parameter distributions of the generated configurations (min / mean ± std / max, or the
 *   share of each category), kept beside the metrics because they are the only other published figures
 *   of what the generator should produce.
 */
import type { GeneratedTaskType } from './user-spec.js';

export const DIFFICULTY_METRICS = ['H', 'N', 'D', 'tau'] as const;
export type DifficultyMetric = (typeof DIFFICULTY_METRICS)[number];

/** One metric's published summary over a task type's configurations; null where the paper prints no number. */
export interface PublishedSummary {
  q1: number | null;
  median: number | null;
  q3: number | null;
  mean: number | null;
}

/** Table 2's TickingCollabBench columns; Figure 2's quartiles are not in the text (see above). */
export const PAPER_DIFFICULTY: Readonly<Record<GeneratedTaskType, Readonly<Record<DifficultyMetric, PublishedSummary>>>> = {
  prepare_crisis: {
    H: { q1: null, median: null, q3: null, mean: 0.78 },
    N: { q1: null, median: null, q3: null, mean: 1.11 },
    D: { q1: null, median: null, q3: null, mean: 1.79 },
    tau: { q1: null, median: null, q3: null, mean: 44.03 },
  },
  mine_vanishing_blocks: {
    H: { q1: null, median: null, q3: null, mean: 0.72 },
    N: { q1: null, median: null, q3: null, mean: 1.42 },
    D: { q1: null, median: null, q3: null, mean: 2.98 },
    tau: { q1: null, median: null, q3: null, mean: 33.31 },
  },
  raid_boss: {
    H: { q1: null, median: null, q3: null, mean: 0.31 },
    N: { q1: null, median: null, q3: null, mean: 1.39 },
    D: { q1: null, median: null, q3: null, mean: 0.38 },
    tau: { q1: null, median: null, q3: null, mean: 25.37 },
  },
};

/** A continuous parameter of Table 3: min / mean ± std / max over the generated configurations. */
export interface PublishedRange {
  min: number;
  mean: number;
  std: number;
  max: number;
}

/** Table 3, as printed (speeds in the paper's own units; shares in percent). */
export const PAPER_PARAMETERS = {
  prepare_crisis: {
    agents: { min: 2, mean: 3.88, std: 1.9, max: 8 },
    crisis_type_percent: { lava: 30, powder_snow: 32, water: 38 },
    crisis_speed: { min: 1, mean: 1.98, std: 0.82, max: 3 },
    agent_speed: { min: 3, mean: 4.49, std: 1.09, max: 6 },
  },
  mine_vanishing_blocks: {
    agents: { min: 2, mean: 5.12, std: 2.25, max: 8 },
    tool_tier_percent: { golden: 14, iron: 31, stone: 32, wooden: 23 },
    target_types_percent: { 2: 33, 3: 36, 4: 32 },
    block_lifetime: { min: 25, mean: 33.3, std: 5.36, max: 40 },
    blocks_per_wave: { min: 8, mean: 9.03, std: 0.7, max: 10 },
  },
  raid_boss: {
    agents: { min: 3, mean: 5.93, std: 1.54, max: 8 },
    boss_hp: { min: 210, mean: 241.53, std: 18.73, max: 280 },
    minion_hp: { min: 25, mean: 34.6, std: 3.87, max: 40 },
    minions_per_wave: { min: 2, mean: 2.5, std: 0.56, max: 4 },
    wave_interval: { min: 8, mean: 11.34, std: 1.88, max: 16 },
  },
} as const;
