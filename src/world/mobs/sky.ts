/**
 * Cheap sky and sight tests on the block grid (no light engine): which blocks stop sunlight, whether
 * anything covers a position, and whether a straight line between two points is clear.
 */
import type { Vec3 } from '../../core/vec3.js';
import type { Registry } from '../registry.js';
import { MAX_Y } from '../terrain/generator.js';
import type { World } from '../world.js';

const blockersCache = new WeakMap<Registry, Uint8Array>();

/** stateId -> 1 when the block shades what is below it: solid blocks except glass, and fluids. */
export function skyBlockers(reg: Registry): Uint8Array {
  let t = blockersCache.get(reg);
  if (t) return t;
  t = new Uint8Array(reg.solidByState.length);
  for (const b of reg.data.blocksArray) {
    const shades = (b.boundingBox === 'block' && !b.name.includes('glass')) || b.name === 'water' || b.name === 'lava';
    if (!shades) continue;
    for (let s = b.minStateId ?? b.id; s <= (b.maxStateId ?? b.id); s++) t[s] = 1;
  }
  blockersCache.set(reg, t);
  return t;
}

/** Whether a shading block sits in the column above (x, y, z), from y up to y + maxUp (capped at the build limit). */
export function coveredAbove(world: World, x: number, y: number, z: number, maxUp: number = MAX_Y): boolean {
  const blockers = skyBlockers(world.registry);
  const top = Math.min(MAX_Y, y + maxUp);
  for (let yy = y; yy <= top; yy++) if (blockers[world.blocks.get(x, yy, z)] === 1) return true;
  return false;
}

/** Whether the segment from `a` to `b` passes no solid block (sampled every quarter block). */
export function clearLine(world: World, a: Vec3, b: Vec3): boolean {
  const dx = b.x - a.x, dy = b.y - a.y, dz = b.z - a.z;
  const steps = Math.ceil(Math.sqrt(dx * dx + dy * dy + dz * dz) * 4);
  const solid = world.registry.solidByState;
  for (let i = 1; i < steps; i++) {
    const t = i / steps;
    if (solid[world.blocks.get(Math.floor(a.x + dx * t), Math.floor(a.y + dy * t), Math.floor(a.z + dz * t))] === 1) return false;
  }
  return true;
}
