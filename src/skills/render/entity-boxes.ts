/**
 * The boxes a first-person frame draws for the entities near the eyes: players and the mobs of
 * `entity-models.ts` as their model's parts textured from their skins, other mobs as banded boxes
 * of their size (`entity-look.ts`), dropped blocks as small cubes with the block's texture. A
 * model is turned to the nearest of the four directions of the entity's yaw, so every part stays an
 * axis-aligned box the ray caster can test exactly.
 */
import type { Entity, World } from '../../world/index.js';
import { bandsOf, type Band } from './entity-look.js';
import { ENTITY_MODELS, partExtent, type EntityModel, type ModelPart } from './entity-models.js';
import { entitySkin } from './entity-skins.js';

export interface EntityBox {
  x0: number; y0: number; z0: number;
  x1: number; y1: number; z1: number;
  bands: readonly Band[];
  /** Texture index to paint every face with (a dropped block), or -1. */
  texture: number;
  /** The skin texels painting a model part (see `skinTexel`), or null. */
  skin: Uint32Array | null;
  skinWidth: number;
  /** The part's texture box in the skin: offset and size in texels. */
  u: number; v: number; w: number; h: number; d: number;
  mirror: boolean;
  /**
   * World axis (0 x, 1 y, 2 z) and direction (1 or -1) along which the part's texture coordinates
   * grow: `a` across its width (from its right to its left), `b` down its height, `c` through its
   * depth from front to back.
   */
  axisA: number; signA: number; axisB: number; signB: number; axisC: number; signC: number;
  /** Index of the entity's name tag in `EntityBoxes.tags`, or -1. */
  tag: number;
  /** Pixel columns and rows the box can cover (a margin wider than its projection): rays outside skip it. */
  px0: number; px1: number; py0: number; py1: number;
}

/** Where a player's name tag hangs: over the middle of the top of its bounding box. */
export interface NameTagAnchor {
  name: string;
  x: number; y: number; z: number;
}

export interface EntityBoxes {
  /** Every entity's boxes, one entity after another. */
  boxes: EntityBox[];
  /** Index in `boxes` of each entity's first box, and `boxes.length` last. */
  firsts: number[];
  tags: NameTagAnchor[];
}

/** The boxes of every entity within `maxDist` (+2) of the eyes, except the viewer's own body. */
export function entityBoxes(world: World, viewer: Entity | undefined, eye: { x: number; y: number; z: number }, maxDist: number, blockTexture: ReadonlyMap<string, number>): EntityBoxes {
  const boxes: EntityBox[] = [];
  const firsts: number[] = [];
  const tags: NameTagAnchor[] = [];
  for (const e of world.near(eye, maxDist + 2)) {
    if (e === viewer || e.removed) continue;
    firsts.push(boxes.length);
    let tag = -1;
    if (e.kind === 'player') {
      tag = tags.length;
      tags.push({ name: e.name, x: e.pos.x, y: e.pos.y + e.height, z: e.pos.z });
    }
    const model = e.kind === 'item' ? undefined : ENTITY_MODELS[e.type];
    if (model && entitySkin(world.registry.version, model.skin)) {
      modelBoxes(world.registry.version, e, model, tag, boxes);
      continue;
    }
    const hw = e.width / 2;
    boxes.push({
      ...UNSKINNED,
      x0: e.pos.x - hw, y0: e.pos.y, z0: e.pos.z - hw, x1: e.pos.x + hw, y1: e.pos.y + e.height, z1: e.pos.z + hw,
      bands: bandsOf(e), texture: e.kind === 'item' ? blockTexture.get(e.stack.name) ?? -1 : -1, tag,
    });
  }
  firsts.push(boxes.length);
  return { boxes, firsts, tags };
}

const UNSKINNED = {
  skin: null, skinWidth: 0, u: 0, v: 0, w: 0, h: 0, d: 0, mirror: false,
  axisA: 0, signA: 1, axisB: 1, signB: -1, axisC: 2, signC: 1,
  px0: 0, px1: 0, py0: 0, py1: 0,
} as const;

/** The world axis and direction of the mob's left and forward, for the quarter turn nearest its yaw (0 faces +z). */
function turnOf(yaw: number): { axisL: number; signL: number; axisF: number; signF: number } {
  const quarter = (((Math.round(yaw / 90) % 4) + 4) % 4) as 0 | 1 | 2 | 3;
  return [
    { axisL: 0, signL: 1, axisF: 2, signF: 1 },
    { axisL: 2, signL: 1, axisF: 0, signF: -1 },
    { axisL: 0, signL: -1, axisF: 2, signF: -1 },
    { axisL: 2, signL: -1, axisF: 0, signF: 1 },
  ][quarter]!;
}

