/**
 * Move costs in game ticks, derived from the world's own movement constants so the planner prefers
 * what is actually fast in this world.
 */
import { PLAYER_WALK_SPEED } from '../../world/entities/player.js';
import { AIR_DRAG, GRAVITY, WATER_FACTOR } from '../../world/physics/movement.js';

/** Ticks to walk one block at the vanilla 4.317 blocks/s (≈ 4.63). */
export const WALK_TICKS = 20 / PLAYER_WALK_SPEED;
/** Walking one block diagonally. */
export const DIAGONAL_TICKS = WALK_TICKS * Math.SQRT2;
/** Swimming one block at the world's water speed factor. */
export const SWIM_TICKS = WALK_TICKS / WATER_FACTOR;
/** A 1-block jump: the walk plus about two ticks lost against the step face while rising. */
export const JUMP_TICKS = WALK_TICKS + 2;
/** A pillar step: a jump's rise to one block of height (~3 ticks) plus the place; never below a walk (keeps the heuristic admissible). */
export const PILLAR_BASE_TICKS = Math.max(WALK_TICKS, 5);
export const DEFAULT_PILLAR_PENALTY = 10;

/**
 * Vanilla deals fall damage of (fall distance − 3) hearts-halves, so 3 blocks is the highest safe drop
 * (Minecraft Wiki, "Damage#Fall damage"; LivingEntity.calculateFallDamage in 1.20.4).
 */
export const SAFE_FALL_BLOCKS = 3;

/** Ticks of free fall to drop `blocks` blocks under the world's gravity and drag. */
export function fallTicks(blocks: number): number {
  let v = 0, fallen = 0, t = 0;
  while (fallen < blocks && t < 1000) {
    fallen -= v;
    v = (v - GRAVITY) * AIR_DRAG;
    t++;
  }
  return t;
}

/** fallTicks for 0..32 blocks, computed once. */
export const FALL_TICKS: readonly number[] = Array.from({ length: 33 }, (_, k) => fallTicks(k));
