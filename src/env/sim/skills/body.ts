/**
 * Small facts about the agent's body that every sim skill needs: which block its feet are in,
 * letting go of the controls, turning the head toward a point, and naming positions in messages.
 */
import type { Vec3 } from '../../../core/vec3.js';
import type { Player } from '../../../world/index.js';
import { eyePosition } from '../../../skills/senses/index.js';

/** The block the feet are in (the pathfinder's node for the agent). */
export const feetBlock = (p: { pos: Vec3 }): Vec3 => ({ x: Math.floor(p.pos.x), y: Math.floor(p.pos.y + 1e-3), z: Math.floor(p.pos.z) });

/** Releases every movement key, so a stopped skill leaves the agent standing still. */
export function releaseControls(p: Player): void {
  const c = p.controls;
  c.forward = 0;
  c.strafe = 0;
  c.jump = false;
  c.sprint = false;
  c.sneak = false;
}

const RAD_TO_DEG = 180 / Math.PI;

/** Turns the head toward a point (Minecraft angles: yaw 0 = +z, 90 = -x; positive pitch looks down). */
export function faceToward(p: Player, point: Vec3): { yaw: number; pitch: number } {
  const eye = eyePosition(p);
  const dx = point.x - eye.x, dy = point.y - eye.y, dz = point.z - eye.z;
  const horizontal = Math.hypot(dx, dz);
  if (horizontal > 1e-6) p.yaw = Math.atan2(-dx, dz) * RAD_TO_DEG;
  p.pitch = -Math.atan2(dy, horizontal) * RAD_TO_DEG;
  return { yaw: p.yaw, pitch: p.pitch };
}

/** The centre of a block, for facing and distances. */
export const centreOf = (b: Vec3): Vec3 => ({ x: b.x + 0.5, y: b.y + 0.5, z: b.z + 0.5 });

export const fmtPos = (p: Vec3): string => `${round(p.x)},${round(p.y)},${round(p.z)}`;
const round = (v: number): number => Math.round(v * 10) / 10;

/** Plain-data copy of a position (results must not alias live entity state). */
export const copyPos = (p: Vec3): Vec3 => ({ x: p.x, y: p.y, z: p.z });
