import { describe, expect, it } from 'vitest';
import { costOf, lookupPrice } from './prices.js';

describe('price table', () => {
  it('prices exact names and dated snapshots', () => {
    expect(lookupPrice('openai:gpt-4o')).toEqual({ input: 2.5, output: 10 });
    expect(lookupPrice('openai:gpt-4o-2024-08-06')).toEqual({ input: 2.5, output: 10 });
    expect(lookupPrice('openai:gpt-4o-mini')).toEqual({ input: 0.15, output: 0.6 });
    expect(lookupPrice('anthropic:claude-sonnet-4-5-20250929')).toEqual({ input: 3, output: 15 });
    expect(lookupPrice('anthropic:claude-3-5-sonnet-latest')).toEqual({ input: 3, output: 15 });
  });

  it('does not guess a price for a different model that shares a prefix', () => {
    expect(lookupPrice('openai:gpt-4.5-preview')).toBeUndefined();
    expect(lookupPrice('openai:gpt-4o-audio-preview')).toBeUndefined();
    expect(lookupPrice('openai-compatible:gpt-4o')).toBeUndefined();
  });

  it('computes per-million-token cost and flags unknown models', () => {
    const mini = costOf('openai:gpt-4o-mini', { promptTokens: 2_000_000, completionTokens: 1_000_000 });
    expect(mini.priced).toBe(true);
    expect(mini.costUsd).toBeCloseTo(0.3 + 0.6, 12);
    expect(costOf('openai-compatible:qwen2.5', { promptTokens: 100, completionTokens: 100 })).toEqual({ costUsd: 0, priced: false });
    expect(costOf('scripted:echo', { promptTokens: 100, completionTokens: 100 })).toEqual({ costUsd: 0, priced: true });
    const table = { 'openai-compatible:qwen2.5': { input: 1, output: 2 } };
    expect(costOf('openai-compatible:qwen2.5', { promptTokens: 1_000_000, completionTokens: 1_000_000 }, table)).toEqual({ costUsd: 3, priced: true });
  });
});
