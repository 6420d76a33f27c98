/**
 * Body constants every backend and the embedded world share, defined once: where an entity's eyes
 * are. (Sight, reach, drowning and the Minecraft backend's senses all measure from them.)
 */

/** Vanilla standing player eye height (Player.getStandingEyeHeight: 1.62 blocks above the feet). Sneaking (1.27) is not modelled. */
export const PLAYER_EYE_HEIGHT = 1.62;
/** Vanilla default for other entities (EntityType: eye height = 0.85 × hitbox height). */
export const DEFAULT_EYE_FRACTION = 0.85;
/** Vanilla player hitbox height while standing. */
export const PLAYER_HEIGHT = 1.8;

/** Eye height above the feet: players stand at 1.62, everything else sees from 0.85 of its height. */
export function eyeHeight(e: { readonly kind: string; readonly height: number }): number {
  return e.kind === 'player' ? PLAYER_EYE_HEIGHT : e.height * DEFAULT_EYE_FRACTION;
}
