/**
 * What an LLM-driven team reports in `stats()`: prompts (planning decisions, for mPT), model calls
 * (a repair counts as a second call), tokens, and the model faults it survived. Models are wrapped
 * so every call is counted where it happens, including the repair calls `generateObject` makes.
 */
import { GuildcraftError } from '../../core/errors.js';
import type { ChatRequest, GenerateOptions, LanguageModel } from '../../llm/index.js';
import type { TeamStats } from '../team.js';

export class ModelUsage {
  prompts = 0;
  llmCalls = 0;
  promptTokens = 0;
  completionTokens = 0;
  modelFaults = 0;
  messages = 0;

  /** The same model, counting every call and its tokens here. */
  wrap(model: LanguageModel): LanguageModel {
    return {
      id: model.id,
      generate: async (req: ChatRequest, opts?: GenerateOptions) => {
        this.llmCalls++;
        const res = await model.generate(req, opts);
        this.promptTokens += res.usage.promptTokens;
        this.completionTokens += res.usage.completionTokens;
        return res;
      },
    };
  }

  stats(): Partial<TeamStats> {
    return {
      messages: this.messages,
      prompts: this.prompts,
      llmCalls: this.llmCalls,
      promptTokens: this.promptTokens,
      completionTokens: this.completionTokens,
      modelFaults: this.modelFaults,
    };
  }
}

/** A failed model step as a run-log record: who was at fault and why, with the raw answer when there was one. */
export function describeModelFault(err: unknown): { fault: string; message: string; rawText?: string } {
  const e = err as Partial<GuildcraftError> & { rawText?: unknown; message?: unknown };
  const message = typeof e.message === 'string' ? e.message : String(err);
  const raw = typeof e.rawText === 'string' ? e.rawText.slice(0, 2000) : undefined;
  return { fault: err instanceof GuildcraftError ? err.fault : 'environment', message: message.slice(0, 1000), ...(raw !== undefined ? { rawText: raw } : {}) };
}

/** True when the caller cancelled: the episode is ending, so this is not the model's fault. */
export function isAbort(err: unknown, signal?: AbortSignal): boolean {
  return signal?.aborted === true || (err instanceof Error && err.name === 'AbortError');
}
