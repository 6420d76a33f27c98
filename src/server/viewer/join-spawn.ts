/**
 * Where a person joining a live episode as an extra player appears: beside the first player, at the centre of the
 * nearest block column whose feet and head cells are free and whose floor is solid. Appearing at a block corner next
 * to an agent (the earlier rule) put the newcomer inside the tree that agent was chopping, where it could not move.
 */
import type { Vec3 } from '../../core/vec3.js';
import type { World } from '../../world/index.js';

/** How far (in blocks, a square ring at a time) the search for a free column goes before giving up. */
const SEARCH_RINGS = 6;

/** A free standing place near `near` (feet height kept), or `near`'s own column centre when none is found. */
export function joinSpawn(world: World, near: Vec3): Vec3 {
  const bx = Math.floor(near.x);
  const y = Math.floor(near.y);
  const bz = Math.floor(near.z);
  const free = (x: number, z: number): boolean => !world.isSolid(x, y, z) && !world.isSolid(x, y + 1, z) && world.isSolid(x, y - 1, z);
  for (let r = 1; r <= SEARCH_RINGS; r++) {
    for (let dx = -r; dx <= r; dx++) {
      for (let dz = -r; dz <= r; dz++) {
        if (Math.max(Math.abs(dx), Math.abs(dz)) !== r) continue;
        if (free(bx + dx, bz + dz)) return { x: bx + dx + 0.5, y, z: bz + dz + 0.5 };
      }
    }
  }
  return { x: bx + 0.5, y, z: bz + 0.5 };
}
