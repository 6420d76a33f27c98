/**
 * Fall damage (Java Edition 1.20, wiki "Damage" § Fall damage; vanilla LivingEntity.calculateFallDamage):
 * ceil((fallDistance - 3 - jumpBoostLevel) * blockMultiplier) on landing, none when landing in water,
 * halved on beds, a fifth on hay and honey, none on slime. Armor does not reduce it.
 */
import type { Living } from '../entities/entity.js';
import type { World } from '../world.js';
import type { BlockHazards } from './block-hazards.js';
import { applyDamage } from './damage.js';
import { SAFE_FALL_DISTANCE } from '../facts/fall.js';

/** Fall damage for a landing of `distance` blocks on a block with damage multiplier `multiplier`. */
export function fallDamage(distance: number, jumpBoostLevel: number, multiplier = 1): number {
  // The epsilon absorbs floating-point drift in the accumulated distance (a 10-block drop is 10, not 10.000000000000002).
  return Math.max(0, Math.ceil((distance - SAFE_FALL_DISTANCE - jumpBoostLevel) * multiplier - 1e-9));
}

/** Vanilla re-checks water on landing (LivingEntity.checkFallDamage), so a fall into shallow water is safe. */
function landsInWater(world: World, e: Living): boolean {
  const state = world.blocks.get(Math.floor(e.pos.x), Math.floor(e.pos.y + 1e-3), Math.floor(e.pos.z));
  return world.registry.fluidByState[state] === 1;
}

export function applyFallDamage(world: World, e: Living, tables: BlockHazards): void {
  const landed = e.landedFallDistance;
  if (landed <= 0 || e.inWater || landsInWater(world, e)) return;
  const boost = e.effects.get('JumpBoost');
  const below = world.blocks.get(Math.floor(e.pos.x), Math.floor(e.pos.y - 0.01), Math.floor(e.pos.z));
  let percent = tables.fallPercent[below] ?? 100;
  if (percent === 0 && e.controls.sneak) percent = 100; // sneaking onto slime takes the full fall
  const damage = fallDamage(landed, boost ? boost.amplifier + 1 : 0, percent / 100);
  if (damage > 0) applyDamage(world, e, damage, 'fall');
}
