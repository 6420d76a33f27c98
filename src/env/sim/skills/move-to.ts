/** moveTo: walk (jumping, dropping, swimming; digging and placing scaffold blocks when asked) to within `range` blocks of a position. */
import { goalBlock, goalNear } from '../../../skills/pathfinding/index.js';
import { defineSkill } from '../../../skills/skill.js';
import { succeed } from '../../../skills/skill-result.js';
import { copyPos, fmtPos } from './body.js';
import { walkTo, type WalkOptions } from './walk.js';

export const moveTo = defineSkill('moveTo', {
  *run(ctx, p) {
    const target = { x: Math.floor(p.x), y: Math.floor(p.y), z: Math.floor(p.z) };
    const goal = p.range < 1 ? goalBlock(target) : goalNear(target, p.range);
    const opts: WalkOptions = p.timeoutTicks !== undefined ? { timeoutTicks: p.timeoutTicks } : {};
    if (p.dig) opts.canDig = true;
    if (p.scaffold) opts.canPillar = true;
    const r = yield* walkTo(ctx, goal, `${fmtPos(target)} (range ${p.range})`, opts);
    if (!r.ok) return r;
    return succeed({ pos: copyPos(ctx.player.pos) });
  },
});
