/**
 * LLM teammates on the human-play server (`guildcraft serve --model`): MindAgent's human–AI study, where an LLM
 * dispatcher commands the AI cooks beside a person. The model is a real HTTP server on 127.0.0.1 answering the OpenAI
 * protocol with recorded replies or errors.
 */
import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { serve } from '../../src/cli/commands/serve.js';
import type { RunningServer } from '../../src/server/app.js';
import type { HumanGameView, HumanRecord } from '../../src/server/cuisine/human-game.js';
import type { TeammateOffer } from '../../src/server/cuisine/routes.js';
import { FakeLlmServer } from '../llm/fake-llm-server.js';

const io = { env: { GUILDCRAFT_LLM_MAX_RETRIES: '0' }, configFile: false as const };

let runsDir: string;
let model: FakeLlmServer;
/** What the recorded model does: answer with a command for agent1, or fail with a 500. */
let modelHealthy = true;
let withLlm: RunningServer;
let plain: RunningServer;

beforeAll(async () => {
  runsDir = await mkdtemp(join(tmpdir(), 'guildcraft-llm-teammates-'));
  model = new FakeLlmServer('openai', () => (modelHealthy ? { kind: 'answer', text: 'Plan: goto_agent1_storage0' } : { kind: 'status', status: 500, message: 'overloaded' }));
  const base = await model.start();
  withLlm = await serve({ port: '0', host: '127.0.0.1', runs: runsDir, model: `openai-compatible:${base}#recorded-cook`, llmCache: 'off' }, io);
  plain = await serve({ port: '0', host: '127.0.0.1', runs: runsDir });
});

afterAll(async () => {
  await withLlm?.close();
  await plain?.close();
  await model?.stop();
  await rm(runsDir, { recursive: true, force: true });
});

async function call<T>(server: RunningServer, method: 'GET' | 'POST', path: string, body?: unknown): Promise<{ status: number; body: T }> {
  const r = await fetch(`${server.url}${path}`, { method, ...(body === undefined ? {} : { headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) }) });
  return { status: r.status, body: (await r.json()) as T };
}

async function step(server: RunningServer, view: HumanGameView, command = 'noop_agent0'): Promise<HumanGameView> {
  const r = await call<HumanGameView>(server, 'POST', `/api/cuisine/games/${view.id}/step`, { command, step: view.state.step });
  expect(r.status).toBe(200);
  return r.body;
}

describe('a server without a model', () => {
  it('offers only the built-in teammates and refuses an LLM game, saying how to get one', async () => {
    const offers = await call<TeammateOffer[]>(plain, 'GET', '/api/cuisine/teammates');
    expect(offers.body.map((o) => o.kind)).toEqual(['heuristic', 'random']);
    const r = await call<{ error: string; hint: string }>(plain, 'POST', '/api/cuisine/games', { level: 1, ai: 'llm' });
    expect(r.status).toBe(400);
    expect(r.body.error).toContain('no LLM teammates');
    expect(r.body.hint).toContain('serve --model');
  });

  it('refuses --llm-cache without --model before it listens', async () => {
    await expect(serve({ port: '0', host: '127.0.0.1', runs: runsDir, llmCache: 'off' })).rejects.toThrow(/--llm-cache only apply with --model/);
  });
});

describe('a server started with --model', () => {
  it('offers the model; its dispatcher commands agent1, and the stored record names the model', async () => {
    modelHealthy = true;
    const offers = await call<TeammateOffer[]>(withLlm, 'GET', '/api/cuisine/teammates');
    expect(offers.body.find((o) => o.kind === 'llm')?.model).toMatch(/recorded-cook/);
    const created = await call<HumanGameView>(withLlm, 'POST', '/api/cuisine/games', { level: 1, ai: 'llm', aiAgents: 1, seed: 3 });
    expect(created.status).toBe(201);
    expect(created.body.settings).toMatchObject({ ai: 'llm', model: expect.stringMatching(/recorded-cook/) });
    const asked = model.received.length;
    let view = await step(withLlm, created.body, 'goto_agent0_storage0');
    expect(view.lastStep?.ai).toEqual(['goto_agent1_storage0']);
    expect(view.lastStep?.aiFault).toBeUndefined();
    expect(model.received.length).toBeGreaterThan(asked);
    while (!view.done) view = await step(withLlm, view);
    const files = (await readdir(join(runsDir, 'human'))).filter((f) => f.includes(view.id));
    expect(files).toHaveLength(1);
    const record = JSON.parse(await readFile(join(runsDir, 'human', files[0]!), 'utf8')) as HumanRecord;
    expect(record.settings).toMatchObject({ ai: 'llm', model: expect.stringMatching(/recorded-cook/) });
    expect(record.trace.filter((s) => s.ai.includes('goto_agent1_storage0')).length).toBeGreaterThan(0);
  });

  it('a failing model: each step says so, the teammates stop once the breaker opens, and another game is not stopped with them', async () => {
    modelHealthy = false;
    const failing = (await call<HumanGameView>(withLlm, 'POST', '/api/cuisine/games', { level: 1, ai: 'llm', aiAgents: 1, seed: 4 })).body;
    let view = await step(withLlm, failing);
    expect(view.lastStep?.ai).toEqual(['noop_agent1']);
    expect(view.lastStep?.aiFault).toMatch(/500|overloaded/);
    // The breaker opens after 8 failed model steps in a row (defaultFaultLimits): from then on every step says why.
    for (let i = 0; i < 8; i++) view = await step(withLlm, view);
    expect(view.lastStep?.aiFault).toMatch(/^your teammates stopped for the rest of this game: no more model calls/);
    const callsWhenStopped = model.received.length;
    view = await step(withLlm, view);
    expect(model.received.length).toBe(callsWhenStopped);
    expect(view.done).toBe(false);

    modelHealthy = true;
    const fresh = (await call<HumanGameView>(withLlm, 'POST', '/api/cuisine/games', { level: 1, ai: 'llm', aiAgents: 1, seed: 5 })).body;
    const next = await step(withLlm, fresh, 'goto_agent0_storage0');
    expect(next.lastStep?.ai).toEqual(['goto_agent1_storage0']);
    expect(next.lastStep?.aiFault).toBeUndefined();
  });
});
