/**
 * getFromChest: walk to a chest and take items out of it with the world's container rule. Pointed at
 * a furnace, it takes the output slot (how an agent fetches a batch a pre-empted `smelt` left cooking).
 */
import type { Vec3 } from '../../../core/vec3.js';
import { containerContents, furnaceState, furnaceTake, takeFromContainer } from '../../../world/index.js';
import { defineSkill, type SkillContext } from '../../../skills/skill.js';
import { fail, succeed, type SkillResult } from '../../../skills/skill-result.js';
import { describeContents, openChest } from './chest-access.js';
import { fmtPos } from './body.js';
import { unknownItem } from './sight.js';
import { ruleFailure } from './rule-failure.js';

export const getFromChest = defineSkill('getFromChest', {
  *run(ctx, p) {
    const { world, player } = ctx;
    for (const it of p.items) {
      const bad = unknownItem(world, it.name);
      if (bad) return bad;
    }
    const chest = yield* openChest(ctx, p.chest, { furnaceOk: true });
    if (!chest.ok) return chest;
    if (containerContents(world, chest.pos) === null) return takeFromFurnace(ctx, chest.pos, p.items);
    // At the chest the agent sees what is inside, so a shortfall names the contents.
    const contents = containerContents(world, chest.pos) ?? {};
    const short = p.items.filter((it) => (contents[it.name] ?? 0) === 0 || (it.count !== undefined && (contents[it.name] ?? 0) < it.count));
    if (short.length) {
      return fail('not_in_container', `the chest at ${fmtPos(chest.pos)} does not hold ${short.map((s) => `${s.count ?? 'any'} ${s.name}`).join(', ')}; it holds ${describeContents(contents)}`);
    }
    const taken: { name: string; count: number }[] = [];
    for (const it of p.items) {
      const count = it.count ?? containerContents(world, chest.pos)?.[it.name] ?? 0;
      if (count === 0) continue;
      const r = takeFromContainer(world, player, chest.pos, it.name, count);
      if (!r.ok) {
        const done = taken.map((d) => `${d.count} ${d.name}`).join(', ') || 'nothing';
        return ruleFailure({ reason: r.reason, details: `${r.details} (taken so far: ${done})` });
      }
      taken.push({ name: it.name, count });
    }
    return succeed({ taken });
  },
});

function takeFromFurnace(ctx: SkillContext, pos: Vec3, items: readonly { name: string; count?: number | undefined }[]): SkillResult<{ taken: { name: string; count: number }[] }> {
  const f = furnaceState(ctx.world, pos);
  const out = f?.output;
  const wanted = items.find((it) => it.name === out?.name);
  if (!out || !wanted || items.length > 1) {
    return fail('not_in_container', `the furnace at ${fmtPos(pos)} has ${out ? `${out.count} ${out.name}` : 'nothing'} in its output slot; only the output can be taken, one item name at a time`);
  }
  if (wanted.count !== undefined && out.count < wanted.count) return fail('not_in_container', `the furnace output holds ${out.count} ${out.name}, not ${wanted.count}`);
  const r = furnaceTake(ctx.world, ctx.player, pos);
  if (!r.ok) return ruleFailure(r);
  return succeed({ taken: [{ name: r.item, count: r.count }] });
}
