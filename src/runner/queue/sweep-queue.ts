/**
 * Where a distributed sweep lives in Redis: one BullMQ queue for every sweep's episodes, one hash per sweep
 * for what all its workers share (settings fingerprint, caps, rate, spending, cancellation), and the job
 * ids that make enqueuing idempotent. Workers need only the Redis URL: each job names its sweep.
 */
import { createHash } from 'node:crypto';
import type { Queue } from 'bullmq';
import { Redis, type RedisOptions } from 'ioredis';
import { InputError } from '../../core/errors.js';
import { loadBullMQ } from './bullmq.js';
import type { EpisodeResult } from '../episode-result.js';
import type { BenchJob } from '../bench/run-bench.js';
import { jobKey } from '../bench/results-file.js';

export const EPISODE_QUEUE = 'guildcraft-episodes';

/** What a queued job carries: the bench job itself, its sweep, and the task file's text for workers on other machines. */
export interface QueuedEpisode {
  sweep: string;
  job: BenchJob;
  taskText: string;
}

/** What a worker returns for a job: the row, exactly as a local bench would have written it. */
export interface QueuedOutcome {
  row: EpisodeResult;
}

/** Sweep-wide limits, set by the coordinator and read by every worker before each episode. */
export interface SweepLimits {
  maxTokens?: number;
  maxCostUsd?: number;
  /** Model requests per provider per window, across all workers. */
  rate?: { requests: number; windowMs: number };
}

/** `redis://host:port[/db]` (or rediss://, with user:password@) as connection options. */
export function queueConnection(url: string): RedisOptions {
  let u: URL;
  try {
    u = new URL(url);
  } catch {
    throw new InputError(`--queue '${url}' is not a URL`, 'pass --queue redis://127.0.0.1:6379');
  }
  if (u.protocol !== 'redis:' && u.protocol !== 'rediss:') throw new InputError(`--queue '${url}' is not a redis:// URL`, 'pass --queue redis://127.0.0.1:6379');
  const db = u.pathname.replace(/^\//, '');
  if (db !== '' && !/^\d+$/.test(db)) throw new InputError(`--queue '${url}' names database '${db}', not a number`, 'pass --queue redis://host:port/0');
  return {
    host: u.hostname || '127.0.0.1',
    port: u.port ? Number(u.port) : 6379,
    ...(db ? { db: Number(db) } : {}),
    ...(u.username ? { username: decodeURIComponent(u.username) } : {}),
    ...(u.password ? { password: decodeURIComponent(u.password) } : {}),
    ...(u.protocol === 'rediss:' ? { tls: {} } : {}),
    // BullMQ's blocking workers need commands to wait for a reconnect rather than fail after N retries.
    maxRetriesPerRequest: null,
  };
}

/** A plain client for the sweep's own keys (budget, rate, cancellation); BullMQ keeps its own connections. */
export function openRedis(url: string): Redis {
  return new Redis(queueConnection(url));
}

export async function openEpisodeQueue(url: string): Promise<Queue<QueuedEpisode, QueuedOutcome>> {
  const { Queue } = await loadBullMQ();
  return new Queue<QueuedEpisode, QueuedOutcome>(EPISODE_QUEUE, { connection: queueConnection(url) });
}

/** BullMQ reserves ':' in custom ids, so the id's parts are escaped; '|' separates them. */
const idPart = (s: string): string => s.replace(/%/g, '%25').replace(/:/g, '%3A').replace(/\|/g, '%7C');

/** The job id of one episode: the same sweep, task and seed always give the same id, so adding it twice adds nothing. */
export function episodeJobId(sweep: string, task: string, seed: string): string {
  return `${idPart(sweep)}|${idPart(jobKey(task, seed))}`;
}

export const sweepKey = (sweep: string): string => `guildcraft:sweep:${sweep}`;
export const rateKey = (provider: string): string => `guildcraft:rate:${provider}`;

/** The settings every job of a sweep shares, hashed: a sweep id reused with other settings is refused. */
export function settingsFingerprint(jobs: readonly BenchJob[]): string {
  const distinct = new Set<string>();
  for (const j of jobs) {
    const { file: _file, seed: _seed, taskType: _type, logDir: _log, ...settings } = j.options;
    distinct.add(JSON.stringify(Object.entries(settings).sort(([a], [b]) => a.localeCompare(b))));
  }
  return createHash('sha256').update([...distinct].sort().join('\n')).digest('hex').slice(0, 16);
}

/** The sweep's name in Redis: its results directory's name unless given. */
export function sweepName(name: string): string {
  const s = name.trim();
  if (!/^[A-Za-z0-9_.-]+$/.test(s)) throw new InputError(`sweep name '${name}' has characters other than letters, digits, '_', '.', '-'`, 'pass --out with a plain directory name (its name is the sweep name)');
  return s;
}
