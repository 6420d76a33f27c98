/**
 * Spatial index of entities: a hash grid of 16x16 columns (x/z). Queries visit only the cells a
 * radius touches, so "entities near me" stays cheap with a thousand agents. Players are also filed
 * in a grid of their own: the frequent "players near" queries (item pickup, mob targeting, spawning,
 * despawning) then skip the dropped items and mobs that share their cells.
 */
import type { Vec3 } from '../../core/vec3.js';
import type { Entity } from './entity.js';

/** Cell size and key, shared with a worker's entity snapshot (`parallel/entity-snapshot.ts`), which files the same way. */
export const CELL = 16;
export const cellKey = (cx: number, cz: number): number => (cx + 32768) * 65536 + (cz + 32768);

export class EntityIndex {
  private readonly cells = new Map<number, Entity[]>();
  private readonly playerCells = new Map<number, Entity[]>();

  insert(e: Entity): void {
    const key = cellKey(Math.floor(e.pos.x / CELL), Math.floor(e.pos.z / CELL));
    e.indexCell = key;
    addTo(this.cells, key, e);
    if (e.kind === 'player') addTo(this.playerCells, key, e);
  }

  remove(e: Entity): void {
    const key = e.indexCell;
    if (Number.isNaN(key)) return;
    e.indexCell = NaN;
    removeFrom(this.cells, key, e);
    if (e.kind === 'player') removeFrom(this.playerCells, key, e);
  }

  /** Re-files an entity whose position changed; cheap when it stayed in its cell. */
  update(e: Entity): void {
    const key = cellKey(Math.floor(e.pos.x / CELL), Math.floor(e.pos.z / CELL));
    if (e.indexCell === key) return;
    this.remove(e);
    this.insert(e);
  }

  /**
   * Entities whose feet are within `radius` of `p` (3D distance), in a stable order (by id),
   * optionally filtered. Stable order keeps rules that iterate neighbours deterministic.
   */
  near(p: Vec3, radius: number, filter?: (e: Entity) => boolean): Entity[] {
    return query(this.cells, p, radius, filter);
  }

  /**
   * Calls `visit` for each entity whose feet are within `radius` of `p`, in no particular order and
   * without building a list: for callers that impose their own order (sorting by distance, say).
   */
  forEachNear(p: Vec3, radius: number, visit: (e: Entity) => void): void {
    scan(this.cells, p, radius, visit);
  }

  /** `forEachNear` restricted to players (no list, no sort): for callers that keep few of them and order those themselves. */
  forEachNearPlayer(p: Vec3, radius: number, visit: (e: Entity) => void): void {
    scan(this.playerCells, p, radius, visit);
  }

  /** `near` restricted to players: the same result as filtering `near` by kind, without visiting other entities. */
  nearPlayers(p: Vec3, radius: number, filter?: (e: Entity) => boolean): Entity[] {
    return query(this.playerCells, p, radius, filter);
  }
}

function addTo(cells: Map<number, Entity[]>, key: number, e: Entity): void {
  let list = cells.get(key);
  if (!list) cells.set(key, (list = []));
  list.push(e);
}

function removeFrom(cells: Map<number, Entity[]>, key: number, e: Entity): void {
  const list = cells.get(key);
  if (!list) return;
  const i = list.indexOf(e);
  if (i >= 0) list.splice(i, 1);
  if (list.length === 0) cells.delete(key);
}

function query(cells: Map<number, Entity[]>, p: Vec3, radius: number, filter?: (e: Entity) => boolean): Entity[] {
  const out: Entity[] = [];
  scan(cells, p, radius, (e) => {
    if (!filter || filter(e)) out.push(e);
  });
  out.sort((a, b) => a.id - b.id);
  return out;
}

/** Visits the entities of the cells around `p` whose feet are within `radius`, cell by cell (also over a worker's snapshot). */
export function scan<E extends { readonly pos: Vec3; readonly removed: boolean }>(cells: Map<number, E[]>, p: Vec3, radius: number, visit: (e: E) => void): void {
  const r2 = radius * radius;
  const x0 = Math.floor((p.x - radius) / CELL);
  const x1 = Math.floor((p.x + radius) / CELL);
  const z0 = Math.floor((p.z - radius) / CELL);
  const z1 = Math.floor((p.z + radius) / CELL);
  for (let cx = x0; cx <= x1; cx++) {
    for (let cz = z0; cz <= z1; cz++) {
      const list = cells.get(cellKey(cx, cz));
      if (!list) continue;
      for (const e of list) {
        if (e.removed) continue;
        const dx = e.pos.x - p.x;
        const dy = e.pos.y - p.y;
        const dz = e.pos.z - p.z;
        if (dx * dx + dy * dy + dz * dz <= r2) visit(e);
      }
    }
  }
}
