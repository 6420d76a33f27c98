/**
 * Sets or tops up a chest (health potions for the raid, supplies mid-crisis). Potion types are kept
 * in the spec but WorldAdmin item stacks carry only name and count, so a `potion` arrives typeless.
 */
import type { ActionOf } from '../spec/events.js';
import type { EventAction, EventStepContext } from './event-action.js';
import type { ScenarioItem } from '../../env/scenario.js';

export type ChestContentsSpec = ActionOf<'chest_contents'>;

export class ChestContents implements EventAction {
  constructor(private readonly spec: ChestContentsSpec) {}

  step(ctx: EventStepContext): void {
    if (!ctx.firing) return;
    const { spec } = this;
    let items: ScenarioItem[] = spec.items.map((i) => ({ name: i.name, count: i.count, ...(i.potion === undefined ? {} : { potion: i.potion }), ...(i.unbreakable ? { unbreakable: true } : {}) }));
    if (spec.mode === 'add') {
      // What the chest holds comes back as counts by name (potion types there are not kept).
      const merged = new Map(Object.entries(ctx.admin.chestContents(spec.position) ?? {}));
      items = [...[...merged].map(([name, count]) => ({ name, count })), ...items];
    }
    ctx.admin.setChestContents(spec.position, items);
    ctx.notify('chest_filled', { pos: spec.position, mode: spec.mode, items });
  }
}
