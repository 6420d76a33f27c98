/**
 * Runs an experiment's grid on the bench machinery: every (cell, task, seed) is one BenchJob whose task names its
 * cell (`task@cell`), so the grid shares one resumable results file (`<out>/results.jsonl`) and runs in worker
 * threads or on the distributed queue like any bench. CuisineWorld cells run in this process (their dispatcher
 * may hold a model session the caller owns). The spec is saved beside the results so `experiment report <dir>`
 * needs nothing else.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import type { Dispatcher } from '../../agents/cuisine-dispatcher/index.js';
import { InputError } from '../../core/errors.js';
import { getLevel, type RuleSet } from '../../env/cuisine/index.js';
import { idFromFile } from '../../tasks/load.js';
import { suiteFiles, taskFile } from '../../tasks/task-files.js';
import { ResultsFile } from '../bench/results-file.js';
import { runBench, type BenchJob, type BenchProgress } from '../bench/run-bench.js';
import { composition, compositionUsesModel } from '../compose-team.js';
import { runCuisineEpisode } from '../cuisine-episode.js';
import { defaultAgentsFor, runEpisodeJob, type EpisodeJobOptions } from '../episode-job.js';
import type { EpisodeResult } from '../episode-result.js';
import { runQueuedBench } from '../queue/coordinator.js';
import { sweepName } from '../queue/sweep-queue.js';
import { loadSpec } from '../task-adapter.js';
import { JsonlRunLog } from '../run-log.js';
import { expandCells, type Cell } from './grid.js';
import type { CuisineExperiment, EpisodesExperiment, ExperimentSpec } from './spec.js';

export const SPEC_FILE = 'experiment.json';
export const RESULTS_FILE = 'results.jsonl';

/** A cell the run leaves out, and why (shown in the report). */
export interface CellNotRun {
  cell: string;
  why: string;
}

export interface ExperimentRunOptions {
  out: string;
  /** The model for cells that need one and declare none (`--model`). */
  model?: string;
  /** Worker threads; 0 or 1 runs in this process. */
  threads?: number;
  /** A Redis URL: distribute the episodes over `guildcraft worker`s. */
  queue?: string;
  /** Only cells whose id contains this text. */
  cells?: string;
  llmCache?: string;
  /** The process environment consulted for a default model (GUILDCRAFT_MODEL). */
  env?: NodeJS.ProcessEnv;
  /** CuisineWorld: the dispatcher for one episode of a cell (the CLI provides the LLM one). */
  cuisineDispatcher?: (cell: Cell, label: string, seed: number) => Dispatcher;
  onProgress?(p: BenchProgress): void;
  signal?: AbortSignal;
}

export interface ExperimentRun {
  results: EpisodeResult[];
  notRun: CellNotRun[];
  jobs: number;
}

export function selectedCells(spec: ExperimentSpec, filter?: string): Cell[] {
  const cells = expandCells(spec).filter((c) => !filter || c.id.includes(filter));
  if (cells.length === 0) throw new InputError(`no cell of ${spec.name} matches '${filter}'`, `cell ids look like ${expandCells(spec)[0]?.id ?? 'default'}; loosen --cells`);
  return cells;
}

export async function runExperiment(spec: ExperimentSpec, o: ExperimentRunOptions): Promise<ExperimentRun> {
  mkdirSync(o.out, { recursive: true });
  writeFileSync(join(o.out, SPEC_FILE), JSON.stringify(spec, null, 2) + '\n');
  const cells = selectedCells(spec, o.cells);
  const results = new ResultsFile(join(o.out, RESULTS_FILE));
  if (spec.kind === 'cuisine') {
    const { jobs, notRun } = cuisineJobs(spec, cells, o);
    const make = o.cuisineDispatcher;
    const rs = await runBench(jobs, { results, threads: 1, runInProcess: (job) => runCuisineJob(job, cells, make, join(o.out, 'episodes')), ...(o.onProgress ? { onProgress: o.onProgress } : {}), ...(o.signal ? { signal: o.signal } : {}), usesModel: (j) => j.options.dispatcher === 'llm' });
    return { results: rs, notRun, jobs: jobs.length };
  }
  const { jobs, notRun } = await episodeJobs(spec, cells, o);
  const onProgress = o.onProgress ?? (() => undefined);
  const rs = o.queue
    ? await runQueuedBench(jobs, { url: o.queue, sweep: sweepName(`experiment-${spec.name}`), results, limits: {}, ...(o.signal ? { signal: o.signal } : {}), onProgress })
    : await runBench(jobs, {
        results,
        threads: o.threads ?? 1,
        runInProcess: (job) => runEpisodeJob(job.options as unknown as EpisodeJobOptions),
        workerUrl: new URL('../bench/worker.js', import.meta.url),
        onProgress,
        ...(o.signal ? { signal: o.signal } : {}),
      });
  return { results: rs, notRun, jobs: jobs.length };
}

/** The task files an episodes experiment runs. */
export function experimentTaskFiles(spec: EpisodesExperiment & { file: string }): string[] {
  if (spec.tasks) return spec.tasks.map((t) => (/\.ya?ml$/i.test(t) ? taskFile(resolve(dirname(spec.file), t)) : taskFile(t)));
  const files = suiteFiles(spec.suite!).filter((f) => !spec.filter || idFromFile(f).includes(spec.filter));
  if (files.length === 0) throw new InputError(`no task of suite '${spec.suite}' matches filter '${spec.filter}'`, 'loosen filter in the experiment file');
  return files;
}

