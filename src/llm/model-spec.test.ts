import { describe, expect, it } from 'vitest';
import { parseModelSpec } from './model-spec.js';

describe('parseModelSpec', () => {
  it('parses every provider form', () => {
    expect(parseModelSpec('openai:gpt-4o')).toEqual({ provider: 'openai', model: 'gpt-4o' });
    expect(parseModelSpec(' anthropic:claude-sonnet-4-5 ')).toEqual({ provider: 'anthropic', model: 'claude-sonnet-4-5' });
    expect(parseModelSpec('openai-compatible:http://127.0.0.1:11434/v1#qwen2.5')).toEqual({
      provider: 'openai-compatible',
      baseURL: 'http://127.0.0.1:11434/v1',
      model: 'qwen2.5',
    });
    // OpenRouter model names contain slashes and colons.
    expect(parseModelSpec('openai-compatible:https://openrouter.ai/api/v1#meta-llama/llama-3.1-8b-instruct:free')).toMatchObject({
      model: 'meta-llama/llama-3.1-8b-instruct:free',
    });
    expect(parseModelSpec('openai-compatible:qwen2.5')).toEqual({ provider: 'openai-compatible', model: 'qwen2.5' });
    expect(parseModelSpec('scripted:echo')).toEqual({ provider: 'scripted', name: 'echo' });
  });

  it('explains what is wrong with a bad string', () => {
    expect(() => parseModelSpec('gpt-4o', 'GUILDCRAFT_MODEL')).toThrow(/GUILDCRAFT_MODEL "gpt-4o" names no provider.*provider:model/);
    expect(() => parseModelSpec('openai:')).toThrow(/names no model/);
    expect(() => parseModelSpec('gemini:pro')).toThrow(/unknown provider "gemini"/);
    expect(() => parseModelSpec('openai-compatible:http://127.0.0.1:11434/v1')).toThrow(/no model; add #model/);
    expect(() => parseModelSpec('openai-compatible:localhost#m')).toThrow(/http\(s\) base URL/);
  });
});
