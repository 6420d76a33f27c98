/**
 * Where an entity sees from and which way it looks. Shared by line of sight, perception and the
 * first-person renderer so all three agree on the camera.
 */
import type { Vec3 } from '../../core/vec3.js';
import type { Entity } from '../../world/index.js';

/** Vanilla standing player eye height (Player.getStandingEyeHeight: 1.62 blocks above the feet). */
export const PLAYER_EYE_HEIGHT = 1.62;
/** Vanilla default for other entities (EntityType: eye height = 0.85 × hitbox height). */
export const DEFAULT_EYE_FRACTION = 0.85;

/** Eye height above the feet. Sneaking (vanilla 1.27) is not modelled. */
export function eyeHeight(e: Entity): number {
  return e.kind === 'player' ? PLAYER_EYE_HEIGHT : e.height * DEFAULT_EYE_FRACTION;
}

export function eyePosition(e: Entity): Vec3 {
  return { x: e.pos.x, y: e.pos.y + eyeHeight(e), z: e.pos.z };
}

/** Unit look vector from Minecraft yaw/pitch in degrees (yaw 0 = +z, 90 = -x; positive pitch looks down). */
export function lookDirection(yawDeg: number, pitchDeg: number): Vec3 {
  const yaw = (yawDeg * Math.PI) / 180;
  const pitch = (pitchDeg * Math.PI) / 180;
  const c = Math.cos(pitch);
  return { x: -Math.sin(yaw) * c, y: -Math.sin(pitch), z: Math.cos(yaw) * c };
}
