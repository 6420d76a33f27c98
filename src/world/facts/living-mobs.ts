/**
 * Per-mob-type exceptions to the living rules. Java Edition 1.20.
 */

/**
 * Mobs that never drown: undead mobs (LivingEntity.canBreatheUnderwater returns true for
 * MobType.UNDEAD), turtles, and water animals, which keep their own air (dolphins need air). Source: Minecraft Wiki, "Drowning"
 * and "Undead"; vanilla entity type tag `undead` and WaterAnimal.
 */
export const BREATHES_UNDERWATER: ReadonlySet<string> = new Set([
  'zombie', 'husk', 'drowned', 'zombie_villager', 'zombified_piglin', 'zoglin', 'skeleton', 'stray',
  'wither_skeleton', 'skeleton_horse', 'zombie_horse', 'phantom', 'wither',
  'cod', 'salmon', 'pufferfish', 'tropical_fish', 'squid', 'glow_squid', 'guardian', 'elder_guardian',
  'axolotl', 'turtle', 'tadpole',
]);

/** Entity type tag `freeze_immune_entity_types` (wiki "Powder Snow" § Freezing). */
export const FREEZE_IMMUNE: ReadonlySet<string> = new Set(['stray', 'polar_bear', 'snow_golem', 'wither']);

/** Entity type tag `freeze_hurts_extra_types`: these take 5 instead of 1 freezing damage. */
export const FREEZE_HURTS_EXTRA: ReadonlySet<string> = new Set(['strider', 'blaze', 'magma_cube']);

/** Mobs immune to fire and lava (EntityType `fireImmune()`; wiki "Fire" § Damage). */
export const FIRE_IMMUNE: ReadonlySet<string> = new Set([
  'blaze', 'ghast', 'magma_cube', 'wither_skeleton', 'wither', 'ender_dragon', 'strider', 'zoglin',
  'zombified_piglin', 'warden',
]);
