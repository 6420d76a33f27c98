/**
 * Armor values per piece (Java Edition 1.20). minecraft-data has armor items and their durability
 * but not their defense, so the table is here.
 *
 * Source: Minecraft Wiki, "Armor" — "Defense points" table (Java Edition), "Armor toughness" and
 * "Knockback resistance" sections. Vanilla constants: net.minecraft.world.item.ArmorMaterials.
 */
import type { ArmorSlot } from '../inventory.js';

export interface ArmorPiece {
  slot: ArmorSlot;
  /** Defense points (half armor icons). */
  points: number;
  toughness: number;
  /** Knockback resistance, 0–1 (netherite 0.1 per piece). */
  knockbackResistance: number;
}

/** [helmet, chestplate, leggings, boots] defense points, toughness, knockback resistance per material. */
const MATERIALS: Record<string, { points: [number, number, number, number]; toughness: number; knockback: number }> = {
  leather: { points: [1, 3, 2, 1], toughness: 0, knockback: 0 },
  chainmail: { points: [2, 5, 4, 1], toughness: 0, knockback: 0 },
  iron: { points: [2, 6, 5, 2], toughness: 0, knockback: 0 },
  golden: { points: [2, 5, 3, 1], toughness: 0, knockback: 0 },
  diamond: { points: [3, 8, 6, 3], toughness: 2, knockback: 0 },
  netherite: { points: [3, 8, 6, 3], toughness: 3, knockback: 0.1 },
};

const PIECES: [string, ArmorSlot][] = [
  ['helmet', 'head'],
  ['chestplate', 'chest'],
  ['leggings', 'legs'],
  ['boots', 'feet'],
];

function buildTable(): ReadonlyMap<string, ArmorPiece> {
  const table = new Map<string, ArmorPiece>();
  for (const [material, m] of Object.entries(MATERIALS)) {
    PIECES.forEach(([piece, slot], i) => {
      table.set(`${material}_${piece}`, { slot, points: m.points[i]!, toughness: m.toughness, knockbackResistance: m.knockback });
    });
  }
  // Turtle shell: 2 defense, no toughness (wiki "Turtle Shell").
  table.set('turtle_helmet', { slot: 'head', points: 2, toughness: 0, knockbackResistance: 0 });
  return table;
}

/** Armor item name (`iron_chestplate`, `turtle_helmet`) -> its piece. */
export const ARMOR_PIECES: ReadonlyMap<string, ArmorPiece> = buildTable();

/**
 * Items that stop powder-snow freezing when worn (vanilla item tag `freeze_immune_wearables`:
 * the four leather armor pieces). Source: Minecraft Wiki, "Powder Snow" § Freezing.
 */
export const FREEZE_IMMUNE_WEARABLES: ReadonlySet<string> = new Set(['leather_helmet', 'leather_chestplate', 'leather_leggings', 'leather_boots']);
