/**
 * Turning a goal position into controls: face it, walk, jump over one-block steps, and refuse to walk
 * off a drop higher than vanilla's 3 blocks. Cheap: a handful of block reads per moving mob per tick.
 */
import type { MobEntity } from '../entities/entity.js';
import { MAX_SAFE_DROP } from '../facts/mobs.js';
import type { World } from '../world.js';

const RAD_TO_DEG = 180 / Math.PI;

/** Yaw (degrees, Minecraft convention: 0 faces +z, 90 faces -x) that looks from (x, z) toward (tx, tz). */
export function yawToward(x: number, z: number, tx: number, tz: number): number {
  return Math.atan2(-(tx - x), tz - z) * RAD_TO_DEG;
}

export function stop(mob: MobEntity): void {
  mob.controls.forward = 0;
  mob.controls.strafe = 0;
  mob.controls.jump = false;
}

/**
 * Faces (tx, tz) and walks toward it (`direction` 1) or backs away (-1). Returns false, standing still,
 * when the step ahead would be a drop higher than MAX_SAFE_DROP.
 */
export function walkToward(world: World, mob: MobEntity, tx: number, tz: number, direction: 1 | -1 = 1): boolean {
  mob.yaw = yawToward(mob.pos.x, mob.pos.z, tx, tz);
  const rad = mob.yaw / RAD_TO_DEG;
  const dirX = -Math.sin(rad) * direction;
  const dirZ = Math.cos(rad) * direction;
  if (mob.onGround && !mob.inWater && unsafeDropAhead(world, mob, dirX, dirZ)) {
    stop(mob);
    return false;
  }
  mob.controls.forward = direction;
  mob.controls.strafe = 0;
  // Jump when blocked sideways (a one-block step) and to stay afloat in water.
  mob.controls.jump = (mob.collidedHorizontally && mob.onGround) || mob.inWater || mob.inLava;
  return true;
}

/** Whether the block column just ahead of the mob's box has no footing within MAX_SAFE_DROP blocks below its feet. */
function unsafeDropAhead(world: World, mob: MobEntity, dirX: number, dirZ: number): boolean {
  const reach = mob.width / 2 + 0.4;
  const ax = Math.floor(mob.pos.x + dirX * reach);
  const az = Math.floor(mob.pos.z + dirZ * reach);
  const feetY = Math.floor(mob.pos.y + 1e-3);
  const reg = world.registry;
  // A wall ahead is not a drop: the mob will jump or be stopped by it.
  if (reg.solidByState[world.blocks.get(ax, feetY, az)] === 1) return false;
  for (let dy = 1; dy <= MAX_SAFE_DROP + 1; dy++) {
    const s = world.blocks.get(ax, feetY - dy, az);
    if (reg.solidByState[s] === 1 || reg.fluidByState[s] === 1) return false;
  }
  return true;
}

/** Squared horizontal distance between a mob and a point. */
export function horizontalDistSq(mob: MobEntity, x: number, z: number): number {
  const dx = x - mob.pos.x;
  const dz = z - mob.pos.z;
  return dx * dx + dz * dz;
}
