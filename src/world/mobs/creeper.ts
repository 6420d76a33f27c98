/**
 * Creepers (vanilla Creeper + SwellGoal): chase the target; within 3 blocks the fuse starts and the
 * creeper stands still; it keeps swelling while the target stays within 7 blocks and shrinks back
 * otherwise; at 30 ticks of swell it explodes with power 3 and is gone (no death, no loot, as vanilla's
 * discard()).
 */
import type { Living, MobEntity } from '../entities/entity.js';
import { CREEPER } from '../facts/mobs.js';
import type { World } from '../world.js';
import type { MobAi } from './ai-state.js';
import { explode } from './explosion.js';
import { stop, walkToward } from './steering.js';

export function tickCreeper(world: World, mob: MobEntity, ai: MobAi, target: Living | null): void {
  let distSq = Infinity;
  if (target) {
    const dx = target.pos.x - mob.pos.x, dy = target.pos.y - mob.pos.y, dz = target.pos.z - mob.pos.z;
    distSq = dx * dx + dy * dy + dz * dz;
  }
  const start = CREEPER.startSwellDistance ** 2;
  const cancel = CREEPER.cancelSwellDistance ** 2;
  const swelling = target !== null && (distSq < start || (ai.swell > 0 && distSq <= cancel));
  if (swelling) {
    stop(mob);
    if (ai.swell === 0) world.emit({ type: 'sound', pos: { ...mob.pos }, sound: 'entity.creeper.primed', volume: 1, source: mob.id });
    if (++ai.swell >= CREEPER.fuseTicks) {
      explode(world, { x: mob.pos.x, y: mob.pos.y, z: mob.pos.z }, CREEPER.explosionPower, mob.id);
      mob.dead = true;
      world.removeEntity(mob, 'died');
    }
    return;
  }
  if (ai.swell > 0) ai.swell--;
  if (target) walkToward(world, mob, target.pos.x, target.pos.z);
  else stop(mob);
}
