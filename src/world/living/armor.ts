/**
 * Wearing armor and holding items, and how armor reduces damage (Java Edition 1.20).
 * Defense values are in facts/armor.ts; the reduction formula is the wiki's ("Armor" § Mechanics):
 *   damage * (1 - min(20, max(points / 5, points - 4 * damage / (toughness + 8))) / 25)
 */
import { suggest } from '../registry.js';
import { ARMOR_SLOTS, HOTBAR_SLOTS, type ArmorSlot } from '../inventory.js';
import type { Living, Player } from '../entities/entity.js';
import type { World } from '../world.js';
import { ARMOR_PIECES } from '../facts/armor.js';
import { fail, type RuleFailure } from './result.js';
import { resetAttackCooldown } from './attack-cooldown.js';

/** Total defense points: worn pieces for players, natural armor for mobs (they wear no armor items in this world). */
export function armorPoints(e: Living): number {
  if (e.kind !== 'player') return e.naturalArmor;
  let sum = 0;
  for (const slot of ARMOR_SLOTS) {
    const s = e.inventory.armor[slot];
    if (s) sum += ARMOR_PIECES.get(s.name)?.points ?? 0;
  }
  return sum;
}

export function armorToughness(e: Living): number {
  if (e.kind !== 'player') return 0;
  let sum = 0;
  for (const slot of ARMOR_SLOTS) {
    const s = e.inventory.armor[slot];
    if (s) sum += ARMOR_PIECES.get(s.name)?.toughness ?? 0;
  }
  return sum;
}

/** Knockback resistance from armor, 0–1 (netherite gives 0.1 per piece). */
export function knockbackResistance(e: Living): number {
  if (e.kind !== 'player') return 0;
  let sum = 0;
  for (const slot of ARMOR_SLOTS) {
    const s = e.inventory.armor[slot];
    if (s) sum += ARMOR_PIECES.get(s.name)?.knockbackResistance ?? 0;
  }
  return Math.min(1, sum);
}

/** Damage left after armor (vanilla CombatRules.getDamageAfterAbsorb). */
export function damageAfterArmor(damage: number, points: number, toughness: number): number {
  const effective = Math.min(20, Math.max(points / 5, points - (4 * damage) / (toughness + 8)));
  return damage * (1 - effective / 25);
}

export type EquipResult = { ok: true; slot: ArmorSlot | 'hand'; item: string } | RuleFailure;

/**
 * Puts on an armor piece from the inventory (the piece it replaces goes back into that inventory
 * slot), or takes any other item in hand: selects it when it is in the hotbar, otherwise swaps it
 * into the selected hotbar slot.
 */
export function equip(world: World, player: Player, itemName: string): EquipResult {
  if (player.dead) return fail('dead', `${player.name} is dead and cannot equip anything until it respawns`);
  if (!world.registry.isItem(itemName)) {
    return fail('unknown_item', `'${itemName}' is not an item in Minecraft ${world.registry.version}; ${suggest(itemName, Object.keys(world.registry.data.itemsByName))}`);
  }
  const inv = player.inventory;
  const piece = ARMOR_PIECES.get(itemName);
  if (piece && inv.armor[piece.slot]?.name === itemName) return { ok: true, slot: piece.slot, item: itemName };
  if (!piece && inv.held?.name === itemName) return { ok: true, slot: 'hand', item: itemName };
  const index = inv.find(itemName);
  if (index < 0) return fail('missing_item', `${player.name} has no ${itemName} in its inventory`);
  if (piece) {
    const previous = inv.armor[piece.slot];
    inv.armor[piece.slot] = inv.slots[index] ?? null;
    inv.slots[index] = previous;
    return { ok: true, slot: piece.slot, item: itemName };
  }
  if (index < HOTBAR_SLOTS) {
    inv.selected = index;
  } else {
    const held = inv.slots[inv.selected] ?? null;
    inv.slots[inv.selected] = inv.slots[index] ?? null;
    inv.slots[index] = held;
  }
  // Vanilla resets the attack charge whenever the item in hand changes.
  resetAttackCooldown(player);
  return { ok: true, slot: 'hand', item: itemName };
}
