/**
 * Food exhaustion (wiki "Hunger" § Exhaustion level increase, Java 1.20). Actions add exhaustion;
 * the hunger rule turns every 4.0 of it into one point of saturation or, when saturation is gone, food.
 */
import type { Player } from '../entities/entity.js';

/** Vanilla FoodData caps the exhaustion level at 40. */
export const MAX_EXHAUSTION = 40;

/** Exhaustion costs per action, from the wiki's table (Java Edition). */
export const EXHAUSTION = {
  /** Per metre sprinted on the ground. */
  sprintPerMetre: 0.1,
  /** Per metre moved in water (swimming, wading or walking underwater). */
  swimPerMetre: 0.01,
  /** Walking costs nothing in Java Edition (since 1.11; Bedrock differs). */
  walkPerMetre: 0,
  jump: 0.05,
  sprintJump: 0.2,
  /** Per attack swung at an entity. */
  attack: 0.1,
  /** Per hit taken, only for damage that armor reduces (damage type `exhaustion` 0.1 in 1.20). */
  damage: 0.1,
  breakBlock: 0.005,
  /** Per health point regenerated at food >= 18 (the saturated fast regen costs min(saturation, 6) per half-heart step). */
  regenerate: 6,
} as const;

export function addExhaustion(player: Player, amount: number): void {
  player.exhaustion = Math.min(MAX_EXHAUSTION, player.exhaustion + amount);
}
