/** buildFloor: a filled box of one block, width (x) by depth (z) by height (y), centred on `center` at its lowest layer. */
import { defineSkill } from '../../../skills/skill.js';
import { fail, succeed } from '../../../skills/skill-result.js';
import { build, checkBuildable, describeFailures, type Placement } from './build.js';

export const buildFloor = defineSkill('buildFloor', {
  *run(ctx, p) {
    const cx = Math.floor(p.center.x), cy = Math.floor(p.center.y), cz = Math.floor(p.center.z);
    // Even sizes extend one more block toward negative x/z than positive, as an odd-centred grid would.
    const x0 = cx - Math.floor(p.width / 2), z0 = cz - Math.floor(p.depth / 2);
    const plan: Placement[] = [];
    for (let dy = 0; dy < p.height; dy++)
      for (let dx = 0; dx < p.width; dx++)
        for (let dz = 0; dz < p.depth; dz++) plan.push({ pos: { x: x0 + dx, y: cy + dy, z: z0 + dz }, item: p.block });
    const ok = checkBuildable(ctx, plan);
    if (!ok.ok) return ok;
    const r = yield* build(ctx, plan);
    if (!r.ok) return r;
    if (r.failed.length > 0) return fail('incomplete', describeFailures(r, plan.length));
    return succeed({ placed: r.placed });
  },
});
