/**
 * Line of sight by voxel ray casting (Amanatides & Woo, "A Fast Voxel Traversal Algorithm", 1987):
 * the ray visits every block it crosses, in order, and is stopped by the first block sight does not
 * pass through (`registry.seeThroughByState`: air, glass, leaves, plants and fluids let it through).
 * Entities never block sight.
 */
import type { Vec3 } from '../../core/vec3.js';
import type { BodyPort, BodyEntity } from '../body-port.js';
import { eyePosition } from './eyes.js';
import { REGION_SHIFT, TILE_SHIFT, withCoarseLevels, type LocalTops } from './opaque-heightmap.js';

/** Bits of a block's six faces, shared with the exposed-block cache. */
export const FACE_POS_X = 1;
export const FACE_NEG_X = 2;
export const FACE_POS_Y = 4;
export const FACE_NEG_Y = 8;
export const FACE_POS_Z = 16;
export const FACE_NEG_Z = 32;
export const ALL_FACES = 63;

/** How far outside a face the face rays aim, so they end in the neighbouring (see-through) block. */
export const FACE_EPSILON = 1e-3;

/**
 * Whether the segment from `o` to `t` is unobstructed. With a target block (`hasTarget`), the ray
 * succeeds as soon as it enters that block. The block holding the origin (the eyes) is not tested;
 * the block holding the end point is.
 */
export function segmentClear(
  world: BodyPort,
  ox: number, oy: number, oz: number,
  tx: number, ty: number, tz: number,
  hasTarget = false, bx = 0, by = 0, bz = 0,
): boolean {
  const seeThrough = world.registry.seeThroughByState;
  const blocks = world.blocks;
  let x = Math.floor(ox);
  let y = Math.floor(oy);
  let z = Math.floor(oz);
  const ex = Math.floor(tx);
  const ey = Math.floor(ty);
  const ez = Math.floor(tz);
  if (x === ex && y === ey && z === ez) return true;
  const dx = tx - ox;
  const dy = ty - oy;
  const dz = tz - oz;
  const sx = dx > 0 ? 1 : dx < 0 ? -1 : 0;
  const sy = dy > 0 ? 1 : dy < 0 ? -1 : 0;
  const sz = dz > 0 ? 1 : dz < 0 ? -1 : 0;
  // Crossing times from a formula per boundary (as in segmentClearOverTops, so both walks break
  // ties at block edges and corners identically), not from a running sum.
  const idx = 1 / dx;
  const idy = 1 / dy;
  const idz = 1 / dz;
  const offX = sx > 0 ? 1 : 0;
  const offY = sy > 0 ? 1 : 0;
  const offZ = sz > 0 ? 1 : 0;
  let tmx = sx !== 0 ? (x + offX - ox) * idx : Infinity;
  let tmy = sy !== 0 ? (y + offY - oy) * idy : Infinity;
  let tmz = sz !== 0 ? (z + offZ - oz) * idz : Infinity;
  // Each step crosses one block boundary; |dx|+|dy|+|dz|+3 bounds the count even with rounding.
  const maxSteps = Math.abs(ex - x) + Math.abs(ey - y) + Math.abs(ez - z) + 3;
  for (let i = 0; i < maxSteps; i++) {
    let t: number;
    if (tmx < tmy) {
      if (tmx < tmz) { x += sx; t = tmx; tmx = (x + offX - ox) * idx; } else { z += sz; t = tmz; tmz = sz !== 0 ? (z + offZ - oz) * idz : Infinity; }
    } else if (tmy < tmz) { y += sy; t = tmy; tmy = (y + offY - oy) * idy; } else { z += sz; t = tmz; tmz = sz !== 0 ? (z + offZ - oz) * idz : Infinity; }
    if (t > 1) return true; // left the segment inside see-through blocks
    if (hasTarget && x === bx && y === by && z === bz) return true;
    if (seeThrough[blocks.get(x, y, z)] !== 1) return false;
    if (x === ex && y === ey && z === ez) return true;
  }
  return true;
}

