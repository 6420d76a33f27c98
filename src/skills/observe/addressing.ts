import { escapeRegExp } from '../../core/escape-regexp.js';

/**
 * Whether a chat line is addressed to an agent. In-world chat has no recipient field (vanilla chat
 * is a broadcast), so agents address each other the way players do: `@name` or the name as a word.
 * Task and server messages (no speaker) address everyone.
 */
export function isAddressedTo(agent: string, message: string, speaker: number | null): boolean {
  if (speaker === null) return true;
  return new RegExp(`(^|[^\\w])@?${escapeRegExp(agent)}($|[^\\w])`, 'i').test(message);
}
