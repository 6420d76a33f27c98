/**
 * Spatial index of entities: a hash grid of 16x16 columns (x/z). Queries visit only the cells a
 * radius touches, so "entities near me" stays cheap with a thousand agents. Players are also filed
 * in a grid of their own: the frequent "players near" queries (item pickup, mob targeting, spawning,
 * despawning) then skip the dropped items and mobs that share their cells; mobs likewise, for the
 * spawning rule's mob caps, which would otherwise count through every item a long run left within 64
 * blocks of a player. Dropped items are also
 * filed in a fine grid of 4-block cubes: pickup and merging reach a block or two, and on a field that
 * agents have dug for minutes a 16-block column holds dozens of items, piled down the pits.
 */
import type { Vec3 } from '../../core/vec3.js';
import type { Entity, ItemEntity } from './entity.js';
import { ITEM_WIDTH } from './item-entity.js'; // an item's box is as high as it is wide

/** Cell size and key, shared with a worker's entity snapshot (`parallel/entity-snapshot.ts`), which files the same way. */
export const CELL = 16;
export const cellKey = (cx: number, cz: number): number => (cx + 32768) * 65536 + (cz + 32768);
const ITEM_CELL = 4;
/**
 * A cube of the item grid, as 10 bits each of x, z and y in cubes: a small integer, which a Map hashes
 * much faster than the large doubles a full key needs (pickup asks ~5 cubes per player every tick).
 * Cubes 4,096 blocks apart share a key, so a cube's list may hold items from far away: every query is
 * a superset that its caller narrows by position, as it always was.
 */
const cubeKey = (cx: number, cy: number, cz: number): number => ((cx & 1023) << 20) | ((cz & 1023) << 10) | (cy & 1023);

export class EntityIndex {
  private readonly cells = new Map<number, Entity[]>();
  private readonly playerCells = new Map<number, Entity[]>();
  private readonly mobCells = new Map<number, Entity[]>();
  private readonly itemCells = new Map<number, Entity[]>();

  insert(e: Entity): void {
    const key = cellKey(Math.floor(e.pos.x / CELL), Math.floor(e.pos.z / CELL));
    e.indexCell = key;
    addTo(this.cells, key, e);
    if (e.kind === 'player') addTo(this.playerCells, key, e);
    else if (e.kind === 'mob') addTo(this.mobCells, key, e);
    else if (e.kind === 'item') this.refileItem(e);
  }

  remove(e: Entity): void {
    if (e.kind === 'item' && !Number.isNaN(e.itemCell)) {
      removeFrom(this.itemCells, e.itemCell, e, true);
      e.itemCell = NaN;
    }
    const key = e.indexCell;
    if (Number.isNaN(key)) return;
    e.indexCell = NaN;
    removeFrom(this.cells, key, e);
    if (e.kind === 'player') removeFrom(this.playerCells, key, e);
    else if (e.kind === 'mob') removeFrom(this.mobCells, key, e);
  }

  /** Re-files an entity whose position changed; cheap when it stayed in its cell. */
  update(e: Entity): void {
    if (e.kind === 'item') this.refileItem(e);
    const key = cellKey(Math.floor(e.pos.x / CELL), Math.floor(e.pos.z / CELL));
    const was = e.indexCell;
    if (was === key) return;
    e.indexCell = key;
    removeFrom(this.cells, was, e);
    addTo(this.cells, key, e);
    if (e.kind === 'player') {
      removeFrom(this.playerCells, was, e);
      addTo(this.playerCells, key, e);
    } else if (e.kind === 'mob') {
      removeFrom(this.mobCells, was, e);
      addTo(this.mobCells, key, e);
    }
  }

  /**
   * Re-files a dropped item in the fine item grid at once. The movement rule calls it after moving an
   * item, so the item queries below see where items are now, not where the last tick left them.
   */
  refileItem(e: ItemEntity): void {
    const key = cubeKey(Math.floor(e.pos.x / ITEM_CELL), Math.floor(e.pos.y / ITEM_CELL), Math.floor(e.pos.z / ITEM_CELL));
    if (e.itemCell === key) return;
    if (!Number.isNaN(e.itemCell)) removeFrom(this.itemCells, e.itemCell, e, true);
    e.itemCell = key;
    addTo(this.itemCells, key, e);
  }

