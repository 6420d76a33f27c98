/** A timed server message every agent hears (warnings, phase changes). */
import type { ActionOf } from '../spec/events.js';
import type { EventAction, EventStepContext } from './event-action.js';

export class Message implements EventAction {
  constructor(private readonly spec: ActionOf<'message'>) {}

  step(ctx: EventStepContext): void {
    if (!ctx.firing) return;
    ctx.admin.broadcast(this.spec.text);
    ctx.notify('message', { text: this.spec.text });
  }
}
