/** buildBlueprint: place a list of blocks at offsets from an origin, bottom layer first. */
import { defineSkill } from '../../../skills/skill.js';
import { fail, succeed } from '../../../skills/skill-result.js';
import { build, checkBuildable, describeFailures, type Placement } from './build.js';

export const buildBlueprint = defineSkill('buildBlueprint', {
  *run(ctx, p) {
    const ox = Math.floor(p.origin.x), oy = Math.floor(p.origin.y), oz = Math.floor(p.origin.z);
    const plan: Placement[] = p.blocks.map((b) => ({ pos: { x: ox + b.dx, y: oy + b.dy, z: oz + b.dz }, item: b.block }));
    const ok = checkBuildable(ctx, plan);
    if (!ok.ok) return ok;
    const r = yield* build(ctx, plan);
    if (!r.ok) return r;
    if (r.failed.length > 0) return fail('incomplete', describeFailures(r, plan.length));
    return succeed({ placed: r.placed, skipped: r.skipped });
  },
});
