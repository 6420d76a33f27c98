/**
 * Runs many episodes: in worker threads (piscina) when the compiled worker exists, else in this
 * process one at a time (tests run from TypeScript sources). Each finished episode is appended to
 * the results file at once, so an interrupted bench loses at most the episodes still running, and
 * one failing episode is recorded as an error row instead of stopping the bench.
 */
import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { Piscina } from 'piscina';
import type { EpisodeResult } from '../episode-result.js';
import { jobKey, ResultsFile } from './results-file.js';

export interface BenchJob {
  task: string;
  seed: string;
  /** Plain JSON handed to the episode runner in the worker. */
  options: Record<string, unknown>;
}

export interface BenchProgress {
  done: number;
  total: number;
  skipped: number;
  last?: EpisodeResult;
}

export interface RunBenchOptions {
  results: ResultsFile;
  /** Worker threads; 0 or 1 runs in this process. */
  threads: number;
  /** Runs one job in this process (and is what the worker calls too). */
  runInProcess(job: BenchJob): Promise<EpisodeResult>;
  /** The compiled worker module; when missing, jobs run in process. */
  workerUrl?: URL;
  onProgress?(p: BenchProgress): void;
  signal?: AbortSignal;
}

export async function runBench(jobs: readonly BenchJob[], options: RunBenchOptions): Promise<EpisodeResult[]> {
  const todo = jobs.filter((j) => !options.results.has(jobKey(j.task, j.seed)));
  const skipped = jobs.length - todo.length;
  let done = 0;
  const report = (last?: EpisodeResult) => options.onProgress?.({ done: done + skipped, total: jobs.length, skipped, last });
  report();
  const record = (r: EpisodeResult) => {
    options.results.append(r);
    done++;
    report(r);
  };
  const workerPath = options.workerUrl ? fileURLToPath(options.workerUrl) : null;
  if (options.threads <= 1 || !workerPath || !existsSync(workerPath)) {
    for (const job of todo) {
      if (options.signal?.aborted) break;
      record(await safely(job, () => options.runInProcess(job)));
    }
  } else {
    const pool = new Piscina({ filename: options.workerUrl!.href, maxThreads: options.threads, minThreads: Math.min(options.threads, todo.length) });
    try {
      await Promise.all(
        todo.map((job) =>
          safely(job, () => pool.run(job, { signal: options.signal }) as Promise<EpisodeResult>).then((r) => {
            if (!options.signal?.aborted) record(r);
          }),
        ),
      );
    } finally {
      await pool.destroy();
    }
  }
  const keys = new Set(jobs.map((j) => jobKey(j.task, j.seed)));
  return options.results.results.filter((r) => keys.has(jobKey(r.task, r.seed)));
}

/** A job that throws becomes an error row: the bench goes on. */
async function safely(job: BenchJob, run: () => Promise<EpisodeResult>): Promise<EpisodeResult> {
  try {
    return await run();
  } catch (err) {
    const e = err as { fault?: string; message?: string; name?: string };
    return {
      task: job.task,
      taskType: String(job.options.taskType ?? 'unknown'),
      seed: job.seed,
      agents: String(job.options.agents ?? 'unknown'),
      org: null,
      mode: job.options.mode === 'async' ? 'async' : 'sync',
      backend: String(job.options.backend ?? 'sim'),
      teamSize: 0,
      success: false,
      score: 0,
      ticks: 0,
      seconds: 0,
      wallSeconds: 0,
      ended: 'error',
      details: e.message ?? String(err),
      metrics: { messages: 0, prompts: 0, llmCalls: 0, promptTokens: 0, completionTokens: 0, costUsd: 0, modelFaults: 0, timeCost: null, meanPromptTimes: 0, planningMs: 0 },
      error: { fault: e.fault ?? (e.name === 'AbortError' ? 'user' : 'internal'), message: e.message ?? String(err) },
    };
  }
}
