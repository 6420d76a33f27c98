/**
 * Turns a provider string plus the environment and config file into a ready model, and says plainly what is
 * missing when something is: which variable to set, or which config key to add.
 *
 * Precedence: an explicit spec, then GUILDCRAFT_MODEL (or GUILDCRAFT_MODEL_<ROLE> for a role), then the config
 * file's `llm.roles.<role>` / `llm.model`. For keys and URLs the environment wins over the config file.
 */
import { InputError } from '../core/errors.js';
import { AnthropicChatModel } from './anthropic-chat-model.js';
import { HashedEmbeddingModel } from './hashed-embedding.js';
import { loadLlmConfig, defaultConfigFileName, type LlmConfig } from './llm-config.js';
import { parseModelSpec, type ModelSpec } from './model-spec.js';
import { OpenAIChatModel } from './openai-chat-model.js';
import { OpenAIEmbeddingModel } from './openai-embedding-model.js';
import { builtinScriptedModel, type ScriptedModel } from './scripted-model.js';
import type { EmbeddingModel, LanguageModel } from './types.js';

export type Env = Readonly<Record<string, string | undefined>>;

export interface ResolveOptions {
  /** Environment variables; `process.env` when absent. */
  env?: Env;
  /** Path of the config file; `guildcraft.config.json` in cwd when absent (if it exists); `false` for none. */
  configFile?: string | false;
  /** An already loaded `llm` section, instead of reading the file. */
  config?: LlmConfig;
  cwd?: string;
  /** Agent role whose model to pick (GUILDCRAFT_MODEL_<ROLE>, `llm.roles.<role>`). */
  role?: string;
  /** Scripted models by name, for `scripted:<name>`. */
  scripted?: Readonly<Record<string, ScriptedModel>>;
}

/** A provider model with its connection details filled in. */
export interface ResolvedProvider {
  provider: 'openai' | 'anthropic' | 'openai-compatible';
  model: string;
  baseURL: string;
  apiKey?: string;
  /** The variable that would hold the key, for messages. */
  keyVariable: string;
}

export const defaultBaseURLs = { openai: 'https://api.openai.com/v1', anthropic: 'https://api.anthropic.com' } as const;

const ollamaExample = 'openai-compatible:http://127.0.0.1:11434/v1#qwen2.5';

function configOf(opts: ResolveOptions): LlmConfig {
  return opts.config ?? loadLlmConfig(opts.configFile, opts.cwd).config;
}

function nonEmpty(v: string | undefined): string | undefined {
  return v !== undefined && v.trim() !== '' ? v.trim() : undefined;
}

/** The spec string that applies, and where it came from; an InputError when none is configured. */
export function pickModelSpec(spec: string | undefined, opts: ResolveOptions = {}, config: LlmConfig = configOf(opts)): { spec: string; source: string } {
  const env = opts.env ?? process.env;
  if (nonEmpty(spec)) return { spec: spec!.trim(), source: 'model' };
  const role = opts.role;
  if (role) {
    const roleVar = `GUILDCRAFT_MODEL_${role.toUpperCase().replace(/[^A-Z0-9]/g, '_')}`;
    const fromEnv = nonEmpty(env[roleVar]);
    if (fromEnv) return { spec: fromEnv, source: roleVar };
    const fromConfig = nonEmpty(config.roles?.[role]);
    if (fromConfig) return { spec: fromConfig, source: `llm.roles.${role}` };
  }
  const fromEnv = nonEmpty(env['GUILDCRAFT_MODEL']);
  if (fromEnv) return { spec: fromEnv, source: 'GUILDCRAFT_MODEL' };
  const fromConfig = nonEmpty(config.model);
  if (fromConfig) return { spec: fromConfig, source: 'llm.model' };
  throw new InputError(
    `no language model is configured${role ? ` for role "${role}"` : ''}`,
    `set GUILDCRAFT_MODEL (e.g. GUILDCRAFT_MODEL=openai:gpt-4o-mini with OPENAI_API_KEY, or GUILDCRAFT_MODEL=${ollamaExample} for a local Ollama) or add "llm": {"model": "..."} to ${defaultConfigFileName}`,
  );
}

