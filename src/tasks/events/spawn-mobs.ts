/** A monster wave: every firing summons `count` mobs at random spots of the area, tagged with the event id. */
import type { ActionOf } from '../spec/events.js';
import { randomColumn } from './area.js';
import type { EventAction, EventStepContext } from './event-action.js';

export type SpawnMobsSpec = ActionOf<'spawn_mobs'>;

export class SpawnMobs implements EventAction {
  constructor(
    private readonly spec: SpawnMobsSpec,
    private readonly eventId: string,
  ) {}

  step(ctx: EventStepContext): void {
    if (!ctx.firing) return;
    const { spec } = this;
    const ids: number[] = [];
    for (let i = 0; i < spec.count; i++) {
      const { x, z } = randomColumn(spec.area, ctx.rng);
      const pos = { x: x + 0.5, y: spec.area.min.y, z: z + 0.5 };
      ids.push(
        ...ctx.admin.summon(spec.mob, pos, {
          count: 1,
          persistent: spec.persistent,
          tags: ['task', `event:${this.eventId}`, `wave:${ctx.firedBefore}`],
          ...(spec.health === undefined ? {} : { health: spec.health }),
          ...(spec.damage === undefined ? {} : { damage: spec.damage }),
        }),
      );
    }
    ctx.notify('mobs_spawned', { mob: spec.mob, ids, wave: ctx.firedBefore });
  }
}
