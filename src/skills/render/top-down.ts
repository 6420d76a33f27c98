/**
 * Top-down map: scale × scale pixels per block column showing the top texture of the highest block
 * that is not air or a plant (at scale 1, the texture's mean colour), north up (image x = world +x,
 * image y = world +z). Shading follows vanilla maps: a column higher than its northern neighbour is
 * drawn brighter, a lower one darker. Players and mobs are dots on top.
 */
import { InputError } from '../../core/errors.js';
import type { Vec3 } from '../../core/vec3.js';
import type { World } from '../../world/index.js';
import { MIN_Y } from '../../world/index.js';
import type { Frame } from './first-person.js';
import { encodeRgbPng } from './png.js';
import { appearanceOf, FACE_UP, Look, TEXELS_PER_TEXTURE } from './block-appearance.js';
import { entityColor } from './palette.js';

export interface TopDownOptions {
  /** Pixels per block side (default 1). */
  scale?: number;
  /** Highest y scanned (default center.y + 32): lower it to see under a roof. */
  topY?: number;
  /** Draw entities as dots (default true). */
  entities?: boolean;
}

/** Vanilla map shading (MapColor brightness 255, 220, 180 of 255): higher, level, lower than the column to the north. */
const BRIGHT_HIGHER = 1;
const BRIGHT_LEVEL = 220 / 255;
const BRIGHT_LOWER = 180 / 255;
const MAX_SIDE = 4096;

export function renderTopDownRgb(world: World, center: Vec3, radius: number, opts: TopDownOptions = {}): Frame {
  const scale = opts.scale ?? 1;
  if (!Number.isInteger(radius) || radius < 0 || !Number.isInteger(scale) || scale < 1 || (2 * radius + 1) * scale > MAX_SIDE) {
    throw new InputError(`a map needs a whole radius >= 0 and scale >= 1 (at most ${MAX_SIDE} pixels a side), got radius ${radius}, scale ${scale}`, 'pass e.g. radius 32 and scale 4');
  }
  const { color, look, faceTexture, texels, meanColor } = appearanceOf(world.registry);
  const side = 2 * radius + 1;
  const px = side * scale;
  const rgb = new Uint8Array(px * px * 3);
  const cx = Math.floor(center.x);
  const cz = Math.floor(center.z);
  const topY = Math.floor(opts.topY ?? center.y + 32);
  // Heights of the row to the north, for shading (the first row compares with the one above the map).
  const heightNorth = new Int32Array(side);
  for (let i = 0; i < side; i++) heightNorth[i] = surface(world, look, cx - radius + i, cz - radius - 1, topY).y;
  for (let j = 0; j < side; j++) {
    const z = cz - radius + j;
    for (let i = 0; i < side; i++) {
      const x = cx - radius + i;
      const { y, state } = surface(world, look, x, z, topY);
      const north = heightNorth[i]!;
      const k = y > north ? BRIGHT_HIGHER : y === north ? BRIGHT_LEVEL : BRIGHT_LOWER;
      heightNorth[i] = y;
      const tex = state < 0 ? -1 : faceTexture[state * 6 + FACE_UP]!;
      if (tex < 0 || scale === 1) {
        const c = state < 0 ? 0 : tex < 0 ? color[state]! : meanColor[tex]!;
        fill(rgb, px, i * scale, j * scale, scale, ((c >> 16) * k) | 0, (((c >> 8) & 255) * k) | 0, ((c & 255) * k) | 0);
      } else {
        paintTexture(rgb, px, i * scale, j * scale, scale, texels, tex * TEXELS_PER_TEXTURE, meanColor[tex]!, k);
      }
    }
  }
  if (opts.entities !== false) {
    const found = world.near({ x: cx + 0.5, y: center.y, z: cz + 0.5 }, radius * 1.5 + 2);
    // Players last so they stay visible on top of mobs and items.
    found.sort((a, b) => (a.kind === 'player' ? 1 : 0) - (b.kind === 'player' ? 1 : 0) || a.id - b.id);
    for (const e of found) {
      const i = Math.floor(e.pos.x) - (cx - radius);
      const j = Math.floor(e.pos.z) - (cz - radius);
      if (i < 0 || j < 0 || i >= side || j >= side) continue;
      const c = entityColor(e.kind, e.type, e.kind === 'mob' && e.hostile);
      const dot = Math.max(1, Math.round(scale * 0.6));
      const off = Math.floor((scale - dot) / 2);
      fill(rgb, px, i * scale + off, j * scale + off, dot, c[0], c[1], c[2]);
    }
  }
  return { width: px, height: px, rgb };
}

/** The map as a PNG. */
export function renderTopDown(world: World, center: Vec3, radius: number, opts: TopDownOptions = {}): Buffer {
  const frame = renderTopDownRgb(world, center, radius, opts);
  return encodeRgbPng(frame.width, frame.height, frame.rgb);
}

/** Highest block at (x, z) from `topY` down that is neither air nor a plant, torch or rail; state -1 for the void. */
function surface(world: World, look: Uint8Array, x: number, z: number, topY: number): { y: number; state: number } {
  for (let y = topY; y >= MIN_Y; y--) {
    const s = world.blocks.get(x, y, z);
    const lk = look[s];
    if (lk === Look.Opaque || lk === Look.Shape || lk === Look.Fluid || lk === Look.Cutout || lk === Look.Glass) return { y, state: s };
  }
  return { y: MIN_Y - 1, state: -1 };
}

function fill(rgb: Uint8Array, stride: number, x0: number, y0: number, size: number, r: number, g: number, b: number): void {
  for (let y = y0; y < y0 + size; y++) {
    let o = (y * stride + x0) * 3;
    for (let x = 0; x < size; x++) {
      rgb[o++] = r;
      rgb[o++] = g;
      rgb[o++] = b;
    }
  }
}

/** Paints one map cell with a 16×16 texture sampled to `size` pixels; see-through texels show the texture's mean colour. */
function paintTexture(rgb: Uint8Array, stride: number, x0: number, y0: number, size: number, texels: Uint32Array, base: number, mean: number, k: number): void {
  for (let y = 0; y < size; y++) {
    const v = ((y * 16) / size) | 0;
    let o = ((y0 + y) * stride + x0) * 3;
    for (let x = 0; x < size; x++) {
      const t = texels[base + v * 16 + (((x * 16) / size) | 0)]!;
      const c = t >>> 24 === 0 ? mean : t;
      rgb[o++] = ((c >> 16 & 255) * k) | 0;
      rgb[o++] = ((c >> 8 & 255) * k) | 0;
      rgb[o++] = ((c & 255) * k) | 0;
    }
  }
}
