/**
 * The usage ledger: one record per model call, with listeners so the runner can append each record
 * to the run log as it happens, and totals overall and per agent role for reports.
 */
import type { FinishReason } from './types.js';

export interface LlmCallRecord {
  /** Order of completion within this ledger, from 1. */
  seq: number;
  /** The episode tick when the call was made (0 outside an episode). */
  tick: number;
  /** Who asked: an agent role such as `monitor`, `task_planner` or `critic`, `default` when not given. */
  role: string;
  /** The agent that made the call, when one agent did (a centralized planner speaks for all). */
  agent?: string;
  /** `chat` for generate(), `embed` for embeddings. */
  kind: 'chat' | 'embed';
  modelId: string;
  promptTokens: number;
  completionTokens: number;
  /** True when the provider did not report usage and the counts were estimated. */
  tokensEstimated: boolean;
  /** Time the transport took to answer (for a failed call, the whole wait); simulated thinking time is not in it. */
  latencyMs: number;
  /** Simulated thinking time added after the answer (`--latency`), reported apart from `latencyMs`. */
  simulatedLatencyMs?: number;
  /** List-price cost of the call; a cached answer keeps its original cost but spent nothing (see `cached`). */
  costUsd: number;
  /** False when the model had no entry in the price table, so `costUsd` is an unknown reported as 0. */
  priced: boolean;
  retries: number;
  cached: boolean;
  ok: boolean;
  finishReason?: FinishReason;
  /** The error message when `ok` is false. */
  error?: string;
  /** A chat call's prompt and response, bounded (call-transcript.ts); `transcriptCharsCut` counts what was cut. */
  prompt?: string;
  response?: string;
  transcriptCharsCut?: number;
}

export interface UsageTotals {
  calls: number;
  failedCalls: number;
  cachedCalls: number;
  promptTokens: number;
  completionTokens: number;
  /** Cost of every answer at list price, cached ones included. */
  costUsd: number;
  /** Money actually spent: cached answers excluded. */
  spentUsd: number;
  retries: number;
  latencyMs: number;
  simulatedLatencyMs: number;
  /** Model ids that had no price, so their cost is missing from the totals. */
  unpricedModels: string[];
}

export type CallListener = (record: LlmCallRecord) => void;

export class LlmAccountant {
  private readonly list: LlmCallRecord[] = [];
  private readonly listeners: CallListener[] = [];

  constructor(opts: { onCall?: CallListener } = {}) {
    if (opts.onCall) this.listeners.push(opts.onCall);
  }

  /** Adds a listener for every future record; returns a function that removes it. */
  onCall(listener: CallListener): () => void {
    this.listeners.push(listener);
    return () => {
      const i = this.listeners.indexOf(listener);
      if (i >= 0) this.listeners.splice(i, 1);
    };
  }

  /**
   * Adds a call to the ledger and hands the whole record (transcript included) to the listeners, which log it. The
   * ledger itself keeps the record without its transcript: a team's ledger lives as long as the team, across episodes,
   * and tens of kilobytes of prompt per call would add up to the run's memory.
   */
  record(entry: Omit<LlmCallRecord, 'seq'>): LlmCallRecord {
    const rec: LlmCallRecord = { seq: this.list.length + 1, ...entry };
    const { prompt: _p, response: _r, transcriptCharsCut: _c, ...kept } = rec;
    this.list.push(kept);
    for (const listener of this.listeners) listener(rec);
    return rec;
  }

  get records(): readonly LlmCallRecord[] {
    return this.list;
  }

  totals(): UsageTotals {
    return sumRecords(this.list);
  }

  totalsByRole(): Record<string, UsageTotals> {
    const byRole = new Map<string, LlmCallRecord[]>();
    for (const rec of this.list) {
      const group = byRole.get(rec.role) ?? [];
      group.push(rec);
      byRole.set(rec.role, group);
    }
    return Object.fromEntries([...byRole].map(([role, recs]) => [role, sumRecords(recs)]));
  }
}

export function sumRecords(records: readonly LlmCallRecord[]): UsageTotals {
  const totals: UsageTotals = {
    calls: 0,
    failedCalls: 0,
    cachedCalls: 0,
    promptTokens: 0,
    completionTokens: 0,
    costUsd: 0,
    spentUsd: 0,
    retries: 0,
    latencyMs: 0,
    simulatedLatencyMs: 0,
    unpricedModels: [],
  };
  const unpriced = new Set<string>();
  for (const r of records) {
    totals.calls++;
    if (!r.ok) totals.failedCalls++;
    if (r.cached) totals.cachedCalls++;
    totals.promptTokens += r.promptTokens;
    totals.completionTokens += r.completionTokens;
    totals.costUsd += r.costUsd;
    if (!r.cached) totals.spentUsd += r.costUsd;
    totals.retries += r.retries;
    totals.latencyMs += r.latencyMs;
    totals.simulatedLatencyMs += r.simulatedLatencyMs ?? 0;
    if (!r.priced) unpriced.add(r.modelId);
  }
  totals.unpricedModels = [...unpriced].sort();
  return totals;
}
