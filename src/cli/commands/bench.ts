/**
 * `guildcraft bench <suite>`: many episodes in worker threads with a progress bar. Results are
 * appended to `<out>/results.jsonl` as they finish, so an interrupted bench started again with the
 * same --out resumes without losing or repeating episodes; then a results table and an HTML report.
 */
import { availableParallelism } from 'node:os';
import { join } from 'node:path';
import { writeFileSync } from 'node:fs';
import cliProgress from 'cli-progress';
import type { Command } from 'commander';
import { InputError } from '../../core/errors.js';
import { idFromFile } from '../../tasks/load.js';
import { defaultAgentsFor, runEpisodeJob, type EpisodeJobOptions } from '../../runner/episode-job.js';
import { ResultsFile } from '../../runner/bench/results-file.js';
import { runBench, type BenchJob } from '../../runner/bench/run-bench.js';
import { formatSummary, summarize } from '../../runner/bench/summary.js';
import { htmlReport } from '../../runner/report/html-report.js';
import { loadSpec } from '../../runner/task-adapter.js';
import { displayPath, suiteFiles } from '../../tasks/task-files.js';
import { mineLandFiles } from '../../runner/mineland-files.js';
import { parsePositiveInt } from '../parse.js';
import { addEpisodeFlags, jobOptions, type EpisodeFlags } from './episode-flags.js';

interface BenchFlags extends EpisodeFlags {
  filter?: string;
  limit?: string;
  jobs?: string;
  seeds: string;
  json?: boolean;
  out?: string;
  list?: boolean;
  teamSize: string;
  competitive?: boolean;
}

/** Published figures shown beside ours in the report (TickingCollab Table: the oracle baseline). */
const PAPER_REFERENCE: Record<string, { label: string; successByType: Record<string, number> }> = {
  'tickingcollab/oracle': { label: 'TickingCollab paper oracle', successByType: { prepare_crisis: 0.91, mine_vanishing_blocks: 0.8, raid_boss: 0.59 } },
};

export function registerBench(program: Command): void {
  addEpisodeFlags(
    program
      .command('bench')
      .description('run a suite of tasks in parallel and report success rates, times and costs')
      .argument('<suite>', 'suite name (tickingcollab, sagents, mineland) or a directory of task files'),
  )
    .option('--filter <text>', 'only tasks whose id contains this text (or matches /regex/)')
    .option('--limit <n>', 'at most this many tasks (after --filter)')
    .option('--jobs <n>', 'worker threads (default: the number of cores)')
    .option('--seeds <k>', 'episodes per task, with seeds 0..k-1', '1')
    .option('--out <dir>', 'results directory (default runs/bench/<suite>-<agents|default>); an existing one is resumed')
    .option('--json', 'print one JSON object with the summary rows instead of the table')
    .option('--list', 'list the tasks that would run, and stop')
    .option('--team-size <n>', 'mineland: agents per generated task', '2')
    .option('--competitive', 'mineland: generate the competitive variants (default cooperative)')
    .action(async (suite: string, flags: BenchFlags) => {
      await bench(suite, flags);
    });
}

function selectFiles(suite: string, flags: BenchFlags, out: string): string[] {
  // MineLand's families are computed from minecraft-data; the hand-written examples come first.
  let files = suiteFiles(suite);
  if (suite === 'mineland') {
    const skipIds = new Set(files.map((f) => idFromFile(f)));
    files = [...files, ...mineLandFiles(join(out, 'tasks'), { agents: parsePositiveInt(flags.teamSize, '--team-size'), mode: flags.competitive ? 'competitive' : 'cooperative', skipIds })];
  }
  if (flags.filter) {
    const f = flags.filter;
    const re = f.startsWith('/') && f.endsWith('/') && f.length > 2 ? new RegExp(f.slice(1, -1)) : null;
    files = files.filter((file) => (re ? re.test(idFromFile(file)) : idFromFile(file).includes(f)));
  }
  if (flags.limit !== undefined) files = files.slice(0, parsePositiveInt(flags.limit, '--limit'));
  if (files.length === 0) throw new InputError(`no tasks in '${suite}' match`, 'loosen --filter, or list the suite with --list');
  return files;
}

