/** findEntities: the visible mobs, players and dropped items, nearest first. */
import { defineSkill } from '../../../skills/skill.js';
import { succeed } from '../../../skills/skill-result.js';
import { seeEntities } from './sight.js';

export const findEntities = defineSkill('findEntities', {
  // eslint-disable-next-line require-yield -- looking is instant
  *run(ctx, p) {
    const opts: { range?: number; max: number } = { max: p.count };
    if (p.maxDistance !== undefined) opts.range = p.maxDistance;
    const entities = seeEntities(ctx, p.type, opts).map((v) => {
      const e = ctx.world.entity(v.id);
      const out: { id: number; type: string; name?: string; pos: { x: number; y: number; z: number }; distance: number; health?: number; item?: string; count?: number } = {
        id: v.id, type: v.type, pos: { x: round(v.pos.x), y: round(v.pos.y), z: round(v.pos.z) }, distance: round(v.distance),
      };
      if (v.name !== null) out.name = v.name;
      if (e && (e.kind === 'mob' || e.kind === 'player')) out.health = round(e.health);
      if (e && e.kind === 'item') {
        out.item = e.stack.name;
        out.count = e.stack.count;
      }
      return out;
    });
    return succeed({ entities });
  },
});

const round = (v: number): number => Math.round(v * 100) / 100;
