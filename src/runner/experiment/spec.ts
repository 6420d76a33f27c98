/**
 * The experiment file's schema: what a researcher declares once to reproduce a paper's table. An experiment is
 * a set of tasks (task files, or CuisineWorld levels) crossed with a grid of settings (axes), each cell run for
 * `seeds` episodes, reported as the paper's table with the paper's numbers (`reference`) beside ours.
 * docs/experiments.md describes every key.
 */
import { z } from 'zod';

const axisValue = z.union([z.string(), z.number(), z.boolean()]);
const values = <T extends z.ZodType>(item: T) => z.array(item).min(1, 'give at least one value');

/** Axes of an experiment over task files (the bench's episodes). */
export const episodeAxesSchema = z
  .object({
    agents: values(z.string()),
    org: values(z.string()),
    mode: values(z.enum(['sync', 'async'])),
    latency: values(z.string()),
    /** S-Agents' collaboration mode: relay, round-based or non-obstructive (async). */
    collaboration: values(z.enum(['relay', 'round', 'async'])),
    team_size: values(z.number().int().min(1)),
    /** The task's first n confederates (spawns with a script) are seated, the others left out (MineLand's 0+1 .. 9+1). */
    confederates: values(z.number().int().min(0)),
    model: values(z.string()),
    ticks_per_step: values(z.number().int().min(1)),
    time_scale: values(z.number().positive()),
    /** The agents' personality (Alex; MineLand Appendix O): a preset of agents/alex/personalities.ts or the text itself. */
    personality: values(z.string().min(1)),
  })
  .partial()
  .strict();

/** Axes of a CuisineWorld experiment (MindAgent): dispatcher, team size, level and the dispatcher's ablation switches. */
export const cuisineAxesSchema = z
  .object({
    dispatcher: values(z.enum(['heuristic', 'random', 'llm'])),
    agents: values(z.number().int().min(1).max(4)),
    level: values(z.union([z.string(), z.number().int()])),
    rules: values(z.enum(['fixed', 'original'])),
    model: values(z.string()),
    feedback: values(z.boolean()),
    inference_knowledge: values(z.boolean()),
    demo: values(z.enum(['full', 'few-step', 'none'])),
    /** The team size the one-shot demonstration was recorded with (MindAgent Table 9: 4 agents prompted with a 2-agent demo). */
    demo_agents: values(z.number().int().min(1).max(4)),
  })
  .partial()
  .strict();

/** Where a table or a reference number sits: axis names, plus `task` and `task_type` (episodes) or `alpha` (cuisine). */
const dimension = z.string().min(1);

export const METRICS = ['success', 'score', 'ticks', 'seconds', 'time_cost', 'mpt', 'messages', 'llm_calls', 'tokens', 'latency_s', 'cost_usd', 'plan_ticks', 'act_ticks', 'idle_ticks', 'cooperative_agents', 'correct_choice', 'choice_made', 'cos'] as const;
export type MetricName = (typeof METRICS)[number];

export const tableSchema = z
  .object({
    title: z.string().min(1),
    /** Dimensions whose values make the table's rows and columns, outermost first (as the paper's header nests them). */
    rows: z.array(dimension).min(1),
    columns: z.array(dimension).default([]),
    metric: z.enum(METRICS),
  })
  .strict();

export const referenceSchema = z
  .object({
    /** The paper's table or figure and its row, as printed ("Table 4", "Raid a boss"). */
    source: z.string().min(1),
    row: z.string().min(1),
    /** Which of the paper's set-ups the number is from when the table has several for one of our cells (e.g. the model, "GPT-5.1"). */
    label: z.string().optional(),
    /** The cell the number belongs to, as dimension: value (values compared as text). */
    where: z.record(z.string(), axisValue),
    metric: z.enum(METRICS),
    value: z.number(),
  })
  .strict();

export const FIGURES = ['success_vs_team_size', 'cost_per_episode', 'timelines', 'cos_vs_interval', 'org_tc_mpt'] as const;
export type FigureKind = (typeof FIGURES)[number];

const common = {
  title: z.string().min(1),
  paper: z.string().optional(),
  /** What this file reproduces and how it differs from the paper, shown at the top of the report. */
  notes: z.string().optional(),
  seeds: z.number().int().min(1).default(1),
  /** The model for cells that need one when `--model` is not given (e.g. scripted:sagents, so the file runs offline). */
  offline_model: z.string().optional(),
  tables: z.array(tableSchema).min(1, 'declare at least one table'),
  reference: z.array(referenceSchema).default([]),
  figures: z.array(z.enum(FIGURES)).default([]),
};

export const episodesExperimentSchema = z
  .object({
    kind: z.literal('episodes').default('episodes'),
    ...common,
    /** Task ids (suite/name-vN) or task file paths (relative to the experiment file). */
    tasks: z.array(z.string().min(1)).optional(),
    /** A suite name instead of `tasks`, narrowed by `filter` (a substring of the task id). */
    suite: z.string().min(1).optional(),
    filter: z.string().optional(),
    /** One grid (the product of its axes) or several grids whose cells are all run (e.g. the oracle apart from the LLM grid). */
    axes: z.union([episodeAxesSchema, z.array(episodeAxesSchema).min(1)]),
  })
  .strict();

export const cuisineExperimentSchema = z
  .object({
    kind: z.literal('cuisine'),
    ...common,
    /** Order pressures run for every cell; the CoS averages over them (MindAgent Eq. 1). */
    alphas: z.array(z.number().positive()).min(1).default([1.0, 1.5, 2.0, 2.5, 3.0]),
    axes: z.union([cuisineAxesSchema, z.array(cuisineAxesSchema).min(1)]),
  })
  .strict();

export const experimentSchema = z.discriminatedUnion('kind', [episodesExperimentSchema, cuisineExperimentSchema]);

export type EpisodesExperiment = z.infer<typeof episodesExperimentSchema>;
export type CuisineExperiment = z.infer<typeof cuisineExperimentSchema>;
export type ExperimentSpec = (EpisodesExperiment | CuisineExperiment) & { name: string; file: string };
export type TableSpec = z.infer<typeof tableSchema>;
export type ReferenceSpec = z.infer<typeof referenceSchema>;
export type AxisValue = z.infer<typeof axisValue>;