export async function bench(suite: string, flags: BenchFlags): Promise<void> {
  const suiteName = suite.replace(/[/\\]+$/, '').split(/[/\\]/).pop()!;
  const out = flags.out ?? join('runs', 'bench', `${suiteName}-${flags.agents ?? 'default'}`);
  const files = selectFiles(suite, flags, out);
  if (flags.list) {
    for (const f of files) console.log(`${idFromFile(f)}\t${displayPath(f)}`);
    return;
  }
  const seeds = parsePositiveInt(flags.seeds, '--seeds');
  const threads = flags.jobs !== undefined ? parsePositiveInt(flags.jobs, '--jobs') : availableParallelism();
  // Load every task first: a bad file is reported now, with its path, rather than as a failed episode.
  const jobs: BenchJob[] = [];
  const types = new Map<string, string>();
  for (const file of files) {
    const spec = await loadSpec(file);
    types.set(file, spec.task.type);
    for (let s = 0; s < seeds; s++) {
      const options: EpisodeJobOptions = { ...jobOptions(flags, file, String(s), flags.agents ?? defaultAgentsFor(spec.task.type)), logDir: join(out, 'episodes') };
      jobs.push({ task: spec.id ?? idFromFile(file), seed: String(s), options: { ...options, taskType: spec.task.type } as unknown as Record<string, unknown> });
    }
  }
  const agentsLabel = flags.agents ?? [...new Set(jobs.map((j) => String(j.options.agents)))].join('+');
  const results = new ResultsFile(join(out, 'results.jsonl'));
  const bar = process.stderr.isTTY
    ? new cliProgress.SingleBar({ stream: process.stderr, format: 'bench {bar} {value}/{total} episodes | {eta_formatted} left | last: {last}', clearOnComplete: true }, cliProgress.Presets.shades_classic)
    : null;
  const abort = new AbortController();
  const onSigint = () => abort.abort();
  process.once('SIGINT', onSigint);
  const wall0 = performance.now();
  let started = false;
  let lastPrinted = 0;
  try {
    const rs = await runBench(jobs, {
      results,
      threads,
      runInProcess: (job) => runEpisodeJob(job.options as unknown as EpisodeJobOptions),
      workerUrl: new URL('../../runner/bench/worker.js', import.meta.url),
      signal: abort.signal,
      onProgress: (p) => {
        if (p.stopped) console.error(`\nbench: ${p.stopped}`);
        if (bar) {
          if (!started) bar.start(p.total, p.done, { last: '-' });
          started = true;
          bar.update(p.done, { last: p.last ? `${p.last.task} ${p.last.success ? 'ok' : p.last.ended}` : '-' });
        } else if (!flags.json && p.done - lastPrinted >= Math.max(1, Math.ceil(p.total / 10))) {
          lastPrinted = p.done;
          console.error(`bench: ${p.done}/${p.total} episodes`);
        }
      },
    });
    bar?.stop();
    const wallSeconds = Math.round((performance.now() - wall0) / 100) / 10;
    const rows = summarize(rs);
    const reference = PAPER_REFERENCE[`${suiteName}/${agentsLabel}`];
    const reportPath = join(out, 'report.html');
    writeFileSync(reportPath, htmlReport(rs, { title: `guildcraft bench ${suiteName} — ${agentsLabel}`, ...(reference ? { reference } : {}) }));
    if (flags.json) {
      console.log(JSON.stringify({ suite: suiteName, agents: agentsLabel, episodes: rs.length, wallSeconds, summary: rows, ...(reference ? { paper: reference } : {}), results: join(out, 'results.jsonl'), report: reportPath }));
    } else {
      console.log(formatSummary(rows));
      if (reference) console.log(`\n${reference.label}: ${Object.entries(reference.successByType).map(([t, v]) => `${t} ${v.toFixed(2)}`).join(', ')}`);
      console.log(`\n${rs.length} episodes in ${wallSeconds} s (${threads} worker${threads === 1 ? '' : 's'}); results ${displayPath(join(out, 'results.jsonl'))}; report ${displayPath(reportPath)}`);
    }
    if (abort.signal.aborted) {
      console.error('bench: interrupted; run the same command again to finish the remaining episodes');
      process.exitCode = 130;
    }
  } finally {
    bar?.stop();
    process.off('SIGINT', onSigint);
  }
}
