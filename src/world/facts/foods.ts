/**
 * Eating rules minecraft-data lacks (it has food points and saturation in `foodsByName`, not eating
 * times, side effects or leftovers). Java Edition 1.20.
 *
 * Source: Minecraft Wiki, "Food" (eating time, "can always be eaten", effects table) and the pages of
 * each food; vanilla constants: net.minecraft.world.food.Foods and the item classes (BowlFoodItem,
 * HoneyBottleItem).
 */
import type { PotionEffect } from './potions.js';

/** Ticks to eat most foods (1.6 s). */
export const EAT_TICKS = 32;

/** Foods eaten faster or slower than 32 ticks: dried kelp is `fast()` (0.8 s); a honey bottle is drunk over 40 ticks. */
export const EAT_TICKS_OVERRIDE: Readonly<Record<string, number>> = { dried_kelp: 16, honey_bottle: 40 };

/** Foods that can be eaten with a full hunger bar (Foods `alwaysEat()`). */
export const ALWAYS_EDIBLE: ReadonlySet<string> = new Set(['golden_apple', 'enchanted_golden_apple', 'chorus_fruit', 'suspicious_stew']);

export interface FoodEffect extends PotionEffect {
  /** Chance the effect is applied on eating. */
  chance: number;
}

const fx = (effect: string, amplifier: number, durationTicks: number, chance = 1): FoodEffect => ({ effect, amplifier, durationTicks, chance });

/** Status effects a food gives on eating (Foods.java). Absorption is listed but only takes effect where supported. */
export const FOOD_EFFECTS: Readonly<Record<string, readonly FoodEffect[]>> = {
  golden_apple: [fx('Regeneration', 1, 100), fx('Absorption', 0, 2400)],
  enchanted_golden_apple: [fx('Regeneration', 1, 400), fx('Resistance', 0, 6000), fx('FireResistance', 0, 6000), fx('Absorption', 3, 2400)],
  rotten_flesh: [fx('Hunger', 0, 600, 0.8)],
  chicken: [fx('Hunger', 0, 600, 0.3)],
  poisonous_potato: [fx('Poison', 0, 100, 0.6)],
  spider_eye: [fx('Poison', 0, 100)],
  pufferfish: [fx('Poison', 1, 1200), fx('Hunger', 2, 300), fx('Nausea', 0, 300)],
};

/** Containers left behind after eating or drinking (BowlFoodItem, HoneyBottleItem). */
export const FOOD_LEFTOVERS: Readonly<Record<string, string>> = {
  mushroom_stew: 'bowl',
  rabbit_stew: 'bowl',
  beetroot_soup: 'bowl',
  suspicious_stew: 'bowl',
  honey_bottle: 'glass_bottle',
};

/** Effects a food removes (a honey bottle cures Poison). */
export const FOOD_CURES: Readonly<Record<string, readonly string[]>> = { honey_bottle: ['Poison'] };