  /**
   * Entities whose feet are within `radius` of `p` (3D distance), in a stable order (by id),
   * optionally filtered. Stable order keeps rules that iterate neighbours deterministic.
   */
  near(p: Vec3, radius: number, filter?: (e: Entity) => boolean): Entity[] {
    return query(this.cells, CELL, p, radius, filter);
  }

  /**
   * Calls `visit` for each entity whose feet are within `radius` of `p`, in no particular order and
   * without building a list: for callers that impose their own order (sorting by distance, say).
   */
  forEachNear(p: Vec3, radius: number, visit: (e: Entity) => void): void {
    scan(this.cells, CELL, p, radius, visit);
  }

  /** The entities filed in 16-block cell (cx, cz) (removed ones included until the end-of-tick sweep), or undefined. Read-only. */
  inCell(cx: number, cz: number): readonly Entity[] | undefined {
    return this.cells.get(cellKey(cx, cz));
  }

  /** `forEachNear` restricted to players (no list, no sort): for callers that keep few of them and order those themselves. */
  forEachNearPlayer(p: Vec3, radius: number, visit: (e: Entity) => void): void {
    scan(this.playerCells, CELL, p, radius, visit);
  }

  /** `near` restricted to players: the same result as filtering `near` by kind, without visiting other entities. */
  nearPlayers(p: Vec3, radius: number, filter?: (e: Entity) => boolean): Entity[] {
    return query(this.playerCells, CELL, p, radius, filter);
  }

  /** `near` restricted to mobs: the same result as filtering `near` by kind, without visiting players and items. */
  nearMobs(p: Vec3, radius: number, filter?: (e: Entity) => boolean): Entity[] {
    return query(this.mobCells, CELL, p, radius, filter);
  }

  /**
   * Calls `visit` for each dropped item in the item grid's cubes over the box x0..x1, y0..y1, z0..z1
   * (block coordinates), in no particular order: a superset of the items whose feet are in that box,
   * which the caller narrows with its own exact test.
   */
  forEachItemAround(x0: number, x1: number, y0: number, y1: number, z0: number, z1: number, visit: (e: ItemEntity) => void): void {
    const cx1 = Math.floor(x1 / ITEM_CELL), cy0 = Math.floor(y0 / ITEM_CELL), cy1 = Math.floor(y1 / ITEM_CELL), cz1 = Math.floor(z1 / ITEM_CELL);
    for (let cx = Math.floor(x0 / ITEM_CELL); cx <= cx1; cx++) {
      for (let cz = Math.floor(z0 / ITEM_CELL); cz <= cz1; cz++) {
        for (let cy = cy0; cy <= cy1; cy++) {
          const list = this.itemCells.get(cubeKey(cx, cy, cz));
          if (!list) continue;
          for (const e of list) if (!e.removed) visit(e as ItemEntity);
        }
      }
    }
  }

