/**
 * The LLM layer end to end against a real local HTTP server speaking the OpenAI chat-completions protocol:
 * provider strings, retries on 429/5xx, Retry-After, timeouts, JSON repair, accounting, budgets,
 * concurrency limits, and recording to the cache then replaying with the server stopped.
 */
import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { z } from 'zod';
import {
  BudgetExceededError,
  CacheMissError,
  LlmRun,
  LlmTimeoutError,
  ManualClock,
  ModelBehaviorError,
  ProviderError,
  RetriesExhaustedError,
  generateObject,
  type LlmCallRecord,
  type LlmRunOptions,
} from '../../src/llm/index.js';
import { FakeLlmServer } from './fake-llm-server.js';

let server: FakeLlmServer;
let spec: string;
let cacheDir: string;

beforeEach(async () => {
  server = new FakeLlmServer('openai');
  const baseURL = await server.start();
  spec = `openai-compatible:${baseURL}#qwen2.5`;
  cacheDir = await mkdtemp(join(tmpdir(), 'guildcraft-llm-cache-'));
});

afterEach(async () => {
  await server.stop();
  await rm(cacheDir, { recursive: true, force: true });
});

/** A run with no config file, an empty environment and a clock that does not really sleep between retries. */
function run(extra: Partial<LlmRunOptions> = {}): { run: LlmRun; clock: ManualClock; records: LlmCallRecord[] } {
  const clock = new ManualClock({ advanceOnSleep: true });
  const records: LlmCallRecord[] = [];
  const r = new LlmRun({
    env: {},
    configFile: false,
    sleep: clock.sleep,
    random: () => 1,
    onCall: (rec) => records.push(rec),
    retry: { timeoutMs: 2_000, baseDelayMs: 100 },
    ...extra,
  });
  return { run: r, clock, records };
}

const ask = (content: string) => ({ messages: [{ role: 'user' as const, content }] });

