/**
 * Undead burning in daylight (vanilla Zombie/AbstractSkeleton.aiStep + Mob.isSunBurnTick, simplified):
 * once a second, a zombie or skeleton in daylight, not in water, with no shading block anywhere above its
 * head up to the build limit, is set on fire for 8 seconds. The burning itself (damage, water putting it
 * out) is the fire rule's job. Vanilla also needs brightness > 0.5 and rolls a chance; helmets protect.
 */
import type { MobEntity } from '../entities/entity.js';
import { SUN_BURN_TICKS } from '../facts/mobs.js';
import { setOnFire } from '../living/fire.js';
import type { World } from '../world.js';
import { coveredAbove } from './sky.js';

export const SUN_CHECK_INTERVAL = 20;

export function checkSunBurn(world: World, mob: MobEntity): void {
  if (!world.isDay || mob.inWater || mob.fireTicks > SUN_CHECK_INTERVAL) return;
  const headY = Math.floor(mob.pos.y + mob.height);
  if (coveredAbove(world, Math.floor(mob.pos.x), headY, Math.floor(mob.pos.z))) return;
  setOnFire(mob, SUN_BURN_TICKS);
}
