/** findBlocks: the nearest blocks of a type the agent can see (the oracle sees through walls). */
import { defineSkill } from '../../../skills/skill.js';
import { succeed } from '../../../skills/skill-result.js';
import { unknownBlock, seeBlocks } from './sight.js';

export const findBlocks = defineSkill('findBlocks', {
  // eslint-disable-next-line require-yield -- looking is instant
  *run(ctx, p) {
    const bad = unknownBlock(ctx.world, p.block);
    if (bad) return bad;
    const opts: { range?: number; max: number } = { max: p.count };
    if (p.maxDistance !== undefined) opts.range = p.maxDistance;
    return succeed({ positions: seeBlocks(ctx, p.block, opts).map((b) => b.pos) });
  },
});
