/**
 * `bench --queue … --status` and `--cancel`: what a sweep's jobs are doing, and stopping it. Cancelling
 * removes the sweep's jobs that have not started, tells workers not to start any that come back (a
 * running episode ends normally), and forgets the sweep's settings and spending; the results file stays.
 */
import type { JobType } from 'bullmq';
import { openEpisodeQueue, openRedis, sweepKey } from './sweep-queue.js';
import { readSweep } from './sweep-budget.js';

export interface SweepStatus {
  sweep: string;
  /** This sweep's jobs by state. */
  jobs: Record<'waiting' | 'active' | 'delayed' | 'completed' | 'failed', number>;
  /** Worker connections on the queue (all sweeps share the workers). */
  workers: number;
  tokensUsed: number;
  costUsd: number;
  limits: { maxTokens?: number; maxCostUsd?: number; rate?: { requests: number; windowMs: number } };
  cancelled: boolean;
}

const STATES = ['waiting', 'active', 'delayed', 'completed', 'failed'] as const;

export async function sweepStatus(url: string, sweep: string): Promise<SweepStatus> {
  const queue = await openEpisodeQueue(url);
  const client = openRedis(url);
  try {
    const prefix = `${sweep}|`;
    const jobs = { waiting: 0, active: 0, delayed: 0, completed: 0, failed: 0 };
    for (const state of STATES) {
      const types: JobType[] = state === 'waiting' ? ['waiting', 'prioritized', 'paused'] : [state];
      jobs[state] = (await queue.getRanges(types, 0, -1)).filter((id) => id.startsWith(prefix)).length;
    }
    const s = await readSweep(client, sweep);
    return { sweep, jobs, workers: (await queue.getWorkers()).length, tokensUsed: s.tokensUsed, costUsd: s.costUsd, limits: s.limits, cancelled: s.cancelled };
  } finally {
    await queue.close();
    client.disconnect();
  }
}

/** Returns how many jobs were removed before they started. */
export async function cancelSweep(url: string, sweep: string): Promise<number> {
  const queue = await openEpisodeQueue(url);
  const client = openRedis(url);
  try {
    const key = sweepKey(sweep);
    // Workers check the flag before each episode, so a job put back by a stopping worker is not started either.
    await client.hset(key, 'cancelled', '1');
    const prefix = `${sweep}|`;
    let removed = 0;
    for (const id of await queue.getRanges(['waiting', 'prioritized', 'paused', 'delayed'], 0, -1)) {
      if (id.startsWith(prefix) && (await queue.remove(id)) === 1) removed++;
    }
    // Finished jobs go too, so the same sweep can be enqueued afresh; its results file is untouched.
    for (const id of await queue.getRanges(['completed', 'failed'], 0, -1)) if (id.startsWith(prefix)) await queue.remove(id);
    await client.hdel(key, 'settings', 'tokensUsed', 'costUsd');
    return removed;
  } finally {
    await queue.close();
    client.disconnect();
  }
}
