/**
 * Everything one episode shares across its agents' models: one ledger (the only count of calls, tokens,
 * cost and latency), one circuit breaker, one budget, one concurrency limit, one response cache. The
 * runner creates an LlmRun per episode, hands `run.model(role)` to each agent (or `run.model(role, spec,
 * { base })` to wrap a ready model), gives it the episode's tick, and writes every ledger record to the
 * run log through `onCall`.
 */
import { InputError } from '../core/errors.js';
import { LlmAccountant, type CallListener } from './accountant.js';
import { LlmBudget, type BudgetLimits } from './budget.js';
import { ModelCircuitBreaker, type FaultLimits } from './circuit-breaker.js';
import type { Now, Sleep } from '../core/clock.js';
import { loadLlmConfig, type LlmConfig } from './llm-config.js';
import type { CallAdmission, LlmServices } from './managed-call.js';
import { withEmbeddingServices, withServices } from './managed-model.js';
import { defaultPrices, type PriceTable } from './prices.js';
import { parseCacheMode, ResponseCache, type CacheMode } from './response-cache.js';
import { resolveEmbeddingModel, resolveModel, type Env, type ResolveOptions } from './resolve-model.js';
import { defaultRetryPolicy, type RetryPolicy } from './retry.js';
import { Semaphore } from './semaphore.js';
import { latencySampler, parseLatencySpec, type LatencyDistribution } from './simulated-latency.js';
import type { EmbeddingModel, LanguageModel } from './types.js';

export interface LlmRunSettings {
  cache: { mode: CacheMode; dir: string };
  budget: BudgetLimits;
  maxConcurrency: number;
  retry: RetryPolicy;
  prices: PriceTable;
  faults: Partial<FaultLimits>;
}

export const defaultCacheDir = 'runs/llm-cache';
export const defaultMaxConcurrency = 4;

export interface LlmRunOptions extends Omit<ResolveOptions, 'role'> {
  /** Told about every call as it completes (or fails). */
  onCall?: CallListener;
  /** Overrides for what the environment and config file say. */
  cacheMode?: CacheMode;
  cacheDir?: string;
  budget?: BudgetLimits;
  maxConcurrency?: number;
  retry?: Partial<RetryPolicy>;
  /** Bounds on a failing model (see circuit-breaker.ts). */
  faults?: Partial<FaultLimits>;
  /** A limit shared beyond this episode, awaited before every request (see LlmServices.admit). */
  admit?: CallAdmission;
  /** The episode's tick, recorded with each call; the runner can also set it later with `setTickSource`. */
  tick?: () => number;
  /** Injected time and randomness, for tests. */
  sleep?: Sleep;
  now?: Now;
  random?: () => number;
}

function envNumber(env: Env, name: string): number | undefined {
  const raw = env[name];
  if (raw === undefined || raw.trim() === '') return undefined;
  const n = Number(raw);
  if (!Number.isFinite(n) || n < 0) throw new InputError(`${name} is "${raw}", not a non-negative number`, `fix or unset ${name}`);
  return n;
}

/** Run settings from overrides, then environment variables, then the config file, then defaults. */
export function resolveLlmSettings(opts: LlmRunOptions = {}, config: LlmConfig = opts.config ?? loadLlmConfig(opts.configFile, opts.cwd).config): LlmRunSettings {
  const env = opts.env ?? process.env;
  const envMode = env['GUILDCRAFT_LLM_CACHE'];
  const mode = opts.cacheMode ?? (envMode ? parseCacheMode(envMode.trim(), 'GUILDCRAFT_LLM_CACHE') : undefined) ?? config.cache?.mode ?? 'off';
  const dir = opts.cacheDir ?? env['GUILDCRAFT_LLM_CACHE_DIR'] ?? config.cache?.dir ?? defaultCacheDir;
  const budget: BudgetLimits = { ...config.budget };
  const usd = envNumber(env, 'GUILDCRAFT_LLM_BUDGET_USD');
  const tokens = envNumber(env, 'GUILDCRAFT_LLM_BUDGET_TOKENS');
  if (usd !== undefined) budget.maxCostUsd = usd;
  if (tokens !== undefined) budget.maxTokens = tokens;
  Object.assign(budget, opts.budget);
  const timeoutMs = envNumber(env, 'GUILDCRAFT_LLM_TIMEOUT_MS');
  const maxRetries = envNumber(env, 'GUILDCRAFT_LLM_MAX_RETRIES');
  const retry: RetryPolicy = {
    ...defaultRetryPolicy,
    ...(config.timeoutMs !== undefined ? { timeoutMs: config.timeoutMs } : {}),
    ...(config.maxRetries !== undefined ? { maxRetries: config.maxRetries } : {}),
    ...(timeoutMs !== undefined ? { timeoutMs } : {}),
    ...(maxRetries !== undefined ? { maxRetries: Math.floor(maxRetries) } : {}),
    ...opts.retry,
  };
  const maxConcurrency = opts.maxConcurrency ?? envNumber(env, 'GUILDCRAFT_LLM_MAX_CONCURRENCY') ?? config.maxConcurrency ?? defaultMaxConcurrency;
  const faults: Partial<FaultLimits> = { ...config.faults, ...opts.faults };
  return { cache: { mode, dir }, budget, maxConcurrency, retry, prices: { ...defaultPrices, ...config.prices }, faults };
}