describe('openai-compatible provider over HTTP', () => {
  it('sends the request the protocol expects and maps the answer', async () => {
    server.queue({ kind: 'answer', text: 'hello there', usage: { prompt: 12, completion: 3 } });
    const { run: r, records } = run();
    const model = r.model('planner', spec);
    expect(model.id).toBe('openai-compatible:qwen2.5');
    const res = await model.generate({
      messages: [
        { role: 'system', content: 'be brief' },
        { role: 'user', content: 'hi' },
      ],
      temperature: 0.2,
      maxTokens: 50,
      stop: ['END'],
    });
    expect(res).toMatchObject({ text: 'hello there', usage: { promptTokens: 12, completionTokens: 3 }, finishReason: 'stop' });
    expect(res.latencyMs).toBeGreaterThanOrEqual(0);
    const got = server.received[0]!;
    expect(got.path).toBe('/v1/chat/completions');
    expect(got.body).toMatchObject({
      model: 'qwen2.5',
      temperature: 0.2,
      max_tokens: 50,
      stop: ['END'],
      messages: [
        { role: 'system', content: 'be brief' },
        { role: 'user', content: 'hi' },
      ],
    });
    expect(records).toHaveLength(1);
    expect(records[0]).toMatchObject({ role: 'planner', modelId: 'openai-compatible:qwen2.5', promptTokens: 12, completionTokens: 3, retries: 0, ok: true, cached: false });
    // A local model is not in the price table: its cost is flagged unknown rather than silently $0.
    expect(records[0]!.priced).toBe(false);
    expect(r.accountant.totals().unpricedModels).toEqual(['openai-compatible:qwen2.5']);
  });

  it('uses the model named by GUILDCRAFT_MODEL when the agent names none', async () => {
    server.queue({ kind: 'answer', text: 'from the env model' });
    const { run: r } = run({ env: { GUILDCRAFT_MODEL: spec } });
    const res = await r.model('scout').generate(ask('hi'));
    expect(res.text).toBe('from the env model');
    expect(server.received[0]!.body['model']).toBe('qwen2.5');
  });

  it('speaks to openai: models at OPENAI_BASE_URL with the key and max_completion_tokens', async () => {
    server.queue({ kind: 'answer', text: 'hi from "openai"' });
    const { run: r, records } = run({ env: { OPENAI_API_KEY: 'sk-test', OPENAI_BASE_URL: server.baseURL } });
    const res = await r.model('default', 'openai:gpt-4o-mini').generate({ ...ask('hi'), maxTokens: 20 });
    expect(res.text).toBe('hi from "openai"');
    const got = server.received[0]!;
    expect(got.headers['authorization']).toBe('Bearer sk-test');
    expect(got.body).toMatchObject({ model: 'gpt-4o-mini', max_completion_tokens: 20 });
    expect(got.body['max_tokens']).toBeUndefined();
    // 10 prompt tokens at $0.15/M + 5 completion tokens at $0.60/M.
    expect(records[0]!.priced).toBe(true);
    expect(records[0]!.costUsd).toBeCloseTo((10 * 0.15 + 5 * 0.6) / 1e6, 15);
  });

  it('asks for JSON mode and maps a length cut-off', async () => {
    server.queue({ kind: 'answer', text: '{"a":', finish: 'length' });
    const res = await run().run.model('default', spec).generate({ ...ask('give me an object'), responseFormat: 'json' });
    expect(res.finishReason).toBe('length');
    expect(server.received[0]!.body['response_format']).toEqual({ type: 'json_object' });
    // The prompt never said "JSON", which OpenAI's JSON mode rejects, so an instruction was added.
    const messages = server.received[0]!.body['messages'] as Array<{ content: string }>;
    expect(messages[0]!.content).toMatch(/JSON/);
  });

  it('falls back to the prompt instruction when a server rejects JSON mode', async () => {
    server.queue(
      { kind: 'status', status: 400, message: "'response_format.type' must be 'json_schema' or 'text'" },
      { kind: 'answer', text: '{"ok": true}' },
      { kind: 'answer', text: '{"ok": false}' },
    );
    const model = run().run.model('default', spec);
    expect((await model.generate({ ...ask('give me json'), responseFormat: 'json' })).text).toBe('{"ok": true}');
    expect((await model.generate({ ...ask('again, json'), responseFormat: 'json' })).text).toBe('{"ok": false}');
    expect(server.received.map((r) => r.body['response_format'])).toEqual([{ type: 'json_object' }, undefined, undefined]);
  });

  it('retries a 429 after the Retry-After the server asked for', async () => {
    server.queue({ kind: 'status', status: 429, headers: { 'retry-after': '2' } }, { kind: 'answer', text: 'after the wait' });
    const { run: r, clock, records } = run();
    const res = await r.model('default', spec).generate(ask('hi'));
    expect(res.text).toBe('after the wait');
    expect(server.received).toHaveLength(2);
    expect(clock.sleeps).toEqual([2000]);
    expect(records[0]).toMatchObject({ ok: true, retries: 1 });
  });

  it('retries 5xx with exponential backoff and gives up after maxRetries', async () => {
    server.queue({ kind: 'status', status: 500 }, { kind: 'status', status: 503 }, { kind: 'answer', text: 'third time' });
    const { run: r, clock, records } = run({ retry: { baseDelayMs: 100, maxRetries: 3, timeoutMs: 2_000 } });
    expect((await r.model('default', spec).generate(ask('hi'))).text).toBe('third time');
    expect(clock.sleeps).toEqual([100, 200]);
    expect(records[0]!.retries).toBe(2);

    server.queue({ kind: 'status', status: 500 }, { kind: 'status', status: 502 }, { kind: 'status', status: 500 });
    const { run: r2, records: records2 } = run({ retry: { maxRetries: 1 } });
    const err = await r2.model('default', spec).generate(ask('hi')).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(RetriesExhaustedError);
    expect((err as ProviderError).fault).toBe('environment');
    expect((err as ProviderError).message).toMatch(/HTTP 502.*gave up after 1 retry/);
    expect(records2[0]).toMatchObject({ ok: false, retries: 1, promptTokens: 0 });
    expect(server.received).toHaveLength(5);
  });

  it('does not retry a refused key and names the variable to check', async () => {
    server.queue({ kind: 'status', status: 401, message: 'bad key' });
    const err = await run().run.model('default', spec).generate(ask('hi')).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(ProviderError);
    expect((err as ProviderError).fault).toBe('user');
    expect((err as ProviderError).message).toContain('OPENAI_COMPATIBLE_API_KEY');
    expect(server.received).toHaveLength(1);
  });

  it('times out a slow answer and retries it', async () => {
    server.queue({ kind: 'answer', text: 'too late', delayMs: 5_000 }, { kind: 'answer', text: 'quick' });
    // Generous enough for the quick answer on a loaded machine, far below the slow one's 5 s.
    const { run: r, records } = run({ retry: { timeoutMs: 500, maxRetries: 2, baseDelayMs: 1 } });
    const started = performance.now();
    const res = await r.model('default', spec).generate(ask('hi'));
    expect(res.text).toBe('quick');
    expect(performance.now() - started).toBeLessThan(3_000);
    expect(records[0]!.retries).toBe(1);
  });

  it('fails with a timeout error when every attempt is too slow', async () => {
    server.queue({ kind: 'answer', text: 'late', delayMs: 5_000 }, { kind: 'answer', text: 'late', delayMs: 5_000 });
    const { run: r } = run({ retry: { timeoutMs: 100, maxRetries: 1, baseDelayMs: 1 } });
    const err = await r.model('default', spec).generate(ask('hi')).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(RetriesExhaustedError);
    expect((err as Error).cause).toBeInstanceOf(LlmTimeoutError);
    expect((err as Error).message).toMatch(/did not answer within 100 ms/);
  });

  it('passes the caller abort through without retrying', async () => {
    server.queue({ kind: 'answer', text: 'late', delayMs: 5_000 });
    const controller = new AbortController();
    const pending = run().run.model('default', spec).generate(ask('hi'), { signal: controller.signal });
    setTimeout(() => controller.abort(new Error('agent cancelled')), 50);
    await expect(pending).rejects.toThrow('agent cancelled');
    expect(server.received).toHaveLength(1);
  });

  it('reports an unreadable body as an environment fault', async () => {
    server.queue({ kind: 'broken-body' });
    const err = await run().run.model('default', spec).generate(ask('hi')).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(ProviderError);
    expect((err as ProviderError).fault).toBe('environment');
  });
});

