/**
 * JSON mode needs the prompt to ask for JSON: OpenAI rejects json_object requests whose messages never say
 * "JSON", and Anthropic has no JSON mode at all. This adds a short system instruction when none is there.
 */
import type { ChatMessage } from './types.js';

export const jsonInstruction = 'Answer with a single JSON object and nothing else.';

export function withJsonInstruction(messages: ChatMessage[]): ChatMessage[] {
  if (messages.some((m) => /json/i.test(m.content))) return messages;
  return [{ role: 'system', content: jsonInstruction }, ...messages];
}
