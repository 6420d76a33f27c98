/** Box helpers for events: random spots from a seeded stream, membership, solid ground. */
import type { Vec3 } from '../../core/vec3.js';
import type { Registry, Rng } from '../../world/index.js';
import type { Box } from '../spec/common.js';

export function randomColumn(box: Box, rng: Rng): { x: number; z: number } {
  return { x: rng.int(box.min.x, box.max.x), z: rng.int(box.min.z, box.max.z) };
}

/** Inside the box, comparing the block an entity stands in (floored position). */
export function inBox(pos: Vec3, box: Box): boolean {
  const x = Math.floor(pos.x);
  const y = Math.floor(pos.y);
  const z = Math.floor(pos.z);
  return x >= box.min.x && x <= box.max.x && y >= box.min.y && y <= box.max.y && z >= box.min.z && z <= box.max.z;
}

/** Blocks an event may overwrite: nothing an agent placed or a task built. */
export const REPLACEABLE = ['air', 'cave_air'];

export function isAirName(name: string): boolean {
  return name === 'air' || name === 'cave_air' || name === 'void_air';
}

/** A full block an entity can stand on (stone, planks), not air, fluid, plants or snow layers. */
export function isSolidName(registry: Registry, name: string): boolean {
  if (!registry.isBlock(name)) return false;
  return registry.block(name).boundingBox === 'block' && name !== 'water' && name !== 'lava';
}

/** A player standing at `entityPos` fills its feet block and the one above (its head). */
export function occupies(entityPos: Vec3, block: Vec3): boolean {
  const y = Math.floor(entityPos.y);
  return Math.floor(entityPos.x) === block.x && Math.floor(entityPos.z) === block.z && (y === block.y || y + 1 === block.y);
}
