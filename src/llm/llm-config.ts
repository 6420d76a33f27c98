/**
 * The `llm` section of guildcraft.config.json, validated with zod. Other top-level sections belong to other
 * layers and are ignored here; inside `llm`, unknown keys are errors so a typo does not silently do nothing.
 */
import { readFileSync, existsSync } from 'node:fs';
import { resolve } from 'node:path';
import { z } from 'zod';
import { InputError } from '../core/errors.js';

const providerSettings = z.strictObject({ apiKey: z.string().min(1).optional(), baseURL: z.url().optional() });
const price = z.strictObject({ input: z.number().nonnegative(), output: z.number().nonnegative() });

export const llmConfigSchema = z.strictObject({
  /** Default model for every role. */
  model: z.string().optional(),
  /** Per-role models, e.g. { "planner": "openai:gpt-4o", "critic": "openai:gpt-4o-mini" }. */
  roles: z.record(z.string(), z.string()).optional(),
  embeddingModel: z.string().optional(),
  providers: z
    .strictObject({ openai: providerSettings.optional(), anthropic: providerSettings.optional(), 'openai-compatible': providerSettings.optional() })
    .optional(),
  timeoutMs: z.number().int().positive().optional(),
  maxRetries: z.number().int().nonnegative().optional(),
  maxConcurrency: z.number().int().positive().optional(),
  budget: z
    .strictObject({ maxTokens: z.number().nonnegative().optional(), maxCostUsd: z.number().nonnegative().optional(), maxCalls: z.number().int().nonnegative().optional() })
    .optional(),
  cache: z.strictObject({ mode: z.enum(['record', 'replay', 'off']).optional(), dir: z.string().min(1).optional() }).optional(),
  /** Bounds on a failing model per episode (see circuit-breaker.ts and docs/llm.md). */
  faults: z
    .strictObject({
      unreachableMs: z.number().int().positive().optional(),
      failingWallMs: z.number().int().positive().optional(),
      maxConsecutiveFaults: z.number().int().positive().optional(),
      maxCalls: z.number().int().positive().optional(),
    })
    .optional(),
  /** Extra or overriding prices, keyed `provider:model`, dollars per million tokens. */
  prices: z.record(z.string(), price).optional(),
});

export type LlmConfig = z.infer<typeof llmConfigSchema>;

export const defaultConfigFileName = 'guildcraft.config.json';

export interface LoadedLlmConfig {
  config: LlmConfig;
  /** The file it came from, when there was one. */
  path?: string;
}

/**
 * Reads the `llm` section. With no path, `guildcraft.config.json` in `cwd` is used if it exists;
 * a path that was given but does not exist is an error. `false` reads no file.
 */
export function loadLlmConfig(configFile: string | false | undefined, cwd: string = process.cwd()): LoadedLlmConfig {
  if (configFile === false) return { config: {} };
  const path = resolve(cwd, configFile ?? defaultConfigFileName);
  if (!existsSync(path)) {
    if (configFile === undefined) return { config: {} };
    throw new InputError(`config file ${path} does not exist`, 'check the path, or leave it out to use environment variables');
  }
  let raw: unknown;
  try {
    raw = JSON.parse(readFileSync(path, 'utf8'));
  } catch (err) {
    throw new InputError(`config file ${path} is not valid JSON: ${(err as Error).message}`, 'fix the JSON syntax', { cause: err });
  }
  const section = raw !== null && typeof raw === 'object' ? (raw as Record<string, unknown>)['llm'] : undefined;
  if (section === undefined) return { config: {}, path };
  const parsed = llmConfigSchema.safeParse(section);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    const where = ['llm', ...(issue?.path ?? []).map(String)].join('.');
    throw new InputError(`config file ${path}: ${where}: ${issue?.message ?? 'invalid'}`, 'fix that entry (see docs/llm.md for the keys)');
  }
  return { config: parsed.data, path };
}
