/**
 * Line of sight from one eye point to many blocks: what a block scan runs per candidate. It gives
 * the same answers as `blockVisibleFrom(world, eye, …, tops)`, faster, by asking the viewer's
 * horizon (horizon.ts) how much of each ray is known to pass over every column and walking only
 * the rest, column by column, with the same per-column test as `segmentClearOverTops` (from the
 * eyes when nothing is vouched for). Rays that leave the window, or whose unvouched stretch is long
 * or starts on a column edge, take the full walk.
 */
import type { Vec3 } from '../../core/vec3.js';
import type { BodyPort } from '../body-port.js';
import { Horizon } from './horizon.js';
import {
  segmentClearOverTops, FACE_EPSILON,
  FACE_NEG_X, FACE_NEG_Y, FACE_NEG_Z, FACE_POS_X, FACE_POS_Y, FACE_POS_Z,
} from './line-of-sight.js';
import { OpaqueHeightmap, type LocalTops } from './opaque-heightmap.js';

/** A walk resumes this far (in blocks) before the end of the part the horizon vouches for. */
const RESUME_MARGIN = 0.01;
/** Distance from a column edge below which a resumed walk does not trust `Math.floor`. */
const EDGE = 1e-6;
/**
 * Rays whose unvouched stretch is longer than this take the full walk, which can skip whole tiles.
 * On the bench resuming wins at every length seen (up to ~34 blocks; most such rays are blocked
 * and stop soon after the vouched part): with 12 it was ~4% slower overall.
 */
const SHORT_WALK = 48;
/**
 * How far inside the remembered stopping cell a segment must run to be stopped there without a
 * walk: far beyond rounding (~1e-15 of a block), so every walk's own tie-breaking agrees.
 */
const STOP_MARGIN = 1e-6;

export class EyeRays {
  private readonly horizon = new Horizon();
  private world!: BodyPort;
  private tops!: LocalTops;
  private seeThrough!: Uint8Array;
  private ox = 0;
  private oy = 0;
  private oz = 0;
  private originX = 0;
  private originY = 0;
  private originZ = 0;
  /** Whether the eyes' column is inside the window (else every ray takes the full walk, which then walks voxels). */
  private originInWindow = false;
  /**
   * The last cell that stopped a column walk from these eyes (NaN: none yet). The rays to one
   * hidden block, and to its neighbours in scan order, run close together near the eyes, where
   * most of them are stopped (on the world bench ~2.3 stopped rays per hidden block, two thirds
   * stopped 9 or more columns before their end): a ray through this cell is stopped without a walk.
   */
  private stopX = NaN;
  private stopY = NaN;
  private stopZ = NaN;
  /**
   * The block changes the world's column tops had seen when that cell stopped a walk: while they
   * have seen none since, the cell is still what stopped the walk, and is not read again.
   */
  private stopVersion = -1;
  private heights!: OpaqueHeightmap;

  /**
   * Prepares rays from `eye` over `tops`, for blocks up to `reach` horizontal blocks away. Without
   * `horizon` no horizon is built and every ray walks its columns from the eyes: the same answers
   * (the horizon only vouches for columns the walk would pass without a block read), cheaper when
   * only a few dozen rays follow, as for an entity list alone (the horizon's build costs as much as
   * ~200 such walks).
   */
  aim(world: BodyPort, tops: LocalTops, eye: Vec3, reach: number, horizon = true): void {
    this.world = world;
    this.tops = tops;
    this.seeThrough = world.registry.seeThroughByState;
    this.ox = eye.x;
    this.oy = eye.y;
    this.oz = eye.z;
    this.originX = Math.floor(eye.x);
    this.originY = Math.floor(eye.y);
    this.originZ = Math.floor(eye.z);
    const xi = this.originX - tops.x0;
    const zi = this.originZ - tops.z0;
    this.originInWindow = xi >= 0 && zi >= 0 && xi < tops.size && zi < tops.size;
    this.stopX = this.stopY = this.stopZ = NaN;
    this.heights = OpaqueHeightmap.of(world);
    if (horizon) this.horizon.build(tops, eye, reach);
    else this.horizon.forget();
  }

  /**
   * Whether the ray down to the top face of block (bx, by, bz) passes over every column top on its
   * way by the horizon's height test alone: true means the block is visible; false means nothing
   * (ask `blockVisible`). Over open ground this settles most blocks a scan sees, and it is small
   * enough for a scan loop to inline, so scans ask it first.
   */
  topFaceOverTops(bx: number, by: number, bz: number): boolean {
    const dx = bx + 0.5 - this.ox;
    const dz = bz + 0.5 - this.oz;
    return this.oy > by + 1 && this.horizon.clearsTops(dx, dz, Math.sqrt(dx * dx + dz * dz), by);
  }

