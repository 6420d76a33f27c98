/**
 * Touch (issue 14; MineLand lists it among the senses): what the body is in contact with, read from
 * the body port so both backends feel the same. Contact needs no sight — the body knows it stands
 * on sand and that something presses on its back — but naming what touches it does: an entity or an
 * attacker the agent cannot see is "something", with no id (knowable.ts's rule, issue 21).
 *
 * Geometry: the body is its hitbox (0.6 × 1.8 for a player); a block or an entity touches it when
 * it lies within CONTACT_GAP of the hitbox on one side. Blocks against the sides and head count only
 * when solid (they stop the body); blocks the body is inside count when they do not (water,
 * cobweb). Diagonal neighbours, which meet the hitbox at an edge at most, are left out.
 */
import type { HitSide, ObservedTouch, TouchSide } from '../../core/observation.js';
import type { Vec3 } from '../../core/vec3.js';
import type { BodyEntity, BodyPort, Viewer } from '../body-port.js';
import { lookDirection } from './eyes.js';
import { mayKnowEntity } from './knowable.js';

/** How close, in blocks, a block or an entity must come to the hitbox to touch it. */
export const CONTACT_GAP = 0.1;
/** A player's hitbox width, for entities whose backend gives none. */
const DEFAULT_WIDTH = 0.6;
/** Most entities listed as touching (a crowd pressed around the body is still one short line). */
const MAX_TOUCHING = 8;
/** Most blows the observation text spells out. */
const MAX_HITS_IN_TEXT = 4;
/** A blow whose source lies within this angle of the look direction came from the front. */
const FRONT_HALF_ANGLE_COS = Math.cos(Math.PI / 4);
const EPS = 1e-9;

/** The name for an entity in touch or a blow: its type (a player's name) if the agent may know it, else "something". */
export function touchName(port: BodyPort, viewer: Viewer, e: BodyEntity | undefined, omniscient: boolean): { what: string; id?: number } {
  if (!e || !mayKnowEntity(port, viewer, e, omniscient)) return { what: 'something' };
  return { what: e.kind === 'player' && e.name ? e.name : e.type, id: e.id };
}

/**
 * Who dealt a blow, as the hurt event and touch's `hits` say it: a player's name or `zombie #12`
 * when the victim may know the attacker, else "something".
 */
export function attackerName(port: BodyPort, viewer: Viewer, source: BodyEntity | undefined, omniscient: boolean): string {
  if (!source || !mayKnowEntity(port, viewer, source, omniscient)) return 'something';
  return source.kind === 'player' && source.name ? source.name : `${source.type} #${source.id}`;
}

/** Which side of `viewer` (as it faces) a blow from `source` came from; horizontal only. */
export function hitSide(viewer: { pos: Vec3; yaw: number }, source: Vec3): HitSide {
  const dx = source.x - viewer.pos.x;
  const dz = source.z - viewer.pos.z;
  const d = Math.hypot(dx, dz);
  if (d < EPS) return 'front';
  const look = lookDirection(viewer.yaw, 0);
  const ahead = (dx * look.x + dz * look.z) / d;
  if (ahead >= FRONT_HALF_ANGLE_COS) return 'front';
  if (ahead <= -FRONT_HALF_ANGLE_COS) return 'behind';
  // Facing north (-z) the right hand points east (+x): right = (-look.z, look.x).
  return dx * -look.z + dz * look.x > 0 ? 'right' : 'left';
}

