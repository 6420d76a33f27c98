/**
 * A viewer's horizon by direction: how steeply a ray from its eyes must climb (or how shallowly it
 * may fall) to pass over every column up to a given horizontal distance in a given direction. A
 * block scan asks it first for each ray; the part of the ray it vouches for is not walked, and the
 * exact column walk (line-of-sight.ts) only covers the last stretch before the target. Over open
 * ground that stretch is a block or two, where a full walk crosses twenty columns or more.
 *
 * Why it is exact: a column q whose highest sight-blocking block is `top` is cleared by a ray of
 * slope s (height gained per block of horizontal distance) wherever the ray crosses it iff
 * oy + s·h >= top + 1 for every horizontal distance h the ray has inside q. With A = top + 1 - oy,
 * that holds for all h in [dmin(q), dmax(q)] (the nearest and farthest points of q from the eyes)
 * when s >= R(q) = A / dmax(q) for A <= 0, or A / dmin(q) for A > 0. A straight ray from the eyes
 * keeps one direction, so it only crosses columns whose angular extent contains that direction:
 * each column's R is recorded in every direction sector it overlaps, at the ring of its dmin, and
 * a prefix maximum over rings answers "does slope s clear every column nearer than h" at once.
 * A falling segment never dips below its end point, so it also clears every column whose top is
 * at least a block below that end: a prefix maximum of tops answers that for a whole segment.
 * A column the horizon vouches for is one the column walk would also pass without reading a block.
 */
import type { Vec3 } from '../../core/vec3.js';
import { NO_TOP, type LocalTops } from './opaque-heightmap.js';

/** Direction sectors around the eyes. */
const SECTORS = 64;
/** Width of a distance ring, in blocks. */
const RING = 0.5;
/** Slack on a column's angular extent, so a ray through a column's corner is never missed by rounding. */
const ANGLE_SLACK = 1e-9;
/**
 * Columns whose nearest point is within this many blocks of the eyes are recorded one by one. At 12
 * rather than 6 the build records ~450 single columns instead of ~110 (and fewer 2 × 2 cells), and
 * the claims reach nearer the targets: on the world bench's agents the walks past them cross ~30%
 * fewer columns (range 16: ~4,070 → ~2,890 per observation; range 32: ~32,000 → ~26,100) and ~40
 * more blocks are settled by the top-face test, which pays for the bigger build at both ranges
 * (docs/world-performance.md, "Range 16").
 */
const INNER_REACH = 12;
/** Farther out, 2 × 2 cells are recorded, from those whose nearest point is this far (see `build`). */
const OUTER_FROM = 9;

/**
 * A monotone stand-in for the angle of (dx, dz) around the eyes, in [0, 4): cheaper than atan2 and
 * good enough for sectors, which only need the order of directions. 0 is +x; it grows toward +z.
 */
function pseudoAngle(dx: number, dz: number): number {
  const s = (dx < 0 ? -dx : dx) + (dz < 0 ? -dz : dz);
  if (s === 0) return 0;
  const p = dz / s;
  return dx >= 0 ? (p >= 0 ? p : 4 + p) : 2 - p;
}

/** The direction sector of (dx, dz). */
function sectorOf(dx: number, dz: number): number {
  const k = Math.floor(pseudoAngle(dx, dz) * (SECTORS / 4));
  return k < SECTORS ? k : SECTORS - 1;
}

/** Half the z-extent of the columns in a row (nearest x-distance `nx`) whose nearest point is within reach; negative when none is. */
function bandHalfWidth(reach2: number, nx: number): number {
  const half = reach2 - nx * nx;
  return half < 0 ? -1 : Math.sqrt(half);
}

export class Horizon {
  private reach = 0;
  private oy = 0;
  /**
   * Per ring, per sector (ring * SECTORS + sector, so a cell's sectors, which `build` writes in
   * turn, are adjacent in memory, and the prefix pass runs row after row): the highest R of the
   * columns that start in that ring, then (after `build`) the prefix maximum over rings.
   */
  private need = new Float64Array(0);
  /**
   * Per sector, per ring (same layout): the highest top of the columns that start in that ring,
   * then (after `build`) in that ring or a nearer one.
   */
  private highest = new Int16Array(0);
  private west = new Float64Array(0);
  private east = new Float64Array(0);
  /** Whether the last `build` succeeded (a viewer with its eyes inside a sight-blocking column gets no horizon). */
  private ready = false;

