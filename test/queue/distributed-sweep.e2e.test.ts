/**
 * Distributed sweeps against a real Redis (started here) with real worker and coordinator processes
 * (the built CLI): identical rows to a local bench, every episode exactly once when a worker is killed
 * with -9 or the coordinator is killed and restarted, a sweep-wide token cap, and a shared request rate.
 */
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Queue } from 'bullmq';
import { Redis } from 'ioredis';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { EpisodeResult } from '../../src/runner/episode-result.js';
import { systemDep } from '../support/system-deps.js';
import { FakeLlmServer } from '../llm/fake-llm-server.js';
import { builtCliMissing, guildcraft, RedisFixture, REDIS_BINARY, type CliProcess } from './redis-fixture.js';

const redisDep = systemDep('redis-server', REDIS_BINARY);
const cliMissing = builtCliMissing();
if (cliMissing && process.env.CI === 'true') throw new Error(cliMissing);

/** 20 short oracle tasks × 2 seeds; the failure tests take half of them, to keep the suite's time down. */
const SWEEP = ['bench', 'tickingcollab', '--agents', 'oracle', '--filter', 'mine-vanishing', '--limit', '20', '--seeds', '2'];
const EPISODES = 40;
const SMALL_SWEEP = ['bench', 'tickingcollab', '--agents', 'oracle', '--filter', 'mine-vanishing', '--limit', '10', '--seeds', '2'];
const SMALL_EPISODES = 20;
/** Short locks, so a killed worker's episodes are back in the queue within seconds (yet not lost to a loaded machine's pauses). */
const LOCK_MS = '4000';

let redis: RedisFixture;
let url: string;
let dir: string;
const procs: CliProcess[] = [];

function start(args: string[], env: Record<string, string> = {}): CliProcess {
  const p = guildcraft(args, env);
  procs.push(p);
  return p;
}

const worker = (jobs = 2, env: Record<string, string> = {}) => start(['worker', '--queue', url, '--jobs', String(jobs), '--lock-ms', LOCK_MS], env);

function rows(out: string): EpisodeResult[] {
  const path = join(out, 'results.jsonl');
  if (!existsSync(path)) return [];
  return readFileSync(path, 'utf8').split('\n').filter((l) => l.trim()).map((l) => JSON.parse(l) as EpisodeResult);
}

/** What must not differ between two runs of one episode: everything but wall-clock times and the log's path. */
function comparable(r: EpisodeResult): unknown {
  const { wallSeconds: _w, log: _l, metrics, ...rest } = r;
  const { planningMs: _p, ...m } = metrics;
  return { ...rest, metrics: m };
}

async function until(what: string, cond: () => boolean, ms = 60_000): Promise<void> {
  const deadline = Date.now() + ms;
  while (!cond()) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 50));
  }
}

async function finished(p: CliProcess): Promise<void> {
  const code = await p.exited;
  expect(code, p.stderr()).toBe(0);
}

const keysOf = (rs: EpisodeResult[]) => rs.map((r) => `${r.task}#${r.seed}`);

