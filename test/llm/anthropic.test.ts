/**
 * The Anthropic provider through the official SDK against a local server speaking the messages protocol.
 */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { LlmRun, ManualClock, ProviderError, resolveModel, type LlmCallRecord } from '../../src/llm/index.js';
import { FakeLlmServer } from './fake-llm-server.js';

let server: FakeLlmServer;
let env: Record<string, string>;

beforeEach(async () => {
  server = new FakeLlmServer('anthropic');
  env = { ANTHROPIC_API_KEY: 'sk-ant-test', ANTHROPIC_BASE_URL: await server.start() };
});

afterEach(() => server.stop());

describe('anthropic provider', () => {
  it('sends system text separately, merges same-role turns and maps usage and stop reason', async () => {
    server.queue({ kind: 'answer', text: 'built the shelter', usage: { prompt: 40, completion: 7 }, finish: 'max_tokens' });
    const model = resolveModel('anthropic:claude-haiku-4-5', { env, configFile: false });
    expect(model.id).toBe('anthropic:claude-haiku-4-5');
    const res = await model.generate({
      messages: [
        { role: 'system', content: 'You are a builder.' },
        { role: 'user', content: 'status?' },
        { role: 'user', content: 'and the plan?' },
      ],
      temperature: 0,
    });
    expect(res).toMatchObject({ text: 'built the shelter', usage: { promptTokens: 40, completionTokens: 7 }, finishReason: 'length' });
    const got = server.received[0]!;
    expect(got.path).toBe('/v1/messages');
    // SDK versions differ in the header they put the key in (x-api-key, or a bearer token).
    expect(`${got.headers['x-api-key']} ${got.headers['authorization']}`).toContain('sk-ant-test');
    expect(got.body).toMatchObject({
      model: 'claude-haiku-4-5',
      system: 'You are a builder.',
      max_tokens: 4096,
      temperature: 0,
      messages: [{ role: 'user', content: 'status?\n\nand the plan?' }],
    });
  });

  it('asks for JSON by instruction, since the API has no JSON mode', async () => {
    server.queue({ kind: 'answer', text: '{}' });
    await resolveModel('anthropic:claude-haiku-4-5', { env, configFile: false }).generate({
      messages: [{ role: 'user', content: 'give an object' }],
      responseFormat: 'json',
      maxTokens: 100,
    });
    expect(server.received[0]!.body['system']).toMatch(/JSON/);
    expect(server.received[0]!.body['max_tokens']).toBe(100);
  });

  it('retries an overloaded server and prices the call from the table', async () => {
    server.queue({ kind: 'status', status: 529, message: 'Overloaded' }, { kind: 'answer', text: 'ok', usage: { prompt: 1_000_000, completion: 100_000 } });
    const clock = new ManualClock({ advanceOnSleep: true });
    const records: LlmCallRecord[] = [];
    const run = new LlmRun({ env, configFile: false, sleep: clock.sleep, random: () => 0, onCall: (r) => records.push(r) });
    const res = await run.model('critic', 'anthropic:claude-opus-4-5-20251101').generate({ messages: [{ role: 'user', content: 'hi' }] });
    expect(res.text).toBe('ok');
    expect(clock.sleeps).toEqual([250]);
    // $5 per million prompt tokens + $25 per million completion tokens.
    expect(records[0]).toMatchObject({ role: 'critic', retries: 1, priced: true });
    expect(records[0]!.costUsd).toBeCloseTo(5 + 2.5, 10);
  });

  it('reports a rejected key as the user’s to fix, naming ANTHROPIC_API_KEY', async () => {
    server.queue({ kind: 'status', status: 401, message: 'invalid x-api-key' });
    const err = await resolveModel('anthropic:claude-haiku-4-5', { env, configFile: false })
      .generate({ messages: [{ role: 'user', content: 'hi' }] })
      .catch((e: unknown) => e);
    expect(err).toBeInstanceOf(ProviderError);
    expect((err as ProviderError).fault).toBe('user');
    expect((err as ProviderError).message).toContain('ANTHROPIC_API_KEY');
  });
});
