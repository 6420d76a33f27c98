/** place: put a block from the inventory at a position next to an existing block. */
import { blockForItem } from '../../../world/index.js';
import { defineSkill } from '../../../skills/skill.js';
import { fail, succeed } from '../../../skills/skill-result.js';
import { fmtPos } from './body.js';
import { placeAt } from './placing.js';
import { mayKnowBlockAt, unknownItem } from './sight.js';

export const place = defineSkill('place', {
  *run(ctx, p) {
    const bad = unknownItem(ctx.world, p.block);
    if (bad) return bad;
    const block = blockForItem(ctx.world.registry, p.block);
    if (!block) return fail('not_placeable', `${p.block} is not a block and cannot be placed`);
    const pos = { x: p.x, y: p.y, z: p.z };
    if (mayKnowBlockAt(ctx, pos) && ctx.world.blockAt(pos) === block) return fail('occupied', `${fmtPos(pos)} already holds ${block}`);
    if (!ctx.player.inventory.has(p.block)) return fail('missing_items', `you have no ${p.block}; collect, craft or get some first`);
    const r = yield* placeAt(ctx, pos, p.block);
    if (!r.ok) return r;
    return succeed({ pos, block: r.block });
  },
});
