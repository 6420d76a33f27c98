/**
 * Perception (S-Agents §3.2.1): what one hourglass agent knows, from two sources. The physical
 * environment is its latest observation (rendered as compact text); the agent group is the
 * conversation it took part in or overheard, each line with time, speaker, respondent and message.
 * Its own action results are kept too, since the progress monitor judges from them.
 */
import type { FinishedSkillReport, Observation } from '../../core/observation.js';
import { renderObservationText } from '../../skills/observe/render-text.js';
import { decodeHeard, type DecodedLine } from '../../orgs/message-bus.js';

export interface ConversationLine extends DecodedLine {
  tick: number;
  speaker: string;
}

export interface ActionResult {
  tick: number;
  skill: string;
  params: unknown;
  ok: boolean;
  result: Record<string, unknown>;
}

/** Most conversation lines and action results kept; older ones fall out of the prompts. */
const MAX_LINES = 40;
const MAX_RESULTS = 12;

export class Perception {
  readonly conversation: ConversationLine[] = [];
  readonly results: ActionResult[] = [];
  latest: Observation | null = null;

  constructor(readonly agent: string) {}

  /** Files what this observation brought; returns the lines heard in it. */
  take(obs: Observation): ConversationLine[] {
    this.latest = obs;
    const heard: ConversationLine[] = [];
    for (const m of obs.messages) {
      if (m.from === this.agent) continue;
      const line = decodeHeard(m);
      heard.push(line);
      this.addLine(line);
    }
    return heard;
  }

  /** Records something this agent said (it does not hear itself). */
  said(tick: number, respondent: string, line: Omit<DecodedLine, 'respondent'>): void {
    this.addLine({ ...line, respondent, speaker: this.agent, tick });
  }

  recordResult(f: FinishedSkillReport): void {
    this.results.push({ tick: f.finishedAt, skill: f.name, params: f.params, ok: f.ok, result: f.result });
    if (this.results.length > MAX_RESULTS) this.results.splice(0, this.results.length - MAX_RESULTS);
  }

  /** The environment without the chat lines (the conversation section shows those with more detail). */
  environmentText(): string {
    if (!this.latest) return '(nothing observed yet)';
    return renderObservationText({ ...this.latest, messages: [], finishedSkills: [] });
  }

  conversationText(since = 0): string {
    const lines = this.conversation.filter((l) => l.tick >= since).map(formatLine);
    return lines.length ? lines.join('\n') : '(no conversation)';
  }

  resultsText(since = 0): string {
    const lines = this.results.filter((r) => r.tick >= since).map(formatResult);
    return lines.length ? lines.join('\n') : '(no actions yet)';
  }

  /** `name xN` pairs of the agent's inventory. */
  inventoryText(): string {
    const inv = this.latest?.inventory ?? [];
    return inv.length ? inv.map((i) => `${i.name} x${i.count}`).join(', ') : 'empty';
  }

  private addLine(line: ConversationLine): void {
    this.conversation.push(line);
    if (this.conversation.length > MAX_LINES) this.conversation.splice(0, this.conversation.length - MAX_LINES);
  }
}

export function formatLine(l: ConversationLine): string {
  const tag = l.kind === 'task' ? '[task] ' : l.kind === 'report' ? `[report:${l.status}] ` : '';
  return `[${seconds(l.tick)}] ${l.speaker} -> ${l.respondent ?? 'everyone'}: ${tag}${l.text}`;
}

function formatResult(r: ActionResult): string {
  const { ok: _ok, ...rest } = r.result;
  return `[${seconds(r.tick)}] ${r.ok ? 'done' : 'failed'} ${r.skill} ${JSON.stringify(r.params)} -> ${JSON.stringify(rest)}`;
}

/** Ticks as game seconds, the time stamp every prompt line carries. */
export function seconds(tick: number): string {
  return `${(tick / 20).toFixed(1)}s`;
}
