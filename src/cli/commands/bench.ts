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
import { runBench, type BenchJob, type BenchProgress } from '../../runner/bench/run-bench.js';
import { formatSummary, summarize } from '../../runner/bench/summary.js';
import { htmlReport } from '../../runner/report/html-report.js';
import { loadSpec } from '../../runner/task-adapter.js';
import { displayPath, suiteFiles } from '../../tasks/task-files.js';
import { mineLandFiles } from '../../runner/mineland-files.js';
import { parsePositiveInt } from '../parse.js';
import { EPISODES_PAGE_PATH, startWatchServer } from '../../server/viewer/watch-server.js';
import { replayUrlUnder } from '../../server/viewer/replay-link.js';
import { addEpisodeFlags, jobOptions, withPlugins, type EpisodeFlags } from './episode-flags.js';
import { parsePort } from './serve.js';
import { basename, resolve } from 'node:path';
import { runQueuedBench } from '../../runner/queue/coordinator.js';
import { cancelSweep, sweepStatus } from '../../runner/queue/sweep-control.js';
import { parseRate } from '../../runner/queue/shared-rate-limit.js';
import { sweepName, type SweepLimits } from '../../runner/queue/sweep-queue.js';

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
  queue?: string;
  status?: boolean;
  cancel?: boolean;
  maxTokens?: string;
  maxCost?: string;
  rate?: string;
  watch?: string;
  watchPort: string;
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
    .option('--watch <episode>', 'stream episode number <episode> (0-based, in --list order, seeds innermost) to the viewer; the bench then runs its episodes one at a time in this process')
    .option('--watch-port <n>', "with --watch: the viewer server's port on 127.0.0.1 (0 picks a free one)", '0')
    .option('--seeds <k>', 'episodes per task, with seeds 0..k-1', '1')
    .option('--out <dir>', 'results directory (default runs/bench/<suite>-<agents|default>); an existing one is resumed')
    .option('--json', 'print one JSON object with the summary rows instead of the table')
    .option('--list', 'list the tasks that would run, and stop')
    .option('--team-size <n>', 'mineland: agents per generated task', '2')
    .option('--competitive', 'mineland: generate the competitive variants (default cooperative)')
    .option('--queue <redis-url>', 'distribute the sweep: enqueue it on this Redis (redis://host:port[/db]) for `guildcraft worker`s and follow it (docs/distributed.md)')
    .option('--status', "with --queue: print the sweep's job counts, workers and spending, and stop")
    .option('--cancel', "with --queue: remove the sweep's jobs not yet started and stop")
    .option('--max-tokens <n>', 'with --queue: token cap for the whole sweep (no episode starts once it is reached)')
    .option('--max-cost <usd>', 'with --queue: cost cap in dollars for the whole sweep')
    .option('--rate <n/window>', 'with --queue: model requests per provider across all workers, e.g. 60/m or 5/s')
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

