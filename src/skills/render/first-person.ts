/**
 * First-person RGB view: a software voxel ray caster. One ray per pixel walks the blocks from the
 * eyes (Amanatides–Woo, as line of sight does) up to `maxDistance`; the first opaque block gives the
 * pixel its palette colour, shaded by which face was hit and faded into the sky with distance.
 * Water and glass tint the ray and let it continue; entities are drawn as coloured boxes.
 */
import { InputError } from '../../core/errors.js';
import type { Entity, Player, World } from '../../world/index.js';
import { MIN_Y } from '../../world/index.js';
import { eyePosition, lookDirection } from '../senses/eyes.js';
import { OpaqueHeightmap, type LocalTops, emptyTops } from '../senses/opaque-heightmap.js';
import { encodeRgbPng } from './png.js';
import { entityColor, Look, paletteOf, SKY_HORIZON, SKY_ZENITH } from './palette.js';

export interface FirstPersonOptions {
  width: number;
  height: number;
  /** Vertical field of view in degrees (vanilla default FOV setting: 70). */
  fovDegrees?: number;
  /** Blocks the rays travel before the sky takes over (default 48). */
  maxDistance?: number;
  /** Draw entities as boxes (default true). */
  entities?: boolean;
}

export interface Frame {
  width: number;
  height: number;
  /** Row-major RGB, 3 bytes per pixel, top row first. */
  rgb: Uint8Array;
}

/** Brightness per face hit, like Minecraft's flat shading: tops brightest, bottoms darkest. */
const SHADE_TOP = 1;
const SHADE_BOTTOM = 0.5;
const SHADE_X = 0.8;
const SHADE_Z = 0.65;
/** Fog starts at this fraction of the view distance and is complete at the end of it. */
const FOG_START = 0.6;
const MAX_FRAME_PIXELS = 4096 * 4096;
/** How much a water surface (or being under water) colours what lies behind it. */
const WATER_TINT = 0.6;
const UNDERWATER_TINT = 0.5;
/** How much glass and plants colour what lies behind them. */
const GLASS_TINT = 0.2;

interface Box {
  x0: number; y0: number; z0: number;
  x1: number; y1: number; z1: number;
  r: number; g: number; b: number;
}