async function episodeJobs(spec: EpisodesExperiment & { file: string; name: string }, cells: readonly Cell[], o: ExperimentRunOptions): Promise<{ jobs: BenchJob[]; notRun: CellNotRun[] }> {
  const files = experimentTaskFiles(spec);
  const specs = await Promise.all(files.map(async (f) => ({ file: f, spec: await loadSpec(f) })));
  const jobs: BenchJob[] = [];
  const notRun: CellNotRun[] = [];
  const envModel = (o.env ?? process.env).GUILDCRAFT_MODEL;
  for (const cell of cells) {
    const v = cell.values;
    const agents = v.agents === undefined ? null : String(v.agents);
    const org = v.org === undefined ? undefined : String(v.org);
    if (agents) composition(agents, org); // refuses a pairing the architecture cannot sit in, before anything runs
    const needsModel = agents !== null && compositionUsesModel(composition(agents, org));
    const model = v.model !== undefined ? String(v.model) : (o.model ?? spec.offline_model);
    if (v.personality !== undefined && agents !== 'alex') {
      notRun.push({ cell: cell.id, why: `a personality is prompted only by the 'alex' agents, not '${agents ?? 'the task default'}': set agents: [alex] in this block` });
      continue;
    }
    if (needsModel && !model && !envModel) {
      notRun.push({ cell: cell.id, why: `the '${agents}' agents need a model: pass --model (or set GUILDCRAFT_MODEL)` });
      continue;
    }
    for (const { file, spec: task } of specs) {
      const id = task.id ?? idFromFile(file);
      const arch = agents ?? defaultAgentsFor(task.task.type);
      for (let s = 0; s < spec.seeds; s++) {
        const options: EpisodeJobOptions = {
          file,
          seed: String(s),
          agents: arch,
          cell: cell.id,
          logDir: join(o.out, 'episodes'),
          mode: v.mode === 'async' ? 'async' : 'sync',
          ticksPerStep: v.ticks_per_step !== undefined ? Number(v.ticks_per_step) : 5,
          ...(org ? { org } : {}),
          ...(needsModel && model ? { model } : {}),
          ...(v.latency !== undefined ? { latency: String(v.latency) } : {}),
          ...(v.collaboration !== undefined ? { collaboration: String(v.collaboration) } : {}),
          ...(v.team_size !== undefined ? { teamSize: Number(v.team_size) } : {}),
          ...(v.confederates !== undefined ? { confederates: Number(v.confederates) } : {}),
          ...(v.time_scale !== undefined ? { timeScale: Number(v.time_scale) } : {}),
          ...(v.personality !== undefined ? { personality: String(v.personality) } : {}),
          ...(o.llmCache ? { llmCache: o.llmCache } : {}),
        };
        jobs.push({ task: `${id}@${cell.id}`, seed: String(s), options: { ...options, taskType: task.task.type } as unknown as Record<string, unknown> });
      }
    }
  }
  return { jobs, notRun };
}

function cuisineJobs(spec: CuisineExperiment & { name: string }, cells: readonly Cell[], o: ExperimentRunOptions): { jobs: BenchJob[]; notRun: CellNotRun[] } {
  const jobs: BenchJob[] = [];
  const notRun: CellNotRun[] = [];
  const env = o.env ?? process.env;
  for (const cell of cells) {
    const model = cell.values.model ?? o.model ?? spec.offline_model ?? env.GUILDCRAFT_MODEL_DISPATCHER ?? env.GUILDCRAFT_MODEL;
    if (cell.values.dispatcher === 'llm' && model === undefined) {
      notRun.push({ cell: cell.id, why: 'the llm dispatcher needs a model: pass --model (or set GUILDCRAFT_MODEL)' });
      continue;
    }
    const level = getLevel(cell.values.level === undefined ? 'level_0' : String(cell.values.level), (cell.values.rules ?? 'fixed') as RuleSet).name;
    for (const alpha of spec.alphas) {
      for (let s = 0; s < spec.seeds; s++) {
        jobs.push({ task: `${cuisineTaskName(level, alpha)}@${cell.id}`, seed: String(s), options: { cell: cell.id, taskType: 'cuisine', agents: String(cell.values.dispatcher ?? 'heuristic'), dispatcher: String(cell.values.dispatcher ?? 'heuristic'), level, alpha } });
      }
    }
  }
  return { jobs, notRun };
}

/** `cuisine/level_3/alpha-1.5`: the alpha is read back from the name by the report. */
export const cuisineTaskName = (level: string, alpha: number): string => `cuisine/${level}/alpha-${alpha}`;

export function alphaOfTask(task: string): number | null {
  const m = /\/alpha-([0-9.]+)$/.exec(task);
  return m ? Number(m[1]) : null;
}

async function runCuisineJob(job: BenchJob, cells: readonly Cell[], make: ExperimentRunOptions['cuisineDispatcher'], logDir: string): Promise<EpisodeResult> {
  const cell = cells.find((c) => c.id === job.options.cell)!;
  const level = String(job.options.level);
  const alpha = Number(job.options.alpha);
  const seed = Number(job.seed);
  const agents = Number(cell.values.agents ?? 2);
  const label = `${level}, ${agents} agents, alpha ${alpha.toFixed(1)}, seed ${seed} (${cell.id})`;
  if (!make) throw new InputError(`no dispatcher for ${label}`, 'pass cuisineDispatcher to runExperiment');
  const log = new JsonlRunLog(join(logDir, `${level}-alpha${alpha}-${cell.id}-seed${seed}.jsonl`));
  const result = await runCuisineEpisode({ level, agents, alpha, seed, rules: (cell.values.rules ?? 'fixed') as RuleSet, dispatcher: make(cell, label, seed), log });
  return { ...result, task: cuisineTaskName(level, alpha), cell: cell.id, log: log.path };
}
