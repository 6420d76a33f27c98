/**
 * The kitchen: one card per location with its contents, its state (busy, ready, waiting) and who stands there, and the
 * player's choices as buttons on the cards. Choices that would fail are still offered (the player may try anyway and
 * spend the step) but are greyed, with the game's own reason beside them.
 */
import { clear, el } from '../shared/dom.js';
import type { GameLocation, HumanChoice, HumanGameView } from './api.js';
import { agentLabel } from './last-commands.js';

/** What each tool does, shown beside its name (the +N is how many more steps it stays busy once activated). */
const TOOL_NAMES: Readonly<Record<GameLocation['type'], string>> = {
  storage: 'ingredients & bin',
  servingtable: 'deliver dishes here',
  chopboard: 'chops, instant',
  blender: 'blends, +1 step',
  pan: 'sautés, +1 step',
  fryer: 'fries, +1 step',
  mixer: 'mixes, instant',
  pot: 'boils, +2 steps',
  steamer: 'steams, +2 steps',
  oven: 'bakes, +2 steps',
};

export interface KitchenControls {
  /** Sends the player's command for this step. */
  readonly send: (command: string) => void;
  /** The ingredient last picked at the storage; it stays selected across steps although the list is rebuilt. */
  lastIngredient: string | null;
}

function choiceButton(choice: HumanChoice, label: string, controls: KitchenControls): HTMLButtonElement {
  return el('button', {
    type: 'button',
    class: `act${choice.ok ? '' : ' would-fail'}`,
    'data-command': choice.command,
    title: choice.ok ? choice.command : `will fail: ${choice.reason ?? ''}`,
    text: label,
    onclick: () => controls.send(choice.command),
  });
}

function stateOf(loc: GameLocation): { text: string; cls: string } {
  if (loc.occupied > 0) return { text: `busy for ${loc.occupied} more step${loc.occupied > 1 ? 's' : ''}`, cls: 'state busy' };
  if (loc.cooked && loc.contents.length > 0) return { text: 'ready to take out', cls: 'state ready' };
  if (loc.type !== 'storage' && loc.type !== 'servingtable' && loc.contents.length > 0) return { text: 'waiting to be activated', cls: 'state' };
  return { text: '', cls: 'state' };
}

/** The storage's actions: pick an ingredient and take it, or throw away what the player holds. */
function storageActions(actions: HTMLElement, loc: GameLocation, v: HumanGameView, controls: KitchenControls): void {
  const you = v.you;
  const gets = you.choices.filter((c) => c.verb === 'get' && c.target === loc.id);
  const select = el('select', { id: 'ingredient', 'aria-label': 'ingredient to take' });
  const inLevel = el('optgroup', { label: 'used in this level' });
  const other = el('optgroup', { label: 'other ingredients' });
  for (const g of gets) {
    if (g.item === null) continue;
    (you.levelIngredients.includes(g.item) ? inLevel : other).appendChild(el('option', { value: g.item, text: g.item }));
  }
  select.append(inLevel, other);
  if (controls.lastIngredient && gets.some((g) => g.item === controls.lastIngredient)) select.value = controls.lastIngredient;
  select.addEventListener('change', () => {
    controls.lastIngredient = select.value;
  });
  const first = gets[0];
  const canGet = first !== undefined && first.ok;
  const take = el('button', {
    type: 'button',
    id: 'take-from-storage',
    class: `act${canGet ? '' : ' would-fail'}`,
    text: 'Take',
    title: canGet ? 'take the chosen ingredient' : `will fail: ${first?.reason ?? ''}`,
    onclick: () => {
      controls.lastIngredient = select.value;
      controls.send(`get_${you.agent}_${select.value}_${loc.id}`);
    },
  });
  actions.append(select, take);
  const put = you.choices.find((c) => c.verb === 'put' && c.target === loc.id);
  if (put && you.holding) actions.appendChild(choiceButton(put, `Throw away ${you.holding}`, controls));
  if (!canGet && first?.reason) actions.appendChild(el('span', { class: 'why', text: first.reason }));
}

/** A tool's or the serving table's actions: take out, put in (serve), activate. */
function toolActions(actions: HTMLElement, loc: GameLocation, v: HumanGameView, controls: KitchenControls): void {
  const holding = v.you.holding;
  const put = loc.type === 'servingtable' ? (holding ? `Serve ${holding}` : 'Serve') : holding ? `Put ${holding} in` : 'Put in';
  const labels: Readonly<Record<HumanChoice['verb'], string>> = { get: 'Take out', put, activate: 'Activate', goto: 'Go here', noop: 'Wait' };
  const reasons: string[] = [];
  for (const c of v.you.choices) {
    if (c.target !== loc.id || c.verb === 'goto') continue;
    actions.appendChild(choiceButton(c, labels[c.verb], controls));
    if (!c.ok) reasons.push(`${labels[c.verb]}: ${c.reason ?? ''}`);
  }
  for (const r of reasons) actions.appendChild(el('span', { class: 'why', text: r }));
}

export function renderKitchen(box: HTMLElement, v: HumanGameView, controls: KitchenControls): void {
  clear(box);
  for (const loc of v.state.locations) {
    const here = v.you.at === loc.id;
    const contents = el('div', { class: 'contents' });
    if (loc.type === 'storage') contents.appendChild(el('span', { class: 'empty', text: 'every base ingredient; put items here to throw them away' }));
    else if (loc.contents.length === 0) contents.appendChild(el('span', { class: 'empty', text: 'empty' }));
    for (const c of loc.contents) contents.appendChild(el('span', { class: `chip${loc.cooked ? ' cooked' : ''}`, text: c }));
    const state = stateOf(loc);
    const actions = el('div', { class: 'actions' });
    if (!here) {
      const go = v.you.choices.find((c) => c.verb === 'goto' && c.target === loc.id);
      if (go) actions.appendChild(choiceButton(go, 'Go here', controls));
    } else if (loc.type === 'storage') storageActions(actions, loc, v, controls);
    else toolActions(actions, loc, v, controls);
    const agentsHere = v.state.agents.filter((a) => a.at === loc.id);
    const badges = el(
      'div',
      {},
      agentsHere.map((a) =>
        el('span', { class: `badge ${a.id === v.you.agent ? 'you' : 'ai'}`, text: agentLabel(a.id) + (a.holding ? `: ${a.holding}` : '') }),
      ),
    );
    box.appendChild(
      el('div', { class: `loc${here ? ' here' : ''}`, 'data-loc': loc.id }, [
        el('div', { class: 'name' }, [loc.id, el('span', { class: 'type', text: TOOL_NAMES[loc.type] })]),
        contents,
        state.text ? el('div', { class: state.cls, text: state.text }) : null,
        badges,
        actions,
      ]),
    );
  }
}
