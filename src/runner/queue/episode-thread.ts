/**
 * One queued episode, run in a worker thread of `guildcraft worker` (piscina calls the default export), so
 * the worker's main thread stays free to renew its jobs' locks: a simulation step that holds its thread
 * for seconds must not make BullMQ think the worker died. The sweep's rate limit needs Redis here too;
 * each thread keeps one client.
 */
import type { Redis } from 'ioredis';
import type { BudgetLimits } from '../../llm/index.js';
import type { EpisodeResult } from '../episode-result.js';
import { runEpisodeJob, type EpisodeJobOptions } from '../episode-job.js';
import { openRedis } from './sweep-queue.js';
import { sharedRateLimit } from './shared-rate-limit.js';

export interface EpisodeThreadJob {
  options: EpisodeJobOptions;
  /** What is left of the sweep's caps, as the episode's own LLM budget. */
  budget: BudgetLimits;
  /** The sweep's request rate per provider, kept in the Redis at `url`. */
  rate?: { requests: number; windowMs: number };
  url: string;
}

const clients = new Map<string, Redis>();

export default async function runEpisodeThreadJob(job: EpisodeThreadJob): Promise<EpisodeResult> {
  let admit;
  if (job.rate) {
    let client = clients.get(job.url);
    if (!client) {
      client = openRedis(job.url);
      clients.set(job.url, client);
    }
    admit = sharedRateLimit(client, job.rate);
  }
  return runEpisodeJob(job.options, { budget: job.budget, ...(admit ? { admit } : {}) });
}

/** Closes this thread's Redis clients (in-process runs call it when the worker stops). */
export function closeEpisodeThreadClients(): void {
  for (const c of clients.values()) c.disconnect();
  clients.clear();
}