  /**
   * Records every column of `tops` within `reach` horizontal blocks of `eye`. `tops` must hold
   * those columns (the scan's window does).
   */
  build(tops: LocalTops, eye: Vec3, reach: number): void {
    const ox = eye.x;
    const oy = eye.y;
    const oz = eye.z;
    this.oy = oy;
    this.reach = reach;
    const rings = Math.ceil(reach / RING) + 2;
    if (this.need.length < SECTORS * rings) {
      this.need = new Float64Array(SECTORS * rings);
      this.highest = new Int16Array(SECTORS * rings);
    }
    const need = this.need;
    need.fill(-Infinity, 0, SECTORS * rings);
    this.highest.fill(NO_TOP, 0, SECTORS * rings);
    const reach2 = reach * reach;
    // Tops say nothing above their cap, so eyes above it get no horizon (the column walk then falls
    // back to reading voxels); nor do eyes outside the window.
    const xi = Math.floor(ox) - tops.x0;
    const zi = Math.floor(oz) - tops.z0;
    this.ready = oy < tops.yCap + 1 && xi >= 0 && zi >= 0 && xi < tops.size && zi < tops.size;
    if (!this.ready) return;
    // Near the eyes every column on its own; farther out 2 × 2 blocks of columns, each recorded
    // as one cell with its highest top over its whole extent. A cell's R is never below that of
    // any column in it, nor its ring beyond (higher top, nearer nearest point, farther farthest
    // point, wider angular extent), so its claims stay safe; it vouches a little less, and the per-ray walk makes up the difference.
    // A cell nearer than OUTER_FROM is left to the first pass: all its columns lie within
    // OUTER_FROM + 2√2 < INNER_REACH, where that pass records every column (and a column the first
    // pass leaves out lies in a cell whose nearest point is at least INNER_REACH − 2√2 > OUTER_FROM).
    if (!this.recordCells(tops, ox, oy, oz, 1, -1, Math.min(reach2, INNER_REACH * INNER_REACH))) {
      this.ready = false; // the eyes' own column rises above them: nothing to vouch for
      return;
    }
    this.recordCells(tops, ox, oy, oz, 2, OUTER_FROM * OUTER_FROM, reach2);
    const highest = this.highest;
    // Prefix maxima over rings, a whole row of sectors at a time (no iteration waits on the last).
    const total = rings * SECTORS;
    for (let i = SECTORS; i < total; i++) {
      const m = need[i - SECTORS]!;
      if (m > need[i]!) need[i] = m;
      const h = highest[i - SECTORS]!;
      if (h > highest[i]!) highest[i] = h;
    }
  }

  /** Drops the last build: until the next one, nothing is vouched for (every ray is walked whole). */
  forget(): void {
    this.ready = false;
  }

  /**
   * Records the `cell` × `cell` blocks of columns of `tops` whose nearest point lies at a squared
   * horizontal distance in [lo2, hi2] from the eyes. Returns false when a cell holding the eyes
   * rises above them.
   */
  private recordCells(tops: LocalTops, ox: number, oy: number, oz: number, cell: number, lo2: number, hi2: number): boolean {
    const { x0, z0, size, data } = tops;
    const scale = SECTORS / 4;
    const cells = Math.ceil(size / cell);
    // Pseudo-angles of the cell corners, one row of corners at a time: each corner is shared by
    // four cells, so it is computed once. `west` holds the corners on a row's west edge, `east` on
    // its east edge (the next row's west edge).
    if (this.west.length < cells + 1) {
      this.west = new Float64Array(cells + 1);
      this.east = new Float64Array(cells + 1);
    }
    let west = this.west;
    let east = this.east;
    const far = Math.sqrt(hi2);
    // Only rows of cells whose nearest point can be within `hi2`.
    const icLo = Math.max(0, Math.floor((ox - far - x0) / cell) - 1);
    const icHi = Math.min(cells - 1, Math.floor((ox + far - x0) / cell) + 1);
    for (let jc = 0; jc <= cells; jc++) west[jc] = pseudoAngle(x0 + icLo * cell - ox, z0 + jc * cell - oz);
    for (let ic = icLo; ic <= icHi; ic++) {
      const x1 = x0 + ic * cell - ox; // the cell's west edge relative to the eyes
      const x2 = x1 + cell;
      const nx = x1 > 0 ? x1 : x2 < 0 ? -x2 : 0;
      const fx = -x1 > x2 ? -x1 : x2;
      // Only the cells whose nearest point is within reach: a band of the row around the eyes.
      // The east corners are needed for this band and for the next row's (it shares them).
      const w = bandHalfWidth(hi2, nx);
      const wNext = bandHalfWidth(hi2, x2 > 0 ? x2 : x2 + cell < 0 ? -(x2 + cell) : 0);
      const wCorners = w > wNext ? w : wNext;
      const cLo = Math.max(0, Math.floor((oz - wCorners - z0) / cell));
      const cHi = Math.min(cells, Math.floor((oz + wCorners - z0) / cell) + 1);
      for (let jc = cLo; jc <= cHi; jc++) east[jc] = pseudoAngle(x2, z0 + jc * cell - oz);
      if (w >= 0) {
        const jcLo = Math.max(0, Math.floor((oz - w - z0) / cell));
        const jcHi = Math.min(cells - 1, Math.floor((oz + w - z0) / cell));
        for (let jc = jcLo; jc <= jcHi; jc++) {
          let top: number;
          if (cell === 1) top = data[ic * size + jc]!;
          else {
            const ix = ic * cell;
            const iz = jc * cell;
            top = data[ix * size + iz]!;
            const zIn = iz + 1 < size;
            if (zIn && data[ix * size + iz + 1]! > top) top = data[ix * size + iz + 1]!;
            if (ix + 1 < size) {
              if (data[(ix + 1) * size + iz]! > top) top = data[(ix + 1) * size + iz]!;
              if (zIn && data[(ix + 1) * size + iz + 1]! > top) top = data[(ix + 1) * size + iz + 1]!;
            }
          }
          if (top === NO_TOP) continue; // nothing in it blocks sight
          const z1 = z0 + jc * cell - oz;
          const z2 = z1 + cell;
          const nz = z1 > 0 ? z1 : z2 < 0 ? -z2 : 0;
          const dmin2 = nx * nx + nz * nz;
          if (dmin2 > hi2 || dmin2 < lo2) continue;
          const a = top + 1 - oy;
          const dmin = Math.sqrt(dmin2);
          let r: number;
          if (a > 0) {
            if (dmin === 0) return false;
            r = a / dmin;
          } else {
            const fz = -z1 > z2 ? -z1 : z2;
            r = a / Math.sqrt(fx * fx + fz * fz);
          }
          const ring = (dmin / RING) | 0;
          if (nx === 0 && nz === 0) {
            this.record(0, SECTORS - 1, ring, r, top);
            continue;
          }
          const a11 = west[jc]!;
          const a12 = west[jc + 1]!;
          const a21 = east[jc]!;
          const a22 = east[jc + 1]!;
          if (z1 < 0 && z2 >= 0 && x1 > 0) {
            // The cell straddles the +x direction, where the angle wraps from 4 to 0, or touches it
            // from the −z side (z2 = 0, eyes on a block edge): its corners on that edge have angle 0,
            // which is 4 here; taken as 0 they would give the cell every sector but its own.
            const lo = (a11 < a21 ? a11 : a21) - ANGLE_SLACK;
            const hi = (a12 > a22 ? a12 : a22) + ANGLE_SLACK;
            this.record(Math.floor(lo * scale), SECTORS - 1, ring, r, top);
            this.record(0, Math.min(SECTORS - 1, Math.floor(hi * scale)), ring, r, top);
          } else {
            let lo = a11 < a12 ? a11 : a12;
            if (a21 < lo) lo = a21;
            if (a22 < lo) lo = a22;
            let hi = a11 > a12 ? a11 : a12;
            if (a21 > hi) hi = a21;
            if (a22 > hi) hi = a22;
            lo -= ANGLE_SLACK;
            hi += ANGLE_SLACK;
            if (lo < 0) this.record(Math.floor((lo + 4) * scale), SECTORS - 1, ring, r, top);
            if (hi >= 4) this.record(0, Math.floor((hi - 4) * scale), ring, r, top);
            this.record(lo < 0 ? 0 : Math.floor(lo * scale), hi >= 4 ? SECTORS - 1 : Math.floor(hi * scale), ring, r, top);
          }
        }
      }
      const t = west;
      west = east;
      east = t;
    }
    return true;
  }

