/**
 * First-person RGB view: a software voxel ray caster. One ray per pixel walks the blocks from the
 * eyes (Amanatides–Woo, as line of sight does) up to `maxDistance`. The first solid face it meets
 * gives the pixel its texel (the block's texture for that face, from minecraft-assets), shaded per
 * face as the game shades flat faces, dimmed by the daylight of the time of day and faded into the
 * sky with distance. Water, glass and the see-through texels of leaves tint the ray and let it
 * continue; flowers and grass tufts are two crossed planes; slabs and stairs are boxes inside their
 * cell; mobs and players are their models' boxes textured from their skins (`entity-boxes.ts`), other
 * entities banded boxes, and players carry name tags. Everything is a function of the world and the
 * pose, so frames are deterministic.
 */
import { InputError } from '../../core/errors.js';
import type { Entity, Player, World } from '../../world/index.js';
import { MIN_Y } from '../../world/index.js';
import { eyePosition, lookDirection } from '../senses/eyes.js';
import { OpaqueHeightmap, type LocalTops, emptyTops } from '../senses/opaque-heightmap.js';
import { appearanceOf, FACE_DOWN, FACE_EAST, FACE_NORTH, FACE_SOUTH, FACE_UP, FACE_WEST, Look } from './block-appearance.js';
import { entityBoxes, skinTexel, type EntityBox } from './entity-boxes.js';
import { bandAt } from './entity-look.js';
import { drawNameTag } from './name-tags.js';
import { encodeRgbPng } from './png.js';
import { clearAfter } from './rising-ray.js';
import { emptySectionWindow, gatherSections, stateIn } from './section-window.js';
import { MOON_COLOR, MOON_HALF, skyAt, SUN_COLOR, SUN_HALF } from './sky.js';

export interface FirstPersonOptions {
  width: number;
  height: number;
  /** Vertical field of view in degrees (vanilla default FOV setting: 70). */
  fovDegrees?: number;
  /** Blocks the rays travel before the sky takes over (default 48). */
  maxDistance?: number;
  /** Draw entities as boxes, players with name tags (default true). */
  entities?: boolean;
  /** Light and sky as at this time of day instead of the world's (the judge's frames are taken at noon). */
  timeOfDay?: number;
}

export interface Frame {
  width: number;
  height: number;
  /** Row-major RGB, 3 bytes per pixel, top row first. */
  rgb: Uint8Array;
}

/** Brightness per face, as the game shades flat faces: tops brightest, north/south 0.8, east/west 0.6, bottoms 0.5. */
const SHADE_TOP = 1;
const SHADE_BOTTOM = 0.5;
const SHADE_X = 0.6;
const SHADE_Z = 0.8;
/** Crossed planes (plants) are drawn unshaded, as the game draws them. */
const SHADE_CROSS = 1;
/** Fog starts at this fraction of the view distance and is complete at the end of it. */
const FOG_START = 0.6;
const MAX_FRAME_PIXELS = 4096 * 4096;
/** How much a water surface (or being under water) colours what lies behind it. */
const WATER_TINT = 0.6;
const UNDERWATER_TINT = 0.5;
/** How much an untextured see-through block (a torch, a rail) colours what lies behind it. */
const FAINT_TINT = 0.2;
/** Texels at least this opaque stop the ray; fainter ones tint it. */
const SOLID_ALPHA = 250;
/** Name tags are drawn over players closer than this many blocks with at least one pixel in view. */
const NAME_TAG_RANGE = 24;

/** Where a view is taken from: eye position, Minecraft yaw and pitch in degrees, and whose body not to draw. */
export interface ViewPose {
  eye: { x: number; y: number; z: number };
  yaw: number;
  pitch: number;
  viewer?: Entity;
}

/** The pose of `player`'s own eyes. */
export function poseOf(player: Player): ViewPose {
  return { eye: eyePosition(player), yaw: player.yaw, pitch: player.pitch, viewer: player };
}