/**
 * The same answer as `segmentClear`, computed column by column: a 2D walk over the block columns
 * the segment crosses, reading blocks only where the segment dips to or below the column's highest
 * sight-blocking block (`tops`). Over open ground that is one array read per column instead of
 * one block read per voxel, and a whole region (32×32) or tile (8×8) of columns is jumped over when
 * the segment stays above its highest top. A segment leaving the `tops` window, or rising above the height the tops were
 * scanned for (`yCap`), is walked voxel by voxel instead.
 */
export function segmentClearOverTops(
  world: BodyPort,
  tops: LocalTops,
  ox: number, oy: number, oz: number,
  tx: number, ty: number, tz: number,
  hasTarget = false, bx = 0, by = 0, bz = 0,
): boolean {
  const { x0, z0, size, data } = tops;
  let x = Math.floor(ox);
  let z = Math.floor(oz);
  const ex = Math.floor(tx);
  const ez = Math.floor(tz);
  // The window must hold every column the segment crosses; otherwise walk voxels without it.
  const xlo = (x < ex ? x : ex) - x0;
  const xhi = (x < ex ? ex : x) - x0;
  const zlo = (z < ez ? z : ez) - z0;
  const zhi = (z < ez ? ez : z) - z0;
  if (xlo < 0 || zlo < 0 || xhi >= size || zhi >= size || (oy > ty ? oy : ty) >= tops.yCap + 1) {
    return segmentClear(world, ox, oy, oz, tx, ty, tz, hasTarget, bx, by, bz);
  }
  const { tiles, tileMax, regions, regionMax } = withCoarseLevels(tops);
  const seeThrough = world.registry.seeThroughByState;
  const blocks = world.blocks;
  const originX = x;
  const originY = Math.floor(oy);
  const originZ = z;
  const dx = tx - ox;
  const dy = ty - oy;
  const dz = tz - oz;
  const sx = dx > 0 ? 1 : dx < 0 ? -1 : 0;
  const sz = dz > 0 ? 1 : dz < 0 ? -1 : 0;
  const idx = 1 / dx; // ±Infinity on an axis the segment does not move along (never used there)
  const idz = 1 / dz;
  // Boundary crossing times come from a formula (not a running sum), so the time a column is left
  // is a pure function of the column: a skipped tile can be jumped in O(1) and land exactly where
  // stepping through it column by column would have.
  const offX = sx > 0 ? 1 : 0;
  const offZ = sz > 0 ? 1 : 0;
  let tmx = sx !== 0 ? (x + offX - ox) * idx : Infinity;
  let tmz = sz !== 0 ? (z + offZ - oz) * idz : Infinity;
  let yA = oy;
  let tile = -1;
  let region = -1;
  const maxSteps = 2 * (Math.abs(ex - x) + Math.abs(ez - z)) + 8;
  for (let i = 0; i < maxSteps; i++) {
    const xi = x - x0;
    const zi = z - z0;
    const t = (xi >> TILE_SHIFT) * tiles + (zi >> TILE_SHIFT);
    if (t !== tile) {
      tile = t;
      // Entering a tile: skip it whole if the segment stays above its highest top while inside it
      // (every block it passes there is then see-through, the eyes' and the target's included).
      // On entering a region (REGION × REGION columns) try to skip the whole region first.
      const g = (xi >> REGION_SHIFT) * regions + (zi >> REGION_SHIFT);
      let level = TILE_SHIFT;
      let highest = tileMax[t]!;
      if (g !== region) {
        region = g;
        level = REGION_SHIFT;
        highest = regionMax[g]!;
      }
      for (;;) {
        const xLast = x0 + (sx > 0 ? (((xi >> level) + 1) << level) - 1 : (xi >> level) << level); // last column along the travel direction
        const zLast = z0 + (sz > 0 ? (((zi >> level) + 1) << level) - 1 : (zi >> level) << level);
        const txe = sx !== 0 ? (xLast + offX - ox) * idx : Infinity;
        const tze = sz !== 0 ? (zLast + offZ - oz) * idz : Infinity;
        let tTileExit = txe < tze ? txe : tze;
        if (tTileExit > 1) tTileExit = 1;
        const yExit = oy + dy * tTileExit;
        if ((yA < yExit ? yA : yExit) >= highest + 1) {
          if ((txe < tze ? txe : tze) > 1) return true; // (exactly 1: the end point is on the tile's edge, in the next column)
          // Jump to the column after the tile: the one the step-by-step walk (x on tmx < tmz, else z)
          // reaches. Leaving through an x side at txe, it has crossed every z boundary at t <= txe
          // (ties step z first); leaving through a z side at tze, every x boundary at t < tze.
          if (txe < tze) {
            if (sz !== 0) {
              let zn = Math.floor(oz + dz * txe); // a guess, corrected against the exact boundary times
              if ((zn - z) * sz < 0) zn = z;
              else if ((zn - zLast) * sz > 0) zn = zLast;
              while (zn !== z && (zn - sz + offZ - oz) * idz > txe) zn -= sz;
              while (zn !== zLast && (zn + offZ - oz) * idz <= txe) zn += sz;
              z = zn;
              tmz = (z + offZ - oz) * idz;
            }
            x = xLast + sx;
            tmx = (x + offX - ox) * idx;
          } else {
            if (sx !== 0) {
              let xn = Math.floor(ox + dx * tze);
              if ((xn - x) * sx < 0) xn = x;
              else if ((xn - xLast) * sx > 0) xn = xLast;
              while (xn !== x && (xn - sx + offX - ox) * idx >= tze) xn -= sx;
              while (xn !== xLast && (xn + offX - ox) * idx < tze) xn += sx;
              x = xn;
              tmx = (x + offX - ox) * idx;
            }
            z = zLast + sz;
            tmz = (z + offZ - oz) * idz;
          }
          yA = oy + dy * tTileExit;
          break;
        }
        if (level === TILE_SHIFT) break;
        level = TILE_SHIFT; // the region is not clear above: try the tile
        highest = tileMax[t]!;
      }
      if (x - x0 !== xi || z - z0 !== zi) {
        if (x - x0 < 0 || x - x0 >= size || z - z0 < 0 || z - z0 >= size) return true; // rounding: past the end
        continue; // jumped
      }
    }
    const last = x === ex && z === ez;
    let tExit = last ? 1 : tmx < tmz ? tmx : tmz;
    if (tExit > 1) tExit = 1;
    const yB = oy + dy * tExit;
    const top = data[xi * size + zi]!;
    const yMin = yA < yB ? yA : yB;
    // Fast path: the segment stays above everything that blocks sight in this column.
    if (yMin < top + 1 || (hasTarget && x === bx && z === bz)) {
      // Cells the segment occupies in this column (a point exactly on a boundary counts once).
      let lo = Math.floor(yMin + 1e-9);
      let hi = Math.floor((yA < yB ? yB : yA) - 1e-9);
      if (hi < lo) hi = lo;
      const hitsTarget = hasTarget && x === bx && z === bz && by >= lo && by <= hi;
      if (hitsTarget) {
        // Only the cells before the target (in travel order) can hide it.
        if (dy < 0) lo = by + 1;
        else hi = by - 1;
      }
      if (hi > top) hi = top; // everything above the column's top is see-through
      const origin = x === originX && z === originZ;
      for (let y = lo; y <= hi; y++) {
        if (origin && y === originY) continue; // the eyes' own block
        if (seeThrough[blocks.get(x, y, z)] !== 1) return false;
      }
      if (hitsTarget) return true;
    }
    if (last) return true;
    // An end point exactly on this column's far edge lies in the next column, which the voxel walk
    // enters at t = 1 (it stops only past 1): go on into it.
    if (tExit >= 1 && (tmx < tmz ? tmx : tmz) > 1) return true;
    yA = yB;
    if (tmx < tmz) { x += sx; tmx = (x + offX - ox) * idx; } else if (sz !== 0) { z += sz; tmz = (z + offZ - oz) * idz; } else return true; // no horizontal motion left
    if (x - x0 < 0 || x - x0 >= size || z - z0 < 0 || z - z0 >= size) return true; // rounding carried us past the end
  }
  return true;
}

