/**
 * From an experiment's result rows to numbers with intervals: each row placed at its coordinates (its cell's axis
 * values plus task and task type, or alpha), a metric read per episode, and a group of rows summarised as the mean
 * (or, for `cos`, MindAgent's collaboration score) with a seeded 95% bootstrap interval and its n. Rows that did not
 * run to an end of their own (errors, episodes the bench skipped) count in `excluded`, never in n.
 */
import { aggregateCos, orderCountsOf, type CookingEpisodeCounts } from '../../tasks/cooking/cos.js';
import { getLevel, type RuleSet } from '../../env/cuisine/index.js';
import { choiceCountsOf } from '../../tasks/goals/choice.js';
import type { EpisodeResult } from '../episode-result.js';
import { bootstrapGroups, bootstrapMean, type Interval } from './bootstrap.js';
import type { Cell } from './grid.js';
import { alphaOfTask } from './run.js';
import type { AxisValue, ExperimentSpec, MetricName } from './spec.js';

export interface Row {
  result: EpisodeResult;
  cell: Cell;
  /** Dimension -> value as text (axes, task, task_type or alpha). */
  at: Record<string, string>;
}

export interface Summary {
  interval: Interval | null;
  /** Rows left out: episodes that ended in an error or were not started. */
  excluded: number;
}

export const METRIC_LABELS: Record<MetricName, string> = {
  success: 'success rate',
  score: 'score',
  ticks: 'ticks',
  seconds: 'simulated seconds',
  time_cost: 'time cost TC (s, successes)',
  mpt: 'mean prompt times mPT',
  messages: 'messages',
  llm_calls: 'inferences (model calls)',
  tokens: 'tokens',
  latency_s: 'model latency (s)',
  cost_usd: 'cost ($)',
  plan_ticks: 'planning ticks per agent',
  act_ticks: 'acting ticks per agent',
  idle_ticks: 'idle ticks per agent',
  cooperative_agents: 'agents whose first plan is to work with others',
  correct_choice: 'share of choices that were the correct option (1 = right, 0 = left)',
  choice_made: 'share of choosers who made a clear choice',
  cos: 'collaboration score CoS',
};

export function rowsOf(spec: ExperimentSpec, cells: readonly Cell[], results: readonly EpisodeResult[]): Row[] {
  const byId = new Map(cells.map((c) => [c.id, c]));
  const out: Row[] = [];
  for (const r of results) {
    const cell = r.cell ? byId.get(r.cell) : undefined;
    if (!cell) continue;
    const at: Record<string, string> = {};
    for (const [k, v] of Object.entries(cell.values)) at[k] = text(v);
    if (spec.kind === 'cuisine') {
      const alpha = alphaOfTask(r.task);
      if (alpha !== null) at.alpha = String(alpha);
    } else {
      at.task = r.task;
      at.task_type = r.taskType;
      if (at.agents === undefined) at.agents = r.agents;
    }
    out.push({ result: r, cell, at });
  }
  return out;
}

export const text = (v: AxisValue): string => String(v);

/** Whether a row is an episode that ran to an end of its own (success, failure or time-out). */
export const counts = (r: EpisodeResult): boolean => !r.error && !r.ended.startsWith('skipped_');

const meanOf = (xs: readonly number[]): number => (xs.length ? xs.reduce((a, b) => a + b, 0) / xs.length : 0);

/** The metric of one episode; null when it has none (TC of a failed episode, the paper's NaN). */
export function metricOf(r: EpisodeResult, metric: Exclude<MetricName, 'cos'>): number | null {
  const m = r.metrics;
  const spans = r.timeline ?? [];
  switch (metric) {
    case 'success':
      return r.success ? 1 : 0;
    case 'score':
      return r.score;
    case 'ticks':
      return r.ticks;
    case 'seconds':
      return r.seconds;
    case 'time_cost':
      return m.timeCost !== null && Number.isFinite(m.timeCost) ? m.timeCost : null;
    case 'mpt':
      return m.meanPromptTimes;
    case 'messages':
      return m.messages;
    case 'llm_calls':
      return m.llmCalls;
    case 'tokens':
      return m.promptTokens + m.completionTokens;
    case 'latency_s':
      return m.planningMs / 1000;
    case 'cost_usd':
      return m.costUsd;
    case 'plan_ticks':
      return spans.length ? meanOf(spans.map((s) => s.planningTicks)) : null;
    case 'act_ticks':
      return spans.length ? meanOf(spans.map((s) => s.actingTicks)) : null;
    case 'idle_ticks':
      return spans.length ? meanOf(spans.map((s) => s.idleTicks)) : null;
    case 'cooperative_agents':
      // Only teams that make long-term plans (Alex) have the figure; an episode where no agent planned has none.
      return typeof m.longTermPlans === 'number' && m.longTermPlans > 0 ? (m.cooperativePlans ?? 0) : null;
    case 'correct_choice': {
      // A choice task's details lead with its counts (tasks/goals/choice.ts); an episode where nobody chose has none.
      const c = choiceCountsOf(r.details);
      return c && c.correct + c.other > 0 ? c.correct / (c.correct + c.other) : null;
    }
    case 'choice_made': {
      // The episodes correct_choice leaves out (nobody chose clearly) show here as 0.
      const c = choiceCountsOf(r.details);
      return c && c.correct + c.other + c.undecided > 0 ? (c.correct + c.other) / (c.correct + c.other + c.undecided) : null;
    }
  }
}

/** The metric over a group of rows with its interval; the seed names the group so intervals are reproducible. */
export function summarise(rows: readonly Row[], metric: MetricName, seed: string): Summary {
  const ran = rows.filter((r) => counts(r.result));
  const excluded = rows.length - ran.length;
  if (metric === 'cos') return { interval: cosInterval(ran, seed), excluded };
  const values = ran.map((r) => metricOf(r.result, metric)).filter((v): v is number => v !== null);
  return { interval: bootstrapMean(values, { seed }), excluded };
}

/**
 * CoS (MindAgent Eq. 1): the mean over alphas of completed / (completed + failed) orders, resampling each alpha's
 * episodes on its own. The group must be one level and rule set (a table groups by cell, which fixes both).
 */
function cosInterval(rows: readonly Row[], seed: string): Interval | null {
  if (rows.length === 0) return null;
  const alphas = [...new Set(rows.map((r) => Number(r.at.alpha)))].sort((a, b) => a - b);
  const first = rows[0]!.cell.values;
  const level = getLevel(first.level === undefined ? 'level_0' : String(first.level), (first.rules ?? 'fixed') as RuleSet);
  const groups = alphas.map((a) => rows.filter((r) => Number(r.at.alpha) === a).map((r) => ({ alpha: a, ...orderCountsOf(r.result.details) }) satisfies CookingEpisodeCounts));
  return bootstrapGroups(groups, (gs) => aggregateCos(alphas, gs.flat(), (a) => level.interval(a)).cos, { seed });
}

/** Groups rows by the values of `dims` (in first-seen order). */
export function groupBy(rows: readonly Row[], dims: readonly string[]): Map<string, { key: string[]; rows: Row[] }> {
  const out = new Map<string, { key: string[]; rows: Row[] }>();
  for (const r of rows) {
    const key = dims.map((d) => r.at[d] ?? '—');
    const id = JSON.stringify(key);
    const g = out.get(id) ?? { key, rows: [] };
    g.rows.push(r);
    out.set(id, g);
  }
  return out;
}
