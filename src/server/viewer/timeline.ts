/**
 * Run records → the viewer's timeline items (protocol.ts `TimelineItem`): skill spans, chat, team messages, LLM calls,
 * the score, world events and agent notes. One converter serves a recorded log (every record at once) and a live
 * episode (record by record as the runner writes them), so the panels read the same thing either way.
 *
 * A skill span is known from two records: the `action` that started it and the `skill_result` that ended it. The
 * converter reports the start at once (`end: null`) and the span again when it ends; a page keys spans on
 * (agent, start, skill). Positions and actions that are not skills carry nothing for the panels and give no item.
 */
import type { LogRecord } from '../../runner/run-log.js';
import type { TimelineItem } from './protocol.js';

/** Records whose content another item already shows, or that only the 3D view uses. */
const NOT_TIMELINE = new Set(['episode_start', 'positions', 'chest', 'episode_stopped', 'org', 'member_org']);

/** Longest text kept in a note (the panels show a line; the full record is in the log). */
const NOTE_CAP = 400;

export class TimelineBuilder {
  /** agent → the running skill's start (tick, name), to close its span when the result comes. */
  private readonly running = new Map<string, { start: number; skill: string }>();

  /** The skill `agent` runs now, as the records so far tell it (null when idle or acting low-level). */
  runningSkill(agent: string): string | null {
    return this.running.get(agent)?.skill ?? null;
  }

  /** The items one record gives (none for most positions and non-skill actions). */
  add(r: LogRecord): TimelineItem[] {
    const tick = typeof r.tick === 'number' ? r.tick : 0;
    switch (r.type) {
      case 'action':
        return this.action(r, tick);
      case 'skill_result':
        return this.skillResult(r, tick);
      case 'world':
        return [worldItem(r, tick)];
      case 'message':
        return [{ kind: 'message', tick, from: str(r.from), to: recipients(r.to), text: str(r.text) }];
      case 'llm_call':
        return [llmItem(r, tick)];
      case 'episode_end': {
        const res = (r.result ?? {}) as Record<string, unknown>;
        return [{ kind: 'score', tick, score: num(res.score), success: res.success === true, details: str(res.details) }];
      }
      case 'episode_error':
        return [{ kind: 'note', tick, agent: null, note: 'episode_error', text: `${str(r.fault)} fault: ${str(r.message)}` }];
      default:
        if (NOT_TIMELINE.has(r.type)) return [];
        return [noteItem(r, tick)];
    }
  }

  private action(r: LogRecord, tick: number): TimelineItem[] {
    const action = r.action as { type?: unknown; name?: unknown; params?: unknown } | undefined;
    if (!action || (action.type !== 'skill' && action.type !== 'code')) return [];
    const agent = str(r.agent);
    const skill = action.type === 'code' ? 'code' : str(action.name);
    this.running.set(agent, { start: tick, skill });
    return [{ kind: 'span', agent, skill, params: action.type === 'code' ? null : (action.params ?? {}), start: tick, end: null, ok: null, reason: null }];
  }

  private skillResult(r: LogRecord, tick: number): TimelineItem[] {
    const agent = str(r.agent);
    const result = (r.result ?? {}) as Record<string, unknown>;
    const start = tick - num(r.ticks);
    const open = this.running.get(agent);
    if (open && open.start <= start) this.running.delete(agent);
    const ok = result.ok === true;
    const reason = typeof result.reason === 'string' ? result.reason : typeof result.summary === 'string' ? result.summary : null;
    return [{ kind: 'span', agent, skill: str(r.skill), params: r.params ?? {}, start, end: tick, ok, reason }];
  }
}

/** Every timeline item of a recorded log, in record order (which is tick order). */
export function timelineOf(records: readonly LogRecord[]): TimelineItem[] {
  const b = new TimelineBuilder();
  return records.flatMap((r) => b.add(r));
}

function worldItem(r: LogRecord, tick: number): TimelineItem {
  if (r.event === 'chat') {
    return { kind: 'chat', tick, from: str(r.name), message: str(r.message), heardBy: Array.isArray(r.heardBy) ? r.heardBy.map(String) : null };
  }
  const pos = isVec(r.pos) ? r.pos : null;
  return { kind: 'event', tick, event: str(r.event), summary: eventSummary(r), pos };
}

/** One line naming what happened: the event's own fields but its type, tick and position. */
function eventSummary(r: LogRecord): string {
  const parts: string[] = [];
  for (const [k, v] of Object.entries(r)) {
    if (k === 'type' || k === 'event' || k === 'tick' || k === 'pos') continue;
    parts.push(`${k}=${typeof v === 'object' ? JSON.stringify(v) : String(v)}`);
  }
  return cap(parts.join(' '));
}

function llmItem(r: LogRecord, tick: number): TimelineItem {
  return {
    kind: 'llm_call',
    tick,
    seq: num(r.seq),
    agent: typeof r.agent === 'string' ? r.agent : null,
    role: str(r.role),
    modelId: str(r.modelId),
    promptTokens: num(r.promptTokens),
    completionTokens: num(r.completionTokens),
    latencyMs: num(r.latencyMs),
    costUsd: num(r.costUsd),
    ok: r.ok !== false,
    error: typeof r.error === 'string' ? r.error : null,
    prompt: typeof r.prompt === 'string' ? r.prompt : null,
    response: typeof r.response === 'string' ? r.response : null,
  };
}

function noteItem(r: LogRecord, tick: number): TimelineItem {
  const { type, tick: _t, agent, ...rest } = r;
  return { kind: 'note', tick, agent: typeof agent === 'string' ? agent : null, note: type, text: cap(JSON.stringify(rest)) };
}

/** A `message` record's `to`: one name, a list, or anything else (a broadcast) as no names. */
function recipients(to: unknown): string[] {
  if (typeof to === 'string') return [to];
  if (Array.isArray(to)) return to.filter((t): t is string => typeof t === 'string');
  return [];
}

const str = (v: unknown): string => (typeof v === 'string' ? v : v === undefined || v === null ? '' : String(v));
const num = (v: unknown): number => (typeof v === 'number' && Number.isFinite(v) ? v : 0);
const cap = (s: string): string => (s.length > NOTE_CAP ? `${s.slice(0, NOTE_CAP - 1)}…` : s);
function isVec(v: unknown): v is { x: number; y: number; z: number } {
  return typeof v === 'object' && v !== null && typeof (v as { x?: unknown }).x === 'number' && typeof (v as { y?: unknown }).y === 'number' && typeof (v as { z?: unknown }).z === 'number';
}