/** Renders the view from `player`'s eyes into `out` (allocated when absent or too small). */
export function renderFirstPersonRgb(world: World, player: Player, opts: FirstPersonOptions, out?: Uint8Array): Frame {
  return renderViewRgb(world, poseOf(player), opts, out);
}

/** Renders the view from any pose (a judge's camera around a build, a spectator) into `out`. */
export function renderViewRgb(world: World, pose: ViewPose, opts: FirstPersonOptions, out?: Uint8Array): Frame {
  const { width, height } = opts;
  if (!Number.isInteger(width) || !Number.isInteger(height) || width < 1 || height < 1 || width * height > MAX_FRAME_PIXELS) {
    throw new InputError(`a view must be a positive whole number of pixels, got ${width}x${height}`, 'pass width and height such as 64 and 64');
  }
  const fov = opts.fovDegrees ?? 70;
  if (!(fov > 0 && fov < 180)) throw new InputError(`fovDegrees must be between 0 and 180, got ${fov}`, 'use the vanilla default 70');
  const maxDist = opts.maxDistance ?? 48;
  const rgb = out && out.length >= width * height * 3 ? out : new Uint8Array(width * height * 3);
  const app = appearanceOf(world.registry);
  const { look, faceTexture, texels, color, glow, shapeOf, shapes } = app;
  const sky = skyAt(opts.timeOfDay ?? world.timeOfDay);
  const daylight = sky.daylight;
  const [hzR, hzG, hzB] = sky.horizon;
  const [zeR, zeG, zeB] = sky.zenith;
  // The sun and moon move in the x-y plane; `across` is the in-plane direction perpendicular to them.
  const across = { x: sky.sun.y, y: -sky.sun.x };

  const cam = cameraOf(pose, width, height, fov);
  const { eye, f, rx, rz, ux, uy, uz, tanV, tanH } = cam;
  const { boxes, firsts, tags } = opts.entities === false ? { boxes: [], firsts: [0], tags: [] } : entityBoxes(world, pose.viewer, eye, maxDist, app.blockTexture);
  // Bounds and screen rectangles in flat arrays for the per-pixel loop, and each entity's rectangle
  // around its parts', so a ray outside it skips all of them at once.
  const entities = firsts.length - 1;
  const bounds = new Float64Array(boxes.length * 6);
  const rects = new Int32Array(boxes.length * 4);
  const entityRects = new Int32Array(entities * 4);
  for (let e = 0; e < entities; e++) {
    let ex0 = Infinity, ex1 = -Infinity, ey0 = Infinity, ey1 = -Infinity;
    for (let i = firsts[e]!; i < firsts[e + 1]!; i++) {
      const bx = boxes[i]!;
      boundOnScreen(cam, bx);
      bounds.set([bx.x0, bx.y0, bx.z0, bx.x1, bx.y1, bx.z1], i * 6);
      rects.set([bx.px0, bx.px1, bx.py0, bx.py1], i * 4);
      if (bx.px0 < ex0) ex0 = bx.px0;
      if (bx.px1 > ex1) ex1 = bx.px1;
      if (bx.py0 < ey0) ey0 = bx.py0;
      if (bx.py1 > ey1) ey1 = bx.py1;
    }
    entityRects.set([ex0, ex1, ey0, ey1], e * 4);
  }
  // Pixels showing each player, so only players in sight get a name tag.
  const tagPixels = new Int32Array(tags.length);
  const fogStart = maxDist * FOG_START;
  // Highest non-air block of each column in view: cells above it are air without reading them,
  // and a rising ray above the highest of all can only meet the sky.
  const reach = Math.ceil(maxDist) + 2;
  const tops = OpaqueHeightmap.of(world, 'matter').window(Math.floor(eye.x) - reach, Math.floor(eye.z) - reach, 2 * reach + 1, frameTops);
  const { x0: tx0, z0: tz0, size: tsize, data: topData } = tops;
  const sections = gatherSections(world.blocks, tx0, tz0, tsize, frameSections);
  let ceiling = MIN_Y;
  for (let i = 0; i < tops.tiles * tops.tiles; i++) if (tops.tileMax[i]! > ceiling) ceiling = tops.tileMax[i]!;
  const airState = world.registry.airState;
  const ex = eye.x;
  const ey = eye.y;
  const ez = eye.z;

  let o = 0;
  for (let py = 0; py < height; py++) {
    const v = (1 - (2 * (py + 0.5)) / height) * tanV;
    for (let px = 0; px < width; px++) {
      const u = ((2 * (px + 0.5)) / width - 1) * tanH;
      let dx = f.x + rx * u + ux * v;
      let dy = f.y + uy * v;
      let dz = f.z + rz * u + uz * v;
      const len = Math.sqrt(dx * dx + dy * dy + dz * dz);
      dx /= len; dy /= len; dz /= len;

      // --- walk the blocks ---
      let x = Math.floor(ex);
      let y = Math.floor(ey);
      let z = Math.floor(ez);
      const sx = dx > 0 ? 1 : -1;
      const sy = dy > 0 ? 1 : -1;
      const sz = dz > 0 ? 1 : -1;
      const tdx = Math.abs(1 / dx);
      const tdy = Math.abs(1 / dy);
      const tdz = Math.abs(1 / dz);
      // A rising ray stops once it can meet only air, as surely as at the view distance.
      const tEnd = dy > 0 ? clearAfter(tops, ex, ey, ez, dx, dy, dz, maxDist, ceiling) : maxDist;
      let tmx = (sx > 0 ? x + 1 - ex : ex - x) * tdx;
      let tmy = (sy > 0 ? y + 1 - ey : ey - y) * tdy;
      let tmz = (sz > 0 ? z + 1 - ez : ez - z) * tdz;
      let t: number;
      let axis: number;
      let hit = false;
      // The lit colour of the surface hit.
      let r = 0;
      let g = 0;
      let b = 0;
      // Tint carried from glass and water: what is left of the ray's own colour, plus what was added.
      let keep = 1;
      let addR = 0;
      let addG = 0;
      let addB = 0;
      let lastFluid = -1;
      let prevState = stateIn(sections, x, y, z);
      if (look[prevState] === Look.Fluid) {
        // Eyes under water: everything seen is behind water.
        lastFluid = prevState;
        const c = color[prevState]!;
        addR = UNDERWATER_TINT * daylight * (c >> 16);
        addG = UNDERWATER_TINT * daylight * ((c >> 8) & 255);
        addB = UNDERWATER_TINT * daylight * (c & 255);
        keep = 1 - UNDERWATER_TINT;
      }
      while (true) {
        if (tmx < tmy) {
          if (tmx < tmz) { x += sx; t = tmx; tmx += tdx; axis = 0; } else { z += sz; t = tmz; tmz += tdz; axis = 2; }
        } else if (tmy < tmz) { y += sy; t = tmy; tmy += tdy; axis = 1; } else { z += sz; t = tmz; tmz += tdz; axis = 2; }
        if (t > tEnd || (y > ceiling && sy > 0) || (y < MIN_Y && sy < 0)) break;
        const s = y > topData[(x - tx0) * tsize + (z - tz0)]! ? airState : stateIn(sections, x, y, z);
        const lk = look[s]!;
        // Inside a body of water or glass only its first face counts; leaves and plants draw every cell.
        if (s === prevState && (lk === Look.Fluid || lk === Look.Glass || lk === Look.Tint)) continue;
        prevState = s;
        if (lk === Look.Air) { lastFluid = -1; continue; }
        let texel: number;
        let shade: number;
        if (lk === Look.Cross) {
          // Two vertical planes along the cell's diagonals; the nearer one with a solid texel wins.
          const tOut = tmx < tmy ? (tmx < tmz ? tmx : tmz) : tmy < tmz ? tmy : tmz;
          const ti = faceTexture[s * 6 + FACE_NORTH]!;
          const ta = ((x - ex) - (z - ez)) / (dx - dz);
          const tb = (1 + (x - ex) + (z - ez)) / (dx + dz);
          const first = ta < tb ? ta : tb;
          const second = ta < tb ? tb : ta;
          texel = 0;
          for (const tc of [first, second]) {
            if (!(tc >= t && tc <= tOut)) continue;
            const lx = ex + dx * tc - x;
            const ly = ey + dy * tc - y;
            const tx = texels[ti * 256 + texelIndex(lx, 1 - ly)]!;
            if (tx >>> 24 >= 128) { texel = tx; t = tc; break; }
          }
          if (texel === 0) continue;
          shade = SHADE_CROSS;
        } else {
          if (lk === Look.Shape) {
            // Slabs and stairs: the nearest of the cell's boxes this ray meets before leaving the cell, if any.
            const tOut = tmx < tmy ? (tmx < tmz ? tmx : tmz) : tmy < tmz ? tmy : tmz;
            const th = shapeHit(shapes[shapeOf[s]!]!, x, y, z, ex, ey, ez, dx, dy, dz);
            if (th < 0 || th > tOut) continue;
            if (th > t) { t = th; axis = boxAxis; }
          }
          let face: number;
          let fu: number;
          let fv: number;
          if (axis === 1) {
            face = sy < 0 ? FACE_UP : FACE_DOWN;
            fu = ex + dx * t - x;
            fv = ez + dz * t - z;
            if (sy > 0) fv = 1 - fv;
            shade = sy < 0 ? SHADE_TOP : SHADE_BOTTOM;
          } else if (axis === 0) {
            face = sx > 0 ? FACE_WEST : FACE_EAST;
            fu = ez + dz * t - z;
            if (sx < 0) fu = 1 - fu;
            fv = 1 - (ey + dy * t - y);
            shade = SHADE_X;
          } else {
            face = sz > 0 ? FACE_NORTH : FACE_SOUTH;
            fu = ex + dx * t - x;
            if (sz > 0) fu = 1 - fu;
            fv = 1 - (ey + dy * t - y);
            shade = SHADE_Z;
          }
          const ti = faceTexture[s * 6 + face]!;
          texel = ti < 0 ? (0xff000000 | color[s]!) >>> 0 : texels[ti * 256 + texelIndex(fu, fv)]!;
        }
        const lit = glow[s] ? shade : shade * daylight;
        if (lk === Look.Opaque || lk === Look.Cross || lk === Look.Shape) {
          r = (texel >> 16 & 255) * lit; g = (texel >> 8 & 255) * lit; b = (texel & 255) * lit;
          hit = true;
          break;
        }
        let w: number;
        if (lk === Look.Fluid) {
          w = lastFluid === s ? 0 : WATER_TINT;
          lastFluid = s;
        } else if (lk === Look.Tint) {
          w = FAINT_TINT;
          texel = color[s]!;
        } else {
          const alpha = texel >>> 24;
          if (alpha >= SOLID_ALPHA) {
            r = (texel >> 16 & 255) * lit; g = (texel >> 8 & 255) * lit; b = (texel & 255) * lit;
            hit = true;
            break;
          }
          w = alpha / 255;
        }
        if (w > 0) {
          const k = keep * w * lit;
          addR += k * (texel >> 16 & 255);
          addG += k * (texel >> 8 & 255);
          addB += k * (texel & 255);
          keep *= 1 - w;
        }
      }

      // --- entities in front of the block hit ---
      let tHit = hit ? t : Infinity;
      let boxHit = -1;
      let hitAxis = 0;
      let skinHit = 0;
      for (let e = 0; e < entities; e++) {
        const er = e * 4;
        if (px < entityRects[er]! || px > entityRects[er + 1]! || py < entityRects[er + 2]! || py > entityRects[er + 3]!) continue;
        for (let i = firsts[e]!; i < firsts[e + 1]!; i++) {
          const q = i * 4;
          if (px < rects[q]! || px > rects[q + 1]! || py < rects[q + 2]! || py > rects[q + 3]!) continue;
          const k = i * 6;
          const tb = rayBoxBounds(ex, ey, ez, dx, dy, dz, bounds[k]!, bounds[k + 1]!, bounds[k + 2]!, bounds[k + 3]!, bounds[k + 4]!, bounds[k + 5]!);
          if (tb < 0 || tb >= tHit) continue;
          const bi = boxes[i]!;
          if (bi.skin) {
            // A see-through texel of a skin (a sheep's wool around its face) lets the ray on to what is behind.
            const texel = skinTexel(bi, ex + dx * tb, ey + dy * tb, ez + dz * tb, boxAxis, boxAxis === 0 ? dx : boxAxis === 1 ? dy : dz);
            if (texel >>> 24 < 128) continue;
            skinHit = texel;
          }
          tHit = tb; boxHit = i; hitAxis = boxAxis;
        }
      }
      if (boxHit >= 0) {
        const bx = boxes[boxHit]!;
        if (bx.tag >= 0) tagPixels[bx.tag]!++;
        const hy = ey + dy * tHit;
        const shade = (hitAxis === 1 ? (dy < 0 ? SHADE_TOP : SHADE_BOTTOM) : hitAxis === 0 ? SHADE_X : SHADE_Z) * daylight;
        if (bx.skin) {
          r = (skinHit >> 16 & 255) * shade; g = (skinHit >> 8 & 255) * shade; b = (skinHit & 255) * shade;
        } else if (bx.texture >= 0) {
          const hx = ex + dx * tHit;
          const hz = ez + dz * tHit;
          const fu = hitAxis === 0 ? (hz - bx.z0) / (bx.z1 - bx.z0) : (hx - bx.x0) / (bx.x1 - bx.x0);
          const fv = hitAxis === 1 ? (hz - bx.z0) / (bx.z1 - bx.z0) : 1 - (hy - bx.y0) / (bx.y1 - bx.y0);
          const texel = texels[bx.texture * 256 + texelIndex(fu, fv)]!;
          r = (texel >> 16 & 255) * shade; g = (texel >> 8 & 255) * shade; b = (texel & 255) * shade;
        } else {
          const c = bandAt(bx.bands, (hy - bx.y0) / (bx.y1 - bx.y0));
          r = c[0] * shade; g = c[1] * shade; b = c[2] * shade;
        }
        t = tHit;
        hit = true;
      }
      if (!hit) {
        // Sky: a gradient from the horizon up to the zenith, the sun and moon as squares.
        const k = dy > 0 ? dy : 0;
        r = hzR + (zeR - hzR) * k;
        g = hzG + (zeG - hzG) * k;
        b = hzB + (zeB - hzB) * k;
        const side = dx * across.x + dy * across.y;
        if (dx * sky.sun.x + dy * sky.sun.y > 0 && Math.abs(dz) < SUN_HALF && Math.abs(side) < SUN_HALF) {
          [r, g, b] = SUN_COLOR;
        } else if (dx * sky.moon.x + dy * sky.moon.y > 0 && Math.abs(dz) < MOON_HALF && Math.abs(side) < MOON_HALF) {
          [r, g, b] = MOON_COLOR;
        }
        t = 0;
      }
      // Distance fog towards the horizon colour.
      if (t > fogStart) {
        const fog = Math.min(1, (t - fogStart) / (maxDist - fogStart));
        r += (hzR - r) * fog;
        g += (hzG - g) * fog;
        b += (hzB - b) * fog;
      }
      rgb[o++] = clamp(r * keep + addR);
      rgb[o++] = clamp(g * keep + addG);
      rgb[o++] = clamp(b * keep + addB);
    }
  }

  // --- name tags over the players in view ---
  const tagScale = Math.max(1, Math.floor(height / 128));
  for (let i = 0; i < tags.length; i++) {
    const tag = tags[i]!;
    if (tagPixels[i] === 0) continue;
    const at = project(cam, { x: tag.x, y: tag.y + 0.25, z: tag.z });
    if (!at || at.depth > NAME_TAG_RANGE) continue;
    drawNameTag(rgb, width, height, at.x, at.y, tag.name, tagScale);
  }
  return { width, height, rgb };
}