/**
 * Whether a block is visible from an eye point: a ray reaches, before anything opaque, the centre
 * of one of its faces that faces the eye (limited to `faces`, e.g. only faces open to air), or its
 * centre. Face rays go first: for ground seen from above, the top face is what shows, while the ray
 * to the centre grazes the neighbouring blocks.
 */
export function blockVisibleFrom(world: BodyPort, eye: Vec3, bx: number, by: number, bz: number, faces = ALL_FACES, tops?: LocalTops): boolean {
  const ox = eye.x;
  const oy = eye.y;
  const oz = eye.z;
  const cx = bx + 0.5;
  const cy = by + 0.5;
  const cz = bz + 0.5;
  // Face points sit just outside a face the eye is in front of; reaching one means the face shows.
  if (faces & FACE_POS_Y && oy > by + 1 && clear(world, tops, ox, oy, oz, cx, by + 1 + FACE_EPSILON, cz, bx, by, bz)) return true;
  if (faces & FACE_NEG_Y && oy < by && clear(world, tops, ox, oy, oz, cx, by - FACE_EPSILON, cz, bx, by, bz)) return true;
  if (faces & FACE_POS_X && ox > bx + 1 && clear(world, tops, ox, oy, oz, bx + 1 + FACE_EPSILON, cy, cz, bx, by, bz)) return true;
  if (faces & FACE_NEG_X && ox < bx && clear(world, tops, ox, oy, oz, bx - FACE_EPSILON, cy, cz, bx, by, bz)) return true;
  if (faces & FACE_POS_Z && oz > bz + 1 && clear(world, tops, ox, oy, oz, cx, cy, bz + 1 + FACE_EPSILON, bx, by, bz)) return true;
  if (faces & FACE_NEG_Z && oz < bz && clear(world, tops, ox, oy, oz, cx, cy, bz - FACE_EPSILON, bx, by, bz)) return true;
  return clear(world, tops, ox, oy, oz, cx, cy, cz, bx, by, bz);
}

