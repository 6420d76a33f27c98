/**
 * Per-agent timelines in the manner of TickingCollab's Figure 7: one strip per agent along the episode's ticks, with
 * every skill span drawn where it ran (green when it succeeded, red when it failed, blue while it runs), the ticks of
 * its LLM calls marked as planning, and the gaps between as idle. A hover shows the skill, its parameters and its result;
 * the cursor marks the tick shown.
 */
import type { TimelineItem, TimelineItemOf } from '../../../src/server/viewer/protocol.js';
import { clear, el } from '../../shared/dom.js';
import { agentColor } from '../colors.js';
import { tickLabel, type Panel } from './panel.js';

/** A strip's height in CSS pixels (style.css `.timelines .row`): rows are drawn only where the panel is scrolled to. */
const ROW_PX = 22;
/** Rows drawn beyond the visible ones on each side, so a short scroll shows no gap before the redraw. */
const ROW_MARGIN = 10;

type Span = TimelineItemOf<'span'>;
type Call = TimelineItemOf<'llm_call'>;

export class TimelinePanel implements Panel {
  readonly title = 'Timelines';
  readonly element = el('div', { class: 'timelines' });
  /** Spans and calls by agent, grouped once per timeline rather than searched per strip. */
  private spans = new Map<string, Span[]>();
  private calls = new Map<string, Call[]>();
  private tick = 0;
  /** The scrolling box the panel sits in, once it is shown (its scroll redraws the rows in view). */
  private host: HTMLElement | null = null;

  constructor(private readonly names: () => readonly string[], private readonly lastTick: () => number) {}

  setItems(items: readonly TimelineItem[]): void {
    this.spans = new Map();
    this.calls = new Map();
    for (const i of items) {
      if (i.kind === 'span') push(this.spans, i.agent, i);
      else if (i.kind === 'llm_call' && i.agent !== null) push(this.calls, i.agent, i);
    }
    this.render();
  }

  showTick(tick: number): void {
    this.tick = tick;
    this.render();
  }

  /**
   * Draws the strips in view (and a margin): with 1,000 agents, drawing every strip at every refresh is tens of
   * thousands of elements; spacers above and below keep the scrollbar true to the whole list.
   */
  private render(): void {
    const host = this.element.parentElement;
    if (host && host !== this.host) {
      this.host = host;
      host.addEventListener('scroll', () => {
        if (this.element.parentElement === host) this.render();
      }, { passive: true });
    }
    const last = Math.max(1, this.lastTick());
    const pct = (t: number): string => `${((100 * Math.min(t, last)) / last).toFixed(3)}%`;
    const names = this.names();
    const legend = el('div', { class: 'legend' }, [el('span', { class: 'sw ok' }), 'done ', el('span', { class: 'sw failed' }), 'failed ', el('span', { class: 'sw running' }), 'running ', el('span', { class: 'sw plan' }), 'LLM call (planning) · gaps: idle']);
    const view = host ? { top: host.scrollTop, height: host.clientHeight } : { top: 0, height: 40 * ROW_PX };
    const first = Math.max(0, Math.floor(view.top / ROW_PX) - ROW_MARGIN);
    const end = Math.min(names.length, Math.ceil((view.top + view.height) / ROW_PX) + ROW_MARGIN);
    const spacer = (rows: number): HTMLElement => {
      const d = el('div', { class: 'spacer' });
      d.style.height = `${rows * ROW_PX}px`;
      return d;
    };
    const rows: HTMLElement[] = [legend, spacer(first)];
    for (const name of names.slice(first, end)) {
      const strip = el('div', { class: 'strip' });
      // Acting share: the union of its spans (a queued skill may start before the last one's end is recorded).
      let busy = 0;
      let coveredTo = -1;
      for (const s of this.spans.get(name) ?? []) {
        if (s.start > this.tick) continue;
        const end = s.end === null || s.end > this.tick ? this.tick : s.end;
        busy += Math.max(0, end - Math.max(s.start, coveredTo));
        coveredTo = Math.max(coveredTo, end);
        const state = s.end === null || s.end > this.tick ? 'running' : s.ok ? 'ok' : 'failed';
        const bar = el('div', {
          class: `span ${state}`,
          title: `${s.skill}(${JSON.stringify(s.params ?? {})}) ${tickLabel(s.start)} → ${s.end === null ? 'running' : tickLabel(s.end)}${s.reason ? `: ${s.reason}` : ''}`,
          'data-skill': s.skill,
        });
        bar.style.left = pct(s.start);
        bar.style.width = `max(2px, ${pct(Math.max(1, end - s.start))})`;
        strip.append(bar);
      }
      for (const c of this.calls.get(name) ?? []) {
        if (c.tick > this.tick) continue;
        const mark = el('div', { class: `plan${c.ok ? '' : ' fault'}`, title: `LLM call #${c.seq} (${c.role}) at ${tickLabel(c.tick)}` });
        mark.style.left = pct(c.tick);
        strip.append(mark);
      }
      const cursor = el('div', { class: 'cursor' });
      cursor.style.left = pct(this.tick);
      strip.append(cursor);
      const acting = this.tick > 0 ? Math.round((100 * busy) / this.tick) : 0;
      const nameEl = el('div', { class: 'agent-name', text: name, title: `acting ${acting}% of the ticks so far` });
      nameEl.style.color = agentColor(name);
      rows.push(el('div', { class: 'row', 'data-agent': name }, [nameEl, strip, el('div', { class: 'share', text: `${acting}%` })]));
    }
    rows.push(spacer(names.length - end));
    clear(this.element);
    this.element.append(...rows);
  }
}

function push<T>(map: Map<string, T[]>, key: string, value: T): void {
  const list = map.get(key);
  if (list) list.push(value);
  else map.set(key, [value]);
}
