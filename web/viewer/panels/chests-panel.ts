/**
 * The chests near the view at the tick shown, with what each holds then (nearest the selected agent first). A chest
 * picked in the 3D view, or here, is marked and the free camera points at it.
 */
import { clear, el } from '../../shared/dom.js';
import { chestCentre, contentsText, type ShownChest } from '../chests.js';
import type { Panel } from './panel.js';
import { tickLabel } from './panel.js';

export class ChestsPanel implements Panel {
  readonly title = 'Chests';
  readonly element = el('div', { class: 'chests' });
  private chests: readonly ShownChest[] = [];
  private tick = 0;
  selected: string | null = null;

  constructor(
    private readonly onPlace: (chest: ShownChest) => void,
    private readonly near: () => { x: number; z: number } | null,
  ) {}

  /** Chests come with each state, not with the timeline. */
  setItems(): void {}

  /** The chests at the tick drawn; shown at the next `showTick`. */
  setChests(chests: readonly ShownChest[]): void {
    this.chests = chests;
  }

  showTick(tick: number): void {
    this.tick = tick;
    clear(this.element);
    if (this.chests.length === 0) {
      this.element.append(el('p', { class: 'empty', text: 'no chests near the view' }));
      return;
    }
    const at = this.near();
    const d = (c: ShownChest): number => {
      const m = chestCentre(c);
      return at ? (m.x - at.x) ** 2 + (m.z - at.z) ** 2 : 0;
    };
    const list = el('ol', { class: 'chest-list' });
    for (const c of [...this.chests].sort((a, b) => d(a) - d(b))) {
      const li = el('li', { 'data-chest': c.key, class: c.key === this.selected ? 'placed selected' : 'placed', title: `show ${c.key}` }, [
        el('span', { class: 'what', text: `${c.parts.length > 1 ? `double ${c.block}` : c.block} at ${c.parts.map((p) => `${p.x}, ${p.y}, ${p.z}`).join(' + ')} (${c.slots} slots)` }),
        el('span', { class: c.items === null ? 'contents muted' : 'contents', text: contentsText(c) }),
      ]);
      li.addEventListener('click', () => {
        this.selected = c.key;
        this.onPlace(c);
        this.showTick(this.tick);
      });
      list.append(li);
    }
    this.element.append(el('p', { class: 'muted', text: `at ${tickLabel(tick)}` }), list);
  }
}
