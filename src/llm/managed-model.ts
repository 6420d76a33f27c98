/**
 * Wraps a bare provider model (or embedding model) with the run's services: cache, budget, concurrency
 * limit, timeouts, retries and accounting. This is what agents receive; they only see LanguageModel.
 */
import { chatTranscript } from './call-transcript.js';
import { managedCall, type LlmServices } from './managed-call.js';
import { imageKey } from './message-content.js';
import type { ChatRequest, ChatResponse, EmbeddingModel, EmbeddingResult, GenerateOptions, LanguageModel } from './types.js';

/** The request fields that change the answer, in the form the cache key is built from. */
export function chatKeyMaterial(modelId: string, req: ChatRequest): unknown {
  return {
    kind: 'chat',
    model: modelId,
    // Images enter the key by their bytes' hash, so the recorded request stays small and a changed frame misses.
    messages: req.messages.map((m) => ({ role: m.role, content: m.content, ...(m.images?.length ? { images: m.images.map(imageKey) } : {}) })),
    temperature: req.temperature,
    maxTokens: req.maxTokens,
    responseFormat: req.responseFormat === 'json' ? 'json' : undefined,
    stop: req.stop,
  };
}

export function withServices(inner: LanguageModel, services: LlmServices): LanguageModel {
  return {
    id: inner.id,
    generate(req: ChatRequest, opts: GenerateOptions = {}): Promise<ChatResponse> {
      const last = req.messages[req.messages.length - 1];
      return managedCall(services, {
        kind: 'chat',
        modelId: inner.id,
        keyMaterial: chatKeyMaterial(inner.id, req),
        what: `a ${inner.id} chat request ending "${(last?.content ?? '').slice(0, 60)}"`,
        ...(opts.signal ? { signal: opts.signal } : {}),
        ...(opts.caller ? { caller: opts.caller } : {}),
        invoke: (signal) => inner.generate(req, { signal }),
        usageOf: (r) => r.usage,
        latencyOf: (r) => r.latencyMs,
        finishOf: (r) => r.finishReason,
        markCached: (r) => ({ ...r, cached: true }),
        transcript: (r) => chatTranscript(req.messages, r?.text),
      });
    },
  };
}

export function withEmbeddingServices(inner: EmbeddingModel, services: LlmServices): EmbeddingModel {
  return {
    id: inner.id,
    embed(texts: string[], opts: GenerateOptions = {}): Promise<EmbeddingResult> {
      return managedCall(services, {
        kind: 'embed',
        modelId: inner.id,
        keyMaterial: { kind: 'embed', model: inner.id, texts },
        what: `a ${inner.id} embedding of ${texts.length} text(s)`,
        ...(opts.signal ? { signal: opts.signal } : {}),
        ...(opts.caller ? { caller: opts.caller } : {}),
        invoke: (signal) => inner.embed(texts, { signal }),
        usageOf: (r) => r.usage,
        latencyOf: (r) => r.latencyMs,
        markCached: (r) => ({ ...r, cached: true }),
      });
    },
  };
}
