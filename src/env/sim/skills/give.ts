/**
 * give: walk up to another player the agent can see and hand items over (the world's `item_given`
 * event records it). The receiver must be in sight when the skill starts — an agent that does not
 * know where a teammate is should ask in chat and walk there first; the walk then follows the
 * receiver as it moves. Stacks move whole, so a tool keeps its wear and a potion its type.
 */
import type { Player } from '../../../world/index.js';
import { fitsInPlayer, giveToPlayer, takeFromPlayer } from '../../../world/blocks/item-moves.js';
import { goalNear } from '../../../skills/pathfinding/index.js';
import { defineSkill } from '../../../skills/skill.js';
import { fail, succeed } from '../../../skills/skill-result.js';
import { feetBlock, faceToward, releaseControls } from './body.js';
import { canSeeEntity, unknownItem } from './sight.js';
import { walkTo } from './walk.js';

/** Feet-to-feet distance at which items change hands (an arm's length plus a short toss). */
export const GIVE_RANGE = 2.5;
const GIVE_TIMEOUT_TICKS = 1200;
/** Re-plan toward the receiver after this many ticks of walking (it may have moved). */
const REPLAN_TICKS = 40;

export const give = defineSkill('give', {
  *run(ctx, p) {
    const { world, player } = ctx;
    const bad = unknownItem(world, p.item);
    if (bad) return bad;
    const to = world.player(p.player);
    if (!to || to === player) {
      const others = [...world.players.values()].filter((o) => o !== player).map((o) => o.name);
      return fail('no_such_player', `there is no other player named '${p.player}'${others.length ? `; players: ${others.join(', ')}` : ''}`);
    }
    const have = player.inventory.count(p.item);
    if (have < p.count) return fail('missing_items', `you have ${have} ${p.item}, not ${p.count}`);
    if (!canSeeEntity(ctx, to.id)) return fail('not_visible', `${to.name} is not in sight; ask where they are and walk there first`);
    const deadline = world.tick + GIVE_TIMEOUT_TICKS;
    try {
      while (distance(player, to) > GIVE_RANGE) {
        if (to.dead || to.removed) return fail('target_dead', `${to.name} died or left before you reached them`);
        if (world.tick >= deadline) return fail('timeout', `could not catch up with ${to.name} within ${GIVE_TIMEOUT_TICKS} ticks`);
        const goal = goalNear(feetBlock(to), 2);
        const r = yield* walkTo(ctx, goal, to.name, { timeoutTicks: REPLAN_TICKS, stopWhen: () => distance(player, to) <= GIVE_RANGE });
        if (!r.ok && r.reason !== 'timeout') return r;
      }
      releaseControls(player);
      if (to.dead || to.removed) return fail('target_dead', `${to.name} is dead`);
      faceToward(player, { x: to.pos.x, y: to.pos.y + 1.5, z: to.pos.z });
      const stacks = takeFromPlayer(player, p.item, p.count);
      if (!fitsInPlayer(world.registry, to, stacks)) {
        giveToPlayer(world.registry, player, stacks);
        return fail('inventory_full', `${to.name}'s inventory has no room for ${p.count} ${p.item}`);
      }
      giveToPlayer(world.registry, to, stacks);
      world.emit({ type: 'item_given', by: player.id, to: to.id, item: p.item, count: p.count });
      return succeed({ to: to.name, item: p.item, count: p.count });
    } finally {
      releaseControls(player);
    }
  },
});

const distance = (a: Player, b: Player): number => Math.hypot(a.pos.x - b.pos.x, a.pos.y - b.pos.y, a.pos.z - b.pos.z);
