/**
 * Chat through the official `@anthropic-ai/sdk` messages API. System messages become the `system`
 * parameter; Anthropic requires max_tokens, so a default is sent when the request has none.
 */
import Anthropic from '@anthropic-ai/sdk';
import { realNow, type Now } from '../core/clock.js';
import { withJsonInstruction } from './json-instruction.js';
import { translateProviderError, type ProviderContext } from './provider-errors.js';
import type { ChatMessage, ChatRequest, ChatResponse, FinishReason, GenerateOptions, LanguageModel } from './types.js';

export interface AnthropicChatModelOptions {
  model: string;
  baseURL: string;
  apiKey: string;
  keyVariable: string;
  /** Used when a request sets no maxTokens. */
  defaultMaxTokens?: number;
  now?: Now;
}

export class AnthropicChatModel implements LanguageModel {
  readonly id: string;
  private readonly client: Anthropic;
  private readonly ctx: ProviderContext;
  private readonly now: Now;

  constructor(private readonly opts: AnthropicChatModelOptions) {
    this.id = `anthropic:${opts.model}`;
    this.client = new Anthropic({ apiKey: opts.apiKey, baseURL: opts.baseURL, maxRetries: 0 });
    this.ctx = { modelId: this.id, keyVariable: opts.keyVariable, baseURL: opts.baseURL };
    this.now = opts.now ?? realNow;
  }

  async generate(req: ChatRequest, opts: GenerateOptions = {}): Promise<ChatResponse> {
    const messages = req.responseFormat === 'json' ? withJsonInstruction(req.messages) : req.messages;
    const system = messages
      .filter((m) => m.role === 'system')
      .map((m) => m.content)
      .join('\n\n');
    const started = this.now();
    let message: Anthropic.Messages.Message;
    try {
      message = await this.client.messages.create(
        {
          model: this.opts.model,
          max_tokens: req.maxTokens ?? this.opts.defaultMaxTokens ?? 4096,
          messages: mergeTurns(messages),
          ...(system ? { system } : {}),
          ...(req.temperature !== undefined ? { temperature: req.temperature } : {}),
          ...(req.stop?.length ? { stop_sequences: req.stop } : {}),
        },
        opts.signal ? { signal: opts.signal } : {},
      );
    } catch (err) {
      throw translateProviderError(err, this.ctx, opts.signal);
    }
    const latencyMs = Math.round(this.now() - started);
    const text = message.content
      .map((block) => (block.type === 'text' ? block.text : ''))
      .join('');
    const u = message.usage;
    return {
      text,
      usage: {
        promptTokens: (u.input_tokens ?? 0) + (u.cache_creation_input_tokens ?? 0) + (u.cache_read_input_tokens ?? 0),
        completionTokens: u.output_tokens ?? 0,
      },
      latencyMs,
      finishReason: anthropicFinish(message.stop_reason),
      model: message.model,
    };
  }
}

/** Anthropic wants user and assistant turns to alternate; consecutive turns of one role are joined. */
function mergeTurns(messages: ChatMessage[]): Array<{ role: 'user' | 'assistant'; content: string }> {
  const out: Array<{ role: 'user' | 'assistant'; content: string }> = [];
  for (const m of messages) {
    if (m.role === 'system') continue;
    const prev = out[out.length - 1];
    if (prev && prev.role === m.role) prev.content += `\n\n${m.content}`;
    else out.push({ role: m.role, content: m.content });
  }
  return out;
}

function anthropicFinish(reason: string | null | undefined): FinishReason {
  switch (reason) {
    case 'end_turn':
    case 'stop_sequence':
      return 'stop';
    case 'max_tokens':
    case 'model_context_window_exceeded':
      return 'length';
    case 'refusal':
      return 'content-filter';
    default:
      return 'other';
  }
}
