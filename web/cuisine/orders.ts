/** The open orders: each dish, what it needs, and a bar for the steps it has left. */
import { clear, el } from '../shared/dom.js';
import type { HumanGameView } from './api.js';

/** Steps left at or below which an order is shown as urgent. */
const URGENT_STEPS = 3;

export function renderOrders(ul: HTMLElement, v: HumanGameView): void {
  clear(ul);
  if (v.state.orders.length === 0) ul.appendChild(el('li', { class: 'empty', text: 'no open orders' }));
  for (const o of v.state.orders) {
    const full = v.lifetimes[o.dish] ?? (o.lifetime || 1);
    const pct = Math.max(0, Math.min(100, Math.round((100 * o.lifetime) / full)));
    const cls = o.lifetime <= URGENT_STEPS ? 'urgent' : o.lifetime <= full / 2 ? 'soon' : '';
    const recipe = v.recipes.find((r) => r.product === o.dish);
    const bar = el('span');
    bar.style.width = `${pct}%`;
    ul.appendChild(
      el('li', { class: cls, 'data-dish': o.dish }, [
        el('div', { class: 'dish', text: o.dish }),
        recipe ? el('div', { class: 'needs', text: `${recipe.ingredients.join(' + ')} in ${recipe.tool}` }) : null,
        el('div', { class: 'life' }, [el('div', { class: 'bar' }, [bar]), el('span', { class: 'left', text: `${o.lifetime} steps left` })]),
      ]),
    );
  }
}
