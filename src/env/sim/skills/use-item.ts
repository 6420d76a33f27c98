/**
 * useItem: use the held (or named) item the way the world's rules allow: drink a potion or milk,
 * eat food, or use a placing item (bucket, seeds, a block) on a target position. Throwing and
 * shooting (splash potions, ender pearls, snowballs, bows) have no rule in the embedded world yet,
 * so they fail with `not_supported` rather than pretend.
 */
import { ITEM_PLACES_BLOCK, blockForItem } from '../../../world/index.js';
import { defineSkill } from '../../../skills/skill.js';
import { fail, succeed } from '../../../skills/skill-result.js';
import { useOverTime } from './item-use.js';
import { placeAt } from './placing.js';
import { unknownItem } from './sight.js';

const THROWN = /^(splash_potion|lingering_potion|ender_pearl|snowball|egg|bow|crossbow|trident|fire_charge|experience_bottle|fishing_rod|ender_eye)$/;

export const useItem = defineSkill('useItem', {
  *run(ctx, p) {
    const { world, player } = ctx;
    const inv = player.inventory;
    const item = p.item ?? inv.held?.name;
    if (!item) return fail('nothing_in_hand', 'your hand is empty; name the item to use');
    const bad = unknownItem(world, item);
    if (bad) return bad;
    if (!inv.has(item)) return fail('missing_items', `you have no ${item}`);
    if (THROWN.test(item)) return fail('not_supported', `using ${item} (throwing or shooting) is not modelled in the embedded world`);
    if (item === 'potion') {
      const held = inv.held?.name === 'potion' ? inv.held.potion : undefined;
      const r = yield* useOverTime(ctx, 'potion', held !== undefined ? { potion: held } : {});
      return r.ok ? succeed({ item: held ? `potion of ${held}` : 'potion' }) : r;
    }
    if (item === 'milk_bucket' || world.registry.data.foodsByName[item]) {
      const r = yield* useOverTime(ctx, item);
      return r.ok ? succeed({ item }) : r;
    }
    if (ITEM_PLACES_BLOCK[item] !== undefined || blockForItem(world.registry, item)) {
      if (!p.target) return fail('needs_target', `${item} is used on a block: give target {x,y,z}, the empty position to fill`);
      const pos = { x: Math.floor(p.target.x), y: Math.floor(p.target.y), z: Math.floor(p.target.z) };
      const r = yield* placeAt(ctx, pos, item);
      return r.ok ? succeed({ item }) : r;
    }
    return fail('not_usable', `${item} has no use in the embedded world; equip it, place it or give it away instead`);
  },
});
