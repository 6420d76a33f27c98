/**
 * Taking damage (Java Edition 1.20, wiki "Damage", "Armor" and "Damage type"; vanilla
 * LivingEntity.hurt / actuallyHurt and Player.hurt):
 * - NO difficulty scaling here: callers pass damage for the current difficulty (mob facts list melee
 *   damage per difficulty, as the wiki's mob pages do); `scaleForDifficulty` gives vanilla's
 *   Player.hurt scaling (peaceful 0, easy min(d/2 + 1, d), normal d, hard d * 1.5) for callers that
 *   only know the normal-difficulty figure;
 * - gamerules fallDamage/drowningDamage/fireDamage/freezeDamage make players (only) immune;
 * - FireResistance, and fire-immune mob types, ignore fire and lava;
 * - a raised shield (shield.ts) stops a hit from in front whole, before the hurt window;
 * - a 10-tick invulnerability window after a hit: during it a bigger hit deals only the difference
 *   and a smaller or equal one nothing;
 * - armor and toughness, for the damage types armor applies to (not the `bypasses_armor` tag:
 *   fall, drowning, starvation, void, magic/poison, wither, freezing, burning, generic): a player's
 *   worn pieces, each losing max(1, floor(damage / 4)) durability, and a mob's natural armor
 *   (zombie 2, facts/mob-attributes.ts);
 * - Resistance: -20 % per level (all but void);
 * - 0.1 exhaustion for players on armor-reduced damage.
 * At 0 health the entity dies (death.ts).
 */
import { InputError } from '../../core/errors.js';
import type { Vec3 } from '../../core/vec3.js';
import { isLiving, type Living, type Player } from '../entities/entity.js';
import type { DamageCause } from '../events.js';
import { ARMOR_SLOTS } from '../inventory.js';
import type { World } from '../world.js';
import type { Difficulty } from '../world-options.js';
import { applyWear } from '../blocks/durability.js';
import { FIRE_IMMUNE } from '../facts/living-mobs.js';
import { armorPoints, armorToughness, damageAfterArmor } from './armor.js';
import { addExhaustion, EXHAUSTION } from './exhaustion.js';
import { die } from './death.js';
import { blockWithShield, shieldFaces } from './shield.js';

/** Ticks of immunity after a hit (vanilla invulnerableTime 20, of which the first 10 block hits). */
export const HURT_COOLDOWN_TICKS = 10;

export interface DamageOptions {
  /** Armor does not reduce this hit (set by the burning rule: vanilla `on_fire` bypasses armor, `in_fire` does not). */
  bypassArmor?: boolean;
  /** Where the hit comes from, for a shield's angle (an explosion's centre); default: the attacker's position. */
  sourcePos?: Vec3;
}

export interface DamageOutcome {
  /** The hit registered (not blocked by immunity, the hurt window, or difficulty). */
  landed: boolean;
  /** Health actually taken, after armor and Resistance. */
  dealt: number;
  killed: boolean;
  /** A raised shield stopped the hit (shield.ts); `landed` is false then. */
  blocked: boolean;
}

const MISSED: DamageOutcome = Object.freeze({ landed: false, dealt: 0, killed: false, blocked: false });
const BLOCKED: DamageOutcome = Object.freeze({ landed: false, dealt: 0, killed: false, blocked: true });

/** Causes armor does not reduce (vanilla damage type tag `bypasses_armor`). */
const BYPASSES_ARMOR: ReadonlySet<DamageCause> = new Set<DamageCause>(['fall', 'drowning', 'starvation', 'void', 'magic', 'poison', 'freezing', 'generic']);
/** Vanilla tag `is_fire`. */
export const isFireCause = (cause: DamageCause): boolean => cause === 'fire' || cause === 'lava';

