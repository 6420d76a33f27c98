/**
 * A region with an effect (TickingCollab's "region-specific debuffs"): while the event is active,
 * every living agent inside the area gets the effect, renewed each step for slightly more than a
 * step, so it lasts exactly as long as the agent stays (plus at most one step after leaving).
 */
import type { ActionOf } from '../spec/events.js';
import { inBox } from './area.js';
import type { EventAction, EventStepContext } from './event-action.js';

export type RegionEffectSpec = ActionOf<'region_effect'>;

export class RegionEffect implements EventAction {
  private inside = new Set<string>();

  constructor(private readonly spec: RegionEffectSpec) {}

  step(ctx: EventStepContext): void {
    if (!ctx.active) return;
    const now = new Set<string>();
    for (const p of ctx.players()) {
      if (!p.alive || !inBox(p.pos, this.spec.area)) continue;
      now.add(p.name);
      ctx.admin.effect(p.name, this.spec.effect, ctx.ticksPerStep + 1, this.spec.amplifier);
    }
    const entered = [...now].filter((n) => !this.inside.has(n));
    if (entered.length > 0) ctx.notify('region_entered', { effect: this.spec.effect, agents: entered });
    this.inside = now;
  }
}
