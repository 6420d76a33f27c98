/**
 * `guildcraft experiment run <file>` runs an experiment file's grid (docs/experiments.md) on the bench machinery,
 * resumable in its --out directory, locally in worker threads or on the distributed queue, then writes the report;
 * `guildcraft experiment report <dir>` renders the report again from that directory alone.
 */
import { availableParallelism } from 'node:os';
import { join } from 'node:path';
import cliProgress from 'cli-progress';
import type { Command } from 'commander';
import { HeuristicDispatcher, RandomDispatcher, type Dispatcher } from '../../agents/cuisine-dispatcher/index.js';
import { parseCacheMode } from '../../llm/index.js';
import type { BenchProgress } from '../../runner/bench/run-bench.js';
import type { Cell } from '../../runner/experiment/grid.js';
import { loadExperiment } from '../../runner/experiment/load.js';
import { paperText, writeExperimentReport, type ReportFiles } from '../../runner/experiment/report.js';
import { experimentTaskFiles, runExperiment, selectedCells } from '../../runner/experiment/run.js';
import type { ExperimentSpec } from '../../runner/experiment/spec.js';
import { displayPath } from '../../tasks/task-files.js';
import { CuisineLlmSession } from '../cuisine-llm.js';
import { parsePositiveInt } from '../parse.js';

interface RunFlags {
  model?: string;
  out?: string;
  jobs?: string;
  queue?: string;
  cells?: string;
  llmCache?: string;
  list?: boolean;
  json?: boolean;
}

export function registerExperiment(program: Command): void {
  const cmd = program.command('experiment').description("run an experiment file's grid and report it as the paper's table, with the paper's numbers beside ours (docs/experiments.md)");
  cmd
    .command('run')
    .description('run every cell of the grid (resumable: an existing --out is continued), then write the report')
    .argument('<file>', 'an experiment file, e.g. experiments/tickingcollab-table4.yaml')
    .option('--model <provider-string>', 'the model for the cells whose agents need one and whose file declares none')
    .option('--out <dir>', 'results directory (default runs/experiments/<name>[-<model>])')
    .option('--jobs <n>', 'worker threads (default: the number of cores)')
    .option('--queue <redis-url>', 'distribute the episodes over `guildcraft worker`s on this Redis (docs/distributed.md)')
    .option('--cells <text>', 'only the cells whose id contains this text (ids: see --list)')
    .option('--llm-cache <mode>', 'record, replay or off (default: GUILDCRAFT_LLM_CACHE or the config file)')
    .option('--list', 'list the cells and the number of episodes, and stop')
    .option('--json', 'print the report paths and table rows as JSON')
    .action(async (file: string, flags: RunFlags) => {
      await experimentRun(file, flags);
    });
  cmd
    .command('report')
    .description('write report.html, tables.csv and summary.json from an experiment directory')
    .argument('<dir>', 'the --out directory of `guildcraft experiment run`')
    .option('--json', 'print the table rows as JSON')
    .action((dir: string, flags: { json?: boolean }) => {
      printReport(writeExperimentReport(dir), flags.json === true);
    });
}

export const defaultExperimentOut = (spec: ExperimentSpec, model?: string): string => join('runs', 'experiments', model ? `${spec.name}-${model.replace(/[^a-z0-9.-]+/gi, '_')}` : spec.name);

