/**
 * Where a rising ray has left everything behind: a time after which every cell it enters lies
 * above the top of its column, so it can only meet air and will end in the sky. Half of a frame's
 * ray steps used to be spent by such rays crossing air above the ground on their way out of the
 * view distance; stopping them here changes no pixel (air cells leave a ray as it is).
 *
 * It walks the window's coarse tiles (TILE × TILE columns, each with its highest top) along the
 * ray's horizontal path. In a tile whose highest top is M, a cell entered at time t has
 * y ≥ eye.y + dy·t − 1, so it is above M once t ≥ (M + 2 − eye.y) / dy. The ray is clear after the
 * latest of these times over the tiles it crosses (or the time it leaves a tile, whichever comes
 * first), plus half a block for rounding between this walk and the cell walk.
 */
import { TILE, TILE_SHIFT, type LocalTops } from '../senses/opaque-heightmap.js';

/** Slack between this walk's tile boundaries and the cell walk's (far more than rounding needs). */
const MARGIN = 0.5;

/**
 * For a ray from (ex, ey, ez) along the unit (dx, dy, dz) with dy > 0, a time after which it meets
 * only air, or `tMax` when that is sooner or cannot be told (the ray leaves the window). `ceiling`
 * is the highest top in the window.
 */
export function clearAfter(tops: LocalTops, ex: number, ey: number, ez: number, dx: number, dy: number, dz: number, tMax: number, ceiling: number): number {
  const { x0, z0, tiles, tileMax } = tops;
  // Past this the ray is above every column of the window: no tile beyond it matters.
  const tAbove = (ceiling + 2 - ey) / dy;
  const tStop = tAbove < tMax ? tAbove : tMax;
  let tx = (Math.floor(ex) - x0) >> TILE_SHIFT;
  let tz = (Math.floor(ez) - z0) >> TILE_SHIFT;
  const sx = dx > 0 ? 1 : -1;
  const sz = dz > 0 ? 1 : -1;
  const tdx = dx === 0 ? Infinity : TILE / Math.abs(dx);
  const tdz = dz === 0 ? Infinity : TILE / Math.abs(dz);
  let tmx = dx === 0 ? Infinity : (x0 + (dx > 0 ? tx + 1 : tx) * TILE - ex) / dx;
  let tmz = dz === 0 ? Infinity : (z0 + (dz > 0 ? tz + 1 : tz) * TILE - ez) / dz;
  let clear = 0;
  while (true) {
    if (tx < 0 || tz < 0 || tx >= tiles || tz >= tiles) return tMax;
    const leave = tmx < tmz ? tmx : tmz;
    const above = (tileMax[tx * tiles + tz]! + 2 - ey) / dy;
    const c = above < leave ? above : leave;
    if (c > clear) clear = c;
    if (leave >= tStop) break;
    if (tmx < tmz) { tx += sx; tmx += tdx; } else { tz += sz; tmz += tdz; }
  }
  const t = clear + MARGIN;
  return t < tMax ? t : tMax;
}