function modelBoxes(version: string, e: Entity, model: EntityModel, tag: number, out: EntityBox[]): void {
  const { axisL, signL, axisF, signF } = turnOf(e.yaw);
  const px = model.scale / 16;
  const origin = [e.pos.x, e.pos.y, e.pos.z];
  for (const part of model.parts) {
    const skin = entitySkin(version, part.skin ?? model.skin);
    if (!skin) continue;
    const ext = partExtent(part);
    const grow = part.inflate ?? 0;
    const lo = [0, 0, 0];
    const hi = [0, 0, 0];
    // Along left and forward, the part's interval turned onto the world axis.
    const place = (axis: number, sign: number, from: number, size: number): void => {
      const a = origin[axis]! + sign * (from - grow) * px;
      const b = origin[axis]! + sign * (from + size + grow) * px;
      lo[axis] = Math.min(a, b);
      hi[axis] = Math.max(a, b);
    };
    place(axisL, signL, part.l, ext.l);
    place(axisF, signF, part.f, ext.f);
    place(1, 1, part.up, ext.up);
    const axes = textureAxes(part, axisL, signL, axisF, signF);
    out.push({
      x0: lo[0]!, y0: lo[1]!, z0: lo[2]!, x1: hi[0]!, y1: hi[1]!, z1: hi[2]!,
      bands: [], texture: -1, skin: skin.texels, skinWidth: skin.width,
      u: part.u, v: part.v, w: part.w, h: part.h, d: part.d, mirror: part.mirror === true,
      ...axes, tag, px0: 0, px1: 0, py0: 0, py1: 0,
    });
  }
}

/** Which world axes a part's texture coordinates a (width), b (height), c (depth) follow, by its pose. */
function textureAxes(part: ModelPart, axisL: number, signL: number, axisF: number, signF: number) {
  const pose = part.pose ?? 'upright';
  // a always runs from the part's right to its left.
  const a = { axisA: axisL, signA: signL };
  if (pose === 'upright') return { ...a, axisB: 1, signB: -1, axisC: axisF, signC: -signF };
  if (pose === 'lying') return { ...a, axisB: axisF, signB: -signF, axisC: 1, signC: 1 };
  return { ...a, axisB: axisF, signB: signF, axisC: 1, signC: -1 };
}

/**
 * The skin texel (0xAARRGGBB) where a ray meets a model part's box at (hx, hy, hz), entering through
 * a face across world `axis` while travelling `dir` along it. The face is told by which end of
 * which texture axis it lies at, and its texel follows the game's box layout (see entity-models.ts).
 */
export function skinTexel(bx: EntityBox, hx: number, hy: number, hz: number, axis: number, dir: number): number {
  const { w, h, d } = bx;
  let a = local(bx, bx.axisA, bx.signA, hx, hy, hz, w);
  const b = local(bx, bx.axisB, bx.signB, hx, hy, hz, h);
  const c = local(bx, bx.axisC, bx.signC, hx, hy, hz, d);
  // A face at the low end of a texture axis is where the ray enters when it travels the way that axis grows.
  let face: number;
  if (axis === bx.axisA) face = (dir > 0) === (bx.signA > 0) ? 0 : 1;
  else if (axis === bx.axisB) face = (dir > 0) === (bx.signB > 0) ? 2 : 3;
  else face = (dir > 0) === (bx.signC > 0) ? 4 : 5;
  if (bx.mirror) {
    a = w - 1 - a;
    if (face < 2) face = 1 - face;
  }
  let tu: number;
  let tv: number;
  switch (face) {
    case 0: tu = bx.u + d - 1 - c; tv = bx.v + d + b; break; // its right side
    case 1: tu = bx.u + d + w + c; tv = bx.v + d + b; break; // its left side
    case 2: tu = bx.u + d + a; tv = bx.v + d - 1 - c; break; // top
    case 3: tu = bx.u + d + w + a; tv = bx.v + d - 1 - c; break; // bottom
    case 4: tu = bx.u + d + a; tv = bx.v + d + b; break; // front
    default: tu = bx.u + 2 * d + w + (w - 1 - a); tv = bx.v + d + b; // back
  }
  return bx.skin![tv * bx.skinWidth + tu]!;
}

/** The whole texel (0 … size-1) a hit point lies in along one of a part's texture axes. */
function local(bx: EntityBox, axis: number, sign: number, hx: number, hy: number, hz: number, size: number): number {
  const p = axis === 0 ? hx : axis === 1 ? hy : hz;
  const lo = axis === 0 ? bx.x0 : axis === 1 ? bx.y0 : bx.z0;
  const hi = axis === 0 ? bx.x1 : axis === 1 ? bx.y1 : bx.z1;
  const frac = sign > 0 ? (p - lo) / (hi - lo) : (hi - p) / (hi - lo);
  const k = Math.floor(frac * size);
  return k < 0 ? 0 : k >= size ? size - 1 : k;
}