/** A first-person camera: the eyes, the unit forward/right/up vectors and the half-extents of the view at distance 1. */
export interface Camera {
  eye: { x: number; y: number; z: number };
  f: { x: number; y: number; z: number };
  rx: number; rz: number;
  ux: number; uy: number; uz: number;
  tanV: number; tanH: number;
  width: number; height: number;
}

export function cameraOf(pose: ViewPose, width: number, height: number, fovDegrees = 70): Camera {
  const f = lookDirection(pose.yaw, pose.pitch);
  const yaw = (pose.yaw * Math.PI) / 180;
  // Right and up of the camera (right = forward × world up, taken from yaw so looking straight up works).
  const rx = -Math.cos(yaw);
  const rz = -Math.sin(yaw);
  const tanV = Math.tan((fovDegrees * Math.PI) / 360);
  return { eye: pose.eye, f, rx, rz, ux: -rz * f.y, uy: rz * f.x - rx * f.z, uz: rx * f.y, tanV, tanH: tanV * (width / height), width, height };
}

/** Where a world point appears in the frame (pixel x, y and its depth along the view), or null behind the eyes. */
export function project(cam: Camera, p: { x: number; y: number; z: number }): { x: number; y: number; depth: number } | null {
  const cx = p.x - cam.eye.x;
  const cy = p.y - cam.eye.y;
  const cz = p.z - cam.eye.z;
  const depth = cx * cam.f.x + cy * cam.f.y + cz * cam.f.z;
  if (depth <= 0.1) return null;
  return {
    x: ((cx * cam.rx + cz * cam.rz) / depth / cam.tanH + 1) * (cam.width / 2),
    y: (1 - (cx * cam.ux + cy * cam.uy + cz * cam.uz) / depth / cam.tanV) * (cam.height / 2),
    depth,
  };
}

