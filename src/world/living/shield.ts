/**
 * Shields (Java Edition 1.20, wiki "Shield"; vanilla LivingEntity.isBlocking, isDamageSourceBlocked,
 * hurtCurrentlyUsedShield, blockUsingShield and Player.disableShield):
 * - a player raises a shield by using it from the main hand, or from the off hand when the main hand
 *   has no use of its own; it blocks only once it has been up SHIELD_RAISE_TICKS (5) ticks;
 * - a raised shield blocks all of a hit whose source has a position (melee, projectiles, explosions;
 *   fall, fire, drowning and the like come from nowhere) and lies in the front half-plane: the
 *   horizontal direction from the source to the player points against the player's view;
 * - a blocked hit of 3 or more costs the shield 1 + floor(damage) durability (336 from minecraft-data);
 * - a blocked melee hit knocks the attacker back with strength 0.5 (projectiles are not pushed back);
 * - a melee hit from an attacker holding an axe disables the shield for 100 ticks and lowers it (a
 *   player's axe always does: vanilla's chance is 0.25 + 0.75 for an axe);
 * - while the shield is up the player cannot swing (vanilla consumes attack clicks while an item is in use).
 * The raise itself is vanilla's item use, and a player uses one item at a time: a shield cannot go up
 * while the player eats or drinks, and starting to eat lowers it (eating.ts).
 */
import type { Vec3 } from '../../core/vec3.js';
import type { Living, Player } from '../entities/entity.js';
import type { DamageCause } from '../events.js';
import type { ItemStack } from '../inventory.js';
import type { World } from '../world.js';
import { applyWear } from '../blocks/durability.js';
import { knockback } from './combat.js';
import { fail, type RuleFailure } from './result.js';

/** Ticks a raised shield needs before it blocks (vanilla: use duration minus remaining >= 5). */
export const SHIELD_RAISE_TICKS = 5;
/** Ticks an axe hit disables a shield (vanilla item cooldown 100). */
export const SHIELD_DISABLE_TICKS = 100;
/** Knockback a blocked melee attacker takes (vanilla LivingEntity.blockedByShield). */
export const SHIELD_ATTACKER_KNOCKBACK = 0.5;
/** Blocked hits below this cost the shield no durability. */
export const SHIELD_WEAR_MIN_DAMAGE = 3;

/** Damage causes that can come from a position in front of the player (the others have no source position). */
const BLOCKABLE: ReadonlySet<DamageCause> = new Set<DamageCause>(['mob', 'player', 'projectile', 'explosion']);

export type ShieldHand = 'main' | 'off';
export type RaiseShieldResult = { ok: true; hand: ShieldHand; effectiveInTicks: number } | RuleFailure;

/** The hand holding a shield, main hand first (vanilla tries the main hand's use first); null for none. */
export function shieldHand(player: Player): ShieldHand | null {
  if (player.inventory.held?.name === 'shield') return 'main';
  if (player.inventory.offhand?.name === 'shield') return 'off';
  return null;
}

function shieldStack(player: Player, hand: ShieldHand): ItemStack | null {
  const s = hand === 'main' ? player.inventory.held : player.inventory.offhand;
  return s?.name === 'shield' ? s : null;
}

/** Raises the shield in `hand` (default: whichever hand holds one). Already raised: stays up, timer kept. */
export function raiseShield(world: World, player: Player, hand: ShieldHand | null = shieldHand(player)): RaiseShieldResult {
  if (player.dead) return fail('dead', `${player.name} is dead`);
  if (hand === null || !shieldStack(player, hand)) return fail('no_shield', `${player.name} holds no shield in either hand; equip one (the off hand keeps the main hand free for a weapon)`);
  if (player.using) return fail('busy', `${player.name} is using ${player.using.item} (${player.using.ticksLeft} ticks left) and cannot raise a shield until it is done`);
  const cooldown = player.shieldDisabledUntil - world.tick;
  if (cooldown > 0) return fail('shield_disabled', `${player.name}'s shield was knocked aside by an axe; it can be raised again in ${cooldown} ticks`);
  const raised = raisedShield(player);
  if (raised && raised.hand === hand) return { ok: true, hand, effectiveInTicks: Math.max(0, raised.sinceTick + SHIELD_RAISE_TICKS - world.tick) };
  player.raisedShield = { hand, sinceTick: world.tick };
  return { ok: true, hand, effectiveInTicks: SHIELD_RAISE_TICKS };
}

