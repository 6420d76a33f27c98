/**
 * Model faults end episodes: every LLM architecture, built from the registry as `guildcraft run` builds it,
 * against a real local server failing in each of the ways model servers fail. Each episode must end within
 * its wall-clock bound with the right reason, its faults counted and logged, its failed calls in the ledger.
 *
 * The settings are small so the table runs in seconds (a 300 ms attempt timeout, one retry, a breaker that
 * opens after 1.5 s or 4 failed steps); docs/llm.md states the same bounds for the default settings.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { architecture } from '../../src/agents/registry.js';
import { SimEnv } from '../../src/env/sim/index.js';
import { LlmRun, type FaultLimits, type ModelFaultKind } from '../../src/llm/index.js';
import { runEpisode } from '../../src/runner/episode.js';
import { MemoryRunLog } from '../../src/runner/run-log.js';
import { FaultyModelServer, type FaultMode } from './faulty-model-server.js';
import { logsTask } from './tickingcollab/logs-task.js';

const LIMITS: FaultLimits = { unreachableMs: 1_500, failingWallMs: 1_500, maxConsecutiveFaults: 4, maxCalls: 200 };
/** What each episode must end within: the breaker's wall-time bound, plus the slowest round it aborts and the world's teardown. */
const BOUND_MS = 8_000;

const ARCHITECTURES = ['s-agents', 'tickingcollab-centralized', 'tickingcollab-distributed', 'alex', 'code-as-action'] as const;

/**
 * The reason each mode must end with (no answer of any kind is `model_unreachable`; answers that cannot be
 * used are `model_faults`), and the kind its faults are logged as.
 */
const MODES: ReadonlyArray<[FaultMode, 'model_unreachable' | 'model_faults', ModelFaultKind]> = [
  ['refused', 'model_unreachable', 'unreachable'],
  ['silence', 'model_unreachable', 'timeout'],
  ['slow-drip', 'model_unreachable', 'timeout'],
  ['disconnect', 'model_unreachable', 'unreachable'],
  ['429', 'model_faults', 'rate_limited'],
  ['500', 'model_faults', 'server_error'],
  ['garbage', 'model_faults', 'garbage'],
];

const CASES = ARCHITECTURES.flatMap((arch) => MODES.map(([mode, ended, kind]) => ({ arch, mode, ended, kind })));

let server: FaultyModelServer | undefined;
afterEach(async () => {
  await server?.stop();
  server = undefined;
});

describe('model faults end episodes', () => {
  it('covers every LLM architecture and every fault mode', () => {
    expect(CASES).toHaveLength(ARCHITECTURES.length * MODES.length);
    expect(CASES.length).toBeGreaterThanOrEqual(35);
    for (const arch of ARCHITECTURES) expect(architecture(arch).usesModel).toBe(true);
  });

  describe.each(CASES)('$arch against a server that answers $mode', ({ arch, mode, ended, kind }) => {
    it(`ends with ${ended} within ${BOUND_MS} ms, the faults counted`, async () => {
      server = new FaultyModelServer(mode);
      await server.start();
      const llm = new LlmRun({ configFile: false, env: {}, retry: { timeoutMs: 300, maxRetries: 1, baseDelayMs: 20, maxDelayMs: 50 }, faults: LIMITS });
      const entry = architecture(arch);
      const team = entry.create({ seed: '1', model: server.spec, llm, org: entry.orgs[0]! });
      const log = new MemoryRunLog();
      const t0 = performance.now();
      const r = await runEpisode({ backend: new SimEnv({ ticksPerStep: 10 }), task: logsTask({ maxTicks: 20 * 60 * 20 }), team, seed: '1', log });
      const wallMs = performance.now() - t0;

      expect(r.ended, r.details).toBe(ended);
      expect(r.error).toBeUndefined();
      expect(wallMs).toBeLessThan(BOUND_MS);
      const stopped = log.records.find((x) => x.type === 'episode_stopped');
      expect(stopped?.reason).toMatch(/no more model calls in this episode/);
      // Faults are counted once per failed step, logged once each, and the calls are in the ledger.
      const faults = log.records.filter((x) => x.type === 'model_fault');
      expect(r.metrics.modelFaults).toBeGreaterThan(0);
      expect(faults).toHaveLength(r.metrics.modelFaults);
      expect(new Set(faults.map((f) => f.kind))).toEqual(new Set([kind]));
      const calls = log.records.filter((x) => x.type === 'llm_call');
      expect(r.metrics.llmCalls).toBe(calls.length);
      expect(calls.length).toBeGreaterThan(0);
      if (mode === 'garbage') expect(calls.every((c) => c.ok === true)).toBe(true);
      else expect(calls.some((c) => c.ok === false)).toBe(true);
      if (mode !== 'refused') expect(server.requests).toBeGreaterThan(0);
      // The breaker bounded the work, whatever the mode: never near the call cap.
      expect(r.metrics.llmCalls).toBeLessThan(LIMITS.maxCalls);
    });
  });

  const ASYNC = [
    { arch: 's-agents', mode: 'refused', ended: 'model_unreachable' },
    { arch: 'tickingcollab-centralized', mode: 'silence', ended: 'model_unreachable' },
    { arch: 'tickingcollab-distributed', mode: '500', ended: 'model_faults' },
  ] as const;

  describe.each(ASYNC)('$arch in async mode against a server that answers $mode', ({ arch, mode, ended }) => {
    it(`ends with ${ended} within ${BOUND_MS} ms while the world runs against the clock`, async () => {
      server = new FaultyModelServer(mode);
      await server.start();
      const llm = new LlmRun({ configFile: false, env: {}, retry: { timeoutMs: 300, maxRetries: 1, baseDelayMs: 20, maxDelayMs: 50 }, faults: LIMITS });
      const team = architecture(arch).create({ seed: '1', model: server.spec, llm });
      const t0 = performance.now();
      const r = await runEpisode({ backend: new SimEnv(), task: logsTask({ maxTicks: 20 * 60 * 20 }), team, seed: '1', log: new MemoryRunLog(), mode: 'async', timeScale: 4 });
      expect(r.ended, r.details).toBe(ended);
      expect(performance.now() - t0).toBeLessThan(BOUND_MS);
      expect(r.metrics.modelFaults).toBeGreaterThan(0);
    });
  });
});
