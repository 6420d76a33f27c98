/**
 * A run's spending limit. Checked before every uncached call, so once the limit is reached no further
 * call goes out; calls already in flight still finish, so the final spend may overshoot by those.
 */
import { BudgetExceededError } from './llm-errors.js';
import { InputError } from '../core/errors.js';

export interface BudgetLimits {
  /** Prompt + completion tokens across all calls. */
  maxTokens?: number;
  /** Dollars at list price. */
  maxCostUsd?: number;
  /** Number of provider calls. */
  maxCalls?: number;
}

export class LlmBudget {
  tokens = 0;
  costUsd = 0;
  calls = 0;

  constructor(readonly limits: BudgetLimits = {}) {
    for (const [name, value] of Object.entries(limits)) {
      if (value !== undefined && !(typeof value === 'number' && value >= 0)) {
        throw new InputError(`budget ${name} must be a number >= 0, got ${String(value)}`, 'fix llm.budget in the config');
      }
    }
  }

  /** Throws BudgetExceededError when any limit is already reached. */
  assertCanCall(modelId: string): void {
    const { maxTokens, maxCostUsd, maxCalls } = this.limits;
    const why =
      maxTokens !== undefined && this.tokens >= maxTokens
        ? `${this.tokens} of ${maxTokens} tokens used`
        : maxCostUsd !== undefined && this.costUsd >= maxCostUsd
          ? `$${this.costUsd.toFixed(4)} of $${maxCostUsd} spent`
          : maxCalls !== undefined && this.calls >= maxCalls
            ? `${this.calls} of ${maxCalls} calls made`
            : undefined;
    if (why) throw new BudgetExceededError(`LLM budget exhausted (${why}); not calling ${modelId}`);
  }

  charge(tokens: number, costUsd: number): void {
    this.tokens += tokens;
    this.costUsd += costUsd;
    this.calls++;
  }
}