/** Lowers the shield; returns whether one was up. */
export function lowerShield(player: Player): boolean {
  const was = player.raisedShield !== null;
  player.raisedShield = null;
  return was;
}

/**
 * The raised shield, or null: a shield counts as raised only while its hand still holds it and its
 * owner lives (changing the held item or dying lowers it, as vanilla stops the item use).
 */
export function raisedShield(player: Player): Player['raisedShield'] {
  const r = player.raisedShield;
  if (!r) return null;
  if (player.dead || !shieldStack(player, r.hand)) {
    player.raisedShield = null;
    return null;
  }
  return r;
}

/** Whether the player's shield is up long enough to block (vanilla isBlocking). */
export function isBlocking(world: World, player: Player): boolean {
  const r = raisedShield(player);
  return r !== null && world.tick - r.sinceTick >= SHIELD_RAISE_TICKS;
}

/**
 * Whether a hit of `cause` from `source` lies in front of a blocking `target` (vanilla
 * isDamageSourceBlocked: the horizontal direction from the source to the target against the view).
 */
export function shieldFaces(world: World, target: Living, cause: DamageCause, source: Vec3 | undefined): boolean {
  if (target.kind !== 'player' || !source || !BLOCKABLE.has(cause) || !isBlocking(world, target)) return false;
  const dx = target.pos.x - source.x, dy = target.pos.y - source.y, dz = target.pos.z - source.z;
  const len = Math.hypot(dx, dy, dz);
  if (len < 1e-9) return false;
  const yaw = (target.yaw * Math.PI) / 180, pitch = (target.pitch * Math.PI) / 180;
  const c = Math.cos(pitch);
  // The view vector is (-sin yaw cos pitch, -sin pitch, cos yaw cos pitch); the source direction's y is dropped.
  return (dx / len) * -Math.sin(yaw) * c + (dz / len) * Math.cos(yaw) * c < 0;
}

/**
 * What a shield does when it blocks `amount` from `attacker`: wear, the attacker pushed back, an axe
 * disabling it. The caller has already decided the hit is blocked (`shieldFaces`).
 */
export function blockWithShield(world: World, player: Player, amount: number, cause: DamageCause, attacker: Living | undefined): void {
  const raised = raisedShield(player);
  if (!raised) return;
  world.emit({ type: 'shield_blocked', entity: player.id, by: attacker?.id ?? null, amount, cause });
  if (amount >= SHIELD_WEAR_MIN_DAMAGE) {
    const stack = shieldStack(player, raised.hand)!;
    if (applyWear(world, player, stack, 1 + Math.floor(amount))) {
      if (raised.hand === 'main') player.inventory.slots[player.inventory.selected] = null;
      else player.inventory.offhand = null;
      player.raisedShield = null;
      return;
    }
  }
  // Projectiles and blasts push nobody back through the shield; a melee attacker recoils.
  if (!attacker || (cause !== 'mob' && cause !== 'player')) return;
  knockback(world, attacker, SHIELD_ATTACKER_KNOCKBACK, attacker.pos.x - player.pos.x, attacker.pos.z - player.pos.z);
  if (holdsAxe(attacker)) {
    player.raisedShield = null;
    player.shieldDisabledUntil = world.tick + SHIELD_DISABLE_TICKS;
    world.emit({ type: 'shield_disabled', entity: player.id, by: attacker.id, ticks: SHIELD_DISABLE_TICKS });
  }
}

/** Mobs hold no items in this world; a player's main hand is its held slot. */
function holdsAxe(e: Living): boolean {
  return e.kind === 'player' && (e.inventory.held?.name.endsWith('_axe') ?? false);
}