describe('structured output over HTTP', () => {
  const plan = z.object({ steps: z.array(z.string()).min(1) });

  it('repairs malformed JSON once, showing the model what was wrong', async () => {
    server.queue({ kind: 'answer', text: '```json\n{"steps": ["mine", }\n```' }, { kind: 'answer', text: '```json\n{"steps": ["mine", "craft"]}\n```' });
    const { run: r, records } = run();
    const out = await generateObject(r.model('planner', spec), ask('plan'), plan);
    expect(out.object).toEqual({ steps: ['mine', 'craft'] });
    expect(out.repaired).toBe(true);
    const repair = server.received[1]!.body['messages'] as Array<{ role: string; content: string }>;
    expect(repair.at(-2)).toEqual({ role: 'assistant', content: '```json\n{"steps": ["mine", }\n```' });
    expect(repair.at(-1)!.content).toMatch(/not valid JSON/);
    expect(records.map((x) => x.role)).toEqual(['planner', 'planner']);
  });

  it('sends schema violations back and throws ModelBehaviorError when the repair fails too', async () => {
    server.queue({ kind: 'answer', text: '{"steps": []}' }, { kind: 'answer', text: '{"stepz": ["x"]}' });
    const err = await generateObject(run().run.model('default', spec), ask('plan'), plan).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(ModelBehaviorError);
    expect((err as ModelBehaviorError).fault).toBe('model');
    expect((err as ModelBehaviorError).rawText).toBe('{"stepz": ["x"]}');
    const repair = server.received[1]!.body['messages'] as Array<{ content: string }>;
    expect(repair.at(-1)!.content).toMatch(/steps/);
    expect(server.received).toHaveLength(2);
  });
});

