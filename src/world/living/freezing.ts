/**
 * Freezing in powder snow (Java Edition 1.20, wiki "Powder Snow" § Freezing; vanilla
 * Entity.baseTick/LivingEntity.aiStep): inside powder snow frozenTicks rises 1 per tick up to 140,
 * outside it falls 2 per tick; fully frozen (140) an entity takes 1 freezing damage every 40 ticks
 * of its age (5 for striders, blazes and magma cubes). Wearing any leather armor piece, or being a
 * freeze-immune mob, prevents freezing.
 */
import type { Living } from '../entities/entity.js';
import type { World } from '../world.js';
import { ARMOR_SLOTS } from '../inventory.js';
import { FREEZE_IMMUNE_WEARABLES } from '../facts/armor.js';
import { FREEZE_HURTS_EXTRA, FREEZE_IMMUNE } from '../facts/living-mobs.js';
import { applyDamage } from './damage.js';

export const TICKS_TO_FREEZE = 140;
export const FREEZE_DAMAGE_INTERVAL_TICKS = 40;

export function canFreeze(e: Living): boolean {
  if (e.kind === 'mob') return !FREEZE_IMMUNE.has(e.type);
  for (const slot of ARMOR_SLOTS) {
    const s = e.inventory.armor[slot];
    if (s && FREEZE_IMMUNE_WEARABLES.has(s.name)) return false;
  }
  return true;
}

export function tickFreezing(world: World, e: Living): void {
  if (!e.inPowderSnow && e.frozenTicks === 0) return;
  const freezes = canFreeze(e);
  if (e.inPowderSnow && freezes) e.frozenTicks = Math.min(TICKS_TO_FREEZE, e.frozenTicks + 1);
  else e.frozenTicks = Math.max(0, e.frozenTicks - 2);
  if (freezes && e.frozenTicks >= TICKS_TO_FREEZE && e.age % FREEZE_DAMAGE_INTERVAL_TICKS === 0) {
    applyDamage(world, e, e.kind === 'mob' && FREEZE_HURTS_EXTRA.has(e.type) ? 5 : 1, 'freezing');
  }
}
