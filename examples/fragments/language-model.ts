// docs/llm.md quotes the region below: the model interface and its request and answer, checked against the package's.
import type { ChatRequest as PackageRequest, ChatResponse as PackageResponse, LanguageModel as PackageModel } from 'guildcraft';
import type { Same } from './same-type.js';

// #region doc
interface LanguageModel {
  id: string; // 'openai:gpt-4o', 'anthropic:claude-haiku-4-5', 'openai-compatible:qwen2.5', 'scripted:echo'
  generate(req: ChatRequest, opts?: { signal?: AbortSignal; caller?: { agent?: string; role?: string } }): Promise<ChatResponse>;
}
interface ChatRequest {
  messages: { role: 'system' | 'user' | 'assistant'; content: string; images?: Image[] }[];
  temperature?: number;
  maxTokens?: number;
  responseFormat?: 'text' | 'json';
  stop?: string[];
}
interface Image { type: 'image'; mime: 'image/png' | 'image/jpeg'; data: Uint8Array; width: number; height: number; detail?: 'low' | 'high' | 'auto' } // user messages; see Images below
interface ChatResponse {
  text: string;
  usage: { promptTokens: number; completionTokens: number; estimated?: boolean };
  latencyMs: number;
  finishReason: 'stop' | 'length' | 'content-filter' | 'other';
  model?: string;
  cached?: boolean;
}
// #endregion doc

export const docModelIsThePackages: Same<LanguageModel, PackageModel> = true;
export const docRequestIsThePackages: Same<ChatRequest, PackageRequest> = true;
export const docResponseIsThePackages: Same<ChatResponse, PackageResponse> = true;