/** Renders the view from `player`'s eyes into `out` (allocated when absent or too small). */
export function renderFirstPersonRgb(world: World, player: Player, opts: FirstPersonOptions, out?: Uint8Array): Frame {
  const { width, height } = opts;
  if (!Number.isInteger(width) || !Number.isInteger(height) || width < 1 || height < 1 || width * height > MAX_FRAME_PIXELS) {
    throw new InputError(`a view must be a positive whole number of pixels, got ${width}x${height}`, 'pass width and height such as 64 and 64');
  }
  const fov = opts.fovDegrees ?? 70;
  if (!(fov > 0 && fov < 180)) throw new InputError(`fovDegrees must be between 0 and 180, got ${fov}`, 'use the vanilla default 70');
  const maxDist = opts.maxDistance ?? 48;
  const rgb = out && out.length >= width * height * 3 ? out : new Uint8Array(width * height * 3);
  const { color, speck, look } = paletteOf(world.registry);
  const blocks = world.blocks;

  const eye = eyePosition(player);
  const f = lookDirection(player.yaw, player.pitch);
  const yaw = (player.yaw * Math.PI) / 180;
  // Right and up of the camera (right = forward × world up, taken from yaw so looking straight up works).
  const rx = -Math.cos(yaw);
  const rz = -Math.sin(yaw);
  const ux = -rz * f.y;
  const uy = rz * f.x - rx * f.z;
  const uz = rx * f.y;
  const tanV = Math.tan((fov * Math.PI) / 360);
  const tanH = tanV * (width / height);
  const boxes = opts.entities === false ? [] : entityBoxes(world, player, eye, maxDist);
  const fogStart = maxDist * FOG_START;
  // Highest non-air block of each column in view: cells above it are air without reading them,
  // and a rising ray above the highest of all can only meet the sky.
  const reach = Math.ceil(maxDist) + 2;
  const tops = OpaqueHeightmap.of(world, 'matter').window(Math.floor(eye.x) - reach, Math.floor(eye.z) - reach, 2 * reach + 1, frameTops);
  const { x0: tx0, z0: tz0, size: tsize, data: topData } = tops;
  let ceiling = MIN_Y;
  for (let i = 0; i < tops.tiles * tops.tiles; i++) if (tops.tileMax[i]! > ceiling) ceiling = tops.tileMax[i]!;
  const airState = world.registry.airState;

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
      let x = Math.floor(eye.x);
      let y = Math.floor(eye.y);
      let z = Math.floor(eye.z);
      const sx = dx > 0 ? 1 : -1;
      const sy = dy > 0 ? 1 : -1;
      const sz = dz > 0 ? 1 : -1;
      const tdx = Math.abs(1 / dx);
      const tdy = Math.abs(1 / dy);
      const tdz = Math.abs(1 / dz);
      let tmx = (sx > 0 ? x + 1 - eye.x : eye.x - x) * tdx;
      let tmy = (sy > 0 ? y + 1 - eye.y : eye.y - y) * tdy;
      let tmz = (sz > 0 ? z + 1 - eye.z : eye.z - z) * tdz;
      let t: number;
      let axis: number;
      let hitColor = -1;
      let hitSpeck = 0;
      // Tint carried from glass and water: what is left of the ray's own colour, plus what was added.
      let keep = 1;
      let addR = 0;
      let addG = 0;
      let addB = 0;
      let lastFluid = -1;
      let prevState = blocks.get(x, y, z);
      if (look[prevState] === Look.Fluid) {
        // Eyes under water: everything seen is behind water.
        lastFluid = prevState;
        const c = color[prevState]!;
        addR = UNDERWATER_TINT * (c >> 16);
        addG = UNDERWATER_TINT * ((c >> 8) & 255);
        addB = UNDERWATER_TINT * (c & 255);
        keep = 1 - UNDERWATER_TINT;
      }
      while (true) {
        if (tmx < tmy) {
          if (tmx < tmz) { x += sx; t = tmx; tmx += tdx; axis = 0; } else { z += sz; t = tmz; tmz += tdz; axis = 2; }
        } else if (tmy < tmz) { y += sy; t = tmy; tmy += tdy; axis = 1; } else { z += sz; t = tmz; tmz += tdz; axis = 2; }
        if (t > maxDist || (y > ceiling && sy > 0) || (y < MIN_Y && sy < 0)) break;
        const s = y > topData[(x - tx0) * tsize + (z - tz0)]! ? airState : blocks.get(x, y, z);
        if (s === prevState && look[s] !== Look.Opaque) continue;
        prevState = s;
        const lk = look[s]!;
        if (lk === Look.Air) { lastFluid = -1; continue; }
        if (lk === Look.Opaque) { hitColor = color[s]!; hitSpeck = speck[s]!; break; }
        const c = color[s]!;
        const w = lk === Look.Fluid ? (lastFluid === s ? 0 : WATER_TINT) : GLASS_TINT;
        if (lk === Look.Fluid) lastFluid = s;
        if (w > 0) {
          addR += keep * w * (c >> 16);
          addG += keep * w * ((c >> 8) & 255);
          addB += keep * w * (c & 255);
          keep *= 1 - w;
        }
      }

      // --- entities in front of the block hit ---
      let r: number;
      let g: number;
      let b: number;
      let tHit = hitColor >= 0 ? t : Infinity;
      let shade = 1;
      let boxHit: Box | null = null;
      for (const bx of boxes) {
        const tb = rayBox(eye.x, eye.y, eye.z, dx, dy, dz, bx);
        if (tb >= 0 && tb < tHit) { tHit = tb; boxHit = bx; }
      }
      if (boxHit) {
        r = boxHit.r; g = boxHit.g; b = boxHit.b;
        shade = boxShade;
        t = tHit;
      } else if (hitColor >= 0) {
        r = hitColor >> 16; g = (hitColor >> 8) & 255; b = hitColor & 255;
        shade = axis === 1 ? (sy < 0 ? SHADE_TOP : SHADE_BOTTOM) : axis === 0 ? SHADE_X : SHADE_Z;
        if (hitSpeck !== 0 && isSpeck(eye.x + dx * t, eye.y + dy * t, eye.z + dz * t, axis, x, y, z)) {
          r = hitSpeck >> 16; g = (hitSpeck >> 8) & 255; b = hitSpeck & 255;
        }
      } else {
        // Sky: a gradient from the horizon up to the zenith.
        const k = dy > 0 ? dy : 0;
        r = SKY_HORIZON[0] + (SKY_ZENITH[0] - SKY_HORIZON[0]) * k;
        g = SKY_HORIZON[1] + (SKY_ZENITH[1] - SKY_HORIZON[1]) * k;
        b = SKY_HORIZON[2] + (SKY_ZENITH[2] - SKY_HORIZON[2]) * k;
        t = 0;
      }
      r *= shade; g *= shade; b *= shade;
      // Distance fog towards the horizon colour.
      if (t > fogStart) {
        const fog = Math.min(1, (t - fogStart) / (maxDist - fogStart));
        r += (SKY_HORIZON[0] - r) * fog;
        g += (SKY_HORIZON[1] - g) * fog;
        b += (SKY_HORIZON[2] - b) * fog;
      }
      rgb[o++] = clamp(r * keep + addR);
      rgb[o++] = clamp(g * keep + addG);
      rgb[o++] = clamp(b * keep + addB);
    }
  }
  return { width, height, rgb };
}

