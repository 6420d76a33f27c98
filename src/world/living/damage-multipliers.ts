/**
 * Weapon-type damage multipliers (TickingCollab's "raid a boss": "agents differ in ... weapons with
 * type-specific damage multipliers", so target assignment follows type advantages). Not a vanilla rule:
 * a task gives a boss or minion a table `weapon -> multiplier`, and a player's melee hit on that mob is
 * scaled by the entry for the weapon in hand. An entry may name the item (`golden_sword`) or its kind
 * (`sword`); the item's own entry wins. Weapons with no entry deal their normal damage.
 */
import type { MobEntity } from '../entities/entity.js';
import type { Registry } from '../registry.js';

/** Weapon kinds a multiplier table may name besides item names; `hand` is an empty hand. */
export const WEAPON_KINDS: readonly string[] = ['sword', 'axe', 'pickaxe', 'shovel', 'hoe', 'trident', 'hand'];

/** The kind of the weapon `item` (null when it is not one of WEAPON_KINDS). */
export function weaponKind(registry: Registry, item: string | null | undefined): string | null {
  if (!item) return 'hand';
  if (item === 'trident') return 'trident';
  const kind = registry.tool(item)?.kind;
  return kind && kind !== 'shears' ? kind : null;
}

/** Whether `key` can stand in a multiplier table: a weapon kind or an item name. */
export function isWeaponKey(registry: Registry, key: string): boolean {
  return WEAPON_KINDS.includes(key) || registry.isItem(key);
}

/** The multiplier on damage `target` takes from a hit with `item` in hand (1 when its table has no entry). */
export function damageTakenMultiplier(registry: Registry, target: MobEntity, item: string | null | undefined): number {
  const table = target.damageTakenMultipliers;
  if (item && table[item] !== undefined) return table[item];
  const kind = weaponKind(registry, item);
  return (kind !== null ? table[kind] : undefined) ?? 1;
}
