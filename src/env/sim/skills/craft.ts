/**
 * craft: make an item with the world's crafting rule (real recipes, 2x2 in the inventory, 3x3 at a
 * crafting table). A recipe that needs a table uses one within reach, else walks to one in sight,
 * else places one from the inventory. Missing ingredients fail with the exact list still needed.
 */
import { craft as craftRule, craftsFor, recipesFor, SMELTING } from '../../../world/index.js';
import { defineSkill } from '../../../skills/skill.js';
import { fail, succeed } from '../../../skills/skill-result.js';
import { reachStation } from './crafting-station.js';
import { unknownItem } from './sight.js';
import { ruleFailure } from './rule-failure.js';

export const craft = defineSkill('craft', {
  *run(ctx, p) {
    const { world, player } = ctx;
    const bad = unknownItem(world, p.item);
    if (bad) return bad;
    const recipes = recipesFor(world.registry, p.item);
    if (recipes.length === 0) {
      const smeltFrom = Object.entries(SMELTING).find(([, r]) => r.output === p.item)?.[0];
      return fail('no_recipe', `${p.item} has no crafting recipe${smeltFrom ? `; smelt ${smeltFrom} to get it` : '; it is mined, found or dropped instead'}`);
    }
    const times = craftsFor(recipes[0]!, p.count);
    let r = craftRule(world, player, p.item, times);
    if (!r.ok && r.reason === 'no_crafting_table') {
      const station = yield* reachStation(ctx, ['crafting_table'], 'craft one from 4 planks with craft {item: "crafting_table"} and try again');
      if (!station.ok) return fail('no_crafting_table', `${p.item} needs a 3x3 crafting table: ${station.details}`);
      r = craftRule(world, player, p.item, times, { table: station.pos });
    }
    if (r.ok) return succeed({ item: r.item, crafted: r.count });
    if (r.reason === 'missing_ingredients') {
      const list = Object.entries(r.missing ?? {}).map(([n, c]) => `${c} ${n}`).join(', ');
      return fail('missing_items', `to craft ${p.count} ${p.item} you are missing ${list}; gather or craft them first`);
    }
    return ruleFailure(r);
  },
});
