/** A potion effect given to agents at a moment (a buff for the boss fight, a debuff as a twist). */
import type { ActionOf } from '../spec/events.js';
import type { EventAction, EventStepContext } from './event-action.js';

export class ApplyEffect implements EventAction {
  constructor(private readonly spec: ActionOf<'apply_effect'>) {}

  step(ctx: EventStepContext): void {
    if (!ctx.firing) return;
    const names = this.spec.agents ?? ctx.players().map((p) => p.name);
    const ticks = this.spec.duration === undefined ? null : Math.max(1, Math.round(this.spec.duration * ctx.ticksPerStep));
    for (const name of names) ctx.admin.effect(name, this.spec.effect, ticks, this.spec.amplifier);
    ctx.notify('effect_applied', { agents: names, effect: this.spec.effect, durationTicks: ticks });
  }
}