/** Fills in base URL and key for a provider spec; an InputError names the variable to set when a key is missing. */
export function resolveProvider(parsed: ModelSpec, opts: ResolveOptions = {}, config: LlmConfig = configOf(opts)): ResolvedProvider {
  const env = opts.env ?? process.env;
  switch (parsed.provider) {
    case 'openai': {
      const baseURL = nonEmpty(env['OPENAI_BASE_URL']) ?? config.providers?.openai?.baseURL ?? defaultBaseURLs.openai;
      const apiKey = nonEmpty(env['OPENAI_API_KEY']) ?? config.providers?.openai?.apiKey;
      // A non-default base URL usually means a proxy or local server that may need no key.
      if (!apiKey && baseURL === defaultBaseURLs.openai) {
        throw new InputError(
          `OpenAI model "${parsed.model}" needs an API key`,
          `set OPENAI_API_KEY (or llm.providers.openai.apiKey in ${defaultConfigFileName}); for a local server use ${ollamaExample}`,
        );
      }
      return { provider: 'openai', model: parsed.model, baseURL, keyVariable: 'OPENAI_API_KEY', ...(apiKey ? { apiKey } : {}) };
    }
    case 'anthropic': {
      const baseURL = nonEmpty(env['ANTHROPIC_BASE_URL']) ?? config.providers?.anthropic?.baseURL ?? defaultBaseURLs.anthropic;
      const apiKey = nonEmpty(env['ANTHROPIC_API_KEY']) ?? config.providers?.anthropic?.apiKey;
      if (!apiKey) {
        throw new InputError(
          `Anthropic model "${parsed.model}" needs an API key`,
          `set ANTHROPIC_API_KEY (or llm.providers.anthropic.apiKey in ${defaultConfigFileName})`,
        );
      }
      return { provider: 'anthropic', model: parsed.model, baseURL, apiKey, keyVariable: 'ANTHROPIC_API_KEY' };
    }
    case 'openai-compatible': {
      const baseURL = parsed.baseURL ?? nonEmpty(env['OPENAI_COMPATIBLE_BASE_URL']) ?? config.providers?.['openai-compatible']?.baseURL;
      if (!baseURL) {
        throw new InputError(
          `openai-compatible model "${parsed.model}" has no base URL`,
          `write it into the spec (${ollamaExample}) or set OPENAI_COMPATIBLE_BASE_URL`,
        );
      }
      const apiKey = nonEmpty(env['OPENAI_COMPATIBLE_API_KEY']) ?? config.providers?.['openai-compatible']?.apiKey;
      return { provider: 'openai-compatible', model: parsed.model, baseURL, keyVariable: 'OPENAI_COMPATIBLE_API_KEY', ...(apiKey ? { apiKey } : {}) };
    }
    default:
      throw new InputError(`"${parsed.provider}" is not a remote provider`, 'use openai, anthropic or openai-compatible');
  }
}

/**
 * The bare model for a spec (no cache, retries or accounting: wrap it with `withServices`, or use an LlmRun).
 * With no spec, the configured default for `opts.role` is used.
 */
export function resolveModel(spec?: string, opts: ResolveOptions = {}): LanguageModel {
  const config = configOf(opts);
  const picked = pickModelSpec(spec, opts, config);
  const parsed = parseModelSpec(picked.spec, picked.source);
  if (parsed.provider === 'scripted') {
    const model = opts.scripted?.[parsed.name] ?? builtinScriptedModel(parsed.name);
    if (!model) {
      const known = ['echo', ...Object.keys(opts.scripted ?? {})].join(', ');
      throw new InputError(`${picked.source} names scripted model "${parsed.name}", which is not registered`, `use one of: ${known}`);
    }
    return model;
  }
  if (parsed.provider === 'local') {
    throw new InputError(`${picked.source} "${picked.spec}" is an embedding model, not a chat model`, 'use it as llm.embeddingModel instead');
  }
  const p = resolveProvider(parsed, opts, config);
  if (p.provider === 'anthropic') {
    return new AnthropicChatModel({ model: p.model, baseURL: p.baseURL, apiKey: p.apiKey!, keyVariable: p.keyVariable });
  }
  return new OpenAIChatModel({ provider: p.provider, model: p.model, baseURL: p.baseURL, keyVariable: p.keyVariable, ...(p.apiKey ? { apiKey: p.apiKey } : {}) });
}

export const defaultEmbeddingSpec = 'local:hashed-256';

/**
 * The bare embedding model: the spec, else GUILDCRAFT_EMBEDDING_MODEL, else `llm.embeddingModel`, else the
 * offline `local:hashed-256`, so memory retrieval works with nothing configured.
 */
export function resolveEmbeddingModel(spec?: string, opts: ResolveOptions = {}): EmbeddingModel {
  const env = opts.env ?? process.env;
  const config = configOf(opts);
  const chosen = nonEmpty(spec) ?? nonEmpty(env['GUILDCRAFT_EMBEDDING_MODEL']) ?? nonEmpty(config.embeddingModel) ?? defaultEmbeddingSpec;
  const parsed = parseModelSpec(chosen, 'embedding model');
  if (parsed.provider === 'local') {
    const m = /^hashed(?:-(\d+))?$/.exec(parsed.name);
    if (!m) throw new InputError(`unknown local embedding "${parsed.name}"`, 'use local:hashed or local:hashed-<dimensions>');
    return new HashedEmbeddingModel(m[1] ? Number(m[1]) : 256);
  }
  if (parsed.provider === 'anthropic' || parsed.provider === 'scripted') {
    throw new InputError(`${parsed.provider} has no embeddings endpoint`, 'use openai:text-embedding-3-small, an openai-compatible server, or local:hashed-256');
  }
  const p = resolveProvider(parsed, opts, config);
  return new OpenAIEmbeddingModel({
    provider: p.provider as 'openai' | 'openai-compatible',
    model: p.model,
    baseURL: p.baseURL,
    keyVariable: p.keyVariable,
    ...(p.apiKey ? { apiKey: p.apiKey } : {}),
  });
}
