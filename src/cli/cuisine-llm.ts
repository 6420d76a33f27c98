/**
 * The bridge from the LLM layer to CuisineWorld's LLM dispatcher. The env layer may not import `src/llm`, so the
 * dispatcher talks to a narrow `ChatModel`; this file adapts a `LanguageModel` (with the run's cache, retries and
 * accounting) to it, and keeps the tally of model faults the `cuisine` command reports.
 *
 * Faults: when a call still fails after the LLM layer's retries (server down, timeout, unreadable answer), the episode
 * it belongs to is cut short — its remaining steps are no-ops without further calls — and the fault is counted. If the
 * model fails again before answering anything in between (or fails before ever answering), it is taken to be down and
 * the run's remaining episodes are not sent to it either, so a dead server costs seconds, not one timeout per step.
 * Faults the user must fix (missing key, budget spent, a replay cache miss) are not swallowed: they end the run.
 */
import { GuildcraftError, type Fault } from '../core/errors.js';
import { LlmDispatcher, type ChatMessage, type ChatModel, type LlmDispatcherOptions } from '../env/cuisine/index.js';
import { LlmRun, type CacheMode, type Env, type LanguageModel, type UsageTotals } from '../llm/index.js';

/** The agent role the dispatcher's model is resolved for (GUILDCRAFT_MODEL_DISPATCHER, llm.roles.dispatcher). */
export const DISPATCHER_ROLE = 'dispatcher';

export interface ModelFault {
  /** Which episode it hit, e.g. `level_1, 2 agents, alpha 1.0, seed 0`. */
  readonly episode: string;
  readonly fault: Fault;
  readonly message: string;
}

/** Model faults over a run, and whether the model is considered down. */
export class FaultLog {
  readonly faults: ModelFault[] = [];
  /** Episodes whose remaining steps became no-ops because of a fault (or because the model was already down). */
  readonly cutShort: string[] = [];
  private answeredSinceFault = false;
  private isDown = false;

  get down(): boolean {
    return this.isDown;
  }

  answered(): void {
    this.answeredSinceFault = true;
  }

  record(episode: string, err: GuildcraftError): void {
    this.faults.push({ episode, fault: err.fault, message: err.message });
    // Two faults with no answer between them (or one before any answer) mean a dead server, not a flaky one.
    if (!this.answeredSinceFault) this.isDown = true;
    this.answeredSinceFault = false;
  }

  cut(episode: string): void {
    if (!this.cutShort.includes(episode)) this.cutShort.push(episode);
  }
}

/** Faults that say the model or its server failed, as opposed to the user's setup (which must stop the run). */
function isModelFault(err: unknown): err is GuildcraftError {
  return err instanceof GuildcraftError && (err.fault === 'environment' || err.fault === 'model');
}

/** A `LanguageModel` seen as the cuisine dispatcher's `ChatModel`, for one episode. */
export class CuisineChatModel implements ChatModel {
  private cut = false;

  constructor(
    private readonly model: LanguageModel,
    private readonly log: FaultLog,
    private readonly episode: string,
    private readonly temperature: number | undefined,
  ) {}

  async complete(messages: ChatMessage[]): Promise<string> {
    // An empty reply makes the dispatcher noop with its "no action was found" feedback, which is what the agents do
    // for the rest of a cut-short episode.
    if (this.cut) return '';
    if (this.log.down) return this.stop();
    try {
      const res = await this.model.generate({
        messages: messages.map((m) => ({ role: m.role, content: m.content })),
        ...(this.temperature !== undefined ? { temperature: this.temperature } : {}),
      });
      this.log.answered();
      return res.text;
    } catch (err) {
      if (!isModelFault(err)) throw err;
      this.log.record(this.episode, err);
      return this.stop();
    }
  }

  private stop(): string {
    this.cut = true;
    this.log.cut(this.episode);
    return '';
  }
}

