/**
 * The attack cooldown (Java Edition 1.9+, wiki "Attack cooldown"): after a swing, or after the item in
 * hand changes, the attack recharges over T = 20 / attackSpeed ticks. `player.attackCooldown` counts
 * the ticks still to go (0 = fully charged) and `attackCooldownMax` is the T it started from.
 */
import type { Player } from '../entities/entity.js';
import type { WorldSystem } from '../system.js';
import { weaponStats } from '../facts/weapons.js';

/** Ticks for a full charge with the item now in hand. */
export function cooldownTicks(player: Player): number {
  return 20 / weaponStats(player.inventory.held?.name).attackSpeed;
}

/** Starts a new charge (after an attack or a change of held item). */
export function resetAttackCooldown(player: Player): void {
  const t = cooldownTicks(player);
  player.attackCooldownMax = t;
  player.attackCooldown = t;
}

/**
 * Vanilla getAttackStrengthScale(0.5): clamp((ticksSinceReset + 0.5) / T, 0, 1).
 * A player that never attacked is fully charged.
 */
export function attackCharge(player: Player): number {
  if (player.attackCooldown <= 0 || player.attackCooldownMax <= 0) return 1;
  const since = player.attackCooldownMax - player.attackCooldown;
  return Math.min(1, Math.max(0, (since + 0.5) / cooldownTicks(player)));
}

/** Counts every player's attack cooldown down by one tick. */
export function attackCooldownSystem(): WorldSystem {
  return {
    name: 'attack-cooldown',
    tick(world) {
      for (const p of world.players.values()) {
        if (p.attackCooldown > 0) p.attackCooldown = Math.max(0, p.attackCooldown - 1);
      }
    },
  };
}
