/**
 * Melee attack damage and attack speed per held item (Java Edition 1.20). minecraft-data does not
 * carry item attribute modifiers, so the table is here.
 *
 * Source: Minecraft Wiki, "Damage" § "Dealing damage" (melee table) and "Attack cooldown" (attack
 * speed table), Java Edition 1.20. Vanilla: net.minecraft.world.item.Tiers + Items (SwordItem,
 * DiggerItem attribute modifiers: player base 1 damage / 4.0 speed plus the item's modifiers).
 */

export interface WeaponStats {
  /** Full-charge damage in half hearts, before Strength/Weakness and critical hits. */
  damage: number;
  /** Attacks per second at full charge; the cooldown is 20 / attackSpeed ticks. */
  attackSpeed: number;
  /** Durability lost per hit (wiki "Item durability": 1 for swords and tridents, 2 for tools). */
  wear: number;
}

/** An empty hand or any item not in the table: 1 damage, 4.0 attacks per second, no wear. */
export const HAND: WeaponStats = { damage: 1, attackSpeed: 4, wear: 0 };

type Tier = 'wooden' | 'stone' | 'iron' | 'golden' | 'diamond' | 'netherite';
const row = (damage: number, attackSpeed: number, wear: number): WeaponStats => ({ damage, attackSpeed, wear });

const SWORDS: Record<Tier, WeaponStats> = {
  wooden: row(4, 1.6, 1), stone: row(5, 1.6, 1), iron: row(6, 1.6, 1),
  golden: row(4, 1.6, 1), diamond: row(7, 1.6, 1), netherite: row(8, 1.6, 1),
};
const AXES: Record<Tier, WeaponStats> = {
  wooden: row(7, 0.8, 2), stone: row(9, 0.8, 2), iron: row(9, 0.9, 2),
  golden: row(7, 1.0, 2), diamond: row(9, 1.0, 2), netherite: row(10, 1.0, 2),
};
const PICKAXES: Record<Tier, WeaponStats> = {
  wooden: row(2, 1.2, 2), stone: row(3, 1.2, 2), iron: row(4, 1.2, 2),
  golden: row(2, 1.2, 2), diamond: row(5, 1.2, 2), netherite: row(6, 1.2, 2),
};
const SHOVELS: Record<Tier, WeaponStats> = {
  wooden: row(2.5, 1.0, 2), stone: row(3.5, 1.0, 2), iron: row(4.5, 1.0, 2),
  golden: row(2.5, 1.0, 2), diamond: row(5.5, 1.0, 2), netherite: row(6.5, 1.0, 2),
};
const HOES: Record<Tier, WeaponStats> = {
  wooden: row(1, 1.0, 2), stone: row(1, 2.0, 2), iron: row(1, 3.0, 2),
  golden: row(1, 1.0, 2), diamond: row(1, 4.0, 2), netherite: row(1, 4.0, 2),
};

function buildTable(): ReadonlyMap<string, WeaponStats> {
  const table = new Map<string, WeaponStats>();
  const kinds: [string, Record<Tier, WeaponStats>][] = [['sword', SWORDS], ['axe', AXES], ['pickaxe', PICKAXES], ['shovel', SHOVELS], ['hoe', HOES]];
  for (const [kind, tiers] of kinds) for (const [tier, stats] of Object.entries(tiers)) table.set(`${tier}_${kind}`, stats);
  // Trident in melee: 9 damage, 1.1 speed (wiki "Trident").
  table.set('trident', row(9, 1.1, 1));
  return table;
}

/** Held item name -> melee stats. Look up with `weaponStats`. */
export const WEAPONS: ReadonlyMap<string, WeaponStats> = buildTable();

export function weaponStats(itemName: string | null | undefined): WeaponStats {
  return (itemName && WEAPONS.get(itemName)) || HAND;
}