export interface CuisineLlmOptions {
  /** Provider string; when absent, the configured model for the `dispatcher` role (or the default model). */
  model?: string;
  cacheMode?: CacheMode;
  cacheDir?: string;
  /** Sampling temperature sent with every call; the provider's default when absent. */
  temperature?: number;
  /** The dispatcher's prompt and validation options (ablations). */
  dispatcher?: Omit<LlmDispatcherOptions, 'model'>;
  /** Environment variables and config file for the LLM layer (process.env and ./guildcraft.config.json by default). */
  env?: Env;
  configFile?: string | false;
  cwd?: string;
}

export interface CuisineLlmReport {
  readonly model: string;
  readonly cacheMode: CacheMode;
  readonly cacheDir?: string;
  readonly temperature?: number;
  readonly usage: UsageTotals;
  readonly faults: readonly ModelFault[];
  readonly episodesCutShort: readonly string[];
  /** True when the model was given up on as down; later episodes were not sent to it. */
  readonly modelDown: boolean;
}

/** One command's use of a model: the LLM run (cache, retries, ledger), the fault tally, a dispatcher per episode. */
export class CuisineLlmSession {
  readonly run: LlmRun;
  readonly model: LanguageModel;
  readonly faults = new FaultLog();

  /** Throws the LLM layer's InputError when no model is given or configured, or a key is missing. */
  constructor(private readonly options: CuisineLlmOptions = {}) {
    this.run = new LlmRun({
      ...(options.env ? { env: options.env } : {}),
      ...(options.configFile !== undefined ? { configFile: options.configFile } : {}),
      ...(options.cwd ? { cwd: options.cwd } : {}),
      ...(options.cacheMode ? { cacheMode: options.cacheMode } : {}),
      ...(options.cacheDir ? { cacheDir: options.cacheDir } : {}),
    });
    this.model = this.run.model(DISPATCHER_ROLE, options.model);
  }

  /** A fresh dispatcher for one episode; `episode` names it in fault messages. */
  dispatcher(episode: string): LlmDispatcher {
    const chat = new CuisineChatModel(this.model, this.faults, episode, this.options.temperature);
    return new LlmDispatcher({ ...this.options.dispatcher, model: chat });
  }

  report(): CuisineLlmReport {
    const cache = this.run.settings.cache;
    return {
      model: this.model.id,
      cacheMode: cache.mode,
      ...(cache.mode !== 'off' && this.run.cache ? { cacheDir: this.run.cache.dir } : {}),
      ...(this.options.temperature !== undefined ? { temperature: this.options.temperature } : {}),
      usage: this.run.accountant.totals(),
      faults: [...this.faults.faults],
      episodesCutShort: [...this.faults.cutShort],
      modelDown: this.faults.down,
    };
  }
}

/** The lines the command prints under its results: calls, tokens, cost, and any model faults. */
export function formatLlmReport(r: CuisineLlmReport, episodes: number): string[] {
  const u = r.usage;
  const cache = r.cacheMode === 'off' ? 'cache off' : `cache ${r.cacheMode} in ${r.cacheDir ?? '?'}`;
  const cost = u.unpricedModels.length > 0 ? `$${u.costUsd.toFixed(4)} (no price for ${u.unpricedModels.join(', ')})` : `$${u.costUsd.toFixed(4)}`;
  const spent = u.cachedCalls > 0 ? `, spent $${u.spentUsd.toFixed(4)}` : '';
  const lines = [
    `model ${r.model} (${cache})`,
    `LLM calls ${u.calls} (${u.cachedCalls} from the cache, ${u.failedCalls} failed, ${u.retries} retries)`,
    `tokens ${u.promptTokens + u.completionTokens} (${u.promptTokens} prompt + ${u.completionTokens} completion)`,
    `cost ${cost}${spent}`,
  ];
  if (r.faults.length === 0) {
    lines.push('model faults: none');
    return lines;
  }
  const first = r.faults[0]!;
  lines.push(
    `model faults: ${r.faults.length}; ${r.episodesCutShort.length} of ${episodes} episodes were cut short (their remaining steps were no-ops), so these figures understate the model`,
  );
  lines.push(`  first: ${first.episode}: ${first.message}`);
  if (r.modelDown) lines.push('  the model stopped answering, so the episodes after it were not sent to it; check the server and run again');
  return lines;
}
