/** The player's own panel (where agent0 is, what it holds) and the team panel (every cook and its last command). */
import { clear, el } from '../shared/dom.js';
import type { HumanGameView } from './api.js';
import { agentLabel, lastCommandsByAgent, type AgentCommand } from './last-commands.js';

export function renderYou(p: HTMLElement, v: HumanGameView): void {
  const me = v.you;
  clear(p).append(
    'At ',
    el('b', { text: me.at }),
    ', holding ',
    me.holding ? el('span', { class: 'held', id: 'holding', text: me.holding }) : el('span', { id: 'holding', class: 'empty', text: 'nothing' }),
    '.',
  );
}

export function renderTeam(ul: HTMLElement, v: HumanGameView): void {
  clear(ul);
  const last = v.lastStep ? lastCommandsByAgent(v.lastStep) : new Map<string, AgentCommand>();
  for (const a of v.state.agents) {
    const cmd = last.get(a.id);
    ul.appendChild(
      el('li', { 'data-agent': a.id }, [
        el('span', { class: 'who', text: `${agentLabel(a.id)} (${a.id})` }),
        `: at ${a.at}, holding `,
        el('b', { text: a.holding ?? 'nothing' }),
        cmd ? el('span', { class: 'last', text: `last: ${cmd.command}${cmd.ok ? '' : ' (failed)'}` }) : null,
      ]),
    );
  }
}
