/**
 * equip: hold an item or wear armor with the world's equip rule; `off-hand` swaps the item into the
 * off-hand slot (shields, torches, food to eat while holding a tool).
 */
import { equip as equipRule } from '../../../world/index.js';
import { ARMOR_PIECES } from '../../../world/facts/armor.js';
import { defineSkill } from '../../../skills/skill.js';
import { fail, succeed } from '../../../skills/skill-result.js';
import { unknownItem } from './sight.js';
import { ruleFailure } from './rule-failure.js';

export const equip = defineSkill('equip', {
  // eslint-disable-next-line require-yield -- changing what is held is instant
  *run(ctx, p) {
    const { world, player } = ctx;
    const bad = unknownItem(world, p.item);
    if (bad) return bad;
    if (player.dead) return fail('dead', 'you are dead; wait for respawn');
    const inv = player.inventory;
    if (p.slot === 'off-hand') {
      if (inv.offhand?.name === p.item) return succeed({ item: p.item, slot: 'off-hand' });
      const i = inv.find(p.item);
      if (i < 0) return fail('missing_items', `you have no ${p.item}`);
      const previous = inv.offhand;
      inv.offhand = inv.slots[i] ?? null;
      inv.slots[i] = previous;
      return succeed({ item: p.item, slot: 'off-hand' });
    }
    const natural = ARMOR_PIECES.get(p.item)?.slot ?? 'hand';
    if (p.slot !== undefined && p.slot !== natural) {
      const where = natural === 'hand' ? 'it is not armor; hold it in the hand or off-hand' : `it is worn on the ${natural}`;
      return fail('wrong_slot', `${p.item} cannot go in the ${p.slot} slot: ${where}`);
    }
    const r = equipRule(world, player, p.item);
    if (!r.ok) return ruleFailure(r);
    return succeed({ item: p.item, slot: r.slot });
  },
});