describe.skipIf(!redisDep.available || cliMissing !== null)('distributed sweeps on BullMQ and a real Redis', () => {
  beforeAll(async () => {
    redis = new RedisFixture();
    url = await redis.start();
    dir = mkdtempSync(join(tmpdir(), 'guildcraft-queue-'));
  }, 20_000);

  afterEach(async () => {
    for (const p of procs.splice(0)) {
      if (p.child.exitCode === null && p.child.signalCode === null) {
        p.child.kill('SIGKILL');
        await p.exited;
      }
    }
  });

  afterAll(async () => {
    await redis?.stop();
    if (dir) rmSync(dir, { recursive: true, force: true });
  });

  it('a 40-episode sweep over 3 worker processes gives the rows of a local --jobs 1 bench', async () => {
    const local = start([...SWEEP, '--jobs', '1', '--out', join(dir, 'local'), '--json']);
    for (let i = 0; i < 3; i++) worker(2);
    const queued = start([...SWEEP, '--queue', url, '--out', join(dir, 'queued'), '--json']);
    await finished(queued);
    await finished(local);
    const q = rows(join(dir, 'queued'));
    const l = rows(join(dir, 'local'));
    expect(q).toHaveLength(EPISODES);
    expect(new Set(keysOf(q)).size).toBe(EPISODES);
    const byKey = new Map(l.map((r) => [`${r.task}#${r.seed}`, comparable(r)]));
    expect(byKey.size).toBe(EPISODES);
    for (const r of q) expect(comparable(r)).toEqual(byKey.get(`${r.task}#${r.seed}`));
    expect(existsSync(join(dir, 'queued', 'report.html'))).toBe(true);
    expect(JSON.parse(queued.stdout()) as { episodes: number }).toMatchObject({ episodes: EPISODES, notStarted: 0 });

    // Enqueuing the same sweep again adds nothing and runs nothing: every row is already there.
    const again = start([...SWEEP, '--queue', url, '--out', join(dir, 'queued'), '--json']);
    await finished(again);
    expect(rows(join(dir, 'queued'))).toHaveLength(EPISODES);
    const status = start([...SWEEP, '--queue', url, '--out', join(dir, 'queued'), '--status', '--json']);
    await finished(status);
    expect((JSON.parse(status.stdout()) as { jobs: Record<string, number> }).jobs).toMatchObject({ waiting: 0, active: 0, completed: EPISODES });
  }, 120_000);

  it('a worker killed with -9 mid-sweep: its episodes run elsewhere, each recorded exactly once', async () => {
    const out = join(dir, 'kill-worker');
    const victim = worker(2);
    worker(2);
    worker(2);
    const coordinator = start([...SMALL_SWEEP, '--queue', url, '--out', out, '--json']);
    // The victim is killed once it has finished some episodes, while it holds two more.
    // A finished episode is a 'worker: <task> seed <n>: <ok or how it ended>' line; the oracle loses some tasks.
    await until('the victim to run episodes', () => (victim.stderr().match(/ seed \S+: \w+/g) ?? []).length >= 2);
    victim.child.kill('SIGKILL');
    await finished(coordinator);
    const rs = rows(out);
    expect(rs).toHaveLength(SMALL_EPISODES);
    expect(new Set(keysOf(rs)).size).toBe(SMALL_EPISODES);
    // Every episode ran to an end of the task's own (the oracle does not win every regenerated task), none broke.
    expect(rs.filter((r) => !['success', 'failure', 'max_ticks'].includes(r.ended)).map((r) => `${r.task}#${r.seed}: ${r.ended}`)).toEqual([]);
    // BullMQ's stalled-job check did put the victim's running episodes back.
    const client = new Redis(url);
    try {
      const counters = await Promise.all(keysOf(rs).map((k) => client.hget(`bull:guildcraft-episodes:kill-worker|${k}`, 'stc')));
      expect(counters.filter((c) => Number(c) > 0).length).toBeGreaterThan(0);
    } finally {
      client.disconnect();
    }
  }, 120_000);

  it('a coordinator killed and started again picks the sweep up where it was', async () => {
    const out = join(dir, 'restart');
    worker(2);
    worker(2);
    const first = start([...SMALL_SWEEP, '--queue', url, '--out', out, '--json']);
    await until('some rows', () => rows(out).length >= 5);
    first.child.kill('SIGKILL');
    await first.exited;
    const before = rows(out).length;
    expect(before).toBeLessThan(SMALL_EPISODES);
    const second = start([...SMALL_SWEEP, '--queue', url, '--out', out, '--json']);
    await finished(second);
    const rs = rows(out);
    expect(rs).toHaveLength(SMALL_EPISODES);
    expect(new Set(keysOf(rs)).size).toBe(SMALL_EPISODES);
  }, 120_000);

  it('--status counts the sweep\'s jobs, and --cancel removes those not started and ends the coordinator', async () => {
    const out = join(dir, 'cancel');
    const coordinator = start([...SWEEP, '--queue', url, '--out', out, '--json']);
    const status = async () => {
      const p = start([...SWEEP, '--queue', url, '--out', out, '--status', '--json']);
      await finished(p);
      return JSON.parse(p.stdout()) as { jobs: Record<string, number>; cancelled: boolean };
    };
    // No worker: every job waits.
    let s = await status();
    for (let i = 0; i < 60 && s.jobs['waiting'] !== EPISODES; i++) s = await status();
    expect(s.jobs).toMatchObject({ waiting: EPISODES, active: 0, completed: 0 });
    const cancel = start([...SWEEP, '--queue', url, '--out', out, '--cancel', '--json']);
    await finished(cancel);
    expect(JSON.parse(cancel.stdout())).toMatchObject({ cancelled: true, removed: EPISODES });
    await finished(coordinator);
    expect(JSON.parse(coordinator.stdout())).toMatchObject({ episodes: EPISODES, notStarted: EPISODES });
    expect(rows(out)).toHaveLength(0);
    expect((await status()).jobs).toMatchObject({ waiting: 0, completed: 0 });
  }, 120_000);

  describe('LLM sweeps against a fake OpenAI-compatible server', () => {
    let fake: FakeLlmServer | undefined;
    afterEach(async () => {
      await fake?.stop();
      fake = undefined;
    });
    /** Answers that are no plan: each LLM episode ends model_faults after a few calls, each call 110 tokens. */
    const CALL_TOKENS = 110;
    const llmSweep = (spec: string, tasks: number) => ['bench', 'tickingcollab', '--agents', 'tickingcollab-centralized', '--model', spec, '--filter', 'mine-vanishing', '--limit', String(tasks), '--seeds', '1'];
    const llmEnv = { OPENAI_COMPATIBLE_API_KEY: 'test', GUILDCRAFT_LLM_MAX_RETRIES: '0', GUILDCRAFT_LLM_CACHE: 'off' };
    const tokensOf = (r: EpisodeResult) => r.metrics.promptTokens + r.metrics.completionTokens;

    it('a worker stopped with SIGTERM gives its running episode back to the queue at once, and exits', async () => {
      let slow = true;
      fake = new FakeLlmServer('openai', () => ({ kind: 'answer', text: 'ok', usage: { prompt: 100, completion: 10 }, ...(slow ? { delayMs: 20_000 } : {}) }));
      await fake.start();
      const out = join(dir, 'sigterm');
      // A long lock: the episode can only come back this soon because the worker gave it back.
      const first = start(['worker', '--queue', url, '--jobs', '1', '--lock-ms', '60000'], llmEnv);
      const coordinator = start([...llmSweep(`openai-compatible:${fake.baseURL}#fake`, 1), '--queue', url, '--out', out, '--json'], llmEnv);
      await until('the episode to call the model', () => fake!.received.length > 0);
      const stoppedAt = Date.now();
      first.child.kill('SIGTERM');
      expect(await first.exited).toBe(0);
      expect(Date.now() - stoppedAt).toBeLessThan(10_000);
      const queue = new Queue('guildcraft-episodes', { connection: { host: '127.0.0.1', port: Number(new URL(url).port) } });
      try {
        const ids = (await queue.getRanges(['waiting'], 0, -1)).filter((id) => id.startsWith('sigterm|'));
        expect(ids).toHaveLength(1);
      } finally {
        await queue.close();
      }
      slow = false;
      worker(1, llmEnv);
      await finished(coordinator);
      const rs = rows(out);
      expect(rs).toHaveLength(1);
      expect(rs[0]!.ended).not.toMatch(/^skipped_/);
    }, 120_000);

    it('a sweep-wide token cap stops new episodes once reached, and the report counts them', async () => {
      fake = new FakeLlmServer('openai', () => ({ kind: 'answer', text: 'ok', usage: { prompt: 100, completion: 10 } }));
      await fake.start();
      const cap = 2_000;
      const out = join(dir, 'token-cap');
      worker(1, llmEnv);
      const coordinator = start([...llmSweep(`openai-compatible:${fake.baseURL}#fake`, 8), '--queue', url, '--out', out, '--max-tokens', String(cap), '--json'], llmEnv);
      await finished(coordinator);
      const rs = rows(out);
      const summary = JSON.parse(coordinator.stdout()) as { episodes: number; notStarted: number };
      expect(rs.length).toBeGreaterThan(0);
      expect(summary.notStarted).toBeGreaterThan(0);
      expect(rs.length + summary.notStarted).toBe(8);
      expect(summary.episodes).toBe(8);
      // Every token the server gave out is in a row; the sweep reached its cap and overran it by at most one call.
      const spent = rs.reduce((n, r) => n + tokensOf(r), 0);
      expect(spent).toBe(fake.received.length * CALL_TOKENS);
      expect(spent).toBeGreaterThanOrEqual(cap);
      expect(spent).toBeLessThanOrEqual(cap + CALL_TOKENS);
      // The rows of episodes not started are not written: the same command with a larger cap runs them.
      expect(rs.every((r) => !r.ended.startsWith('skipped_'))).toBe(true);
    }, 120_000);

    it('a shared request rate keeps a server that answers 429 beyond it from ever seeing more', async () => {
      const limit = 3;
      const windowMs = 1_200;
      /**
       * The server's own window is shorter, by a margin for transit: the rate admits requests on Redis's
       * clock, and a request can reach the server later than admitted (the first of a process loads the
       * SDK; a loaded machine delays any), so one admitted early can arrive beside one admitted a window later.
       */
      const serverWindowMs = windowMs / 2;
      const arrivals: number[] = [];
      let refused = 0;
      fake = new FakeLlmServer('openai', () => {
        const now = performance.now();
        arrivals.push(now);
        if (arrivals.filter((t) => t > now - serverWindowMs).length > limit) {
          refused++;
          return { kind: 'status', status: 429, message: 'rate limit exceeded' };
        }
        return { kind: 'answer', text: 'ok', usage: { prompt: 100, completion: 10 } };
      });
      await fake.start();
      worker(2, llmEnv);
      worker(2, llmEnv);
      const coordinator = start([...llmSweep(`openai-compatible:${fake.baseURL}#fake`, 3), '--queue', url, '--out', join(dir, 'rate'), '--rate', `${limit}/${windowMs}ms`, '--json'], llmEnv);
      await finished(coordinator);
      expect(refused).toBe(0);
      expect(arrivals.length).toBeGreaterThan(2 * limit);
      // Three episodes at once would have sent them far faster; the rate spread them over the windows.
      expect(arrivals.at(-1)! - arrivals[0]!).toBeGreaterThanOrEqual((Math.ceil(arrivals.length / limit) - 1) * windowMs - serverWindowMs);
    }, 120_000);
  });
});

