/** scoutBlocks: walk toward a position or in a direction while looking for a block type. */
import { defineSkill } from '../../../skills/skill.js';
import { fail, succeed } from '../../../skills/skill-result.js';
import { lookDirection } from '../../../skills/senses/index.js';
import { DIRECTIONS, scoutToward } from './scout.js';
import { unknownBlock } from './sight.js';

export const scoutBlocks = defineSkill('scoutBlocks', {
  *run(ctx, p) {
    const bad = unknownBlock(ctx.world, p.block);
    if (bad) return bad;
    const pos = ctx.player.pos;
    let target: { x: number; z: number };
    if (p.toward) target = { x: p.toward.x, z: p.toward.z };
    else {
      // No direction given: keep going the way the agent faces.
      const d = p.direction ? DIRECTIONS[p.direction] : lookDirection(ctx.player.yaw, 0);
      target = { x: pos.x + d.x * p.maxDistance, z: pos.z + d.z * p.maxDistance };
    }
    const out = yield* scoutToward(ctx, p.block, target, p.maxDistance);
    if (out.found.length === 0 && out.blocked) return fail('no_path', `no ${p.block} seen before the way was blocked (${out.blocked}); try another direction`);
    return succeed({ found: out.found.length > 0, positions: out.found });
  },
});
