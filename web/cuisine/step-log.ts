/** What the last step did (served, ran out, the game's messages) and the log of every step so far, newest first. */
import { clear, el, type Child } from '../shared/dom.js';
import type { HumanGameView, HumanStepRecord } from './api.js';

/** Steps the log shows; older ones are in the stored record. */
const LOG_LENGTH = 60;

export function renderFeedback(box: HTMLElement, v: HumanGameView): void {
  clear(box);
  const last = v.lastStep;
  if (!last) {
    box.appendChild(el('span', { class: 'msg info', text: 'Choose your first action: click "Go here" on the storage to fetch an ingredient.' }));
    return;
  }
  if (last.aiFault !== undefined) box.appendChild(el('span', { class: 'msg', text: `Your AI teammates' model failed this step, so they did nothing: ${last.aiFault}` }));
  for (const d of last.completed) box.appendChild(el('span', { class: 'msg ok', text: `Served ${d}!` }));
  for (const d of last.expired) box.appendChild(el('span', { class: 'msg', text: `Order ran out: ${d}` }));
  for (const f of last.feedback) box.appendChild(el('span', { class: 'msg', text: f }));
  for (const f of last.suggestions) box.appendChild(el('span', { class: 'msg info', text: `Suggestion: ${f}` }));
  if (box.childNodes.length === 0) box.appendChild(el('span', { class: 'msg info', text: `Step ${last.step + 1} done: every command worked.` }));
}

/** `log` is newest first; each entry lists the step's commands in the order the game ran them. */
export function renderLog(ol: HTMLElement, log: readonly HumanStepRecord[]): void {
  clear(ol);
  for (const entry of log.slice(0, LOG_LENGTH)) {
    const parts: Child[] = [el('b', { text: `Step ${entry.step + 1}: ` })];
    entry.commands.forEach((c, i) => {
      const ok = entry.success[i] === true;
      parts.push(el('span', { class: `cmd${ok ? '' : ' fail'}`, text: c + (ok ? '' : ' ✗') }), ' ');
    });
    for (const d of entry.completed) parts.push(el('span', { text: ` served ${d}.` }));
    for (const d of entry.expired) parts.push(el('span', { class: 'fail', text: ` ${d} ran out.` }));
    ol.appendChild(el('li', {}, parts));
  }
}
