/**
 * The organisation's message bus. It does not carry messages itself: every delegation and report
 * becomes a `say` skill call, so the world's chat decides who hears it (the scenario's chat range,
 * or a radio channel the task grants). A delegation to an agent out of range is simply not
 * delivered, and the sender learns that only from its `say` failing, as a player would.
 *
 * Wire format (one chat line; `say` adds the `@name` address):
 *   `@bob [task] collect 3 oak_log`
 *   `@leader [report:success] collect 3 oak_log | inventory: oak_log x3`
 * Anything else is plain talk.
 */
import type { AgentAction } from '../core/actions.js';
import type { FinishedSkillReport, HeardMessage } from '../core/observation.js';

export type ReportStatus = 'start' | 'success' | 'fail';

export interface OrgMessage {
  kind: 'task' | 'report' | 'talk';
  /** Report status; absent for tasks and talk. */
  status?: ReportStatus;
  /** The message without its address and tag. */
  text: string;
}

/** `say` carries at most this many characters. */
const MAX_CHARS = 256;

export function encodeOrgMessage(m: OrgMessage): string {
  const tag = m.kind === 'task' ? '[task] ' : m.kind === 'report' ? `[report:${m.status ?? 'success'}] ` : '';
  return `${tag}${m.text}`;
}

export interface DecodedLine extends OrgMessage {
  /** The addressee (`@name` prefix), or null for a line to everyone. */
  respondent: string | null;
}

export function decodeOrgMessage(line: string): DecodedLine {
  let rest = line.trim();
  let respondent: string | null = null;
  const address = /^@(\S+)\s+/.exec(rest);
  if (address) {
    respondent = address[1]!;
    rest = rest.slice(address[0].length);
  }
  const tagged = /^\[(task|report)(?::(start|success|fail))?\]\s*/i.exec(rest);
  if (!tagged) return { kind: 'talk', text: rest, respondent };
  const kind = tagged[1]!.toLowerCase() as 'task' | 'report';
  const text = rest.slice(tagged[0].length);
  if (kind === 'task') return { kind, text, respondent };
  return { kind, status: (tagged[2]?.toLowerCase() ?? 'success') as ReportStatus, text, respondent };
}

export interface BusStats {
  /** Messages handed to `say`. */
  sent: number;
  /** Addressed messages the addressee was in range to hear (the `say` succeeded). */
  delivered: number;
  /** Addressed messages nobody meant could hear (out of chat range, no such player). */
  undelivered: number;
  tasks: number;
  reports: number;
}

export interface MessageBusOptions {
  /** A radio channel the task grants: messages use it and ignore distance. */
  radioChannel?: string;
}

export class MessageBus {
  private radio: string | undefined;
  private readonly counts: BusStats = { sent: 0, delivered: 0, undelivered: 0, tasks: 0, reports: 0 };

  constructor(options: MessageBusOptions = {}) {
    this.radio = options.radioChannel;
  }

  /** The `say` action that sends `m` from one member to another. */
  send(to: string, m: OrgMessage): AgentAction {
    this.counts.sent++;
    if (m.kind === 'task') this.counts.tasks++;
    if (m.kind === 'report') this.counts.reports++;
    const message = encodeOrgMessage(m).slice(0, MAX_CHARS - to.length - 2);
    return { type: 'skill', name: 'say', params: { message, to, ...(this.radio ? { channel: this.radio } : {}) } };
  }

  /** Notes how a `say` this bus produced ended. */
  noteResult(f: FinishedSkillReport): void {
    if (f.name !== 'say') return;
    if (f.ok) {
      this.counts.delivered++;
      return;
    }
    this.counts.undelivered++;
    // The task granted no such channel after all: fall back to proximity chat from now on.
    if (f.result.reason === 'no_such_channel') this.radio = undefined;
  }

  stats(): BusStats {
    return { ...this.counts };
  }
}

/** A heard chat line as a decoded organisation message with its speaker and time. */
export function decodeHeard(m: HeardMessage): DecodedLine & { speaker: string; tick: number } {
  return { ...decodeOrgMessage(m.message), speaker: m.from, tick: m.tick };
}
