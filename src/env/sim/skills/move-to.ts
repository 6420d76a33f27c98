/** moveTo: walk (jumping, dropping, swimming) to within `range` blocks of a position. */
import { SKILL_CATALOG } from '../../../skills/catalog.js';
import { goalBlock, goalNear } from '../../../skills/pathfinding/index.js';
import { defineSkill } from '../../../skills/skill.js';
import { succeed } from '../../../skills/skill-result.js';
import { copyPos, fmtPos } from './body.js';
import { walkTo } from './walk.js';

const sig = SKILL_CATALOG.moveTo;

export const moveTo = defineSkill({
  name: sig.name,
  description: sig.description,
  params: sig.params,
  *run(ctx, p) {
    const target = { x: Math.floor(p.x), y: Math.floor(p.y), z: Math.floor(p.z) };
    const goal = p.range < 1 ? goalBlock(target) : goalNear(target, p.range);
    const opts = p.timeoutTicks !== undefined ? { timeoutTicks: p.timeoutTicks } : {};
    const r = yield* walkTo(ctx, goal, `${fmtPos(target)} (range ${p.range})`, opts);
    if (!r.ok) return r;
    return succeed({ pos: copyPos(ctx.player.pos) });
  },
});
