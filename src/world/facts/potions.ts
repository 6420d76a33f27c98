/**
 * What drinking a potion does (Java Edition 1.20). minecraft-data has the `potion` item and the
 * effect names but not the potion types, so the table is here.
 *
 * Source: Minecraft Wiki, "Potion" § "Effect potions" (durations and levels, Java Edition);
 * vanilla constants: net.minecraft.world.item.alchemy.Potions (durations in ticks).
 * Effect names are minecraft-data's (`registry.data.effectsByName`); amplifier 0 is level I.
 */

export interface PotionEffect {
  effect: string;
  amplifier: number;
  /** Ticks; 0 for instant effects (InstantHealth, InstantDamage). */
  durationTicks: number;
}

const e = (effect: string, amplifier: number, durationTicks: number): PotionEffect => ({ effect, amplifier, durationTicks });

/** Potion type (the `stack.potion` value) -> the effects it gives. Base potions give none. */
export const POTIONS: Readonly<Record<string, readonly PotionEffect[]>> = {
  water: [],
  mundane: [],
  thick: [],
  awkward: [],
  night_vision: [e('NightVision', 0, 3600)],
  long_night_vision: [e('NightVision', 0, 9600)],
  invisibility: [e('Invisibility', 0, 3600)],
  long_invisibility: [e('Invisibility', 0, 9600)],
  leaping: [e('JumpBoost', 0, 3600)],
  long_leaping: [e('JumpBoost', 0, 9600)],
  strong_leaping: [e('JumpBoost', 1, 1800)],
  fire_resistance: [e('FireResistance', 0, 3600)],
  long_fire_resistance: [e('FireResistance', 0, 9600)],
  swiftness: [e('Speed', 0, 3600)],
  long_swiftness: [e('Speed', 0, 9600)],
  strong_swiftness: [e('Speed', 1, 1800)],
  slowness: [e('Slowness', 0, 1800)],
  long_slowness: [e('Slowness', 0, 4800)],
  strong_slowness: [e('Slowness', 3, 400)],
  turtle_master: [e('Slowness', 3, 400), e('Resistance', 2, 400)],
  long_turtle_master: [e('Slowness', 3, 800), e('Resistance', 2, 800)],
  strong_turtle_master: [e('Slowness', 5, 400), e('Resistance', 3, 400)],
  water_breathing: [e('WaterBreathing', 0, 3600)],
  long_water_breathing: [e('WaterBreathing', 0, 9600)],
  healing: [e('InstantHealth', 0, 0)],
  strong_healing: [e('InstantHealth', 1, 0)],
  harming: [e('InstantDamage', 0, 0)],
  strong_harming: [e('InstantDamage', 1, 0)],
  poison: [e('Poison', 0, 900)],
  long_poison: [e('Poison', 0, 1800)],
  strong_poison: [e('Poison', 1, 432)],
  regeneration: [e('Regeneration', 0, 900)],
  long_regeneration: [e('Regeneration', 0, 1800)],
  strong_regeneration: [e('Regeneration', 1, 450)],
  strength: [e('Strength', 0, 3600)],
  long_strength: [e('Strength', 0, 9600)],
  strong_strength: [e('Strength', 1, 1800)],
  weakness: [e('Weakness', 0, 1800)],
  long_weakness: [e('Weakness', 0, 4800)],
  luck: [e('Luck', 0, 6000)],
  slow_falling: [e('SlowFalling', 0, 1800)],
  long_slow_falling: [e('SlowFalling', 0, 4800)],
};

/** Drinking a potion takes 32 ticks (wiki "Potion" § Usage; vanilla PotionItem.getUseDuration). */
export const DRINK_TICKS = 32;
