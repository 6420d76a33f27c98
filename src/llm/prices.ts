/**
 * List prices in US dollars per million tokens, so every call's cost can be logged and budgets enforced.
 * Prices change: these are the vendors' published list prices for standard (non-batch, uncached) use,
 * checked in 2025. Override or extend them with `llm.prices` in guildcraft.config.json. A model not in the
 * table costs 0 and its calls are flagged `priced: false`, so a report never shows a silent $0.
 */
import type { TokenUsage } from './types.js';

export interface ModelPrice {
  /** Dollars per million prompt (input) tokens. */
  input: number;
  /** Dollars per million completion (output) tokens. */
  output: number;
}

export type PriceTable = Readonly<Record<string, ModelPrice>>;

/** Keys are `provider:model`; dated snapshots (`gpt-4o-2024-08-06`, `claude-sonnet-4-5-20250929`) match their base name. */
export const defaultPrices: PriceTable = {
  'openai:gpt-5': { input: 1.25, output: 10 },
  'openai:gpt-5-mini': { input: 0.25, output: 2 },
  'openai:gpt-5-nano': { input: 0.05, output: 0.4 },
  'openai:gpt-4.1': { input: 2, output: 8 },
  'openai:gpt-4.1-mini': { input: 0.4, output: 1.6 },
  'openai:gpt-4.1-nano': { input: 0.1, output: 0.4 },
  'openai:gpt-4o': { input: 2.5, output: 10 },
  'openai:gpt-4o-mini': { input: 0.15, output: 0.6 },
  'openai:gpt-4-turbo': { input: 10, output: 30 },
  'openai:gpt-4': { input: 30, output: 60 },
  'openai:gpt-3.5-turbo': { input: 0.5, output: 1.5 },
  'openai:o1': { input: 15, output: 60 },
  'openai:o1-mini': { input: 1.1, output: 4.4 },
  'openai:o3': { input: 2, output: 8 },
  'openai:o3-mini': { input: 1.1, output: 4.4 },
  'openai:o4-mini': { input: 1.1, output: 4.4 },
  'openai:text-embedding-3-small': { input: 0.02, output: 0 },
  'openai:text-embedding-3-large': { input: 0.13, output: 0 },
  'openai:text-embedding-ada-002': { input: 0.1, output: 0 },
  'anthropic:claude-opus-4-5': { input: 5, output: 25 },
  'anthropic:claude-opus-4-1': { input: 15, output: 75 },
  'anthropic:claude-opus-4-0': { input: 15, output: 75 },
  'anthropic:claude-opus-4': { input: 15, output: 75 },
  'anthropic:claude-sonnet-4-5': { input: 3, output: 15 },
  'anthropic:claude-sonnet-4-0': { input: 3, output: 15 },
  'anthropic:claude-sonnet-4': { input: 3, output: 15 },
  'anthropic:claude-3-7-sonnet': { input: 3, output: 15 },
  'anthropic:claude-3-5-sonnet': { input: 3, output: 15 },
  'anthropic:claude-haiku-4-5': { input: 1, output: 5 },
  'anthropic:claude-3-5-haiku': { input: 0.8, output: 4 },
  'anthropic:claude-3-haiku': { input: 0.25, output: 1.25 },
  'anthropic:claude-3-opus': { input: 15, output: 75 },
};

/** A snapshot suffix: a date (2024-08-06, 20250929), a four-digit version (0613) or `latest`. */
const snapshotSuffix = /^-(\d{4}-\d{2}-\d{2}|\d{8}|\d{4}|latest)$/;

/**
 * The price of a model id (`provider:model`), or undefined when unknown. Only exact names and dated
 * snapshots match, so `gpt-4.5` is not priced as `gpt-4`.
 */
export function lookupPrice(modelId: string, table: PriceTable = defaultPrices): ModelPrice | undefined {
  const exact = table[modelId];
  if (exact) return exact;
  for (const [key, price] of Object.entries(table)) {
    if (modelId.startsWith(key) && snapshotSuffix.test(modelId.slice(key.length))) return price;
  }
  return undefined;
}

export interface CallCost {
  costUsd: number;
  /** False when the model is not in the price table and the cost is therefore an unknown reported as 0. */
  priced: boolean;
}

/** Models that run inside guildcraft cost nothing, and saying "unpriced" for them would be noise. */
const freeProviders = ['scripted:', 'local:'];

export function costOf(modelId: string, usage: TokenUsage, table: PriceTable = defaultPrices): CallCost {
  if (freeProviders.some((p) => modelId.startsWith(p)) && !table[modelId]) return { costUsd: 0, priced: true };
  const price = lookupPrice(modelId, table);
  if (!price) return { costUsd: 0, priced: false };
  return { costUsd: (usage.promptTokens * price.input + usage.completionTokens * price.output) / 1_000_000, priced: true };
}