  /**
   * Calls `visit` for each dropped item whose box reaches into the box |x - cx| <= reach,
   * |z - cz| <= reach, yLow <= y <= yHigh (the item's feet at or below yHigh, its top at or above
   * yLow): exactly those, tested here so that the items of a cube out of reach cost no call.
   * `cubes` keeps the cubes' lists between calls for the same asker (ReachCubes): an asker that stays
   * among the same cubes, as a player digging or standing does, looks none of them up again.
   */
  forEachItemInReach(cx: number, cz: number, reach: number, yLow: number, yHigh: number, cubes: ReachCubes, visit: (e: ItemEntity) => void): void {
    const x0 = Math.floor((cx - reach) / ITEM_CELL), x1 = Math.floor((cx + reach) / ITEM_CELL);
    const z0 = Math.floor((cz - reach) / ITEM_CELL), z1 = Math.floor((cz + reach) / ITEM_CELL);
    const y0 = Math.floor((yLow - ITEM_WIDTH) / ITEM_CELL), y1 = Math.floor(yHigh / ITEM_CELL);
    const lists = cubes.lists;
    if (cubes.x0 !== x0 || cubes.x1 !== x1 || cubes.z0 !== z0 || cubes.z1 !== z1 || cubes.y0 !== y0 || cubes.y1 !== y1) {
      lists.length = 0;
      for (let x = x0; x <= x1; x++) {
        for (let z = z0; z <= z1; z++) {
          for (let y = y0; y <= y1; y++) {
            const key = cubeKey(x, y, z);
            let list = this.itemCells.get(key);
            if (!list) this.itemCells.set(key, (list = []));
            lists.push(list);
          }
        }
      }
      cubes.x0 = x0; cubes.x1 = x1; cubes.z0 = z0; cubes.z1 = z1; cubes.y0 = y0; cubes.y1 = y1;
    }
    for (const list of lists) {
      for (const e of list) {
        if (e.removed || Math.abs(e.pos.x - cx) > reach || Math.abs(e.pos.z - cz) > reach) continue;
        if (e.pos.y + e.height >= yLow && e.pos.y <= yHigh) visit(e as ItemEntity);
      }
    }
  }
}

/**
 * The item grid's cube lists one asker (a player's pickup box) reached last time, and the cube bounds
 * they cover. Looking a cube up in the grid's map costs a cache miss (~80 ns on the bench machine) and
 * pickup asked 5–6 cubes per player per tick, a fifth of the tick at 10,000 agents. The lists stay
 * right for as long as the bounds do, exactly: the cubes in reach are all made (empty ones too) when
 * the bounds are taken, and the item grid never drops a cube's list, so no item can land in a cube
 * of the bounds that the lists miss. The price is memory for every cube ever in a player's reach or
 * holding an item (an empty list and its map entry, ~60 bytes; the area the agents walked and dug).
 */
export class ReachCubes {
  x0 = NaN;
  x1 = NaN;
  y0 = NaN;
  y1 = NaN;
  z0 = NaN;
  z1 = NaN;
  readonly lists: Entity[][] = [];
  /** Scratch kept with its player, not part of its state: left out of any JSON of the player. */
  toJSON(): undefined {
    return undefined;
  }
}

function addTo(cells: Map<number, Entity[]>, key: number, e: Entity): void {
  let list = cells.get(key);
  if (!list) cells.set(key, (list = []));
  list.push(e);
}

/** Removes `e` from its cell's list; an emptied list leaves the map unless `keepEmpty` (the item grid's cubes stay: see ReachCubes). */
function removeFrom(cells: Map<number, Entity[]>, key: number, e: Entity, keepEmpty = false): void {
  const list = cells.get(key);
  if (!list) return;
  const i = list.indexOf(e);
  if (i >= 0) list.splice(i, 1);
  if (list.length === 0 && !keepEmpty) cells.delete(key);
}

function query(cells: Map<number, Entity[]>, cell: number, p: Vec3, radius: number, filter?: (e: Entity) => boolean): Entity[] {
  const out: Entity[] = [];
  scan(cells, cell, p, radius, (e) => {
    if (!filter || filter(e)) out.push(e);
  });
  out.sort((a, b) => a.id - b.id);
  return out;
}

/** Visits the entities of the cells (of `cell` blocks) around `p` whose feet are within `radius`, cell by cell (also over a worker's snapshot). */
export function scan<E extends { readonly pos: Vec3; readonly removed: boolean }>(cells: Map<number, E[]>, cell: number, p: Vec3, radius: number, visit: (e: E) => void): void {
  const r2 = radius * radius;
  const x0 = Math.floor((p.x - radius) / cell);
  const x1 = Math.floor((p.x + radius) / cell);
  const z0 = Math.floor((p.z - radius) / cell);
  const z1 = Math.floor((p.z + radius) / cell);
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
