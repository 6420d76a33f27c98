/**
 * Positions and angles between mineflayer and guildcraft. guildcraft speaks Minecraft's own
 * convention in degrees (yaw 0 = +z/south, 90 = −x/west; positive pitch looks down); mineflayer
 * stores radians with yaw = π − notchian yaw and pitch = −notchian pitch (mineflayer's
 * lib/conversions.js), so both directions are converted here and nowhere else.
 */
import type { Bot } from 'mineflayer';
import { Vec3 } from 'vec3';
import type { Vec3 as PlainVec3 } from '../../core/vec3.js';

export const PLAYER_EYE_HEIGHT = 1.62;

export const plain = (v: { x: number; y: number; z: number }): PlainVec3 => ({ x: v.x, y: v.y, z: v.z });
export const toVec3 = (v: PlainVec3): Vec3 => new Vec3(v.x, v.y, v.z);
export const blockPos = (v: PlainVec3): PlainVec3 => ({ x: Math.floor(v.x), y: Math.floor(v.y), z: Math.floor(v.z) });

const wrap180 = (deg: number): number => {
  const d = ((((deg + 180) % 360) + 360) % 360) - 180;
  return d === -180 ? 180 : d;
};

export const yawDegrees = (mineflayerYaw: number): number => wrap180(180 - (mineflayerYaw * 180) / Math.PI);
export const pitchDegrees = (mineflayerPitch: number): number => (-mineflayerPitch * 180) / Math.PI;
export const mineflayerYaw = (yawDeg: number): number => Math.PI - (yawDeg * Math.PI) / 180;
export const mineflayerPitch = (pitchDeg: number): number => (-pitchDeg * Math.PI) / 180;

export function eyeOf(bot: Bot): PlainVec3 {
  const p = bot.entity.position;
  return { x: p.x, y: p.y + PLAYER_EYE_HEIGHT, z: p.z };
}

/** Unit look vector in world space from Minecraft yaw/pitch in degrees. */
export function lookVector(yawDeg: number, pitchDeg: number): PlainVec3 {
  const yaw = (yawDeg * Math.PI) / 180;
  const pitch = (pitchDeg * Math.PI) / 180;
  const c = Math.cos(pitch);
  return { x: -Math.sin(yaw) * c, y: -Math.sin(pitch), z: Math.cos(yaw) * c };
}

export function distance(a: PlainVec3, b: PlainVec3): number {
  return Math.hypot(a.x - b.x, a.y - b.y, a.z - b.z);
}

export const round1 = (n: number): number => Math.round(n * 10) / 10;
export const round2 = (n: number): number => Math.round(n * 100) / 100;
