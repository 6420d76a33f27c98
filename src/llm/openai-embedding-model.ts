/**
 * Embeddings through the `openai` SDK's /embeddings endpoint, for OpenAI and compatible servers
 * (Ollama, vLLM and LM Studio serve the same route).
 */
import OpenAI from 'openai';
import { realNow, type Now } from '../core/clock.js';
import { translateProviderError, type ProviderContext } from './provider-errors.js';
import { estimateTokens } from './token-estimate.js';
import type { EmbeddingModel, EmbeddingResult, GenerateOptions } from './types.js';
import { ProviderError } from './llm-errors.js';

export interface OpenAIEmbeddingModelOptions {
  provider: 'openai' | 'openai-compatible';
  model: string;
  baseURL: string;
  apiKey?: string;
  keyVariable: string;
  now?: Now;
}

export class OpenAIEmbeddingModel implements EmbeddingModel {
  readonly id: string;
  private readonly client: OpenAI;
  private readonly ctx: ProviderContext;
  private readonly now: Now;

  constructor(private readonly opts: OpenAIEmbeddingModelOptions) {
    this.id = `${opts.provider}:${opts.model}`;
    this.client = new OpenAI({ apiKey: opts.apiKey ?? 'not-needed', baseURL: opts.baseURL, maxRetries: 0 });
    this.ctx = { modelId: this.id, keyVariable: opts.keyVariable, baseURL: opts.baseURL };
    this.now = opts.now ?? realNow;
  }

  async embed(texts: string[], opts: GenerateOptions = {}): Promise<EmbeddingResult> {
    if (texts.length === 0) return { vectors: [], usage: { promptTokens: 0, completionTokens: 0 }, latencyMs: 0 };
    const started = this.now();
    let res: OpenAI.Embeddings.CreateEmbeddingResponse;
    try {
      // Floats, not the SDK's default base64: several compatible servers do not implement base64.
      res = await this.client.embeddings.create(
        { model: this.opts.model, input: texts, encoding_format: 'float' },
        opts.signal ? { signal: opts.signal } : {},
      );
    } catch (err) {
      throw translateProviderError(err, this.ctx, opts.signal);
    }
    const latencyMs = Math.round(this.now() - started);
    const vectors: number[][] = new Array<number[]>(texts.length);
    for (const item of res.data ?? []) vectors[item.index] = item.embedding;
    if (vectors.length !== texts.length || vectors.some((v) => !Array.isArray(v))) {
      throw new ProviderError(
        'environment',
        `${this.id} at ${this.opts.baseURL} returned ${res.data?.length ?? 0} embeddings for ${texts.length} texts`,
        'check that the server supports batched /embeddings input',
        { retryable: false },
      );
    }
    const usage = res.usage
      ? { promptTokens: res.usage.prompt_tokens ?? 0, completionTokens: 0 }
      : { promptTokens: texts.reduce((n, t) => n + estimateTokens(t), 0), completionTokens: 0, estimated: true };
    return { vectors, usage, latencyMs };
  }
}