  /** `blockVisibleFrom(world, eye, bx, by, bz, faces, tops)` for the aimed eye and tops. */
  blockVisible(bx: number, by: number, bz: number, faces: number): boolean {
    const ox = this.ox;
    const oy = this.oy;
    const oz = this.oz;
    const cx = bx + 0.5;
    const cy = by + 0.5;
    const cz = bz + 0.5;
    if (faces & FACE_POS_Y && oy > by + 1 && this.clear(cx, by + 1 + FACE_EPSILON, cz, bx, by, bz)) return true;
    if (faces & FACE_NEG_Y && oy < by && this.clear(cx, by - FACE_EPSILON, cz, bx, by, bz)) return true;
    if (faces & FACE_POS_X && ox > bx + 1 && this.clear(bx + 1 + FACE_EPSILON, cy, cz, bx, by, bz)) return true;
    if (faces & FACE_NEG_X && ox < bx && this.clear(bx - FACE_EPSILON, cy, cz, bx, by, bz)) return true;
    if (faces & FACE_POS_Z && oz > bz + 1 && this.clear(cx, cy, bz + 1 + FACE_EPSILON, bx, by, bz)) return true;
    if (faces & FACE_NEG_Z && oz < bz && this.clear(cx, cy, bz - FACE_EPSILON, bx, by, bz)) return true;
    return this.clear(cx, cy, cz, bx, by, bz);
  }

  /** Whether nothing blocks sight from the eyes to the point (tx, ty, tz): `segmentClearOverTops` without a target block. */
  pointVisible(tx: number, ty: number, tz: number): boolean {
    // NaN never equals a column or cell index, so no block counts as the target.
    return this.clear(tx, ty, tz, NaN, NaN, NaN);
  }

  /** `segmentClearOverTops` from the eyes to (tx, ty, tz) with target block (bx, by, bz). */
  private clear(tx: number, ty: number, tz: number, bx: number, by: number, bz: number): boolean {
    if (this.throughStop(tx, ty, tz, bx, by, bz)) return false;
    const ox = this.ox;
    const oy = this.oy;
    const oz = this.oz;
    const tops = this.tops;
    const x0 = tops.x0;
    const z0 = tops.z0;
    const size = tops.size;
    const ex = Math.floor(tx);
    const ez = Math.floor(tz);
    // The same conditions under which the full walk trusts the window.
    if (ex - x0 < 0 || ez - z0 < 0 || ex - x0 >= size || ez - z0 >= size || (oy > ty ? oy : ty) >= tops.yCap + 1) return this.fullWalk(tx, ty, tz, bx, by, bz);
    if (!this.originInWindow) return this.fullWalk(tx, ty, tz, bx, by, bz);
    const dx = tx - ox;
    const dy = ty - oy;
    const dz = tz - oz;
    const dh = Math.sqrt(dx * dx + dz * dz);
    const vouched = this.horizon.clearTo(dx, dy, dz, dh);
    if (vouched === Infinity) return true;
    if (dh - vouched > SHORT_WALK) return this.fullWalk(tx, ty, tz, bx, by, bz);
    let t0 = 0;
    let x = this.originX;
    let z = this.originZ;
    if (vouched > 0) {
      // Resume a little before the vouched-for distance; every column crossed before then is clear.
      t0 = (vouched - RESUME_MARGIN) / dh;
      if (!(t0 > 0 && t0 < 1)) return this.fullWalk(tx, ty, tz, bx, by, bz);
      const px = ox + dx * t0;
      const pz = oz + dz * t0;
      x = Math.floor(px);
      z = Math.floor(pz);
      const fx = px - x;
      const fz = pz - z;
      // On (or within rounding of) a column edge the full walk's own tie-breaking decides.
      if (!(fx > EDGE && fx < 1 - EDGE && fz > EDGE && fz < 1 - EDGE)) return this.fullWalk(tx, ty, tz, bx, by, bz);
    }
    // (With nothing vouched for, as for rays steeply down into the ground under the viewer, the
    // walk starts at the eyes, where the full walk starts, without the full walk's set-up for
    // skipping tiles: such rays are short or soon stopped.)

    const data = tops.data;
    const seeThrough = this.seeThrough;
    const blocks = this.world.blocks;
    const sx = dx > 0 ? 1 : dx < 0 ? -1 : 0;
    const sz = dz > 0 ? 1 : dz < 0 ? -1 : 0;
    const idx = 1 / dx;
    const idz = 1 / dz;
    const offX = sx > 0 ? 1 : 0;
    const offZ = sz > 0 ? 1 : 0;
    // Boundary crossing times from the same formula as the full walk, so the columns visited and
    // the heights the segment has in each are exactly the full walk's.
    let tmx = sx !== 0 ? (x + offX - ox) * idx : Infinity;
    let tmz = sz !== 0 ? (z + offZ - oz) * idz : Infinity;
    let yA = oy + dy * t0;
    for (let i = 0; i < 2 * SHORT_WALK + 4; i++) {
      const xi = x - x0;
      const zi = z - z0;
      if (xi < 0 || xi >= size || zi < 0 || zi >= size) return true; // rounding carried us past the end
      const last = x === ex && z === ez;
      let tExit = last ? 1 : tmx < tmz ? tmx : tmz;
      if (tExit > 1) tExit = 1;
      const yB = oy + dy * tExit;
      const top = data[xi * size + zi]!;
      const yMin = yA < yB ? yA : yB;
      if (yMin < top + 1 || (x === bx && z === bz)) {
        let lo = Math.floor(yMin + 1e-9);
        let hi = Math.floor((yA < yB ? yB : yA) - 1e-9);
        if (hi < lo) hi = lo;
        const hitsTarget = x === bx && z === bz && by >= lo && by <= hi;
        if (hitsTarget) {
          if (dy < 0) lo = by + 1;
          else hi = by - 1;
        }
        if (hi > top) hi = top;
        const origin = x === this.originX && z === this.originZ;
        for (let y = lo; y <= hi; y++) {
          if (origin && y === this.originY) continue;
          if (seeThrough[blocks.get(x, y, z)] !== 1) {
            this.stopX = x;
            this.stopY = y;
            this.stopZ = z;
            this.stopVersion = this.heights.version;
            return false;
          }
        }
        if (hitsTarget) return true;
      }
      if (last) return true;
      // An end point exactly on this column's far edge lies in the next column, which the voxel walk
      // enters at t = 1 (it stops only past 1): go on into it.
      if (tExit >= 1 && (tmx < tmz ? tmx : tmz) > 1) return true;
      yA = yB;
      if (tmx < tmz) {
        x += sx;
        tmx = (x + offX - ox) * idx;
      } else if (sz !== 0) {
        z += sz;
        tmz = (z + offZ - oz) * idz;
      } else return true;
    }
    return this.fullWalk(tx, ty, tz, bx, by, bz); // not reached: a stretch of at most SHORT_WALK blocks crosses fewer columns
  }

