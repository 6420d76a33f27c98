import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { generateObject } from './generate-object.js';
import { extractJson } from './json-output.js';
import { ModelBehaviorError } from './llm-errors.js';
import { ScriptedModel } from './scripted-model.js';

const action = z.object({ skill: z.enum(['mine', 'craft']), count: z.number().int().positive() });
const ask = { messages: [{ role: 'user' as const, content: 'next action?' }] };

describe('extractJson', () => {
  it('tolerates fences and surrounding prose', () => {
    expect(extractJson('```json\n{"a": 1}\n```')).toEqual({ ok: true, value: { a: 1 } });
    expect(extractJson('Sure! Here it is: {"a": [1, 2]} Hope that helps.')).toEqual({ ok: true, value: { a: [1, 2] } });
    expect(extractJson('```\n[1,2]\n```')).toEqual({ ok: true, value: [1, 2] });
    expect(extractJson('  42 ')).toEqual({ ok: true, value: 42 });
  });

  it('describes what is wrong', () => {
    expect(extractJson('')).toEqual({ ok: false, problem: expect.stringMatching(/empty/) });
    expect(extractJson('I would mine some wood')).toEqual({ ok: false, problem: expect.stringMatching(/not valid JSON/) });
  });
});

describe('generateObject', () => {
  it('returns a validated object from a fenced answer without repair', async () => {
    const model = new ScriptedModel('s', ['```json\n{"skill": "mine", "count": 3}\n```']);
    const out = await generateObject(model, ask, action);
    expect(out).toMatchObject({ object: { skill: 'mine', count: 3 }, repaired: false });
    expect(model.requests[0]!.responseFormat).toBe('json');
  });

  it('makes exactly one repair attempt carrying the validation error', async () => {
    const model = new ScriptedModel('s', ['{"skill": "dance", "count": 0}', '{"skill": "craft", "count": 1}']);
    const out = await generateObject(model, ask, action);
    expect(out.object).toEqual({ skill: 'craft', count: 1 });
    expect(out.responses).toHaveLength(2);
    const repair = model.requests[1]!.messages;
    expect(repair.slice(0, 1)).toEqual(ask.messages);
    expect(repair[1]).toEqual({ role: 'assistant', content: '{"skill": "dance", "count": 0}' });
    expect(repair[2]!.content).toMatch(/skill: .*count: /s);
  });

  it('throws ModelBehaviorError after a failed repair, without a third call', async () => {
    const model = new ScriptedModel('s', ['nope', '{"skill": "mine"}', '{"skill": "mine", "count": 1}']);
    const err = await generateObject(model, ask, action).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(ModelBehaviorError);
    expect(err).toMatchObject({ fault: 'model', rawText: '{"skill": "mine"}' });
    expect((err as ModelBehaviorError).problem).toMatch(/count/);
    expect(model.callCount).toBe(2);
  });
});
