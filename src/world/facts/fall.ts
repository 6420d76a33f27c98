/**
 * Blocks that soften a landing (Java Edition 1.20). Source: Minecraft Wiki, "Damage" § Fall damage
 * and the block pages (Hay Bale, Honey Block, Bed, Slime Block); vanilla Block.fallOn overrides.
 * The multiplier scales the fall damage of a landing on that block.
 */
export const FALL_DAMAGE_MULTIPLIER: Readonly<Record<string, number>> = {
  hay_block: 0.2,
  honey_block: 0.2,
  slime_block: 0, // vanilla: no damage unless sneaking (then full damage)
};

/** Every bed halves fall damage (BedBlock.fallOn: 0.5). */
export const BED_FALL_DAMAGE_MULTIPLIER = 0.5;

/** Blocks fallen that cost no damage (vanilla safe_fall_distance 3). */
export const SAFE_FALL_DISTANCE = 3;
