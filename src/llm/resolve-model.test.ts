import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { InputError } from '../core/errors.js';
import { AnthropicChatModel } from './anthropic-chat-model.js';
import { HashedEmbeddingModel } from './hashed-embedding.js';
import { LlmRun, resolveLlmSettings } from './llm-run.js';
import { OpenAIChatModel } from './openai-chat-model.js';
import { OpenAIEmbeddingModel } from './openai-embedding-model.js';
import { pickModelSpec, resolveEmbeddingModel, resolveModel, resolveProvider } from './resolve-model.js';
import { ScriptedModel } from './scripted-model.js';

let dir: string;
beforeEach(async () => {
  dir = await mkdtemp(join(tmpdir(), 'guildcraft-llm-config-'));
});
afterEach(() => rm(dir, { recursive: true, force: true }));

function thrown(fn: () => unknown): InputError {
  try {
    fn();
  } catch (e) {
    expect(e).toBeInstanceOf(InputError);
    return e as InputError;
  }
  throw new Error('expected an InputError');
}

describe('resolveModel', () => {
  it('says which variable to set when no model is configured', () => {
    const err = thrown(() => resolveModel(undefined, { env: {}, configFile: false }));
    expect(err.fault).toBe('user');
    expect(err.message).toMatch(/no language model is configured/);
    expect(err.message).toContain('GUILDCRAFT_MODEL');
    expect(err.message).toContain('openai-compatible:http://127.0.0.1:11434/v1#qwen2.5');
  });

  it('names the missing key variable for OpenAI and Anthropic', () => {
    expect(thrown(() => resolveModel('openai:gpt-4o', { env: {}, configFile: false })).message).toContain('OPENAI_API_KEY');
    expect(thrown(() => resolveModel('anthropic:claude-haiku-4-5', { env: {}, configFile: false })).message).toContain('ANTHROPIC_API_KEY');
  });

  it('builds the right provider from the string and the environment', () => {
    const env = { OPENAI_API_KEY: 'sk-x', ANTHROPIC_API_KEY: 'sk-a', GUILDCRAFT_MODEL: 'openai:gpt-4o-mini' };
    const fromEnv = resolveModel(undefined, { env, configFile: false });
    expect(fromEnv).toBeInstanceOf(OpenAIChatModel);
    expect(fromEnv.id).toBe('openai:gpt-4o-mini');
    expect(resolveModel('anthropic:claude-haiku-4-5', { env, configFile: false })).toBeInstanceOf(AnthropicChatModel);
    const local = resolveModel('openai-compatible:http://127.0.0.1:11434/v1#qwen2.5', { env: {}, configFile: false });
    expect(local.id).toBe('openai-compatible:qwen2.5');
  });

  it('lets a custom OPENAI_BASE_URL go without a key (a local proxy)', () => {
    const p = resolveProvider({ provider: 'openai', model: 'gpt-4o' }, { env: { OPENAI_BASE_URL: 'http://127.0.0.1:8000/v1' }, configFile: false });
    expect(p.baseURL).toBe('http://127.0.0.1:8000/v1');
    expect(p.apiKey).toBeUndefined();
  });

  it('picks spec, then role variable, then role config, then GUILDCRAFT_MODEL, then llm.model', () => {
    const config = { model: 'openai:from-config', roles: { critic: 'openai:critic-config' } };
    const env = { GUILDCRAFT_MODEL: 'openai:from-env', GUILDCRAFT_MODEL_PLANNER: 'openai:planner-env' };
    expect(pickModelSpec('openai:given', { env, config, role: 'planner' }, config).spec).toBe('openai:given');
    expect(pickModelSpec(undefined, { env, config, role: 'planner' }, config)).toEqual({ spec: 'openai:planner-env', source: 'GUILDCRAFT_MODEL_PLANNER' });
    expect(pickModelSpec(undefined, { env, config, role: 'critic' }, config).spec).toBe('openai:critic-config');
    expect(pickModelSpec(undefined, { env, config, role: 'scout' }, config).spec).toBe('openai:from-env');
    expect(pickModelSpec(undefined, { env: {}, config }, config).spec).toBe('openai:from-config');
  });

  it('reads keys, URLs and models from guildcraft.config.json, environment first', async () => {
    await writeFile(
      join(dir, 'guildcraft.config.json'),
      JSON.stringify({
        world: { ignored: true },
        llm: { model: 'openai:gpt-4o', providers: { openai: { apiKey: 'sk-file', baseURL: 'http://127.0.0.1:9/v1' } } },
      }),
    );
    const p = resolveProvider({ provider: 'openai', model: 'gpt-4o' }, { env: {}, cwd: dir });
    expect(p).toMatchObject({ apiKey: 'sk-file', baseURL: 'http://127.0.0.1:9/v1' });
    const q = resolveProvider({ provider: 'openai', model: 'gpt-4o' }, { env: { OPENAI_API_KEY: 'sk-env' }, cwd: dir });
    expect(q.apiKey).toBe('sk-env');
    expect(resolveModel(undefined, { env: {}, cwd: dir }).id).toBe('openai:gpt-4o');
  });

  it('rejects a config file with a bad entry, naming the file and key', async () => {
    const path = join(dir, 'my.json');
    await writeFile(path, JSON.stringify({ llm: { model: 'openai:gpt-4o', maxRetrys: 3 } }));
    const err = thrown(() => resolveModel(undefined, { env: {}, configFile: path }));
    expect(err.message).toContain(path);
    expect(err.message).toMatch(/maxRetrys/);
    await writeFile(path, '{ "llm": ');
    expect(thrown(() => resolveModel(undefined, { env: {}, configFile: path })).message).toMatch(/not valid JSON/);
    expect(thrown(() => resolveModel(undefined, { env: {}, configFile: join(dir, 'missing.json') })).message).toMatch(/does not exist/);
  });

  it('resolves scripted models by name and says which exist', () => {
    const mine = new ScriptedModel('mine', ['x']);
    expect(resolveModel('scripted:mine', { env: {}, configFile: false, scripted: { mine } })).toBe(mine);
    expect(resolveModel('scripted:echo', { env: {}, configFile: false }).id).toBe('scripted:echo');
    expect(thrown(() => resolveModel('scripted:nope', { env: {}, configFile: false, scripted: { mine } })).message).toMatch(/echo, mine/);
  });

  it('defaults embeddings to the offline hashed model', () => {
    const local = resolveEmbeddingModel(undefined, { env: {}, configFile: false });
    expect(local).toBeInstanceOf(HashedEmbeddingModel);
    expect(local.id).toBe('local:hashed-256');
    expect(resolveEmbeddingModel('local:hashed-64', { env: {}, configFile: false }).id).toBe('local:hashed-64');
    const remote = resolveEmbeddingModel(undefined, { env: { GUILDCRAFT_EMBEDDING_MODEL: 'openai:text-embedding-3-small', OPENAI_API_KEY: 'k' }, configFile: false });
    expect(remote).toBeInstanceOf(OpenAIEmbeddingModel);
    expect(thrown(() => resolveEmbeddingModel('anthropic:claude-haiku-4-5', { env: {}, configFile: false })).message).toMatch(/no embeddings/);
  });
});

