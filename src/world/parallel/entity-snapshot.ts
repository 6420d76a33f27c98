/**
 * The entities of one tick as a worker thread sees them: what the senses and an observation read of
 * each (where it is, how tall, what it is, and the facts an observation lists: a player's name and
 * health, a mob's health and hostility, an item's stack), taken on the main thread at a hand-over as
 * a flat array of numbers (`EntitySnapshotWriter`) and filed on the worker for neighbourhood queries
 * (`EntitySnapshot`, filed and scanned as the world's entity index is). The worker may compute while
 * the main thread steps the next tick, so it reads this copy, never the live entities.
 *
 * Strings (types, names, item names) are numbered once per writer and sent the first time they are
 * used, so a snapshot of 16,000 entities is one Float64Array and a few new names.
 */
import type { Entity, EntityKind } from '../entities/entity.js';
import { CELL, cellKey, scan } from '../entities/entity-index.js';
import type { World } from '../world.js';

/** Numbers per entity: id, kind, type, name, x, y, z, height, health, hostile, stack name, stack count. */
const FIELDS = 12;
const KINDS: readonly EntityKind[] = ['player', 'mob', 'item', 'projectile'];
const KIND_CODE: Readonly<Record<EntityKind, number>> = { player: 0, mob: 1, item: 2, projectile: 3 };

/** A circle of the ground (x, z, radius) whose entities a snapshot must hold: a worker's query of that reach from there. */
export interface SnapshotArea {
  readonly x: number;
  readonly z: number;
  readonly radius: number;
}

/** One snapshot as it crosses threads: plain data whose buffer is transferred. */
export interface EntitySnapshotData {
  numbers: Float64Array;
  /** Strings numbered since the writer's last snapshot, in order (the reader appends them to its table). */
  newStrings: string[];
}

/**
 * An entity of a snapshot: the fields of a world entity the senses and observations read. One class,
 * every field present (undefined where the kind has none), so the worker's 16,000 a tick are cheap
 * to make and to read.
 */
export class SnapshotEntity {
  readonly removed = false;
  constructor(
    readonly id: number,
    readonly kind: EntityKind,
    readonly type: string,
    /** A player's name. */
    readonly name: string | undefined,
    readonly pos: { x: number; y: number; z: number },
    readonly height: number,
    /** Players and mobs. */
    readonly health: number | undefined,
    /** Mobs. */
    readonly hostile: boolean | undefined,
    /** Items. */
    readonly stack: { name: string; count: number } | undefined,
  ) {}
}

/** The main thread's side: numbers the world's entities (every kind, as the index files them), one writer per reader. */
export class EntitySnapshotWriter {
  private readonly strings = new Map<string, number>();
  /**
   * The last snapshot's entity ids and players' name numbers by position in the world's entity map:
   * entities keep their order there, so most of them are found at the same place as last time and
   * their names need no lookup (a map lookup per player per tick was most of a snapshot's cost).
   */
  private lastIds: number[] = [];
  private lastNames: number[] = [];
  private fresh: string[] = [];
  /** Numbers written by the last `writeAll` / `writeAround`. */
  private written = 0;
  /** Runs of one type are common (players in join order, a cell's players): the last type's number is kept. */
  private lastType = '';
  private lastTypeNumber = -1;

  /**
   * The world's entities now (not the removed ones); with `around`, only those filed in the
   * index's 16-block cells that a query of one of the circles would visit (`scan`'s own cell range),
   * a superset of every entity such a query can find. Call it while the world stands still;
   * `transfer` gets the buffer.
   */
  take(world: World, transfer?: ArrayBuffer[], around?: readonly SnapshotArea[]): EntitySnapshotData {
    const numbers = around ? this.writeAround(world, around) : this.writeAll(world);
    const out = numbers.length === this.written ? numbers : numbers.slice(0, this.written);
    transfer?.push(out.buffer);
    const newStrings = this.fresh;
    this.fresh = [];
    return { numbers: out, newStrings };
  }

  private writeAll(world: World): Float64Array<ArrayBuffer> {
    const numbers = new Float64Array(world.entities.size * FIELDS);
    const ids: number[] = [];
    const names: number[] = [];
    let n = 0;
    for (const e of world.entities.values()) {
      if (e.removed) continue;
      const slot = ids.length;
      ids.push(e.id);
      // A player found at the same place of the world's order as last time keeps its name's number.
      const name = e.kind === 'player' ? (this.lastIds[slot] === e.id ? this.lastNames[slot]! : this.number(e.name)) : -1;
      names.push(name);
      this.write(numbers, n, e, name);
      n += FIELDS;
    }
    this.lastIds = ids;
    this.lastNames = names;
    this.written = n;
    return numbers;
  }

