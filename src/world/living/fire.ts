/**
 * Lava, fire and burning (Java Edition 1.20, wiki "Fire" § Damage and "Lava" § Damage; vanilla
 * Entity.baseTick, Entity.lavaHurt, BaseFireBlock/CampfireBlock/MagmaBlock.entityInside/stepOn):
 * - in lava: 4 damage (the 10-tick hurt window makes it every 10 ticks) and set alight for 15 s;
 * - in a fire block: 1 damage (soul fire 2) and set alight for 8 s (standing in it keeps the timer up);
 * - touching a lit campfire: 1 damage (soul campfire 2), not set alight; a magma block: 1 unless sneaking;
 * - burning: 1 damage every 20 ticks of fireTicks, armor does not help (vanilla `on_fire`);
 * - water puts the fire out (rain is not modelled: the world has no weather).
 * FireResistance (and fire-immune mob types) take no damage from any of these (damage.ts); fire-immune
 * mobs burn out four times faster and are never set alight.
 */
import type { Living } from '../entities/entity.js';
import type { World } from '../world.js';
import { FIRE_IMMUNE } from '../facts/living-mobs.js';
import { Hazard, type BlockHazards } from './block-hazards.js';
import { applyDamage } from './damage.js';

export const LAVA_DAMAGE = 4;
export const LAVA_BURN_TICKS = 300;
export const FIRE_BLOCK_BURN_TICKS = 160;
export const BURN_DAMAGE = 1;
export const BURN_INTERVAL_TICKS = 20;

const isFireImmune = (e: Living): boolean => e.kind === 'mob' && FIRE_IMMUNE.has(e.type);

/** Sets `e` alight for at least `ticks` (never shortens a longer fire). */
export function setOnFire(e: Living, ticks: number): void {
  if (!isFireImmune(e) && e.fireTicks < ticks) e.fireTicks = ticks;
}

export function tickFire(world: World, e: Living, tables: BlockHazards): void {
  if (e.fireTicks > 0) {
    if (isFireImmune(e)) e.fireTicks = Math.max(0, e.fireTicks - 4);
    else {
      if (e.fireTicks % BURN_INTERVAL_TICKS === 0 && !e.inLava) applyDamage(world, e, BURN_DAMAGE, 'fire', null, { bypassArmor: true });
      e.fireTicks--;
    }
  }
  if (e.dead) return;

  if (e.inLava) {
    setOnFire(e, LAVA_BURN_TICKS);
    applyDamage(world, e, LAVA_DAMAGE, 'lava');
    if (e.dead) return;
  }

  const x = Math.floor(e.pos.x), z = Math.floor(e.pos.z);
  const at = tables.hazard[world.blocks.get(x, Math.floor(e.pos.y + 1e-3), z)] ?? Hazard.None;
  if (at === Hazard.Fire || at === Hazard.SoulFire) {
    if (!isFireImmune(e)) e.fireTicks = e.fireTicks <= 0 ? FIRE_BLOCK_BURN_TICKS : e.fireTicks + 1;
    applyDamage(world, e, at === Hazard.SoulFire ? 2 : 1, 'fire');
  } else if (e.onGround) {
    const below = tables.hazard[world.blocks.get(x, Math.floor(e.pos.y - 0.01), z)] ?? Hazard.None;
    if (below === Hazard.Campfire || below === Hazard.SoulCampfire) applyDamage(world, e, below === Hazard.SoulCampfire ? 2 : 1, 'fire');
    else if (below === Hazard.HotFloor && !e.controls.sneak) applyDamage(world, e, 1, 'fire');
  }
  if (e.dead) return;

  if (e.inWater && e.fireTicks > 0) e.fireTicks = 0;
}