  /**
   * Whether the segment from the eyes to (tx, ty, tz) runs through the inside of the remembered
   * stopping cell, at least `STOP_MARGIN` from each of its faces, before its end, and that cell is
   * still opaque and is not the target. Every walk (column, voxel, resumed) reads such a cell before
   * it could reach the target or the end (it is neither the eyes' cell, which stopped no walk, nor
   * the target, and it is entered well inside, so no tie at a block edge decides), so its answer
   * is then false too.
   */
  private throughStop(tx: number, ty: number, tz: number, bx: number, by: number, bz: number): boolean {
    const cx = this.stopX;
    if (cx !== cx) return false; // NaN: nothing remembered
    const cy = this.stopY;
    const cz = this.stopZ;
    const ox = this.ox;
    const oy = this.oy;
    const oz = this.oz;
    const lx = cx + STOP_MARGIN;
    const hx = cx + 1 - STOP_MARGIN;
    const ly = cy + STOP_MARGIN;
    const hy = cy + 1 - STOP_MARGIN;
    const lz = cz + STOP_MARGIN;
    const hz = cz + 1 - STOP_MARGIN;
    // Most rays that miss the cell do not even span it on some axis: tell those by comparisons
    // alone, all six at once (one hard-to-predict branch instead of up to six).
    if (+(Math.max(ox, tx) <= lx) | +(Math.min(ox, tx) >= hx) | +(Math.max(oy, ty) <= ly) | +(Math.min(oy, ty) >= hy) | +(Math.max(oz, tz) <= lz) | +(Math.min(oz, tz) >= hz)) return false;
    if (cx === bx && cy === by && cz === bz) return false;
    // Slab test: the parameter range [t0, t1] of the segment inside the shrunken cell, narrowed axis
    // by axis (an axis the segment does not move along is inside the cell's range, checked above).
    // Written out per axis: a helper would return two numbers through an array (the old way, slower).
    let t0 = 0;
    let t1 = 1;
    const dx = tx - ox;
    if (dx !== 0) {
      const a = (lx - ox) / dx;
      const b = (hx - ox) / dx;
      t0 = Math.max(t0, Math.min(a, b));
      t1 = Math.min(t1, Math.max(a, b));
    }
    const dy = ty - oy;
    if (dy !== 0) {
      const a = (ly - oy) / dy;
      const b = (hy - oy) / dy;
      t0 = Math.max(t0, Math.min(a, b));
      t1 = Math.min(t1, Math.max(a, b));
    }
    const dz = tz - oz;
    if (dz !== 0) {
      const a = (lz - oz) / dz;
      const b = (hz - oz) / dz;
      t0 = Math.max(t0, Math.min(a, b));
      t1 = Math.min(t1, Math.max(a, b));
    }
    if (!(t0 < t1)) return false;
    // The world may have changed since the walk that remembered it (an aim outlives a tick when the
    // eyes stay put): every change the port reports moves the heightmap's version.
    return this.heights.version === this.stopVersion || this.seeThrough[this.world.blocks.get(cx, cy, cz)] !== 1;
  }

  private fullWalk(tx: number, ty: number, tz: number, bx: number, by: number, bz: number): boolean {
    return segmentClearOverTops(this.world, this.tops, this.ox, this.oy, this.oz, tx, ty, tz, true, bx, by, bz);
  }
}
