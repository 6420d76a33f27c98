/**
 * The environmental damage rule: one pass over living entities after movement, applying in order
 * fall damage (from the landing movement recorded), lava/fire/burning, drowning, freezing and the
 * void (4 damage per tick-window below y = -128, vanilla LivingEntity.onBelowWorld; dropped items
 * there are discarded). It also counts down the 10-tick hurt window first, so a hit lands at most
 * once per window.
 */
import type { Living } from '../entities/entity.js';
import { MIN_Y } from '../terrain/generator.js';
import type { WorldSystem } from '../system.js';
import type { World } from '../world.js';
import { tickAir } from './air.js';
import { blockHazards, type BlockHazards } from './block-hazards.js';
import { applyDamage } from './damage.js';
import { applyFallDamage } from './fall.js';
import { tickFire } from './fire.js';
import { tickFreezing } from './freezing.js';

/** Below this y entities take void damage (vanilla: 64 below the world's minimum build height). */
export const VOID_Y = MIN_Y - 64;
export const VOID_DAMAGE = 4;

export function environmentalDamageSystem(): WorldSystem {
  return {
    name: 'environmental-damage',
    tick(world) {
      const tables = blockHazards(world.registry);
      for (const e of world.livingEntities.values()) if (!e.removed && !e.dead) tickLiving(world, e, tables);
      // Only busy items can have fallen this far: a resting one lies on a block.
      for (const e of world.itemTurns.busyItems) if (!e.removed && e.pos.y < VOID_Y) world.removeEntity(e, 'despawned');
    },
  };
}

function tickLiving(world: World, e: Living, tables: BlockHazards): void {
  if (e.hurtCooldown > 0) e.hurtCooldown--;
  applyFallDamage(world, e, tables);
  if (e.dead) return;
  tickFire(world, e, tables);
  if (e.dead) return;
  tickAir(world, e, tables);
  if (e.dead) return;
  tickFreezing(world, e);
  if (e.dead) return;
  if (e.pos.y < VOID_Y) applyDamage(world, e, VOID_DAMAGE, 'void');
}