  private record(k0: number, k1: number, ring: number, r: number, top: number): void {
    const need = this.need;
    const highest = this.highest;
    const end = ring * SECTORS + k1;
    for (let i = ring * SECTORS + k0; i <= end; i++) {
      if (r > need[i]!) need[i] = r;
      if (top > highest[i]!) highest[i] = top;
    }
  }

  /**
   * Whether every column a segment from the eyes could cross, out to `dh` horizontal blocks along
   * (dx, dz), has its top at or below `limit`. A falling segment whose end is above `limit` + 1
   * then passes over all of them: it never dips below its end point.
   */
  clearsTops(dx: number, dz: number, dh: number, limit: number): boolean {
    if (!this.ready || dh < 2 * RING || dh > this.reach) return false;
    return this.highest[Math.floor(dh / RING) * SECTORS + sectorOf(dx, dz)]! <= limit;
  }

  /**
   * How far (horizontally, in blocks) a segment from the eyes along (dx, dy, dz), whose horizontal
   * length is `dh`, is known to pass over every column: a ring boundary (0 when nothing can be
   * vouched for), or Infinity when the whole segment is. Every column with a point nearer than
   * the returned distance is cleared by the segment.
   */
  clearTo(dx: number, dy: number, dz: number, dh: number): number {
    if (!this.ready || dh < 2 * RING || dh > this.reach) return 0; // beyond `reach` no column was recorded
    const last = Math.floor(dh / RING);
    const k = sectorOf(dx, dz);
    // Most rays down to the ground are vouched for by height at once (`clearsTops`; the slope test
    // below is pessimistic for them: it assumes the ray goes on past the target).
    if (dy <= 0 && this.highest[last * SECTORS + k]! <= Math.floor(dy + this.oy) - 1) return Infinity;
    const s = dy / dh;
    const need = this.need;
    let lo = last;
    if (need[(lo - 1) * SECTORS + k]! > s) {
      // The largest i with need[ring i-1] <= s (prefix maxima grow with i): binary search.
      lo = 0;
      let hi = last - 1;
      while (lo < hi) {
        const mid = (lo + hi + 1) >> 1;
        if (need[(mid - 1) * SECTORS + k]! <= s) lo = mid;
        else hi = mid - 1;
      }
    }
    return lo * RING;
  }
}