describe('run settings', () => {
  it('combine overrides, environment, config file and defaults', () => {
    const config = { cache: { mode: 'record' as const, dir: 'x' }, timeoutMs: 5_000, maxConcurrency: 3, budget: { maxCostUsd: 2 } };
    const s = resolveLlmSettings({ env: { GUILDCRAFT_LLM_CACHE: 'replay', GUILDCRAFT_LLM_BUDGET_TOKENS: '1000' }, config }, config);
    expect(s.cache).toEqual({ mode: 'replay', dir: 'x' });
    expect(s.budget).toEqual({ maxCostUsd: 2, maxTokens: 1000 });
    expect(s.retry.timeoutMs).toBe(5_000);
    expect(s.maxConcurrency).toBe(3);
    expect(resolveLlmSettings({ env: {}, configFile: false }).cache.mode).toBe('off');
    expect(() => resolveLlmSettings({ env: { GUILDCRAFT_LLM_CACHE: 'sometimes' }, configFile: false })).toThrow(/record, replay, off/);
    expect(() => resolveLlmSettings({ env: { GUILDCRAFT_LLM_TIMEOUT_MS: 'soon' }, configFile: false })).toThrow(/GUILDCRAFT_LLM_TIMEOUT_MS/);
  });

  it('needs no API key to replay a recorded run', () => {
    const replay = new LlmRun({ env: {}, configFile: false, cacheMode: 'replay', cacheDir: dir });
    expect(replay.model('default', 'openai:gpt-4o').id).toBe('openai:gpt-4o');
    const live = new LlmRun({ env: {}, configFile: false });
    expect(() => live.model('default', 'openai:gpt-4o')).toThrow(/OPENAI_API_KEY/);
  });
});
