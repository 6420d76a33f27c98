/**
 * What one agent can perceive on a real server, with the embedded world's limits: blocks and
 * entities within its perception range (a sphere around the eyes), in line of sight (voxel rays
 * over the blocks its bot received), inside an optional view cone. The oracle (`omniscient`) skips
 * sight and cone. Results are nearest first, ties in a fixed order.
 */
import type { Bot } from 'mineflayer';
import type { Entity } from 'prismarine-entity';
import type { Vec3 } from '../../core/vec3.js';
import { blockViewOf, type BlockView } from './block-view.js';
import { distance, eyeOf, lookVector, pitchDegrees, plain, yawDegrees } from './bot-geometry.js';
import { canSeeBlock, canSeePoint, inViewCone } from './sight.js';

export interface Senses {
  perceptionRange: number;
  fovDegrees?: number;
  omniscient: boolean;
  /** Names never reported as entities (the orchestrator's connection is not part of the world). */
  hiddenPlayers: ReadonlySet<string>;
}

export interface SeenBlock {
  pos: Vec3;
  name: string;
  distance: number;
}

export interface BlockQuery {
  /** Only these block names (absent: every non-air block). */
  names?: ReadonlySet<string>;
  /** Narrows the perception sphere, never widens it. */
  range?: number;
  maxResults?: number;
  /** Cap on blocks ray-cast, nearest first (default 20,000). */
  maxRays?: number;
}

interface Candidate { x: number; y: number; z: number; d2: number; state: number }

/** Visible blocks, nearest first. */
export function visibleBlocks(bot: Bot, senses: Senses, query: BlockQuery = {}): SeenBlock[] {
  const view = blockViewOf(bot);
  const eye = eyeOf(bot);
  const range = Math.min(query.range ?? Infinity, senses.perceptionRange);
  const maxResults = query.maxResults ?? Infinity;
  const maxRays = query.maxRays ?? 20_000;
  const look = lookVector(yawDegrees(bot.entity.yaw), pitchDegrees(bot.entity.pitch));
  const candidates = collectCandidates(view, eye, range, query.names);
  candidates.sort((a, b) => a.d2 - b.d2 || a.y - b.y || a.x - b.x || a.z - b.z);
  const out: SeenBlock[] = [];
  let rays = 0;
  for (const c of candidates) {
    if (out.length >= maxResults || rays >= maxRays) break;
    const pos = { x: c.x, y: c.y, z: c.z };
    const centre = { x: c.x + 0.5, y: c.y + 0.5, z: c.z + 0.5 };
    if (!senses.omniscient) {
      if (!inViewCone(eye, look, centre, senses.fovDegrees)) continue;
      rays++;
      if (!canSeeBlock(view, eye, pos)) continue;
    }
    out.push({ pos, name: view.nameOf(c.state), distance: Math.sqrt(c.d2) });
  }
  return out;
}

/** Non-air blocks in the sphere with a face open to a see-through neighbour (buried ones are never seen). */
function collectCandidates(view: BlockView, eye: Vec3, range: number, names: ReadonlySet<string> | undefined): Candidate[] {
  const out: Candidate[] = [];
  const r = Math.ceil(range);
  const ex = Math.floor(eye.x);
  const ey = Math.floor(eye.y);
  const ez = Math.floor(eye.z);
  const r2 = range * range;
  for (let y = ey - r; y <= ey + r; y++) {
    for (let x = ex - r; x <= ex + r; x++) {
      for (let z = ez - r; z <= ez + r; z++) {
        const dx = x + 0.5 - eye.x;
        const dy = y + 0.5 - eye.y;
        const dz = z + 0.5 - eye.z;
        const d2 = dx * dx + dy * dy + dz * dz;
        if (d2 > r2) continue;
        const state = view.stateAt(x, y, z);
        if (state === null || view.isAir(state)) continue;
        if (names && !names.has(view.nameOf(state))) continue;
        if (!exposed(view, x, y, z, state)) continue;
        out.push({ x, y, z, d2, state });
      }
    }
  }
  return out;
}

function exposed(view: BlockView, x: number, y: number, z: number, state: number): boolean {
  const open = (s: number | null): boolean => s !== null && s !== state && view.seeThrough(s);
  return (
    open(view.stateAt(x + 1, y, z)) || open(view.stateAt(x - 1, y, z)) ||
    open(view.stateAt(x, y + 1, z)) || open(view.stateAt(x, y - 1, z)) ||
    open(view.stateAt(x, y, z + 1)) || open(view.stateAt(x, y, z - 1))
  );
}

export interface SeenEntity {
  entity: Entity;
  id: number;
  type: string;
  name?: string;
  pos: Vec3;
  distance: number;
}

/** Visible entities (not the agent itself), nearest first, ties by id. */
export function visibleEntities(bot: Bot, senses: Senses, query: { type?: string; range?: number; maxResults?: number } = {}): SeenEntity[] {
  const view = blockViewOf(bot);
  const eye = eyeOf(bot);
  const self = bot.entity;
  const range = senses.omniscient ? (query.range ?? Infinity) : Math.min(query.range ?? Infinity, senses.perceptionRange);
  const look = lookVector(yawDegrees(self.yaw), pitchDegrees(self.pitch));
  const out: SeenEntity[] = [];
  for (const e of Object.values(bot.entities)) {
    if (e === self || e.id === self.id || !e.position) continue;
    const type = entityTypeName(e);
    if (type === 'player' && e.username && (senses.hiddenPlayers.has(e.username) || e.username === bot.username)) continue;
    if (query.type !== undefined && type !== query.type) continue;
    const height = e.height ?? 1;
    const centre = { x: e.position.x, y: e.position.y + height / 2, z: e.position.z };
    const d = distance(eye, centre);
    if (d > range) continue;
    if (!senses.omniscient) {
      if (!inViewCone(eye, look, centre, senses.fovDegrees)) continue;
      const eyes = { x: e.position.x, y: e.position.y + height * (type === 'player' ? 0.9 : 0.85), z: e.position.z };
      if (!canSeePoint(view, eye, eyes) && !canSeePoint(view, eye, centre)) continue;
    }
    const seen: SeenEntity = { entity: e, id: e.id, type, pos: plain(e.position), distance: distance(self.position, e.position) };
    const name = entityDisplayName(e, type);
    if (name !== undefined) seen.name = name;
    out.push(seen);
  }
  out.sort((a, b) => a.distance - b.distance || a.id - b.id);
  return out.slice(0, query.maxResults ?? out.length);
}

/** minecraft-data entity name (`zombie`, `player`, `item`). */
export function entityTypeName(e: Entity): string {
  if (e.type === 'player') return 'player';
  return e.name ?? 'unknown';
}

function entityDisplayName(e: Entity, type: string): string | undefined {
  if (type === 'player') return e.username;
  if (type === 'item') return droppedItem(e)?.name;
  return undefined;
}

/** The stack a dropped-item entity carries, when the bot has received its metadata. */
export function droppedItem(e: Entity): { name: string; count: number } | null {
  try {
    const item = (e as unknown as { getDroppedItem(): { name: string; count: number } | null }).getDroppedItem();
    return item ? { name: item.name, count: item.count } : null;
  } catch {
    return null;
  }
}