export async function bench(suite: string, given: BenchFlags): Promise<void> {
  const suiteName = suite.replace(/[/\\]+$/, '').split(/[/\\]/).pop()!;
  const out = given.out ?? join('runs', 'bench', `${suiteName}-${given.agents?.replace(/^.*[/\\]/, '') ?? 'default'}`);
  const flags = await withPlugins(given);
  if (flags.status || flags.cancel) {
    if (!flags.queue) throw new InputError(`--${flags.status ? 'status' : 'cancel'} needs --queue`, 'pass --queue redis://host:port');
    await controlSweep(flags.queue, sweepName(basename(resolve(out))), flags);
    return;
  }
  const files = selectFiles(suite, flags, out);
  if (flags.list) {
    for (const f of files) console.log(`${idFromFile(f)}\t${displayPath(f)}`);
    return;
  }
  const seeds = parsePositiveInt(flags.seeds, '--seeds');
  // A watched episode runs in this process (the viewer streams from here), so the whole bench does.
  const watchIndex = flags.watch !== undefined ? parseWatchIndex(flags.watch) : null;
  if (watchIndex !== null && flags.queue) throw new InputError('--watch streams an episode this process runs; a --queue sweep runs them elsewhere', 'drop --queue, or drop --watch');
  const threads = watchIndex !== null ? 1 : flags.jobs !== undefined ? parsePositiveInt(flags.jobs, '--jobs') : availableParallelism();
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
  if (watchIndex !== null && watchIndex >= jobs.length) throw new InputError(`--watch ${watchIndex}: this bench has ${jobs.length} episodes (0..${jobs.length - 1})`, 'pick one from `--list` (times --seeds)');
  const watchedJob = watchIndex !== null ? jobs[watchIndex] : undefined;
  const watching = watchedJob ? await startWatchServer({ runsDir: out, port: parsePort(flags.watchPort) }) : null;
  const watch = watching?.live.watch({ runsDir: resolve(out), humans: true, onStart: (ep) => console.error(`bench: watch episode ${watchIndex} at ${watching.viewerUrl(ep.id)}`) });
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
    const onProgress = (p: BenchProgress) => {
        if (p.stopped) console.error(`\nbench: ${p.stopped}`);
        if (bar) {
          if (!started) bar.start(p.total, p.done, { last: '-' });
          started = true;
          bar.update(p.done, { last: p.last ? `${p.last.task} ${p.last.success ? 'ok' : p.last.ended}` : '-' });
        } else if (!flags.json && p.done - lastPrinted >= Math.max(1, Math.ceil(p.total / 10))) {
          lastPrinted = p.done;
          console.error(`bench: ${p.done}/${p.total} episodes`);
        }
    };
    const rs = flags.queue
      ? await runQueuedBench(jobs, { url: flags.queue, sweep: sweepName(basename(resolve(out))), results, limits: sweepLimits(flags), signal: abort.signal, onProgress })
      : await runBench(jobs, {
          results,
          threads,
          runInProcess: (job) => runEpisodeJob(job.options as unknown as EpisodeJobOptions, {}, job === watchedJob && watch ? { watch } : {}),
          workerUrl: new URL('../../runner/bench/worker.js', import.meta.url),
          // A job's own bound is its episode's plus a minute (see RunBenchOptions.jobWallClockMs).
          ...(flags.episodeTimeout !== undefined ? { jobWallClockMs: Number(flags.episodeTimeout) * 60_000 + 60_000 } : {}),
          signal: abort.signal,
          onProgress,
        });
    bar?.stop();
    const wallSeconds = Math.round((performance.now() - wall0) / 100) / 10;
    const rows = summarize(rs);
    const notStarted = rs.filter((r) => r.ended.startsWith('skipped_')).length;
    const reference = PAPER_REFERENCE[`${suiteName}/${agentsLabel}`];
    const reportPath = join(out, 'report.html');
    writeFileSync(reportPath, htmlReport(rs, { title: `guildcraft bench ${suiteName} — ${agentsLabel}`, ...(reference ? { reference } : {}), replayUrl: replayUrlUnder('runs') }));
    if (flags.json) {
      console.log(JSON.stringify({ suite: suiteName, agents: agentsLabel, episodes: rs.length, notStarted, wallSeconds, summary: rows, ...(reference ? { paper: reference } : {}), results: join(out, 'results.jsonl'), report: reportPath }));
    } else {
      console.log(formatSummary(rows));
      if (reference) console.log(`\n${reference.label}: ${Object.entries(reference.successByType).map(([t, v]) => `${t} ${v.toFixed(2)}`).join(', ')}`);
      if (notStarted > 0) console.log(`\n${notStarted} episode${notStarted === 1 ? ' was' : 's were'} not started (${notStartedWhy(rs)}); run the same command again to run them`);
      console.log(`\n${rs.length} episodes in ${wallSeconds} s (${flags.queue ? `queue ${flags.queue}` : `${threads} worker${threads === 1 ? '' : 's'}`}); results ${displayPath(join(out, 'results.jsonl'))}; report ${displayPath(reportPath)}`);
    }
    if (abort.signal.aborted) {
      console.error('bench: interrupted; run the same command again to finish the remaining episodes');
      process.exitCode = 130;
    }
  } finally {
    bar?.stop();
    process.off('SIGINT', onSigint);
  }
  if (watching) {
    // The watched episode can still be scrubbed through; the viewer stays up until the person stops it.
    console.error(`bench: the viewer stays at ${watching.server.url}${EPISODES_PAGE_PATH} until Ctrl-C`);
    process.once('SIGINT', () => void watching.server.close().then(() => process.exit(process.exitCode ?? 0)));
  }
}

/** The sweep-wide caps and rate from the flags. */
function sweepLimits(flags: BenchFlags): SweepLimits {
  const number = (text: string, flag: string): number => {
    const n = Number(text);
    if (!Number.isFinite(n) || n < 0) throw new InputError(`${flag} must be a number >= 0, got '${text}'`, `pass for example ${flag} 100000`);
    return n;
  };
  return {
    ...(flags.maxTokens !== undefined ? { maxTokens: number(flags.maxTokens, '--max-tokens') } : {}),
    ...(flags.maxCost !== undefined ? { maxCostUsd: number(flags.maxCost, '--max-cost') } : {}),
    ...(flags.rate !== undefined ? { rate: parseRate(flags.rate) } : {}),
  };
}

/** Why episodes were not started, counted by reason (`skipped_budget` 3, …). */
function notStartedWhy(rs: readonly { ended: string }[]): string {
  const by = new Map<string, number>();
  for (const r of rs) if (r.ended.startsWith('skipped_')) by.set(r.ended, (by.get(r.ended) ?? 0) + 1);
  return [...by].map(([why, n]) => `${why} ${n}`).join(', ');
}

async function controlSweep(url: string, sweep: string, flags: BenchFlags): Promise<void> {
  if (flags.cancel) {
    const removed = await cancelSweep(url, sweep);
    if (flags.json) console.log(JSON.stringify({ sweep, cancelled: true, removed }));
    else console.log(`sweep ${sweep}: cancelled; ${removed} episode${removed === 1 ? '' : 's'} not yet started removed (running ones finish; the results file is kept)`);
    return;
  }
  const s = await sweepStatus(url, sweep);
  if (flags.json) {
    console.log(JSON.stringify(s));
    return;
  }
  const caps = [s.limits.maxTokens !== undefined ? `${s.tokensUsed}/${s.limits.maxTokens} tokens` : `${s.tokensUsed} tokens`, s.limits.maxCostUsd !== undefined ? `$${s.costUsd.toFixed(4)}/$${s.limits.maxCostUsd}` : `$${s.costUsd.toFixed(4)}`];
  console.log(`sweep ${sweep}${s.cancelled ? ' (cancelled)' : ''}: ${Object.entries(s.jobs).map(([k, v]) => `${v} ${k}`).join(', ')}; ${s.workers} worker connection${s.workers === 1 ? '' : 's'}; spent ${caps.join(', ')}`);
}

function parseWatchIndex(value: string): number {
  if (!/^\d+$/.test(value)) throw new InputError(`--watch must be an episode number (0, 1, …), got '${value}'`, 'pass for example --watch 0');
  return Number(value);
}