/** The view as a PNG, with the raw RGB alongside. */
export function renderFirstPerson(world: World, player: Player, opts: FirstPersonOptions): Frame & { png: Buffer } {
  const frame = renderFirstPersonRgb(world, player, opts);
  return { ...frame, png: encodeRgbPng(frame.width, frame.height, frame.rgb) };
}

const frameTops: LocalTops = emptyTops();

/** Set while rendering a box hit: boxes are lit evenly (their faces are not tracked). */
const boxShade = 0.9;

function entityBoxes(world: World, viewer: Entity, eye: { x: number; y: number; z: number }, maxDist: number): Box[] {
  const out: Box[] = [];
  for (const e of world.near(eye, maxDist + 2)) {
    if (e === viewer || e.removed) continue;
    const c = entityColor(e.kind, e.type, e.kind === 'mob' && e.hostile);
    const hw = e.width / 2;
    out.push({ x0: e.pos.x - hw, y0: e.pos.y, z0: e.pos.z - hw, x1: e.pos.x + hw, y1: e.pos.y + e.height, z1: e.pos.z + hw, r: c[0], g: c[1], b: c[2] });
  }
  return out;
}

/** Distance along a unit ray to an axis-aligned box (slab test), or -1 when it misses. */
function rayBox(ox: number, oy: number, oz: number, dx: number, dy: number, dz: number, b: Box): number {
  let t0 = 0;
  let t1 = Infinity;
  const ix = 1 / dx;
  let a = (b.x0 - ox) * ix;
  let c = (b.x1 - ox) * ix;
  if (a > c) { const s = a; a = c; c = s; }
  t0 = a > t0 ? a : t0; t1 = c < t1 ? c : t1;
  const iy = 1 / dy;
  a = (b.y0 - oy) * iy; c = (b.y1 - oy) * iy;
  if (a > c) { const s = a; a = c; c = s; }
  t0 = a > t0 ? a : t0; t1 = c < t1 ? c : t1;
  const iz = 1 / dz;
  a = (b.z0 - oz) * iz; c = (b.z1 - oz) * iz;
  if (a > c) { const s = a; a = c; c = s; }
  t0 = a > t0 ? a : t0; t1 = c < t1 ? c : t1;
  return t0 <= t1 ? t0 : -1;
}

/** Ore specks: a fixed 4×4 pattern per face cell, hashed from the block position (no randomness). */
function isSpeck(hx: number, hy: number, hz: number, axis: number, x: number, y: number, z: number): boolean {
  const u = Math.floor((axis === 0 ? hz : hx) * 4) & 3;
  const v = Math.floor((axis === 1 ? hz : hy) * 4) & 3;
  let h = (x * 73856093) ^ (y * 19349663) ^ (z * 83492791) ^ (u * 2654435761) ^ (v * 40503);
  h = Math.imul(h ^ (h >>> 15), 2246822519);
  return ((h >>> 13) & 3) === 0;
}

const clamp = (v: number): number => (v <= 0 ? 0 : v >= 255 ? 255 : v | 0);
