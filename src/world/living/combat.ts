/**
 * Melee attacks by players (Java Edition 1.20, wiki "Damage" § Dealing damage, "Attack cooldown",
 * "Damage" § Critical hit, "Knockback"; vanilla Player.attack):
 * - reach 3 blocks from the eyes to the nearest point of the target's box;
 * - damage = (item damage + 3 per Strength level - 4 per Weakness level) * (0.2 + charge^2 * 0.8),
 *   charge = clamp((ticks since the last swing + 0.5) / (20 / attackSpeed), 0, 1) (attack-cooldown.ts);
 * - critical x1.5 when charged > 0.9, falling, airborne, not in water or lava, not blind, not sprinting;
 * - knockback 0.4 away from the attacker (+0.5 for a charged sprint hit), less armor knockback resistance;
 * - weapon wear on a landed hit (1 for swords and tridents, 2 for tools), 0.1 exhaustion (via
 *   `activity.attacked`), `lastAttacker` on the target, an entity_attacked event;
 * - a task mob's weapon-type multiplier (damage-multipliers.ts) scales the hit before armor;
 * - no swing while the player's own shield is up (vanilla ignores attack clicks during an item use), and
 *   a hit the target's shield blocks lands nothing: no knockback, no weapon wear (shield.ts).
 */
import type { Entity, Living, Player } from '../entities/entity.js';
import type { World } from '../world.js';
import { moveAxis, type SolidAt } from '../physics/collision.js';
import { wearItem } from '../blocks/durability.js';
import { weaponStats } from '../facts/weapons.js';
import { knockbackResistance } from './armor.js';
import { attackCharge, resetAttackCooldown } from './attack-cooldown.js';
import { PLAYER_EYE_HEIGHT } from '../../core/body.js';
import { applyDamage } from './damage.js';
import { damageTakenMultiplier } from './damage-multipliers.js';
import { isSprinting } from './hunger.js';
import { raisedShield } from './shield.js';
import { fail, type RuleFailure } from './result.js';

/** Survival-mode melee reach in blocks (Java 1.20). */
export const ATTACK_REACH = 3;
export const BASE_KNOCKBACK = 0.4;
export const SPRINT_KNOCKBACK = 0.5;
export const CRITICAL_MULTIPLIER = 1.5;
/**
 * Horizontal distance a knockback impulse of 1 slides in vanilla: about 10 airborne ticks with air
 * friction 0.91 per tick, (1 - 0.91^10) / 0.09. Applied at once (see `knockback`).
 */
export const KNOCKBACK_SLIDE = (1 - 0.91 ** 10) / 0.09;

export type AttackResult =
  | { ok: true; target: number; damage: number; landed: boolean; critical: boolean; killed: boolean }
  | RuleFailure;

/** Damage a swing would deal now, before the target's armor: item, Strength/Weakness and charge. */
export function attackDamage(player: Player): { damage: number; critical: boolean } {
  const stats = weaponStats(player.inventory.held?.name);
  let base = stats.damage;
  const strength = player.effects.get('Strength');
  if (strength) base += 3 * (strength.amplifier + 1);
  const weakness = player.effects.get('Weakness');
  if (weakness) base -= 4 * (weakness.amplifier + 1);
  base = Math.max(0, base);
  const charge = attackCharge(player);
  let damage = base * (0.2 + charge * charge * 0.8);
  const critical = charge > 0.9 && player.fallDistance > 0 && !player.onGround && !player.inWater && !player.inLava
    && !player.effects.has('Blindness') && !isSprinting(player);
  if (critical) damage *= CRITICAL_MULTIPLIER;
  return { damage, critical };
}

/** Distance from the player's eyes to the nearest point of `target`'s box. */
export function reachDistance(player: Player, target: Entity): number {
  const ex = player.pos.x, ey = player.pos.y + PLAYER_EYE_HEIGHT, ez = player.pos.z;
  const hw = target.width / 2;
  const nx = clamp(ex, target.pos.x - hw, target.pos.x + hw);
  const ny = clamp(ey, target.pos.y, target.pos.y + target.height);
  const nz = clamp(ez, target.pos.z - hw, target.pos.z + hw);
  return Math.hypot(ex - nx, ey - ny, ez - nz);
}

