/**
 * Line of sight over a bot's block view by voxel ray casting (Amanatides & Woo 1987), the same
 * rule as the embedded world's senses (src/skills/senses/line-of-sight.ts): a ray visits every
 * block it crosses and stops at the first one sight does not pass through. Entities never block.
 */
import type { Vec3 } from '../../core/vec3.js';
import type { BlockView } from './block-view.js';

/** Whether the segment from `o` to `t` is clear; a ray reaching the `target` block counts as clear. */
export function segmentClear(view: BlockView, o: Vec3, t: Vec3, target?: Vec3): boolean {
  let x = Math.floor(o.x);
  let y = Math.floor(o.y);
  let z = Math.floor(o.z);
  const ex = Math.floor(t.x);
  const ey = Math.floor(t.y);
  const ez = Math.floor(t.z);
  if (x === ex && y === ey && z === ez) return true;
  const dx = t.x - o.x;
  const dy = t.y - o.y;
  const dz = t.z - o.z;
  const sx = Math.sign(dx);
  const sy = Math.sign(dy);
  const sz = Math.sign(dz);
  const tdx = sx !== 0 ? Math.abs(1 / dx) : Infinity;
  const tdy = sy !== 0 ? Math.abs(1 / dy) : Infinity;
  const tdz = sz !== 0 ? Math.abs(1 / dz) : Infinity;
  let tmx = sx > 0 ? (x + 1 - o.x) / dx : sx < 0 ? (x - o.x) / dx : Infinity;
  let tmy = sy > 0 ? (y + 1 - o.y) / dy : sy < 0 ? (y - o.y) / dy : Infinity;
  let tmz = sz > 0 ? (z + 1 - o.z) / dz : sz < 0 ? (z - o.z) / dz : Infinity;
  const maxSteps = Math.abs(ex - x) + Math.abs(ey - y) + Math.abs(ez - z) + 3;
  for (let i = 0; i < maxSteps; i++) {
    let tt: number;
    if (tmx < tmy) {
      if (tmx < tmz) { x += sx; tt = tmx; tmx += tdx; } else { z += sz; tt = tmz; tmz += tdz; }
    } else if (tmy < tmz) { y += sy; tt = tmy; tmy += tdy; } else { z += sz; tt = tmz; tmz += tdz; }
    if (tt > 1) return true;
    if (target && x === target.x && y === target.y && z === target.z) return true;
    if (!view.seeThrough(view.stateAt(x, y, z))) return false;
    if (x === ex && y === ey && z === ez) return true;
  }
  return true;
}

const FACE_EPSILON = 1e-3;

/**
 * Whether a block is visible from `eye`: a ray reaches the centre of a face turned toward the eye
 * whose neighbour lets sight through, or the block's centre.
 */
export function canSeeBlock(view: BlockView, eye: Vec3, b: Vec3): boolean {
  const cx = b.x + 0.5;
  const cy = b.y + 0.5;
  const cz = b.z + 0.5;
  const faces: [number, number, number][] = [];
  if (eye.x > b.x + 1) faces.push([1, 0, 0]);
  else if (eye.x < b.x) faces.push([-1, 0, 0]);
  if (eye.y > b.y + 1) faces.push([0, 1, 0]);
  else if (eye.y < b.y) faces.push([0, -1, 0]);
  if (eye.z > b.z + 1) faces.push([0, 0, 1]);
  else if (eye.z < b.z) faces.push([0, 0, -1]);
  for (const [fx, fy, fz] of faces) {
    if (!view.seeThrough(view.stateAt(b.x + fx, b.y + fy, b.z + fz))) continue;
    const point = { x: cx + fx * (0.5 + FACE_EPSILON), y: cy + fy * (0.5 + FACE_EPSILON), z: cz + fz * (0.5 + FACE_EPSILON) };
    if (segmentClear(view, eye, point)) return true;
  }
  return segmentClear(view, eye, { x: cx, y: cy, z: cz }, b);
}

/** Whether a point (an entity's eyes or centre) is in sight of `eye`. */
export const canSeePoint = (view: BlockView, eye: Vec3, p: Vec3): boolean => segmentClear(view, eye, p);

/** Whether `p` lies in the view cone of `fovDegrees` around `look` from `eye` (360 or absent: always). */
export function inViewCone(eye: Vec3, look: Vec3, p: Vec3, fovDegrees: number | undefined): boolean {
  if (fovDegrees === undefined || fovDegrees >= 360) return true;
  const dx = p.x - eye.x;
  const dy = p.y - eye.y;
  const dz = p.z - eye.z;
  const len = Math.sqrt(dx * dx + dy * dy + dz * dz);
  if (len < 1e-9) return true;
  const cos = (dx * look.x + dy * look.y + dz * look.z) / len;
  return cos >= Math.cos(((fovDegrees / 2) * Math.PI) / 180);
}
