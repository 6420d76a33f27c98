/**
 * eat: eat a food item with the world's eating rule (real eating time, food and saturation from
 * minecraft-data). Without a name it picks the most filling food that has no bad side effect.
 */
import type { Player, World } from '../../../world/index.js';
import { FOOD_EFFECTS } from '../../../world/facts/foods.js';
import { defineSkill } from '../../../skills/skill.js';
import { fail, succeed } from '../../../skills/skill-result.js';
import { useOverTime } from './item-use.js';
import { unknownItem } from './sight.js';

export const eat = defineSkill('eat', {
  *run(ctx, p) {
    const { world, player } = ctx;
    if (p.item !== undefined) {
      const bad = unknownItem(world, p.item);
      if (bad) return bad;
    }
    const item = p.item ?? mostFilling(world, player);
    if (!item) return fail('missing_items', 'you have no food; hunt, farm, fish or get some from a chest');
    if (!world.registry.data.foodsByName[item]) return fail('not_edible', `${item} is not food`);
    let ate: { food: number; saturation: number } | null = null;
    const off = world.on('player_ate', (e) => {
      if (e.player === player.id) ate = { food: e.food, saturation: e.saturation };
    });
    try {
      const r = yield* useOverTime(ctx, item);
      if (!r.ok) return r;
    } finally {
      off();
    }
    const done = ate as { food: number; saturation: number } | null;
    if (!done) return fail('interrupted', `eating ${item} finished without eating (was it dropped or given away?)`);
    return succeed({ item, food: done.food, saturation: done.saturation });
  },
});

/** The food worth most hunger plus saturation; foods with effects (rotten flesh and spider eyes, but also golden apples, best kept for emergencies) only when nothing else is left. */
function mostFilling(world: World, player: Player): string | null {
  let best: string | null = null;
  let bestScore = -Infinity;
  for (const s of player.inventory.slots) {
    if (!s) continue;
    const food = world.registry.data.foodsByName[s.name];
    if (!food) continue;
    const score = food.foodPoints + food.saturation - (FOOD_EFFECTS[s.name] ? 100 : 0);
    if (score > bestScore) {
      best = s.name;
      bestScore = score;
    }
  }
  return best;
}