  /**
   * The cells a query of each circle visits, each once. A hundred agents' circles overlap, so this
   * reads each entity once where their hundred queries on the main thread read it ~10 times: the
   * point of listing entities on a worker at a small perception range, where the circles cover a
   * small part of the world.
   */
  private writeAround(world: World, around: readonly SnapshotArea[]): Float64Array<ArrayBuffer> {
    const keys = new Set<number>();
    const lists: (readonly Entity[])[] = [];
    let size = 0;
    for (const a of around) {
      const x0 = Math.floor((a.x - a.radius) / CELL), x1 = Math.floor((a.x + a.radius) / CELL);
      const z0 = Math.floor((a.z - a.radius) / CELL), z1 = Math.floor((a.z + a.radius) / CELL);
      for (let cx = x0; cx <= x1; cx++) {
        for (let cz = z0; cz <= z1; cz++) {
          const key = cellKey(cx, cz);
          if (keys.has(key)) continue;
          keys.add(key);
          const list = world.index.inCell(cx, cz);
          if (!list) continue;
          lists.push(list);
          size += list.length;
        }
      }
    }
    const numbers = new Float64Array(size * FIELDS);
    let n = 0;
    for (const list of lists) {
      for (const e of list) {
        if (e.removed) continue;
        this.write(numbers, n, e, e.kind === 'player' ? this.number(e.name) : -1);
        n += FIELDS;
      }
    }
    // The by-position name memo follows the world's order, which this does not.
    this.lastIds = [];
    this.lastNames = [];
    this.written = n;
    return numbers;
  }

  private write(numbers: Float64Array, n: number, e: Entity, name: number): void {
    numbers[n] = e.id;
    if (e.type !== this.lastType) {
      this.lastType = e.type;
      this.lastTypeNumber = this.number(e.type);
    }
    numbers[n + 2] = this.lastTypeNumber;
    numbers[n + 3] = name;
    numbers[n + 4] = e.pos.x;
    numbers[n + 5] = e.pos.y;
    numbers[n + 6] = e.pos.z;
    numbers[n + 7] = e.height;
    numbers[n + 10] = -1;
    switch (e.kind) {
      case 'player':
        numbers[n + 1] = KIND_CODE.player;
        numbers[n + 8] = e.health;
        break;
      case 'mob':
        numbers[n + 1] = KIND_CODE.mob;
        numbers[n + 8] = e.health;
        numbers[n + 9] = e.hostile ? 1 : 0;
        break;
      case 'item':
        numbers[n + 1] = KIND_CODE.item;
        numbers[n + 10] = this.number(e.stack.name);
        numbers[n + 11] = e.stack.count;
        break;
      default:
        numbers[n + 1] = KIND_CODE[e.kind];
    }
  }

  private number(s: string): number {
    let k = this.strings.get(s);
    if (k === undefined) {
      k = this.strings.size;
      this.strings.set(s, k);
      this.fresh.push(s);
    }
    return k;
  }
}

/** The worker's side: the last snapshot applied, filed by 16-block cell and by id. */
export class EntitySnapshot {
  private readonly strings: string[] = [];
  private cells = new Map<number, SnapshotEntity[]>();
  private byId = new Map<number, SnapshotEntity>();

  /** Replaces the entities with the snapshot's. */
  apply(data: EntitySnapshotData): void {
    for (const s of data.newStrings) this.strings.push(s);
    const cells = new Map<number, SnapshotEntity[]>();
    const byId = new Map<number, SnapshotEntity>();
    const v = data.numbers;
    const str = this.strings;
    for (let n = 0; n < v.length; n += FIELDS) {
      const kind = KINDS[v[n + 1]!]!;
      const living = kind === 'player' || kind === 'mob';
      const e = new SnapshotEntity(
        v[n]!,
        kind,
        str[v[n + 2]!]!,
        kind === 'player' ? str[v[n + 3]!] : undefined,
        { x: v[n + 4]!, y: v[n + 5]!, z: v[n + 6]! },
        v[n + 7]!,
        living ? v[n + 8] : undefined,
        kind === 'mob' ? v[n + 9] === 1 : undefined,
        kind === 'item' ? { name: str[v[n + 10]!]!, count: v[n + 11]! } : undefined,
      );
      byId.set(e.id, e);
      const key = cellKey(Math.floor(e.pos.x / CELL), Math.floor(e.pos.z / CELL));
      const list = cells.get(key);
      if (list) list.push(e);
      else cells.set(key, [e]);
    }
    this.cells = cells;
    this.byId = byId;
  }

  /** Entities whose feet are within `radius` of `p`: the world's entity index's own scan, over this snapshot. */
  forEachNear(p: { x: number; y: number; z: number }, radius: number, visit: (e: SnapshotEntity) => void): void {
    scan(this.cells, CELL, p, radius, visit);
  }

  entity(id: number): SnapshotEntity | undefined {
    return this.byId.get(id);
  }

  values(): IterableIterator<SnapshotEntity> {
    return this.byId.values();
  }

  get size(): number {
    return this.byId.size;
  }
}
