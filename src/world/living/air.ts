/**
 * Air and drowning (Java Edition 1.20, wiki "Drowning"; vanilla LivingEntity.baseTick):
 * with the eyes in water an entity loses 1 air per tick (300 for players, 15 s); at 0 air it takes
 * 2 drowning damage every 20 ticks (vanilla lets air run on to -20, deals the damage and resets it to
 * 0; we keep `air` at 0 and count those 20 ticks separately). WaterBreathing, and undead and aquatic
 * mobs, lose no air. Out of water, air refills 4 per tick.
 */
import { eyeHeight } from '../../core/body.js';
import type { Living } from '../entities/entity.js';
import type { World } from '../world.js';
import type { BlockHazards } from './block-hazards.js';
import { applyDamage } from './damage.js';
import { BREATHES_UNDERWATER } from '../facts/living-mobs.js';

export const DROWNING_DAMAGE = 2;
export const DROWNING_INTERVAL_TICKS = 20;
export const AIR_REFILL_PER_TICK = 4;


/** Ticks spent at 0 air since the last drowning hit. */
const airlessTicks = new WeakMap<Living, number>();

export function isEyeInWater(world: World, e: Living, tables: BlockHazards): boolean {
  const state = world.blocks.get(Math.floor(e.pos.x), Math.floor(e.pos.y + eyeHeight(e)), Math.floor(e.pos.z));
  return tables.eyeWater[state] === 1;
}

export function tickAir(world: World, e: Living, tables: BlockHazards): void {
  const underwater = (e.inWater || e.air < e.maxAir) && isEyeInWater(world, e, tables);
  if (!underwater) {
    if (e.air < e.maxAir) {
      e.air = Math.min(e.maxAir, e.air + AIR_REFILL_PER_TICK);
      airlessTicks.delete(e);
    }
    return;
  }
  if (e.effects.has('WaterBreathing') || (e.kind === 'mob' && BREATHES_UNDERWATER.has(e.type))) return;
  if (e.air > 0) {
    e.air--;
    return;
  }
  const t = (airlessTicks.get(e) ?? 0) + 1;
  if (t >= DROWNING_INTERVAL_TICKS) {
    airlessTicks.set(e, 0);
    applyDamage(world, e, DROWNING_DAMAGE, 'drowning');
  } else {
    airlessTicks.set(e, t);
  }
}