/** The view as a PNG, with the raw RGB alongside. */
export function renderFirstPerson(world: World, player: Player, opts: FirstPersonOptions): Frame & { png: Buffer } {
  return renderView(world, poseOf(player), opts);
}

/** The view from any pose as a PNG, with the raw RGB alongside. */
export function renderView(world: World, pose: ViewPose, opts: FirstPersonOptions): Frame & { png: Buffer } {
  const frame = renderViewRgb(world, pose, opts);
  return { ...frame, png: encodeRgbPng(frame.width, frame.height, frame.rgb) };
}

const frameTops: LocalTops = emptyTops();
const frameSections = emptySectionWindow();

/** Texel offset within a texture for face coordinates in [0, 1] (u rightwards, v downwards). */
function texelIndex(fu: number, fv: number): number {
  const u = fu <= 0 ? 0 : fu >= 1 ? 15 : (fu * 16) | 0;
  const v = fv <= 0 ? 0 : fv >= 1 ? 15 : (fv * 16) | 0;
  return v * 16 + u;
}

/**
 * Sets the pixel rectangle a box can cover: the bounds of its eight corners' projections, one pixel
 * wider for rounding (a ray through a pixel's centre meets the box only if that centre lies in the
 * projection, which is the corners' convex hull). With a corner behind the eyes, the whole frame;
 * with all of them behind the eyes' plane, none (no ray of the view goes backwards): a model's many
 * parts behind the viewer would otherwise each cost a test on every pixel.
 */