/** Blocks and entities in contact with `viewer`'s body now; `hits` is left for the caller to fill. */
export function touchOf(port: BodyPort, viewer: Viewer, omniscient: boolean): ObservedTouch {
  const { registry, blocks } = port;
  const airId = registry.blockIdOfState[registry.airState]!;
  const half = (viewer.width ?? DEFAULT_WIDTH) / 2;
  const { x, y, z } = viewer.pos;
  const min = { x: x - half, y, z: z - half };
  const max = { x: x + half, y: y + viewer.height, z: z + half };
  // Cells the body occupies (a face exactly on a cell border does not reach into the next cell).
  const inX = [Math.floor(min.x), Math.floor(max.x - EPS)] as const;
  const inY = [Math.floor(min.y), Math.floor(max.y - EPS)] as const;
  const inZ = [Math.floor(min.z), Math.floor(max.z - EPS)] as const;
  const side = (v: number, inside: readonly [number, number]): number => (v < inside[0] ? -1 : v > inside[1] ? 1 : 0);
  let standingOn: string | null = null;
  let standingDistance = Infinity;
  const inside = new Set<string>();
  const touched = new Map<string, { side: TouchSide; block: string }>();
  for (let bx = Math.floor(min.x - CONTACT_GAP); bx <= Math.floor(max.x + CONTACT_GAP - EPS); bx++) {
    for (let by = Math.floor(min.y - CONTACT_GAP); by <= Math.floor(max.y + CONTACT_GAP - EPS); by++) {
      for (let bz = Math.floor(min.z - CONTACT_GAP); bz <= Math.floor(max.z + CONTACT_GAP - EPS); bz++) {
        const sx = side(bx, inX), sy = side(by, inY), sz = side(bz, inZ);
        if (Math.abs(sx) + Math.abs(sy) + Math.abs(sz) > 1) continue; // diagonal: an edge at most
        const state = blocks.get(bx, by, bz);
        if (registry.blockIdOfState[state] === airId) continue;
        const solid = registry.solidByState[state] === 1;
        const name = registry.blockNameOfState(state);
        const within = sx === 0 && sy === 0 && sz === 0;
        if (within && !solid) {
          inside.add(name);
          continue;
        }
        // Under the feet: the row below, or a solid block sharing the feet's cell (a slab, a path
        // block): the solid block nearest under the centre wins (grass and fluids hold nobody up).
        if (sy === -1 || (within && by === inY[0])) {
          const d = Math.hypot(bx + 0.5 - x, bz + 0.5 - z);
          if (solid && d < standingDistance) {
            standingDistance = d;
            standingOn = name;
          }
          continue;
        }
        if (within || !solid) continue;
        const where: TouchSide = sy === 1 ? 'above' : sx === 1 ? 'east' : sx === -1 ? 'west' : sz === 1 ? 'south' : 'north';
        touched.set(`${where}:${name}`, { side: where, block: name });
      }
    }
  }
  return {
    standingOn,
    inside: [...inside].sort(),
    blocks: [...touched.values()].sort((a, b) => (a.side === b.side ? (a.block < b.block ? -1 : 1) : a.side < b.side ? -1 : 1)),
    entities: touchingEntities(port, viewer, min, max, omniscient),
    hits: [],
  };
}

function touchingEntities(port: BodyPort, viewer: Viewer, min: Vec3, max: Vec3, omniscient: boolean): ObservedTouch['entities'] {
  const found: { d: number; id: number; entry: ObservedTouch['entities'][number] }[] = [];
  port.forEachNear(viewer.pos, 4, (e) => {
    if (e.id === viewer.id || e.removed) return;
    const h = (e.width ?? DEFAULT_WIDTH) / 2;
    const gap = Math.max(min.x - (e.pos.x + h), e.pos.x - h - max.x, min.y - (e.pos.y + e.height), e.pos.y - max.y, min.z - (e.pos.z + h), e.pos.z - h - max.z);
    if (gap > CONTACT_GAP) return;
    const dx = e.pos.x - viewer.pos.x, dz = e.pos.z - viewer.pos.z;
    const where: TouchSide | 'inside' =
      e.pos.y >= max.y - CONTACT_GAP ? 'above' : Math.max(Math.abs(dx), Math.abs(dz)) < 0.05 ? 'inside' : Math.abs(dx) >= Math.abs(dz) ? (dx > 0 ? 'east' : 'west') : dz > 0 ? 'south' : 'north';
    found.push({ d: Math.hypot(dx, e.pos.y - viewer.pos.y, dz), id: e.id, entry: { side: where, ...touchName(port, viewer, e, omniscient) } });
  });
  found.sort((a, b) => a.d - b.d || a.id - b.id);
  return found.slice(0, MAX_TOUCHING).map((f) => f.entry);
}

/** The touch part of the observation text: "standing on sand, touching cactus on the east, …", or '' when nothing. */
export function touchText(t: ObservedTouch): string {
  const parts: string[] = [];
  if (t.standingOn) parts.push(`standing on ${t.standingOn}`);
  if (t.inside.length) parts.push(`in ${t.inside.join(', ')}`);
  for (const b of t.blocks) parts.push(`touching ${b.block} ${b.side === 'above' ? 'above your head' : `on the ${b.side}`}`);
  for (const e of t.entities) parts.push(`${e.id !== undefined ? `${e.what}#${e.id}` : e.what} ${e.side === 'inside' ? 'inside your space' : e.side === 'above' ? 'on your head' : `against you on the ${e.side}`}`);
  // A mob swarm lands many blows between two prompts: the latest few, and how many more.
  if (t.hits.length > MAX_HITS_IN_TEXT) parts.push(`${t.hits.length - MAX_HITS_IN_TEXT} earlier hits`);
  for (const h of t.hits.slice(-MAX_HITS_IN_TEXT)) parts.push(`hit ${h.from === 'front' ? 'from the front' : h.from === 'behind' ? 'from behind' : `on the ${h.from}`} by ${h.by} (${h.amount} damage)`);
  return parts.join(', ');
}
