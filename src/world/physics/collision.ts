/**
 * Axis-aligned movement against the voxel grid. An entity is a box (width x height x width) whose
 * `pos` is the centre of its feet; solid blocks are full unit cubes (physics-lite: slabs, stairs and
 * fences count as full blocks or as air by their minecraft-data bounding box).
 */
import type { EntityBase } from '../entities/entity.js';

export type SolidAt = (x: number, y: number, z: number) => boolean;

/** Moves shorter than this along an axis are dropped (and gaps this small count as touching). */
export const MOVE_EPSILON = 1e-7;
const EPS = MOVE_EPSILON;

/**
 * Moves `e` by `d` along one axis, stopping at the first solid block; returns the distance moved.
 * Axis 0 = x, 1 = y, 2 = z.
 */
export function moveAxis(e: EntityBase, axis: 0 | 1 | 2, d: number, solid: SolidAt): number {
  if (d === 0) return 0;
  const hw = e.width / 2;
  const minX = e.pos.x - hw, maxX = e.pos.x + hw;
  const minY = e.pos.y, maxY = e.pos.y + e.height;
  const minZ = e.pos.z - hw, maxZ = e.pos.z + hw;
  let allowed = d;
  if (axis === 1) {
    const x0 = Math.floor(minX + EPS), x1 = Math.floor(maxX - EPS);
    const z0 = Math.floor(minZ + EPS), z1 = Math.floor(maxZ - EPS);
    if (d < 0) {
      const yFrom = Math.floor(minY - EPS), yTo = Math.floor(minY + d);
      for (let y = yFrom; y >= yTo; y--) {
        if (anySolidXZ(x0, x1, z0, z1, y, solid)) { allowed = Math.max(d, y + 1 - minY); break; }
      }
    } else {
      const yFrom = Math.floor(maxY + EPS), yTo = Math.floor(maxY + d);
      for (let y = yFrom; y <= yTo; y++) {
        if (anySolidXZ(x0, x1, z0, z1, y, solid)) { allowed = Math.min(d, y - maxY); break; }
      }
    }
    if (Math.abs(allowed) < EPS) allowed = 0;
    e.pos.y += allowed;
    return allowed;
  }
  const y0 = Math.floor(minY + EPS), y1 = Math.floor(maxY - EPS);
  if (axis === 0) {
    const z0 = Math.floor(minZ + EPS), z1 = Math.floor(maxZ - EPS);
    if (d < 0) {
      for (let x = Math.floor(minX - EPS); x >= Math.floor(minX + d); x--) {
        if (anySolidYZ(x, y0, y1, z0, z1, solid)) { allowed = Math.max(d, x + 1 - minX); break; }
      }
    } else {
      for (let x = Math.floor(maxX + EPS); x <= Math.floor(maxX + d); x++) {
        if (anySolidYZ(x, y0, y1, z0, z1, solid)) { allowed = Math.min(d, x - maxX); break; }
      }
    }
    if (Math.abs(allowed) < EPS) allowed = 0;
    e.pos.x += allowed;
  } else {
    const x0 = Math.floor(minX + EPS), x1 = Math.floor(maxX - EPS);
    if (d < 0) {
      for (let z = Math.floor(minZ - EPS); z >= Math.floor(minZ + d); z--) {
        if (anySolidXY(x0, x1, y0, y1, z, solid)) { allowed = Math.max(d, z + 1 - minZ); break; }
      }
    } else {
      for (let z = Math.floor(maxZ + EPS); z <= Math.floor(maxZ + d); z++) {
        if (anySolidXY(x0, x1, y0, y1, z, solid)) { allowed = Math.min(d, z - maxZ); break; }
      }
    }
    if (Math.abs(allowed) < EPS) allowed = 0;
    e.pos.z += allowed;
  }
  return allowed;
}

function anySolidXZ(x0: number, x1: number, z0: number, z1: number, y: number, solid: SolidAt): boolean {
  for (let x = x0; x <= x1; x++) for (let z = z0; z <= z1; z++) if (solid(x, y, z)) return true;
  return false;
}
function anySolidYZ(x: number, y0: number, y1: number, z0: number, z1: number, solid: SolidAt): boolean {
  for (let y = y0; y <= y1; y++) for (let z = z0; z <= z1; z++) if (solid(x, y, z)) return true;
  return false;
}
function anySolidXY(x0: number, x1: number, y0: number, y1: number, z: number, solid: SolidAt): boolean {
  for (let x = x0; x <= x1; x++) for (let y = y0; y <= y1; y++) if (solid(x, y, z)) return true;
  return false;
}

/** Whether the entity's box overlaps any solid block (used to refuse placing a block into an entity). */
export function overlapsBlock(e: EntityBase, bx: number, by: number, bz: number): boolean {
  const hw = e.width / 2;
  return (
    e.pos.x + hw > bx + EPS && e.pos.x - hw < bx + 1 - EPS &&
    e.pos.y + e.height > by + EPS && e.pos.y < by + 1 - EPS &&
    e.pos.z + hw > bz + EPS && e.pos.z - hw < bz + 1 - EPS
  );
}
