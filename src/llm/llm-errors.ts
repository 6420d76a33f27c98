/**
 * The errors the LLM layer throws. Each says who is at fault so a benchmark can tell a broken model
 * answer (retry with another model) from a missing key (fix the config) from a flaky server (try later).
 */
import { GuildcraftError, InputError, type Fault } from '../core/errors.js';

/** The model answered, but not in a usable form (malformed JSON, schema violations after a repair attempt). */
export class ModelBehaviorError extends GuildcraftError {
  /** The model's last raw answer, for the run log. */
  readonly rawText: string;
  /** What was wrong with it, in words a model could act on. */
  readonly problem: string;

  constructor(message: string, problem: string, rawText: string, options?: { cause?: unknown }) {
    super('model', `${message}: ${problem}`, 'treat this as a failed model step; try a stronger model or a clearer prompt', options);
    this.name = 'ModelBehaviorError';
    this.rawText = rawText;
    this.problem = problem;
  }
}

/** The run's token or cost budget is spent; no further calls are made. */
export class BudgetExceededError extends GuildcraftError {
  constructor(message: string) {
    super('user', message, 'raise the budget (llm.budget in guildcraft.config.json) or shorten the run');
    this.name = 'BudgetExceededError';
  }
}

/** The provider failed (HTTP error, network error, timeout). `retryable` says whether trying again can help. */
export class ProviderError extends GuildcraftError {
  readonly status: number | undefined;
  readonly retryable: boolean;
  /** The server's Retry-After, in milliseconds, when it sent one. */
  readonly retryAfterMs: number | undefined;

  constructor(
    fault: Fault,
    message: string,
    hint: string,
    details: { status?: number; retryable: boolean; retryAfterMs?: number; cause?: unknown },
  ) {
    super(fault, message, hint, { cause: details.cause });
    this.name = 'ProviderError';
    this.status = details.status;
    this.retryable = details.retryable;
    this.retryAfterMs = details.retryAfterMs;
  }
}

/** One attempt took longer than the configured timeout. Retryable. */
export class LlmTimeoutError extends ProviderError {
  constructor(modelId: string, timeoutMs: number) {
    super('environment', `${modelId} did not answer within ${timeoutMs} ms`, 'raise llm.timeoutMs or check that the server is not overloaded', {
      retryable: true,
    });
    this.name = 'LlmTimeoutError';
  }
}

/** Replay mode found no recorded answer for a request. */
export class CacheMissError extends InputError {
  readonly cacheDir: string;
  readonly key: string;

  constructor(cacheDir: string, key: string, what: string) {
    super(
      `no recorded response for ${what} in the LLM cache ${cacheDir} (key ${key})`,
      're-record the run with cache mode "record" (the prompts changed since it was recorded, or the cache is from another run)',
    );
    this.name = 'CacheMissError';
    this.cacheDir = cacheDir;
    this.key = key;
  }
}
