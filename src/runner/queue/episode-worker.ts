/**
 * A sweep worker: takes episodes from the queue `concurrency` at a time and returns each one's row as the
 * job's return value (BullMQ stores it with the job's completion, once). BullMQ renews each job's lock while
 * it runs (the heartbeat); a worker that dies stops renewing, and another worker's stalled-job check puts
 * the job back in the queue. Stopping (SIGTERM) puts this worker's running episodes back at once.
 */
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { basename, join } from 'node:path';
import { createHash } from 'node:crypto';
import { fileURLToPath } from 'node:url';
import type { Job } from 'bullmq';
import { Piscina } from 'piscina';
import type { EpisodeJobOptions } from '../episode-job.js';
import { emptyRow, safely, type BenchJob } from '../bench/run-bench.js';
import type { EpisodeResult } from '../episode-result.js';
import { EPISODE_QUEUE, openRedis, queueConnection, type QueuedEpisode, type QueuedOutcome } from './sweep-queue.js';
import { capReached, chargeSweep, readSweep, remainingBudget } from './sweep-budget.js';
import { loadBullMQ } from './bullmq.js';
import runInProcess, { closeEpisodeThreadClients, type EpisodeThreadJob } from './episode-thread.js';

export interface EpisodeWorkerOptions {
  url: string;
  /** Episodes at once. */
  concurrency: number;
  /** How long a job's lock lasts without renewal (renewed every half of it): how soon a dead worker's episodes run elsewhere. */
  lockMs?: number;
  onEpisode?: (row: EpisodeResult, job: BenchJob) => void;
}

export interface EpisodeWorker {
  /** Resolves once connected and taking jobs. */
  ready: Promise<void>;
  /** Stops taking jobs, puts the running episodes back in the queue, and disconnects. */
  stop(): Promise<void>;
}

export const DEFAULT_LOCK_MS = 30_000;

export async function startEpisodeWorker(o: EpisodeWorkerOptions): Promise<EpisodeWorker> {
  const { Worker, WaitingError } = await loadBullMQ();
  // Episodes run in worker threads when the compiled thread entry exists (else here: tests from sources).
  const threadFile = fileURLToPath(new URL('./episode-thread.js', import.meta.url));
  const pool = existsSync(threadFile) ? new Piscina<EpisodeThreadJob, EpisodeResult>({ filename: threadFile, maxThreads: o.concurrency, minThreads: 1 }) : null;
  const run = (job: EpisodeThreadJob): Promise<EpisodeResult> => (pool ? pool.run(job) : runInProcess(job));
  const lockMs = o.lockMs ?? DEFAULT_LOCK_MS;
  const active = new Map<string, { job: Job<QueuedEpisode, QueuedOutcome>; token: string; requeued: () => void }>();
  const redis = openRedis(o.url);

  const processor = async (job: Job<QueuedEpisode, QueuedOutcome>, token?: string): Promise<QueuedOutcome> => {
    const { sweep, job: benchJob } = job.data;
    const state = await readSweep(redis, sweep);
    if (state.cancelled) return { row: { ...emptyRow(benchJob), ended: 'skipped_cancelled', details: 'not run: the sweep was cancelled' } };
    const capped = capReached(state);
    if (capped) return { row: { ...emptyRow(benchJob), ended: 'skipped_budget', details: `not run: ${capped}` } };
    const options = { ...(benchJob.options as unknown as EpisodeJobOptions), file: taskFileHere(benchJob.options.file as string, job.data.taskText) };
    const threadJob: EpisodeThreadJob = { options, budget: remainingBudget(state), url: o.url, ...(state.limits.rate ? { rate: state.limits.rate } : {}) };
    // A stop() puts the job back and settles this race, so the processor returns at once without a result.
    const requeued = new Promise<never>((_, reject) => {
      active.set(job.id!, { job, token: token!, requeued: () => reject(new WaitingError()) });
    });
    try {
      const row = await Promise.race([safely(benchJob, () => run(threadJob)), requeued]);
      await chargeSweep(redis, sweep, row);
      o.onEpisode?.(row, benchJob);
      return { row };
    } finally {
      active.delete(job.id!);
    }
  };

  const worker = new Worker<QueuedEpisode, QueuedOutcome>(EPISODE_QUEUE, processor, {
    connection: queueConnection(o.url),
    concurrency: o.concurrency,
    lockDuration: lockMs,
    stalledInterval: lockMs,
    // A job whose worker died twice is more likely killing its workers than unlucky: it fails, and the
    // coordinator records it as an error row.
    maxStalledCount: 2,
    autorun: false,
  });
  // Errors of the connection are retried by ioredis; they are reported, not thrown at the process.
  worker.on('error', (err) => console.error(`worker: ${err.message}`));
  void worker.run();

  return {
    ready: worker.waitUntilReady().then(() => undefined),
    async stop() {
      await worker.pause(true);
      for (const { job, token, requeued } of [...active.values()]) {
        await job.moveToWait(token).catch(() => undefined);
        requeued();
      }
      await worker.close();
      // Episodes given back may still be running in their threads: they are not ours any more.
      await pool?.destroy().catch(() => undefined);
      closeEpisodeThreadClients();
      redis.disconnect();
    },
  };
}

/**
 * The task file the job names, or, on a machine without it or with another version of it, the job's copy of its
 * text written under the temporary directory, named by its content.
 */
function taskFileHere(file: string, text: string): string {
  if (existsSync(file) && readFileSync(file, 'utf8') === text) return file;
  const dir = join(tmpdir(), 'guildcraft-tasks', createHash('sha256').update(text).digest('hex').slice(0, 16));
  const path = join(dir, basename(file));
  if (!existsSync(path)) {
    mkdirSync(dir, { recursive: true });
    writeFileSync(path, text);
  }
  return path;
}