function clear(world: BodyPort, tops: LocalTops | undefined, ox: number, oy: number, oz: number, px: number, py: number, pz: number, bx: number, by: number, bz: number): boolean {
  return tops
    ? segmentClearOverTops(world, tops, ox, oy, oz, px, py, pz, true, bx, by, bz)
    : segmentClear(world, ox, oy, oz, px, py, pz, true, bx, by, bz);
}

/** Faces of block (bx,by,bz) whose outward side the eye is on (the only faces it could see). */
export function facesToward(eye: Vec3, bx: number, by: number, bz: number): number {
  let m = 0;
  if (eye.x > bx + 1) m |= FACE_POS_X;
  else if (eye.x < bx) m |= FACE_NEG_X;
  if (eye.y > by + 1) m |= FACE_POS_Y;
  else if (eye.y < by) m |= FACE_NEG_Y;
  if (eye.z > bz + 1) m |= FACE_POS_Z;
  else if (eye.z < bz) m |= FACE_NEG_Z;
  return m;
}

/** Whether `viewer` can see the point `point` (nothing opaque between its eyes and the point). */
export function canSee(world: BodyPort, viewer: BodyEntity, point: Vec3): boolean {
  const eye = eyePosition(viewer);
  return segmentClear(world, eye.x, eye.y, eye.z, point.x, point.y, point.z);
}

/** Whether `viewer` can see the block at integer position `block` (itself or one of its faces). */
export function canSeeBlock(world: BodyPort, viewer: BodyEntity, block: Vec3): boolean {
  return blockVisibleFrom(world, eyePosition(viewer), Math.floor(block.x), Math.floor(block.y), Math.floor(block.z));
}
