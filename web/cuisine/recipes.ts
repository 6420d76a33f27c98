/** The level's recipe book; the dishes that can be ordered are in bold, intermediate products not. */
import { clear, el } from '../shared/dom.js';
import type { HumanGameView } from './api.js';

export function renderRecipes(ul: HTMLElement, v: HumanGameView): void {
  clear(ul);
  for (const r of v.recipes) {
    ul.appendChild(
      el('li', { class: v.dishes.includes(r.product) ? 'dish' : '' }, [
        el('span', { class: 'product', text: r.product }),
        ` = ${r.ingredients.join(' + ')} in `,
        el('span', { class: 'tool', text: r.tool }),
      ]),
    );
  }
}
