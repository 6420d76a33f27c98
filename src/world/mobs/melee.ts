/**
 * Melee hostiles (zombie, spider, bosses): chase the target in a straight line and hit it when in reach,
 * at most once per MELEE_COOLDOWN_TICKS (vanilla MeleeAttackGoal). Damage goes through the damage
 * pipeline, which applies difficulty scaling, armor and the hurt window.
 */
import type { Living, MobEntity } from '../entities/entity.js';
import { MELEE_COOLDOWN_TICKS } from '../facts/mobs.js';
import { applyDamage, scaleForDifficulty } from '../living/damage.js';
import type { World } from '../world.js';
import type { MobAi } from './ai-state.js';
import { stop, walkToward } from './steering.js';

/**
 * Whether `target`'s box is within reach: horizontally within the mob's half width + 1 block of the
 * target's box, and the boxes overlap vertically within half a block.
 */
export function inMeleeReach(mob: MobEntity, target: Living): boolean {
  const gapX = Math.max(0, Math.abs(target.pos.x - mob.pos.x) - target.width / 2);
  const gapZ = Math.max(0, Math.abs(target.pos.z - mob.pos.z) - target.width / 2);
  const reach = mob.width / 2 + 1;
  if (gapX * gapX + gapZ * gapZ > reach * reach) return false;
  return target.pos.y <= mob.pos.y + mob.height + 0.5 && mob.pos.y <= target.pos.y + target.height + 0.5;
}

/**
 * Damage a mob deals to `target` for a normal-difficulty figure: against players it is scaled for the
 * difficulty as vanilla Player.hurt does (this reproduces the wiki's easy/normal/hard tables, e.g.
 * zombie 2.5/3/4.5); against mobs it is not scaled.
 */
export function mobDamageAgainst(world: World, target: Living, normalDamage: number): number {
  return target.kind === 'player' ? scaleForDifficulty(world.difficulty, normalDamage) : normalDamage;
}

export function tickMelee(world: World, mob: MobEntity, ai: MobAi, target: Living | null): void {
  if (!target) {
    stop(mob);
    return;
  }
  if (inMeleeReach(mob, target)) {
    stop(mob);
    mob.yaw = Math.atan2(-(target.pos.x - mob.pos.x), target.pos.z - mob.pos.z) * (180 / Math.PI);
    const damage = mobDamageAgainst(world, target, mob.attackDamage);
    if (ai.attackCooldown === 0 && damage > 0) {
      ai.attackCooldown = MELEE_COOLDOWN_TICKS;
      const hit = applyDamage(world, target, damage, 'mob', mob.id);
      if (hit.landed) world.emit({ type: 'entity_attacked', by: mob.id, target: target.id, damage: hit.dealt });
    }
    return;
  }
  walkToward(world, mob, target.pos.x, target.pos.z);
}
