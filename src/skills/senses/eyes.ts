/**
 * Where an entity sees from and which way it looks. Shared by line of sight, perception and the
 * first-person renderer so all three agree on the camera.
 */
import { eyeHeight } from '../../core/body.js';
import type { Vec3 } from '../../core/vec3.js';
import type { BodyEntity } from '../body-port.js';


export { eyeHeight };

export function eyePosition(e: BodyEntity): Vec3 {
  return { x: e.pos.x, y: e.pos.y + eyeHeight(e), z: e.pos.z };
}

/** Unit look vector from Minecraft yaw/pitch in degrees (yaw 0 = +z, 90 = -x; positive pitch looks down). */
export function lookDirection(yawDeg: number, pitchDeg: number): Vec3 {
  const yaw = (yawDeg * Math.PI) / 180;
  const pitch = (pitchDeg * Math.PI) / 180;
  const c = Math.cos(pitch);
  return { x: -Math.sin(yaw) * c, y: -Math.sin(pitch), z: Math.cos(yaw) * c };
}