function boundOnScreen(cam: Camera, b: EntityBox): void {
  let ahead = false;
  for (let k = 0; k < 8 && !ahead; k++) {
    const depth = ((k & 1 ? b.x1 : b.x0) - cam.eye.x) * cam.f.x + ((k & 2 ? b.y1 : b.y0) - cam.eye.y) * cam.f.y + ((k & 4 ? b.z1 : b.z0) - cam.eye.z) * cam.f.z;
    if (depth > 0) ahead = true;
  }
  if (!ahead) {
    b.px0 = NOWHERE; b.px1 = -NOWHERE; b.py0 = NOWHERE; b.py1 = -NOWHERE;
    return;
  }
  let x0 = Infinity, x1 = -Infinity, y0 = Infinity, y1 = -Infinity;
  for (let k = 0; k < 8; k++) {
    const at = project(cam, { x: k & 1 ? b.x1 : b.x0, y: k & 2 ? b.y1 : b.y0, z: k & 4 ? b.z1 : b.z0 });
    if (!at) {
      b.px0 = 0; b.py0 = 0; b.px1 = cam.width; b.py1 = cam.height;
      return;
    }
    if (at.x < x0) x0 = at.x;
    if (at.x > x1) x1 = at.x;
    if (at.y < y0) y0 = at.y;
    if (at.y > y1) y1 = at.y;
  }
  b.px0 = Math.floor(x0) - 1; b.px1 = Math.ceil(x1) + 1;
  b.py0 = Math.floor(y0) - 1; b.py1 = Math.ceil(y1) + 1;
}

