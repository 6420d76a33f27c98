/**
 * The generated tasks' difficulty distributions beside the paper's (TickingCollab Table 2 / Figure 2):
 * per metric, our quartiles and mean next to the published ones, and the relative gap of each statistic
 * the paper gives a number for. The generation report prints this table, so a change to a sampler or a
 * spec shows at once how far the suite is from the paper's.
 */
import { DIFFICULTY_METRICS, PAPER_DIFFICULTY, type DifficultyMetric, type PublishedSummary } from './paper-difficulty.js';
import type { GeneratedTaskType } from './user-spec.js';

/** The gap the issue accepts between a generated statistic and the paper's (relative). */
export const GAP_TOLERANCE = 0.15;

const STATS = ['q1', 'median', 'q3', 'mean'] as const;
type Stat = (typeof STATS)[number];

export interface Distribution {
  q1: number;
  median: number;
  q3: number;
  mean: number;
  /** Finite values the statistics are over. */
  count: number;
  /** Values left out because they are infinite (τ with nothing irreversible, N when no agent can work alone). */
  infinite: number;
}

export interface MetricComparison {
  metric: DifficultyMetric;
  ours: Distribution | null;
  paper: PublishedSummary;
  /** |ours − paper| / |paper| for each statistic both sides have; absent where the paper prints none. */
  gap: Partial<Record<Stat, number>>;
  /** Every available gap is within GAP_TOLERANCE (false when there is nothing to compare). */
  within: boolean;
}

/**
 * The p-quantile with linear interpolation between order statistics (numpy's default, which the box
 * plots of matplotlib and seaborn use).
 */
export function quantile(sorted: readonly number[], p: number): number {
  if (sorted.length === 0) return NaN;
  const i = (sorted.length - 1) * p;
  const lo = Math.floor(i);
  const hi = Math.ceil(i);
  return sorted[lo]! + (sorted[hi]! - sorted[lo]!) * (i - lo);
}

/** Quartiles and mean of the finite values; null when there are none. */
export function distribution(values: readonly number[]): Distribution | null {
  const finite = values.filter((v) => Number.isFinite(v)).sort((a, b) => a - b);
  if (finite.length === 0) return null;
  return {
    q1: quantile(finite, 0.25),
    median: quantile(finite, 0.5),
    q3: quantile(finite, 0.75),
    mean: finite.reduce((s, v) => s + v, 0) / finite.length,
    count: finite.length,
    infinite: values.length - finite.length,
  };
}

/** Relative gap of `ours` from `paper`; Infinity when the paper's value is 0 and ours is not. */
export function relativeGap(ours: number, paper: number): number {
  if (paper === 0) return ours === 0 ? 0 : Infinity;
  return Math.abs(ours - paper) / Math.abs(paper);
}

/** Each metric of the accepted tasks beside the paper's for the same task type. */
export function compareWithPaper(taskType: GeneratedTaskType, metrics: readonly Record<string, number>[]): MetricComparison[] {
  return DIFFICULTY_METRICS.map((metric) => {
    const ours = distribution(metrics.map((m) => m[metric]).filter((v): v is number => v !== undefined && v !== null));
    const paper = PAPER_DIFFICULTY[taskType][metric];
    const gap: Partial<Record<Stat, number>> = {};
    if (ours) {
      for (const s of STATS) {
        const p = paper[s];
        if (p !== null) gap[s] = relativeGap(ours[s], p);
      }
    }
    const gaps = Object.values(gap);
    return { metric, ours, paper, gap, within: gaps.length > 0 && gaps.every((g) => g <= GAP_TOLERANCE) };
  });
}

const num = (v: number | null | undefined, digits = 2): string => (v === null || v === undefined ? '—' : Number.isFinite(v) ? v.toFixed(digits) : '∞');
const pct = (v: number | undefined): string => (v === undefined ? '—' : Number.isFinite(v) ? `${Math.round(v * 100)}%` : '∞');

/** A Markdown table: ours and the paper's quartiles and mean, and the gap of each published statistic. */
export function comparisonTable(rows: readonly MetricComparison[]): string[] {
  const lines = [
    '| metric | ours Q1 / median / Q3 | ours mean | paper Q1 / median / Q3 | paper mean | gap Q1 / median / Q3 | gap mean | within 15% |',
    '|---|---|---|---|---|---|---|---|',
  ];
  for (const r of rows) {
    const o = r.ours;
    const inf = o && o.infinite > 0 ? ` (${o.infinite} ∞ left out)` : '';
    lines.push(
      `| ${r.metric} | ${o ? `${num(o.q1)} / ${num(o.median)} / ${num(o.q3)}` : '—'} | ${num(o?.mean)}${inf} | ` +
        `${num(r.paper.q1)} / ${num(r.paper.median)} / ${num(r.paper.q3)} | ${num(r.paper.mean)} | ` +
        `${pct(r.gap.q1)} / ${pct(r.gap.median)} / ${pct(r.gap.q3)} | ${pct(r.gap.mean)} | ${r.within ? 'yes' : 'no'} |`,
    );
  }
  return lines;
}
