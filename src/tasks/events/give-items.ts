/** Items handed to agents mid-episode (rations, a key tool); absent `agents` means every agent. */
import type { ActionOf } from '../spec/events.js';
import type { EventAction, EventStepContext } from './event-action.js';

export class GiveItems implements EventAction {
  constructor(private readonly spec: ActionOf<'give_items'>) {}

  step(ctx: EventStepContext): void {
    if (!ctx.firing) return;
    const names = this.spec.agents ?? ctx.players().map((p) => p.name);
    for (const name of names) for (const item of this.spec.items) ctx.admin.give(name, item.name, item.count);
    ctx.notify('items_given', { agents: names, items: this.spec.items.map((i) => ({ name: i.name, count: i.count })) });
  }
}