export async function experimentRun(file: string, flags: RunFlags): Promise<void> {
  const spec = loadExperiment(file);
  const cells = selectedCells(spec, flags.cells);
  if (flags.list) {
    const tasks = spec.kind === 'episodes' ? experimentTaskFiles(spec).length : spec.alphas.length;
    for (const c of cells) console.log(`${c.id}\t${tasks * spec.seeds} episodes`);
    return;
  }
  if (flags.llmCache) parseCacheMode(flags.llmCache, '--llm-cache');
  const out = flags.out ?? defaultExperimentOut(spec, flags.model);
  const threads = flags.jobs !== undefined ? parsePositiveInt(flags.jobs, '--jobs') : availableParallelism();
  const bar = process.stderr.isTTY && !flags.json ? new cliProgress.SingleBar({ stream: process.stderr, format: 'experiment {bar} {value}/{total} episodes | {eta_formatted} left', clearOnComplete: true }, cliProgress.Presets.shades_classic) : null;
  let started = false;
  const onProgress = (p: BenchProgress) => {
    if (p.stopped) console.error(`\nexperiment: ${p.stopped}`);
    if (!bar) return;
    if (!started) bar.start(p.total, p.done);
    started = true;
    bar.update(p.done);
  };
  const abort = new AbortController();
  const onSigint = () => abort.abort();
  process.once('SIGINT', onSigint);
  try {
    const run = await runExperiment(spec, {
      out,
      threads,
      ...(flags.model ? { model: flags.model } : {}),
      ...(flags.queue ? { queue: flags.queue } : {}),
      ...(flags.cells ? { cells: flags.cells } : {}),
      ...(flags.llmCache ? { llmCache: flags.llmCache } : {}),
      cuisineDispatcher: cuisineDispatchers(flags),
      onProgress,
      signal: abort.signal,
    });
    bar?.stop();
    for (const n of run.notRun) console.error(`experiment: cell ${n.cell} not run: ${n.why}`);
    const files = writeExperimentReport(out);
    printReport(files, flags.json === true);
    if (abort.signal.aborted) {
      console.error('experiment: interrupted; run the same command again to finish the remaining episodes');
      process.exitCode = 130;
    }
  } finally {
    bar?.stop();
    process.off('SIGINT', onSigint);
  }
}

/** The CuisineWorld dispatcher for a cell: built-in ones, or an LLM one with the cell's ablation switches (one model session per cell). */
function cuisineDispatchers(flags: RunFlags): (cell: Cell, label: string, seed: number) => Dispatcher {
  const sessions = new Map<string, CuisineLlmSession>();
  return (cell, label, seed) => {
    const kind = String(cell.values.dispatcher ?? 'heuristic');
    if (kind === 'heuristic') return new HeuristicDispatcher();
    if (kind === 'random') return new RandomDispatcher(seed);
    let session = sessions.get(cell.id);
    if (!session) {
      const model = cell.values.model !== undefined ? String(cell.values.model) : flags.model;
      session = new CuisineLlmSession({
        ...(model ? { model } : {}),
        ...(flags.llmCache ? { cacheMode: parseCacheMode(flags.llmCache, '--llm-cache') } : {}),
        dispatcher: {
          ...(cell.values.feedback === false ? { feedback: false } : {}),
          ...(cell.values.inference_knowledge === false ? { inferenceKnowledge: false } : {}),
          ...(cell.values.demo !== undefined ? { demo: cell.values.demo as 'full' | 'few-step' | 'none' } : {}),
          ...(cell.values.demo_agents !== undefined ? { demoAgents: Number(cell.values.demo_agents) } : {}),
        },
      });
      sessions.set(cell.id, session);
    }
    return session.dispatcher(label);
  };
}

function printReport(files: ReportFiles, json: boolean): void {
  const lines = files.tables.flatMap((t) =>
    t.rowKeys.flatMap((rk, ri) =>
      t.columnKeys.map((ck, ci) => {
        const c = t.cells[ri]![ci];
        const i = c?.summary.interval;
        return { table: t.spec.title, row: rk.join(' / '), column: ck.join(' / '), metric: t.spec.metric, estimate: i?.estimate ?? null, low: i?.low ?? null, high: i?.high ?? null, n: i?.n ?? 0, paper: c ? paperText(c.references) : null };
      }),
    ),
  );
  if (json) {
    console.log(JSON.stringify({ report: files.html, csv: files.csv, json: files.json, tables: lines }));
    return;
  }
  let table = '';
  for (const l of lines) {
    if (l.table !== table) console.log(`\n${(table = l.table)} (${l.metric}: ours [95% CI] n | paper)`);
    const ours = l.estimate === null ? 'not run' : `${l.estimate.toFixed(2)} [${l.low!.toFixed(2)}, ${l.high!.toFixed(2)}] n=${l.n}`;
    console.log(`  ${[l.row, l.column].filter(Boolean).join(' | ')}: ${ours}${l.paper === null ? '' : ` | paper ${l.paper}`}`);
  }
  console.log(`\nreport ${displayPath(files.html)}; data ${displayPath(files.csv)}, ${displayPath(files.json)}`);
}
