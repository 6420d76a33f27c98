/**
 * One ledger per episode: the result, the bench summary and the log's llm_call records agree exactly,
 * every call carries its tick, agent and role, and simulated latency is reported apart from the transport's.
 */
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { createScriptedSAgentsModel, createSAgentsTeam } from '../../src/agents/s-agents/index.js';
import { SimEnv } from '../../src/env/sim/index.js';
import { ManualClock, LlmRun } from '../../src/llm/index.js';
import { collectionTask, collectionTeamNames } from '../../src/orgs/index.js';
import { summarize } from '../../src/runner/bench/summary.js';
import { runEpisode } from '../../src/runner/episode.js';
import { JsonlRunLog, type LogRecord } from '../../src/runner/run-log.js';

describe('the episode ledger', () => {
  it('makes the result, the summary and the llm_call records of the log agree, each call with its tick, agent and role', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'guildcraft-ledger-'));
    try {
      const clock = new ManualClock({ advanceOnSleep: true });
      const llm = LlmRun.offline({ sleep: clock.sleep });
      const names = collectionTeamNames('tree', 2);
      const team = createSAgentsTeam({ org: 'tree', seed: '1', model: createScriptedSAgentsModel(), llm, latency: 'uniform:100,900' });
      const path = join(dir, 'episode.jsonl');
      const result = await runEpisode({ backend: new SimEnv({ ticksPerStep: 10 }), task: collectionTask({ agents: names, target: 4, maxTicks: 2400 }), team, seed: '1', log: new JsonlRunLog(path), org: 'tree' });
      expect(result.ended).toBe('success');
      const log = (await readFile(path, 'utf8')).trim().split('\n').map((l) => JSON.parse(l) as LogRecord);
      const calls = log.filter((r) => r.type === 'llm_call');
      expect(calls.length).toBeGreaterThan(names.length);
      const sum = (k: string) => calls.reduce((a, c) => a + (c[k] as number), 0);
      const totals = { llmCalls: calls.length, promptTokens: sum('promptTokens'), completionTokens: sum('completionTokens'), costUsd: sum('costUsd'), llmLatencyMs: sum('latencyMs'), simulatedLatencyMs: sum('simulatedLatencyMs') };
      expect(result.metrics).toMatchObject(totals);
      expect((log.at(-1)!.result as { metrics: unknown }).metrics).toMatchObject(totals);
      const [row] = summarize([result]);
      expect(row).toMatchObject({ llmCalls: totals.llmCalls, tokens: totals.promptTokens + totals.completionTokens, costUsd: Math.round(totals.costUsd * 1e4) / 1e4 });
      // The ledger and the log are the same records.
      expect(calls.map((c) => c.seq)).toEqual(llm.accountant.records.map((c) => c.seq));
      // Each call carries the tick it was made at (not all 0), its agent and its module.
      expect(calls.every((c) => typeof c.tick === 'number' && c.tick <= result.ticks)).toBe(true);
      expect(calls.some((c) => (c.tick as number) > 0)).toBe(true);
      expect(new Set(calls.map((c) => c.agent))).toEqual(new Set(names));
      expect(new Set(calls.map((c) => c.role))).toEqual(new Set(['monitor', 'task_planner', 'action_planner']));
      // Simulated thinking time is drawn per call and reported apart from the (scripted, instant) transport.
      expect(calls.every((c) => (c.simulatedLatencyMs as number) >= 100 && (c.simulatedLatencyMs as number) <= 900 && c.latencyMs === 0)).toBe(true);
      expect(clock.sleeps).toEqual(calls.map((c) => c.simulatedLatencyMs));
      expect(log.some((r) => r.type === 'sagents_call')).toBe(false);
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });
});
