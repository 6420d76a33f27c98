import { mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { InputError } from '../core/errors.js';
import { LlmAccountant, type LlmCallRecord } from './accountant.js';
import { TRANSCRIPT_MESSAGE_KEEP_CHARS } from './call-transcript.js';
import { LlmBudget } from './budget.js';
import { BudgetExceededError, CacheMissError, ProviderError } from './llm-errors.js';
import { withServices } from './managed-model.js';
import { ResponseCache } from './response-cache.js';
import { ScriptedModel } from './scripted-model.js';
import { stableHash } from './stable-hash.js';

let dir: string;
beforeEach(async () => {
  dir = await mkdtemp(join(tmpdir(), 'guildcraft-llm-managed-'));
});
afterEach(() => rm(dir, { recursive: true, force: true }));

const ask = (content: string, temperature?: number) => ({ messages: [{ role: 'user' as const, content }], ...(temperature !== undefined ? { temperature } : {}) });

describe('scripted model', () => {
  it('answers from a list, records requests, and fails loudly when the list runs out', async () => {
    const m = new ScriptedModel('plan', ['one', { text: 'two', usage: { promptTokens: 7, completionTokens: 1 } }, new Error('scripted failure')]);
    expect((await m.generate(ask('a'))).text).toBe('one');
    expect((await m.generate(ask('b'))).usage).toEqual({ promptTokens: 7, completionTokens: 1 });
    await expect(m.generate(ask('c'))).rejects.toThrow('scripted failure');
    await expect(m.generate(ask('d'))).rejects.toThrow(/has 3 answer\(s\) but was asked a 4th time/);
    expect(m.requests.map((r) => r.messages[0]!.content)).toEqual(['a', 'b', 'c', 'd']);
    const looping = new ScriptedModel('loop', ['only'], { whenExhausted: 'repeat-last' });
    await looping.generate(ask('x'));
    expect((await looping.generate(ask('y'))).text).toBe('only');
  });

  it('answers from a function of the request', async () => {
    const m = new ScriptedModel('fn', (req, i) => `${i}:${req.messages.at(-1)!.content.toUpperCase()}`);
    expect((await m.generate(ask('hi'))).text).toBe('0:HI');
    expect((await m.generate(ask('yo'))).text).toBe('1:YO');
  });
});

describe('managed model services', () => {
  it("hands each chat call's prompt and response to the ledger's listeners, bounded, and keeps neither in the ledger", async () => {
    const accountant = new LlmAccountant();
    const heard: LlmCallRecord[] = [];
    accountant.onCall((r) => heard.push(r));
    const long = 'x'.repeat(TRANSCRIPT_MESSAGE_KEEP_CHARS + 500);
    const m = withServices(new ScriptedModel('p', ['go north', new ProviderError('user', 'refused', 'fix', { retryable: false })]), { role: 'planner', accountant });
    await m.generate({ messages: [{ role: 'system', content: 'You are A0.' }, { role: 'user', content: long }] });
    await expect(m.generate(ask('again'))).rejects.toThrow('refused');
    expect(heard[0]!.prompt).toBe(`[system]\nYou are A0.\n\n[user]\n${'x'.repeat(TRANSCRIPT_MESSAGE_KEEP_CHARS)}… [500 characters cut]`);
    expect(heard[0]).toMatchObject({ response: 'go north', transcriptCharsCut: 500 });
    // A failed call still shows what was asked.
    expect(heard[1]).toMatchObject({ ok: false, prompt: '[user]\nagain', transcriptCharsCut: 0 });
    expect(heard[1]!.response).toBeUndefined();
    expect(accountant.records.map((r) => [r.prompt, r.response])).toEqual([[undefined, undefined], [undefined, undefined]]);
  });

  it('records one ledger entry per call with role and totals per role', async () => {
    const accountant = new LlmAccountant();
    const seen: number[] = [];
    const stop = accountant.onCall((r) => seen.push(r.seq));
    const planner = withServices(new ScriptedModel('p', ['12345678']), { role: 'planner', accountant });
    const critic = withServices(new ScriptedModel('c', ['ok', new ProviderError('user', 'refused', 'fix', { retryable: false })]), { role: 'critic', accountant });
    await planner.generate(ask('abcd'));
    await critic.generate(ask('abcd'));
    stop();
    await expect(critic.generate(ask('abcd'))).rejects.toThrow('refused');
    expect(seen).toEqual([1, 2]);
    const byRole = accountant.totalsByRole();
    expect(byRole['planner']).toMatchObject({ calls: 1, promptTokens: 1, completionTokens: 2 });
    expect(byRole['critic']).toMatchObject({ calls: 2, failedCalls: 1 });
    expect(accountant.records[2]).toMatchObject({ ok: false, error: expect.stringMatching(/refused/), tokensEstimated: false });
    expect(accountant.records[0]!.tokensEstimated).toBe(true);
  });

  it('stops at the call and cost limits with a clear error', async () => {
    const budget = new LlmBudget({ maxCalls: 2 });
    const m = withServices(new ScriptedModel('s', ['a'], { whenExhausted: 'repeat-last' }), { budget });
    await m.generate(ask('1'));
    await m.generate(ask('2'));
    const err = await m.generate(ask('3')).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(BudgetExceededError);
    expect((err as BudgetExceededError).message).toMatch(/2 of 2 calls made.*raise the budget/);
    const costly = new LlmBudget({ maxCostUsd: 0.01 });
    const priced = withServices(new ScriptedModel('gpt', [{ text: 'x', usage: { promptTokens: 10_000, completionTokens: 0 } }], { whenExhausted: 'repeat-last' }), {
      budget: costly,
      prices: { 'scripted:gpt': { input: 1, output: 1 } },
    });
    await priced.generate(ask('1'));
    await expect(priced.generate(ask('2'))).rejects.toThrow(/\$0\.0100 of \$0\.01 spent/);
    expect(() => new LlmBudget({ maxTokens: -1 })).toThrow(InputError);
  });

  it('records to readable files and replays identical prompts in recorded order', async () => {
    const live = new ScriptedModel('s', ['first', 'second', 'warm']);
    const recorder = withServices(live, { cache: new ResponseCache(dir, 'record') });
    await recorder.generate(ask('same'));
    await recorder.generate(ask('same'));
    await recorder.generate(ask('same', 0.7));
    const files = await readdir(dir);
    expect(files).toHaveLength(3);
    const entry = JSON.parse(await readFile(join(dir, files.find((f) => f.endsWith('-1.json'))!), 'utf8'));
    expect(entry).toMatchObject({ kind: 'chat', modelId: 'scripted:s', response: { text: 'second' }, request: { messages: [{ role: 'user', content: 'same' }] } });

    const offline = new ScriptedModel('s', []);
    const replay = withServices(offline, { cache: new ResponseCache(dir, 'replay') });
    expect((await replay.generate(ask('same'))).text).toBe('first');
    expect((await replay.generate(ask('same', 0.7))).text).toBe('warm');
    expect((await replay.generate(ask('same'))).text).toBe('second');
    expect(offline.callCount).toBe(0);
    await expect(replay.generate(ask('same'))).rejects.toBeInstanceOf(CacheMissError);
  });

  it('reports a corrupt cache file as the user’s to re-record', async () => {
    const cache = new ResponseCache(dir, 'replay');
    const m = withServices(new ScriptedModel('s', []), { cache });
    const slotFile = join(dir, `${stableHash({ kind: 'chat', model: 'scripted:s', messages: [{ role: 'user', content: 'q' }] })}-0.json`);
    await writeFile(slotFile, '{ broken');
    await expect(m.generate(ask('q'))).rejects.toThrow(/not valid JSON.*re-record/);
  });

  it('hashes requests independently of key order', () => {
    expect(stableHash({ a: 1, b: { c: [1, { d: 2, e: 3 }] } })).toBe(stableHash({ b: { c: [1, { e: 3, d: 2 }] }, a: 1, z: undefined }));
    expect(stableHash({ a: 1 })).not.toBe(stableHash({ a: 2 }));
  });
});