export interface ModelOptions {
  /** A ready model to wrap instead of resolving a spec. */
  base?: LanguageModel;
  /** Simulated thinking time per call (`800`, `uniform:200,1500`, `normal:800,200`). */
  latency?: string | LatencyDistribution;
  /** Seeds the latency stream, so the same episode seed gives the same latencies. */
  seed?: number;
}

export class LlmRun {
  readonly accountant: LlmAccountant;
  readonly budget: LlmBudget;
  readonly limiter: Semaphore;
  readonly cache: ResponseCache | undefined;
  readonly settings: LlmRunSettings;
  readonly breaker: ModelCircuitBreaker;
  private readonly config: LlmConfig;
  private readonly models = new Map<string, LanguageModel>();
  private tick: () => number;

  /** A run for a model the caller already has (tests, scripted teams): no config file, no environment. */
  static offline(opts: LlmRunOptions = {}): LlmRun {
    return new LlmRun({ configFile: false, env: {}, ...opts });
  }

  constructor(private readonly opts: LlmRunOptions = {}) {
    this.config = opts.config ?? loadLlmConfig(opts.configFile, opts.cwd).config;
    this.settings = resolveLlmSettings(opts, this.config);
    this.accountant = new LlmAccountant(opts.onCall ? { onCall: opts.onCall } : {});
    this.budget = new LlmBudget(this.settings.budget);
    this.limiter = new Semaphore(this.settings.maxConcurrency);
    this.cache = this.settings.cache.mode === 'off' ? undefined : new ResponseCache(this.settings.cache.dir, this.settings.cache.mode);
    // Wall time, always: the breaker bounds how long a real process waits on a failing model.
    this.breaker = new ModelCircuitBreaker(this.settings.faults);
    this.tick = opts.tick ?? (() => 0);
  }

  /** Where the episode's current tick comes from; every later call records it. */
  setTickSource(tick: () => number): void {
    this.tick = tick;
  }

  private services(role: string, latency?: ModelOptions): LlmServices {
    const o = this.opts;
    return {
      role,
      tick: () => this.tick(),
      breaker: this.breaker,
      ...(latency?.latency !== undefined ? { simulatedLatency: latencySampler(typeof latency.latency === 'string' ? parseLatencySpec(latency.latency) : latency.latency, latency.seed ?? 0) } : {}),
      accountant: this.accountant,
      budget: this.budget,
      limiter: this.limiter,
      retry: this.settings.retry,
      prices: this.settings.prices,
      ...(this.cache ? { cache: this.cache } : {}),
      ...(o.sleep ? { sleep: o.sleep } : {}),
      ...(o.now ? { now: o.now } : {}),
      ...(o.random ? { random: o.random } : {}),
      ...(o.admit ? { admit: o.admit } : {}),
    };
  }

  private resolveOptions(role: string): ResolveOptions {
    const o = this.opts;
    return { config: this.config, role, ...(o.env ? { env: o.env } : {}), ...(o.scripted ? { scripted: o.scripted } : {}) };
  }

  /**
   * The model an agent in `role` uses: `base` if given (a ready model, wrapped so its calls are ledgered),
   * else the spec, else the role's configured model, else the default. With `latency`, each call waits a
   * simulated thinking time (seeded by `seed`) after the answer. In replay mode no key is needed, since
   * nothing is sent.
   */
  model(role = 'default', spec?: string, opts: ModelOptions = {}): LanguageModel {
    if (opts.base || opts.latency !== undefined) {
      return withServices(opts.base ?? resolveModel(spec, this.replayOptions(role)), this.services(role, opts));
    }
    const memo = `${role}\u0000${spec ?? ''}`;
    let model = this.models.get(memo);
    if (!model) {
      model = withServices(resolveModel(spec, this.replayOptions(role)), this.services(role));
      this.models.set(memo, model);
    }
    return model;
  }

  embeddingModel(role = 'memory', spec?: string): EmbeddingModel {
    return withEmbeddingServices(resolveEmbeddingModel(spec, this.replayOptions(role)), this.services(role));
  }

  /** Replaying needs no credentials, so placeholders stand in for missing keys rather than failing. */
  private replayOptions(role: string): ResolveOptions {
    const base = this.resolveOptions(role);
    if (this.settings.cache.mode !== 'replay') return base;
    const env = { ...(this.opts.env ?? process.env) };
    for (const name of ['OPENAI_API_KEY', 'ANTHROPIC_API_KEY']) if (!env[name]?.trim()) env[name] = 'replay-only';
    return { ...base, env };
  }
}