describe('run services over HTTP', () => {
  it('prices calls from the config table and totals them per role', async () => {
    server.queue(
      { kind: 'answer', text: 'a', usage: { prompt: 1_000, completion: 500 } },
      { kind: 'answer', text: 'b', usage: { prompt: 2_000, completion: 0 } },
    );
    const { run: r } = run({ config: { prices: { 'openai-compatible:qwen2.5': { input: 1, output: 4 } } } });
    await r.model('planner', spec).generate(ask('one'));
    await r.model('critic', spec).generate(ask('two'));
    const byRole = r.accountant.totalsByRole();
    expect(byRole['planner']!.costUsd).toBeCloseTo(0.001 + 0.002, 10);
    expect(byRole['critic']!.costUsd).toBeCloseTo(0.002, 10);
    expect(r.accountant.totals()).toMatchObject({ calls: 2, promptTokens: 3_000, completionTokens: 500, unpricedModels: [] });
  });

  it('stops calling once the token budget is spent', async () => {
    const { run: r, records } = run({ budget: { maxTokens: 20 } });
    const model = r.model('default', spec);
    await model.generate(ask('one')); // 15 tokens
    await model.generate(ask('two')); // 30: over budget now
    await expect(model.generate(ask('three'))).rejects.toBeInstanceOf(BudgetExceededError);
    await expect(model.generate(ask('four'))).rejects.toThrow(/30 of 20 tokens used/);
    expect(server.received).toHaveLength(2);
    expect(records).toHaveLength(2);
  });

  it('never has more calls in flight than the concurrency limit', async () => {
    const slowServer = new FakeLlmServer('openai', () => ({ kind: 'answer', text: 'ok', delayMs: 150 }));
    const url = await slowServer.start();
    try {
      const { run: r } = run({ maxConcurrency: 2 });
      const model = r.model('default', `openai-compatible:${url}#m`);
      await Promise.all(Array.from({ length: 6 }, (_, i) => model.generate(ask(`q${i}`))));
      expect(slowServer.received).toHaveLength(6);
      expect(slowServer.maxInFlight).toBe(2);
    } finally {
      await slowServer.stop();
    }
  });

  it('records answers to disk, then replays them with the server stopped', async () => {
    server.queue({ kind: 'answer', text: 'first answer' }, { kind: 'answer', text: 'second answer' }, { kind: 'answer', text: 'other prompt' });
    const recorder = run({ cacheMode: 'record', cacheDir });
    const m = recorder.run.model('default', spec);
    expect((await m.generate(ask('same prompt'))).text).toBe('first answer');
    expect((await m.generate(ask('same prompt'))).text).toBe('second answer');
    expect((await m.generate(ask('different'))).text).toBe('other prompt');
    const files = (await readdir(cacheDir)).sort();
    expect(files).toHaveLength(3);
    const entry = JSON.parse(await readFile(join(cacheDir, files[0]!), 'utf8')) as { modelId: string; response: { text: string } };
    expect(entry.modelId).toBe('openai-compatible:qwen2.5');

    await server.stop();
    const replayer = run({ cacheMode: 'replay', cacheDir });
    const r = replayer.run.model('default', spec);
    const again = await r.generate(ask('same prompt'));
    expect(again).toMatchObject({ text: 'first answer', cached: true, usage: { promptTokens: 10, completionTokens: 5 } });
    expect((await r.generate(ask('same prompt'))).text).toBe('second answer');
    expect((await r.generate(ask('different'))).text).toBe('other prompt');
    expect(replayer.records.every((x) => x.cached)).toBe(true);
    expect(replayer.run.accountant.totals()).toMatchObject({ cachedCalls: 3, spentUsd: 0 });

    const miss = await r.generate(ask('never asked')).catch((e: unknown) => e);
    expect(miss).toBeInstanceOf(CacheMissError);
    expect((miss as CacheMissError).message).toContain(cacheDir);
    expect((miss as CacheMissError).message).toMatch(/re-record/);
  });

  it('embeds texts through /embeddings and accounts the call', async () => {
    const { run: r, records } = run();
    const emb = r.embeddingModel('memory', spec.replace('#qwen2.5', '#nomic-embed-text'));
    const out = await emb.embed(['ab', 'abcd']);
    expect(out.vectors).toEqual([
      [2, 1, 0],
      [4, 1, 0],
    ]);
    expect(server.received[0]!.path).toBe('/v1/embeddings');
    expect(server.received[0]!.body).toMatchObject({ model: 'nomic-embed-text', input: ['ab', 'abcd'], encoding_format: 'float' });
    expect(records[0]).toMatchObject({ kind: 'embed', role: 'memory', promptTokens: 10 });
  });
});
