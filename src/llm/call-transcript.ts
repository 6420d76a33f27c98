/**
 * What a chat call said and heard, as its ledger record keeps it for the run log and the viewer's LLM inspector: the
 * prompt's messages as text and the response, bounded. A prompt can be long (an observation, a memory dump, a whole
 * recipe book), so each message and the response keep their first TRANSCRIPT_MESSAGE_KEEP_CHARS characters and the
 * whole prompt its first TRANSCRIPT_PROMPT_KEEP_CHARS; every cut says so in place and `charsCut` counts what went.
 * The prompt's cap keeps an llm_call record under the log's per-record cap (runner/log-budget.ts, 64 KiB), which
 * would otherwise cut every long string of the record to its first 2 KiB.
 */
import type { ChatMessage } from './types.js';

/** Characters kept of each message and of the response. */
export const TRANSCRIPT_MESSAGE_KEEP_CHARS = 6000;
/** Characters kept of the whole prompt. */
export const TRANSCRIPT_PROMPT_KEEP_CHARS = 24_000;

export interface CallTranscript {
  /** The messages in order, each as `[role]` on a line and then its text (pictures counted, not kept). */
  prompt: string;
  /** The answer's text (absent for a call that failed). */
  response?: string;
  /** Characters cut from the prompt and the response together. */
  charsCut: number;
}

/** Keeps the first `keep` characters of `text`, with a marker saying how many went. */
function cut(text: string, keep: number): { text: string; cut: number } {
  if (text.length <= keep) return { text, cut: 0 };
  const gone = text.length - keep;
  return { text: `${text.slice(0, keep)}… [${gone} characters cut]`, cut: gone };
}

export function chatTranscript(messages: readonly ChatMessage[], response?: string): CallTranscript {
  let charsCut = 0;
  const parts = messages.map((m) => {
    const body = cut(m.content, TRANSCRIPT_MESSAGE_KEEP_CHARS);
    charsCut += body.cut;
    const images = m.images?.length ? ` (+${m.images.length} image${m.images.length === 1 ? '' : 's'})` : '';
    return `[${m.role}]${images}\n${body.text}`;
  });
  const prompt = cut(parts.join('\n\n'), TRANSCRIPT_PROMPT_KEEP_CHARS);
  charsCut += prompt.cut;
  if (response === undefined) return { prompt: prompt.text, charsCut };
  const answer = cut(response, TRANSCRIPT_MESSAGE_KEEP_CHARS);
  return { prompt: prompt.text, response: answer.text, charsCut: charsCut + answer.cut };
}