export function applyDamage(world: World, target: Living, amount: number, cause: DamageCause, by: number | null = null, options: DamageOptions = {}): DamageOutcome {
  if (!Number.isFinite(amount) || amount < 0) {
    throw new InputError(`damage must be a finite number >= 0, got ${amount}`, 'pass the damage in half hearts (1 = half a heart)');
  }
  if (target.dead || target.removed) return MISSED;
  if (isImmune(world, target, cause)) return MISSED;

  const attacker = by !== null ? world.entity(by) : undefined;
  if (amount > 0 && target.kind === 'player' && shieldFaces(world, target, cause, options.sourcePos ?? attacker?.pos)) {
    blockWithShield(world, target, amount, cause, attacker && isLiving(attacker) ? attacker : undefined);
    // Vanilla hurts for 0: outside the window that opens one with nothing absorbed, so the next
    // unblocked hit lands whole.
    if (target.hurtCooldown <= 0) {
      target.hurtCooldown = HURT_COOLDOWN_TICKS;
      target.lastHurtAmount = 0;
    }
    return BLOCKED;
  }

  // The invulnerability window: a bigger hit during it lands only the difference.
  let raw = amount;
  if (target.hurtCooldown > 0) {
    if (amount <= target.lastHurtAmount) return MISSED;
    raw = amount - target.lastHurtAmount;
    target.lastHurtAmount = amount;
  } else {
    target.lastHurtAmount = amount;
    target.hurtCooldown = HURT_COOLDOWN_TICKS;
  }

  let dealt = raw;
  const armorApplies = !options.bypassArmor && !BYPASSES_ARMOR.has(cause);
  if (armorApplies) {
    if (target.kind === 'player') {
      wearArmor(world, target, raw);
      addExhaustion(target, EXHAUSTION.damage);
    }
    const points = armorPoints(target);
    if (points > 0) dealt = damageAfterArmor(dealt, points, armorToughness(target));
  }
  const resistance = target.effects.get('Resistance');
  if (resistance && cause !== 'void') dealt = (dealt * Math.max(0, 25 - (resistance.amplifier + 1) * 5)) / 25;

  target.health = Math.max(0, target.health - dealt);
  target.lastDamageCause = cause;
  if (by !== null && by !== target.id) target.lastAttacker = by;
  if (target.kind === 'player') target.activity.damageTaken += dealt;
  world.emit({ type: 'entity_hurt', entity: target.id, entityType: target.type, amount: dealt, cause, by, health: target.health });
  const killed = target.health <= 0;
  if (killed) die(world, target, cause, by);
  return { landed: true, dealt, killed, blocked: false };
}

/** Heals up to maxHealth; returns the health gained (0 for the dead). */
export function heal(world: World, target: Living, amount: number): number {
  if (!Number.isFinite(amount) || amount < 0) {
    throw new InputError(`healing must be a finite number >= 0, got ${amount}`, 'pass the healing in half hearts');
  }
  if (target.dead || target.removed) return 0;
  const before = target.health;
  target.health = Math.min(target.maxHealth, target.health + amount);
  return target.health - before;
}

function isImmune(world: World, target: Living, cause: DamageCause): boolean {
  if (isFireCause(cause)) {
    if (target.effects.has('FireResistance')) return true;
    if (target.kind === 'mob' && FIRE_IMMUNE.has(target.type)) return true;
  }
  if (target.kind !== 'player') return false;
  // Vanilla Player.isInvulnerableTo: these gamerules protect players only.
  const g = world.gamerules;
  if (cause === 'fall') return !g.fallDamage;
  if (cause === 'drowning') return !g.drowningDamage;
  if (isFireCause(cause)) return !g.fireDamage;
  if (cause === 'freezing') return !g.freezeDamage;
  return false;
}

/** Vanilla Player.hurt difficulty scaling of damage a mob deals to a player. */
export function scaleForDifficulty(difficulty: Difficulty, amount: number): number {
  switch (difficulty) {
    case 'peaceful': return 0;
    case 'easy': return Math.min(amount / 2 + 1, amount);
    case 'hard': return amount * 1.5;
    default: return amount;
  }
}

/** Vanilla Inventory.hurtArmor: each piece loses max(1, floor(damage / 4)). */
function wearArmor(world: World, player: Player, damage: number): void {
  const wear = Math.max(1, Math.floor(damage / 4));
  const armor = player.inventory.armor;
  for (const slot of ARMOR_SLOTS) {
    const s = armor[slot];
    if (s && applyWear(world, player, s, wear)) armor[slot] = null;
  }
}