/** A pixel coordinate beyond any frame: an empty rectangle runs from it to its negative. */
const NOWHERE = 1 << 30;

/** The axis (0 x, 1 y, 2 z) of the face the last `rayBox` hit entered through. */
let boxAxis = 0;

/**
 * Distance along a unit ray to the nearest of a cell's boxes (`boxes`: six numbers each, in the
 * cell's coordinates), or -1; `boxAxis` is then the axis of the face it entered through.
 */
function shapeHit(boxes: Float64Array, x: number, y: number, z: number, ex: number, ey: number, ez: number, dx: number, dy: number, dz: number): number {
  let best = -1;
  let bestAxis = 0;
  for (let i = 0; i < boxes.length; i += 6) {
    const t = rayBoxBounds(ex, ey, ez, dx, dy, dz, x + boxes[i]!, y + boxes[i + 1]!, z + boxes[i + 2]!, x + boxes[i + 3]!, y + boxes[i + 4]!, z + boxes[i + 5]!);
    if (t >= 0 && (best < 0 || t < best)) { best = t; bestAxis = boxAxis; }
  }
  boxAxis = bestAxis;
  return best;
}

/** Distance along a unit ray to an axis-aligned box (slab test), or -1 when it misses. */
function rayBoxBounds(ox: number, oy: number, oz: number, dx: number, dy: number, dz: number, x0: number, y0: number, z0: number, x1: number, y1: number, z1: number): number {
  let t0 = 0;
  let t1 = Infinity;
  let axis = 0;
  const ix = 1 / dx;
  let a = (x0 - ox) * ix;
  let c = (x1 - ox) * ix;
  if (a > c) { const s = a; a = c; c = s; }
  if (a > t0) t0 = a;
  if (c < t1) t1 = c;
  const iy = 1 / dy;
  a = (y0 - oy) * iy; c = (y1 - oy) * iy;
  if (a > c) { const s = a; a = c; c = s; }
  if (a > t0) { t0 = a; axis = 1; }
  if (c < t1) t1 = c;
  const iz = 1 / dz;
  a = (z0 - oz) * iz; c = (z1 - oz) * iz;
  if (a > c) { const s = a; a = c; c = s; }
  if (a > t0) { t0 = a; axis = 2; }
  if (c < t1) t1 = c;
  if (t0 > t1) return -1;
  boxAxis = axis;
  return t0;
}

const clamp = (v: number): number => (v <= 0 ? 0 : v >= 255 ? 255 : v | 0);
