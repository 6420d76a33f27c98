/** How far a player reaches: vanilla survival block reach, measured from the eyes to the block centre. */
import { PLAYER_EYE_HEIGHT } from '../../core/body.js';
import type { Vec3 } from '../../core/vec3.js';
import type { Player } from '../entities/entity.js';
import { fail, type BlockFailure } from './result.js';

/** Vanilla survival block interaction range (Java 1.20: 4.5 blocks). */
export const BLOCK_REACH = 4.5;

/** Squared distance from the player's eyes to the centre of block `pos`. */
export function eyeDistanceSq(player: Player, pos: Vec3): number {
  const dx = pos.x + 0.5 - player.pos.x;
  const dy = pos.y + 0.5 - (player.pos.y + PLAYER_EYE_HEIGHT);
  const dz = pos.z + 0.5 - player.pos.z;
  return dx * dx + dy * dy + dz * dz;
}

export function withinReach(player: Player, pos: Vec3): boolean {
  return eyeDistanceSq(player, pos) <= BLOCK_REACH * BLOCK_REACH;
}

/** A `too_far` failure when `pos` is out of reach, else null. */
export function reachFailure(player: Player, pos: Vec3, what: string): BlockFailure | null {
  if (withinReach(player, pos)) return null;
  const d = Math.sqrt(eyeDistanceSq(player, pos)).toFixed(1);
  return fail('too_far', `the ${what} at ${pos.x},${pos.y},${pos.z} is ${d} blocks from your eyes; reach is ${BLOCK_REACH}. Move closer first.`);
}

/** Rejects non-integer block coordinates (a caller bug, not an agent mistake). */
export function isBlockPos(pos: Vec3): boolean {
  return Number.isInteger(pos.x) && Number.isInteger(pos.y) && Number.isInteger(pos.z);
}
