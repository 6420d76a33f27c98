/**
 * One budget for a whole sweep, kept in the sweep's Redis hash: the coordinator sets the caps, each worker
 * checks them before starting an episode, hands the episode what is left as its own LLM budget, and adds
 * what the episode spent when it ends. Episodes are not started once a cap is reached.
 */
import type { Redis } from 'ioredis';
import type { BudgetLimits } from '../../llm/index.js';
import type { EpisodeResult } from '../episode-result.js';
import { sweepKey, type SweepLimits } from './sweep-queue.js';

/** The sweep's hash as workers see it. */
export interface SweepState {
  limits: SweepLimits;
  tokensUsed: number;
  costUsd: number;
  cancelled: boolean;
}

const num = (s: string | undefined): number | undefined => (s === undefined || s === '' ? undefined : Number(s));

export async function readSweep(client: Redis, sweep: string): Promise<SweepState> {
  const h = await client.hgetall(sweepKey(sweep));
  const maxTokens = num(h['maxTokens']);
  const maxCostUsd = num(h['maxCostUsd']);
  const requests = num(h['rateRequests']);
  const windowMs = num(h['rateWindowMs']);
  return {
    limits: {
      ...(maxTokens !== undefined ? { maxTokens } : {}),
      ...(maxCostUsd !== undefined ? { maxCostUsd } : {}),
      ...(requests && windowMs ? { rate: { requests, windowMs } } : {}),
    },
    tokensUsed: num(h['tokensUsed']) ?? 0,
    costUsd: num(h['costUsd']) ?? 0,
    cancelled: h['cancelled'] === '1',
  };
}

/** The coordinator's caps and rate (absent ones are cleared, so a restart with other flags takes effect). */
export async function writeLimits(client: Redis, sweep: string, limits: SweepLimits): Promise<void> {
  const key = sweepKey(sweep);
  await client.hdel(key, 'maxTokens', 'maxCostUsd', 'rateRequests', 'rateWindowMs', 'cancelled');
  const set: Record<string, string> = {};
  if (limits.maxTokens !== undefined) set['maxTokens'] = String(limits.maxTokens);
  if (limits.maxCostUsd !== undefined) set['maxCostUsd'] = String(limits.maxCostUsd);
  if (limits.rate) {
    set['rateRequests'] = String(limits.rate.requests);
    set['rateWindowMs'] = String(limits.rate.windowMs);
  }
  if (Object.keys(set).length > 0) await client.hset(key, set);
}

/** Why no further episode may start, or null while the caps leave room. */
export function capReached(s: SweepState): string | null {
  const { maxTokens, maxCostUsd } = s.limits;
  if (maxTokens !== undefined && s.tokensUsed >= maxTokens) return `the sweep's token cap is reached (${s.tokensUsed} of ${maxTokens} tokens used)`;
  if (maxCostUsd !== undefined && s.costUsd >= maxCostUsd) return `the sweep's cost cap is reached ($${s.costUsd.toFixed(4)} of $${maxCostUsd} spent)`;
  return null;
}

/** What is left of the sweep's caps, as the episode's own LLM budget: one episode cannot overrun the sweep by more than its calls in flight. */
export function remainingBudget(s: SweepState): BudgetLimits {
  const { maxTokens, maxCostUsd } = s.limits;
  return {
    ...(maxTokens !== undefined ? { maxTokens: Math.max(0, maxTokens - s.tokensUsed) } : {}),
    ...(maxCostUsd !== undefined ? { maxCostUsd: Math.max(0, maxCostUsd - s.costUsd) } : {}),
  };
}

/** Adds an episode's spending to the sweep's (every run of it, retries included: each was paid for). */
export async function chargeSweep(client: Redis, sweep: string, row: EpisodeResult): Promise<void> {
  const tokens = row.metrics.promptTokens + row.metrics.completionTokens;
  const key = sweepKey(sweep);
  if (tokens > 0) await client.hincrby(key, 'tokensUsed', tokens);
  if (row.metrics.costUsd > 0) await client.hincrbyfloat(key, 'costUsd', row.metrics.costUsd);
}