/** `player` swings at `target` (an entity or its id). Failures are data: too far, dead, not attackable. */
export function attack(world: World, player: Player, target: Entity | number): AttackResult {
  if (player.dead) return fail('dead', `${player.name} is dead and cannot attack`);
  const t = typeof target === 'number' ? world.entity(target) : target;
  if (!t || t.removed) return fail('no_target', `entity ${typeof target === 'number' ? target : target.id} is not in the world`);
  if (t.kind !== 'player' && t.kind !== 'mob') return fail('not_attackable', `entity ${t.id} is ${t.kind === 'item' ? 'a dropped item' : `a ${t.kind}`} and cannot be attacked`);
  if (t.id === player.id) return fail('self', `${player.name} cannot attack itself`);
  if (t.dead) return fail('target_dead', `${t.type} ${t.id} is already dead`);
  if (raisedShield(player)) return fail('shield_raised', `${player.name} holds its shield up and cannot swing; lower it first (release use)`);
  const dist = reachDistance(player, t);
  if (dist > ATTACK_REACH) {
    return fail('too_far', `${t.type} ${t.id} is ${dist.toFixed(2)} blocks from ${player.name}'s eyes; melee reach is ${ATTACK_REACH}`);
  }

  const swing = attackDamage(player);
  const critical = swing.critical;
  const damage = t.kind === 'mob' ? swing.damage * damageTakenMultiplier(world.registry, t, player.inventory.held?.name) : swing.damage;
  const fullSprintHit = attackCharge(player) > 0.9 && isSprinting(player);
  resetAttackCooldown(player);
  player.activity.attacked = true;
  const outcome = applyDamage(world, t, damage, 'player', player.id);
  if (outcome.landed) {
    knockback(world, t, BASE_KNOCKBACK + (fullSprintHit ? SPRINT_KNOCKBACK : 0), t.pos.x - player.pos.x, t.pos.z - player.pos.z);
    const wear = weaponStats(player.inventory.held?.name).wear;
    if (wear > 0) wearItem(world, player, wear);
  }
  world.emit({ type: 'entity_attacked', by: player.id, target: t.id, damage: outcome.dealt });
  return { ok: true, target: t.id, damage: outcome.dealt, landed: outcome.landed, critical, killed: outcome.killed };
}

/**
 * Pushes `target` away along (dx, dz) (vanilla LivingEntity.knockback: halve the velocity, add the
 * impulse, hop by `strength` when on the ground). movement.ts recomputes horizontal velocity from the
 * controls every tick, so the horizontal slide vanilla's impulse would produce is applied at once as
 * a collision-checked move; the velocity is set too, for physics that keeps impulses.
 */
export function knockback(world: World, target: Living, strength: number, dx: number, dz: number): void {
  const s = strength * (1 - knockbackResistance(target));
  const len = Math.hypot(dx, dz);
  if (s <= 0 || target.dead || target.removed) return;
  const ux = len > 1e-4 ? dx / len : 0, uz = len > 1e-4 ? dz / len : 1;
  target.vel.x = target.vel.x / 2 + ux * s;
  target.vel.z = target.vel.z / 2 + uz * s;
  if (target.onGround) target.vel.y = Math.min(0.4, target.vel.y / 2 + s);
  const solidByState = world.registry.solidByState;
  const solid: SolidAt = (x, y, z) => solidByState[world.blocks.get(x, y, z)] === 1;
  moveAxis(target, 0, ux * s * KNOCKBACK_SLIDE, solid);
  moveAxis(target, 2, uz * s * KNOCKBACK_SLIDE, solid);
  world.index.update(target);
}

const clamp = (v: number, lo: number, hi: number): number => (v < lo ? lo : v > hi ? hi : v);
