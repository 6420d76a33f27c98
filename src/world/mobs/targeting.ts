/**
 * Hostile target selection (vanilla NearestAttackableTargetGoal + HurtByTargetGoal, simplified): a
 * hostile without a target looks for the nearest living player within its follow range every 10 ticks
 * (staggered by id so the scans spread over ticks), keeps it while it stays alive and in range, and
 * turns on whatever hurt it.
 */
import type { Entity, Living, MobEntity } from '../entities/entity.js';
import type { World } from '../world.js';
import type { MobAi } from './ai-state.js';

export const TARGET_SCAN_INTERVAL = 10;

const isLivePlayer = (e: Entity): boolean => e.kind === 'player' && !e.dead;

export function currentTarget(world: World, mob: MobEntity, ai: MobAi): Living | null {
  let target = ai.target !== null ? validTarget(world, mob, ai, ai.target) : null;
  if (!target && mob.lastAttacker !== null) {
    target = validTarget(world, mob, ai, mob.lastAttacker);
    if (!target) mob.lastAttacker = null;
  }
  if (!target && (world.tick + mob.id) % TARGET_SCAN_INTERVAL === 0) target = nearestPlayer(world, mob, ai.followRange);
  ai.target = target ? target.id : null;
  return target;
}

function validTarget(world: World, mob: MobEntity, ai: MobAi, id: number): Living | null {
  const e = world.entity(id);
  if (!e || e.removed || (e.kind !== 'player' && e.kind !== 'mob') || e.dead || e.id === mob.id) return null;
  const dx = e.pos.x - mob.pos.x, dy = e.pos.y - mob.pos.y, dz = e.pos.z - mob.pos.z;
  return dx * dx + dy * dy + dz * dz <= ai.followRange * ai.followRange ? e : null;
}

/** The nearest live player within `range`, the lowest id among equally near ones (visited in any order, no list built). */
function nearestPlayer(world: World, mob: MobEntity, range: number): Living | null {
  let best: Living | null = null;
  let bestSq = Infinity;
  world.index.forEachNearPlayer(mob.pos, range, (e) => {
    if (!isLivePlayer(e)) return;
    const dx = e.pos.x - mob.pos.x, dy = e.pos.y - mob.pos.y, dz = e.pos.z - mob.pos.z;
    const d = dx * dx + dy * dy + dz * dz;
    if (d < bestSq || (d === bestSq && e.id < best!.id)) {
      bestSq = d;
      best = e as Living;
    }
  });
  return best;
}
