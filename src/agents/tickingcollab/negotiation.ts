/**
 * The distributed baseline's negotiation protocol over chat (paper, Appendix G.2). Messages are free
 * text tagged `[PROPOSAL]`, `[AGREE]`, `[DISAGREE]`, `[COUNTER-PROPOSAL]`, `[STATUS]`, `[DISCOVERY]`,
 * `[HELP]`, `[CONFLICT]` or `[PLAN_CHANGE]`. A message names its recipients with leading `@name`s
 * (selective broadcast: everyone in chat range hears it, only the named react); without any it is
 * for everyone who hears it. Chat is the `say` skill, so chat range and radio rules apply.
 */
import type { AgentAction } from '../../core/actions.js';
import type { PeerMessage } from './plan-schema.js';

export const TAGS = ['PROPOSAL', 'AGREE', 'DISAGREE', 'COUNTER-PROPOSAL', 'STATUS', 'DISCOVERY', 'HELP', 'CONFLICT', 'PLAN_CHANGE'] as const;
export type Tag = (typeof TAGS)[number];

/** Tags that ask the hearer to answer (and so to think again). */
export const NEEDS_ANSWER: readonly Tag[] = ['PROPOSAL', 'COUNTER-PROPOSAL', 'HELP', 'CONFLICT', 'PLAN_CHANGE'];
/** Tags that open a propose–wait–act round for the sender. */
export const OPENS_ROUND: readonly Tag[] = ['PROPOSAL', 'COUNTER-PROPOSAL'];

export interface ParsedMessage {
  /** Named recipients; empty = everyone who hears it. */
  to: string[];
  tag: Tag | null;
  body: string;
}

export function parseMessage(text: string): ParsedMessage {
  let rest = text.trim();
  const to: string[] = [];
  for (let m = /^@([\w-]+)[,:]?\s*/.exec(rest); m; m = /^@([\w-]+)[,:]?\s*/.exec(rest)) {
    to.push(m[1]!);
    rest = rest.slice(m[0].length);
  }
  const t = /^\[([A-Z_-]+)\]\s*/.exec(rest);
  const tag = t && (TAGS as readonly string[]).includes(t[1]!) ? (t[1] as Tag) : null;
  return { to, tag, body: tag && t ? rest.slice(t[0].length) : rest };
}

/** Is this message for `self` (named, or for everyone)? */
export function isFor(msg: ParsedMessage, self: string): boolean {
  return msg.to.length === 0 || msg.to.includes(self);
}

export function tagOf(content: string): Tag | null {
  return parseMessage(content).tag;
}

/** The recipients a message names, `all` expanded to every peer. */
export function recipientsOf(m: PeerMessage, peers: readonly string[]): string[] {
  const names = Array.isArray(m.to) ? m.to : [m.to];
  return names.includes('all') ? [...peers] : [...new Set(names)];
}

/**
 * The `say` action for one message: to one teammate with `to` (the skill writes `@name` and fails
 * with `not_heard` if they are out of range), to several in one line starting `@a @b`, to all as
 * plain chat. Chat lines are capped at 256 characters by the skill.
 */
export function sayAction(m: PeerMessage, peers: readonly string[]): AgentAction {
  const names = Array.isArray(m.to) ? m.to : [m.to];
  if (names.includes('all') || names.length === 0) return { type: 'skill', name: 'say', params: { message: m.content.slice(0, 256) } };
  if (names.length === 1) return { type: 'skill', name: 'say', params: { message: m.content.slice(0, 240), to: names[0]! } };
  const prefix = names.filter((n) => peers.includes(n)).map((n) => `@${n}`).join(' ');
  return { type: 'skill', name: 'say', params: { message: `${prefix} ${m.content}`.slice(0, 256) } };
}
