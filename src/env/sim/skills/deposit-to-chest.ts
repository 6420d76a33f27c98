/** depositToChest: walk to a chest and put items into it with the world's container rule. */
import { depositToContainer } from '../../../world/index.js';
import { defineSkill } from '../../../skills/skill.js';
import { fail, succeed } from '../../../skills/skill-result.js';
import { openChest } from './chest-access.js';
import { unknownItem } from './sight.js';
import { ruleFailure } from './rule-failure.js';

export const depositToChest = defineSkill('depositToChest', {
  *run(ctx, p) {
    const { world, player } = ctx;
    // Check everything before walking: a missing item is the agent's to fix, not a half-done trip.
    const missing: string[] = [];
    for (const it of p.items) {
      const bad = unknownItem(world, it.name);
      if (bad) return bad;
      const have = player.inventory.count(it.name);
      if (have === 0 || (it.count !== undefined && have < it.count)) missing.push(`${it.name} (have ${have}${it.count !== undefined ? `, asked ${it.count}` : ''})`);
    }
    if (missing.length) return fail('missing_items', `you do not have enough of: ${missing.join(', ')}`);
    const chest = yield* openChest(ctx, p.chest);
    if (!chest.ok) return chest;
    const deposited: { name: string; count: number }[] = [];
    for (const it of p.items) {
      const count = it.count ?? player.inventory.count(it.name);
      if (count === 0) continue;
      const r = depositToContainer(world, player, chest.pos, it.name, count);
      if (!r.ok) {
        const done = deposited.map((d) => `${d.count} ${d.name}`).join(', ') || 'nothing';
        return ruleFailure({ reason: r.reason, details: `${r.details} (deposited so far: ${done})` });
      }
      deposited.push({ name: it.name, count });
    }
    return succeed({ deposited });
  },
});
