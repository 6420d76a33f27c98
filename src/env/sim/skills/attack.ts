/**
 * attack: chase a visible living entity with the path follower and hit it with the world's combat
 * rule whenever the attack is fully charged (the attack cooldown of the held weapon), until it dies
 * or the timeout passes. Holds the strongest weapon in the inventory first.
 *
 * Shield (`shield`, default on): with a shield in the main or off hand, the skill raises it on every
 * tick in reach between two swings and lowers it for the swing itself, as a player does. It blocks 5
 * ticks after going up (world/living/shield.ts), so with a sword (12.5 ticks between full swings) it
 * covers the second half of each wait. It stays down while chasing, where vanilla's blocking walk
 * would slow the chase to a fifth.
 */
import type { Living } from '../../../world/index.js';
import { ATTACK_REACH, attack as attackRule, attackCharge, lowerShield, raiseShield, reachDistance, shieldHand } from '../../../world/index.js';
import { goalNear } from '../../../skills/pathfinding/index.js';
import { defineSkill } from '../../../skills/skill.js';
import { fail, succeed } from '../../../skills/skill-result.js';
import { faceToward, feetBlock, releaseControls } from './body.js';
import { noLivingInSight, unseenEntity } from '../../../skills/senses/index.js';
import { canSeeEntity, seeEntities } from './sight.js';
import { bestWeapon, hold } from './tools.js';
import { walkTo } from './walk.js';

/** Swing from a little inside the reach so a step back by the target does not waste the charge. */
const SWING_DISTANCE = ATTACK_REACH - 0.25;
/** Re-plan the chase this often: the target moves. */
const CHASE_REPLAN_TICKS = 20;
/** Give up when the target has been out of sight this long. */
const LOST_SIGHT_TICKS = 100;
const LOOK_EVERY_TICKS = 5;

export const attack = defineSkill('attack', {
  *run(ctx, p) {
    const { world, player } = ctx;
    let target: Living | undefined;
    if (p.id !== undefined) {
      if (p.id === player.id) return fail('not_attackable', 'you cannot attack yourself');
      // Absent and unseen ids answer alike: anything else would tell what is behind any id.
      const e = world.entity(p.id);
      if (!e || !canSeeEntity(ctx, e.id)) return fail('not_visible', unseenEntity(p.id));
      if (e.kind !== 'mob' && e.kind !== 'player') return fail('not_attackable', `entity ${p.id} is ${e.kind === 'item' ? 'a dropped item' : `a ${e.kind}`}`);
      target = e;
    } else if (p.type !== undefined) {
      const opts: { range?: number } = {};
      if (p.maxDistance !== undefined) opts.range = p.maxDistance;
      const seen = seeEntities(ctx, p.type, opts).map((v) => world.entity(v.id)).find((e): e is Living => !!e && (e.kind === 'mob' || e.kind === 'player') && !e.dead);
      if (!seen) return fail('not_visible', noLivingInSight(p.type, p.maxDistance));
      target = seen;
    } else {
      return fail('invalid_params', 'attack needs `type` (e.g. zombie) or `id` from findEntities');
    }
    const who = { id: target.id, type: target.type };
    const weapon = bestWeapon(player);
    if (weapon) hold(world, player, weapon);

    const deadline = world.tick + p.timeoutTicks;
    let lastSeen = world.tick;
    let noPath = 0;
    try {
      while (world.tick < deadline) {
        if (target.dead) return succeed({ target: who, killed: true });
        if (target.removed) return succeed({ target: who, killed: false }); // despawned or left
        if (player.dead) return fail('dead', `you died fighting ${target.type} ${target.id}`);
        if ((world.tick % LOOK_EVERY_TICKS === 0) && canSeeEntity(ctx, target.id)) lastSeen = world.tick;
        if (world.tick - lastSeen > LOST_SIGHT_TICKS) return fail('lost_target', `lost sight of ${target.type} ${target.id}`);
        const t = target;
        if (reachDistance(player, t) <= SWING_DISTANCE) {
          releaseControls(player);
          faceToward(player, { x: t.pos.x, y: t.pos.y + t.height * 0.85, z: t.pos.z });
          if (attackCharge(player) >= 1) {
            lowerShield(player);
            const hit = attackRule(world, player, t);
            if (hit.ok && hit.killed) return succeed({ target: who, killed: true });
          } else if (p.shield && shieldHand(player) !== null) raiseShield(world, player);
          yield;
          continue;
        }
        lowerShield(player);
        const r = yield* walkTo(ctx, goalNear(feetBlock(t), 1), `${t.type} ${t.id}`, {
          timeoutTicks: CHASE_REPLAN_TICKS, maxReplans: 1, stopWhen: () => t.dead || reachDistance(player, t) <= SWING_DISTANCE,
        });
        if (!r.ok && r.reason === 'no_path') {
          if (++noPath >= 5) return fail('no_path', `cannot get to ${t.type} ${t.id}: ${r.details}`);
          yield;
        } else noPath = 0;
        if (!r.ok && r.reason === 'dead') return r;
      }
      return fail('timeout', `${target.type} ${target.id} still has ${target.health.toFixed(1)} health after ${p.timeoutTicks} ticks`);
    } finally {
      releaseControls(player);
      lowerShield(player);
    }
  },
});
