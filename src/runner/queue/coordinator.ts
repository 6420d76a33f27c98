/**
 * The coordinator of a distributed sweep (`bench --queue`): enqueues one job per episode, then follows the
 * queue and writes each finished job's row to the results file. It alone writes rows, from the jobs'
 * stored return values, keyed by task and seed, so a row is written once however often its episode ran:
 * BullMQ completes a job once (a worker that lost its lock cannot complete it), and the results file
 * refuses a key it holds. Killed and started again, it reads the results file, re-adds nothing that is
 * queued, and records what finished meanwhile.
 */
import { readFileSync } from 'node:fs';
import type { Job } from 'bullmq';
import type { Redis } from 'ioredis';
import { InputError } from '../../core/errors.js';
import { realSleep } from '../../core/clock.js';
import type { EpisodeResult } from '../episode-result.js';
import { jobKey, resultKey, type ResultsFile } from '../bench/results-file.js';
import { emptyRow, type BenchJob, type BenchProgress } from '../bench/run-bench.js';
import { episodeJobId, openEpisodeQueue, openRedis, settingsFingerprint, sweepKey, type QueuedEpisode, type QueuedOutcome, type SweepLimits } from './sweep-queue.js';
import { writeLimits } from './sweep-budget.js';

export interface QueuedBenchOptions {
  url: string;
  sweep: string;
  results: ResultsFile;
  limits?: SweepLimits;
  onProgress?(p: BenchProgress): void;
  signal?: AbortSignal;
  /** How often the queue is polled for finished jobs. */
  pollMs?: number;
}

type EpisodeJob = Job<QueuedEpisode, QueuedOutcome>;

/** Completed ids re-read behind the last read position, and how often all are read again. */
const TAIL_MARGIN = 256;
const FULL_READ_EVERY_MS = 2_000;

/** Rows of episodes not started (budget, cancellation): returned for the report, never written, so a later run starts them. */
const notStarted = (row: EpisodeResult): boolean => row.ended.startsWith('skipped_');

export async function runQueuedBench(jobs: readonly BenchJob[], o: QueuedBenchOptions): Promise<EpisodeResult[]> {
  const queue = await openEpisodeQueue(o.url);
  const client = openRedis(o.url);
  try {
    await claimSweep(client, o.sweep, settingsFingerprint(jobs));
    await writeLimits(client, o.sweep, o.limits ?? {});
    const pending = new Map<string, BenchJob>();
    for (const j of jobs) if (!o.results.has(jobKey(j.task, j.seed))) pending.set(episodeJobId(o.sweep, j.task, j.seed), j);
    const skipped = jobs.length - pending.size;
    const notRun: EpisodeResult[] = [];
    let done = 0;
    const report = (last?: EpisodeResult) => o.onProgress?.({ done: done + skipped, total: jobs.length, skipped, ...(last ? { last } : {}) });
    report();

    // Episodes not started last time (a cap, a cancellation) and jobs that failed outright run again, as a
    // local bench reruns what is missing from its results file; finished ones are recorded as they are.
    const texts = new Map<string, string>();
    const taskText = (file: string) => texts.get(file) ?? texts.set(file, readFileSync(file, 'utf8')).get(file)!;
    await queue.addBulk(
      [...pending].map(([id, job]) => ({
        name: job.task,
        data: { sweep: o.sweep, job, taskText: taskText(String(job.options.file)) },
        opts: { jobId: id, removeOnComplete: false, removeOnFail: false },
      })),
    );
    const record = (id: string, row: EpisodeResult) => {
      if (!pending.delete(id)) return;
      if (notStarted(row)) notRun.push(row);
      else o.results.append(row);
      done++;
      report(row);
    };
    let first = true;
    let seen = '';
    // Completed ids are ordered by finishing time, so each poll reads only the tail past what it read
    // before, less a margin for jobs whose workers' clocks lag; a full read now and then catches any
    // straggler beyond the margin. Reading the whole set each time would cost O(n) per finished episode.
    let read = 0;
    let fullReadAt = 0;
    while (pending.size > 0 && !o.signal?.aborted) {
      const counts = await queue.getJobCounts('completed', 'failed');
      const fingerprint = `${counts['completed']}/${counts['failed']}`;
      const full = Date.now() - fullReadAt > FULL_READ_EVERY_MS;
      if (full && (await client.hget(sweepKey(o.sweep), 'cancelled')) === '1') {
        // `--cancel` removed the jobs not started: they will not finish, so they are reported, not awaited;
        // the ones running finish and are recorded as usual.
        for (const [id, job] of [...pending]) {
          if (!(await queue.getJob(id))) record(id, { ...emptyRow(job), ended: 'skipped_cancelled', details: 'not run: the sweep was cancelled' });
        }
      }
      if (fingerprint !== seen || full) {
        seen = fingerprint;
        const from = full ? 0 : Math.max(0, read - TAIL_MARGIN);
        if (full) fullReadAt = Date.now();
        const completed = await queue.getRanges(['completed'], from, -1, true);
        read = from + completed.length;
        const failed = new Set(await queue.getRanges(['failed'], 0, -1, true));
        const finished = [...completed, ...failed];
        for (const id of finished) {
          if (!pending.has(id)) continue;
          const job = (await queue.getJob(id)) as EpisodeJob | undefined;
          if (!job) continue;
          const row = rowOf(job, pending.get(id)!);
          if (first && (notStarted(row) || failed.has(id))) {
            await job.retry(failed.has(id) ? 'failed' : 'completed');
            continue;
          }
          record(id, row);
        }
      }
      first = false;
      if (pending.size > 0) await realSleep(o.pollMs ?? 50, o.signal).catch(() => undefined);
    }
    const keys = new Set(jobs.map((j) => jobKey(j.task, j.seed)));
    return [...o.results.results.filter((r) => keys.has(resultKey(r))), ...notRun];
  } finally {
    await queue.close();
    client.disconnect();
  }
}

/** A finished job's row: its return value, or for a job BullMQ gave up on (its workers kept dying), an error row. */
function rowOf(job: EpisodeJob, benchJob: BenchJob): EpisodeResult {
  if (job.returnvalue?.row) return job.returnvalue.row;
  const message = `no worker could finish this episode: ${job.failedReason || 'unknown reason'}`;
  return { ...emptyRow(benchJob), ended: 'error', details: message, error: { fault: 'environment', message } };
}

/** One sweep name, one set of settings: a second coordinator with other settings would mix two experiments in one results file. */
async function claimSweep(client: Redis, sweep: string, fingerprint: string): Promise<void> {
  const key = sweepKey(sweep);
  await client.hsetnx(key, 'settings', fingerprint);
  const held = await client.hget(key, 'settings');
  if (held !== fingerprint) {
    throw new InputError(
      `the sweep '${sweep}' in this Redis was started with other settings (agents, model, mode, …)`,
      `pass another --out (its name is the sweep's name), or clear the old sweep with \`guildcraft bench … --queue … --cancel\``,
    );
  }
}
