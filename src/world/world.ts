/**
 * The embedded world: blocks, entities, time and the rules that move them, advanced one tick
 * (1/20 s of game time) at a time. Pure and deterministic: all chance comes from Rngs derived
 * from the seed, time is the tick counter, and nothing here does I/O.
 */
import { InputError } from '../core/errors.js';
import { type Vec3, posKey } from '../core/vec3.js';
import { BlockStore } from './block-store.js';
import type { Entity, ItemEntity, Living, MobEntity, Player } from './entities/entity.js';
import { EntityIndex } from './entities/entity-index.js';
import { ItemTurns } from './items/item-turns.js';
import type { WorldEvent, WorldEventInput, WorldEventType, EventOf } from './events.js';
import { Registry, DEFAULT_VERSION } from './registry.js';
import { Rng } from './rng.js';
import type { WorldSystem } from './system.js';
import { defaultSystems } from './systems.js';
import { createTerrain } from './terrain/index.js';
import type { TerrainGenerator } from './terrain/generator.js';
import { TICKS_PER_DAY } from './time.js';
import { DEFAULT_GAMERULES, type Difficulty, type Gamerules, type WorldOptions } from './world-options.js';

export { TICKS_PER_SECOND, TICKS_PER_DAY } from './time.js';

/** Data attached to a block position (chests, furnaces). Rules that own a kind extend this shape. */
export interface BlockEntity {
  readonly kind: string;
  readonly pos: Vec3;
}

type Listener = (e: WorldEvent) => void;
/** Told of every block change made through `setBlock` (fluids wake up, containers drop contents). */
export type BlockWatcher = (x: number, y: number, z: number, before: number, after: number) => void;

/**
 * How long the world keeps events for `takeEvents` without anyone taking them: a simulated day. A
 * world driven only through push listeners (the backends) would otherwise keep every event of the
 * run (about 1,000 a simulated day) for nobody.
 */
export const EVENT_PULL_WINDOW_TICKS = TICKS_PER_DAY;

export class World {
  readonly seed: string;
  readonly registry: Registry;
  readonly terrain: TerrainGenerator;
  readonly blocks: BlockStore;
  /** All live entities, in spawn order (iteration order is part of determinism). */
  readonly entities = new Map<number, Entity>();
  readonly index = new EntityIndex();
  readonly players = new Map<string, Player>();
  /**
   * The living entities (players and mobs), and the mobs alone, by id in spawn order: the rules that
   * only concern them walk these instead of every entity, so the dropped items a long run piles up
   * cost them nothing.
   */
  readonly livingEntities = new Map<number, Living>();
  readonly mobEntities = new Map<number, MobEntity>();
  /** The dropped items, by id in spawn order. */
  readonly itemEntities = new Map<number, ItemEntity>();
  /**
   * Which dropped items have something to do this tick (items/item-turns.ts): the rules visit those,
   * not every item on the ground, so a long run's leftovers cost nothing per tick while they rest.
   */
  readonly itemTurns = new ItemTurns();
  readonly blockEntities = new Map<string, BlockEntity>();
  readonly gamerules: Gamerules;
  difficulty: Difficulty;
  /** Ticks since the world began. */
  tick = 0;
  /** 0–23999; advances with the tick when doDaylightCycle is on. */
  timeOfDay: number;
  readonly systems: WorldSystem[];

  private nextId = 1;
  private readonly rngs = new Map<string, Rng>();
  // Listener lists are replaced, never changed in place, so a listener that unsubscribes while an
  // event is delivered does not make the loop skip the next one.
  private readonly listeners = new Map<string, readonly Listener[]>();
  private anyListeners: readonly Listener[] = [];
  private pending: WorldEvent[] = [];
  /** Whether events are still queued for `takeEvents` (off once nobody took them for a pull window). */
  private queueing = true;
  private lastPullTick = 0;
  /** The tick the queue was dropped at, when it was; the next `takeEvents` reports it. */
  private droppedAtTick: number | null = null;
  private blockWatchers: readonly BlockWatcher[] = [];
  /** Entities removed this tick (`removeEntity`), which leave the maps at its end. */
  private leaving: Entity[] = [];
  /** Entities that are neither living nor items (projectiles): the sweep re-files them every tick. */
  private readonly otherEntities = new Map<number, Entity>();

  constructor(options: WorldOptions) {
    if (options.seed === undefined || options.seed === null || options.seed === '') {
      throw new InputError('a world needs a seed', 'pass { seed: <number or string> } so the run can be reproduced');
    }
    this.seed = String(options.seed);
    this.registry = Registry.get(options.version ?? DEFAULT_VERSION);
    this.terrain = createTerrain(options.terrain ?? { type: 'flat' }, this.registry, this.seed);
    this.blocks = new BlockStore(this.terrain);
    this.difficulty = options.difficulty ?? 'normal';
    this.gamerules = { ...DEFAULT_GAMERULES, ...options.gamerules };
    this.timeOfDay = options.timeOfDay ?? 0;
    this.systems = defaultSystems();
    for (const s of this.systems) s.attach?.(this);
  }

  /** The random stream of one rule, derived from the seed and the rule's name only. */
  rng(label: string): Rng {
    let r = this.rngs.get(label);
    if (!r) {
      r = new Rng(`${this.seed}/${label}`);
      this.rngs.set(label, r);
    }
    return r;
  }

  // ---- blocks -------------------------------------------------------------

  stateAt(x: number, y: number, z: number): number {
    return this.blocks.get(x, y, z);
  }

  blockAt(p: Vec3): string {
    return this.registry.blockNameOfState(this.blocks.get(p.x, p.y, p.z));
  }

  /** Whether an entity collides with the block at integer coordinates. */
  isSolid(x: number, y: number, z: number): boolean {
    return this.registry.solidByState[this.blocks.get(x, y, z)] === 1;
  }

  /** Sets a block by name or state id without game rules (task set-up, events). Emits block_changed when `cause` is given. */
  setBlock(p: Vec3, block: string | number, cause?: string): void {
    const state = typeof block === 'number' ? block : this.registry.stateOf(block);
    const before = this.blocks.get(p.x, p.y, p.z);
    if (before === state) return;
    this.blocks.set(p.x, p.y, p.z, state);
    for (const w of this.blockWatchers) w(p.x, p.y, p.z, before, state);
    if (cause) {
      this.emit({
        type: 'block_changed',
        pos: { x: p.x, y: p.y, z: p.z },
        from: this.registry.blockNameOfState(before),
        to: this.registry.blockNameOfState(state),
        cause,
      });
    }
  }

  /** Calls `watcher` after every block change made through `setBlock`; returns the unsubscribe function. */
  watchBlocks(watcher: BlockWatcher): () => void {
    this.blockWatchers = [...this.blockWatchers, watcher];
    return once(() => {
      this.blockWatchers = without(this.blockWatchers, watcher);
    });
  }

  blockEntity<T extends BlockEntity>(p: Vec3, kind: string): T | undefined {
    const be = this.blockEntities.get(posKey(p));
    return be && be.kind === kind ? (be as T) : undefined;
  }

  // ---- entities -----------------------------------------------------------

  /** Reserves the next entity id (ids are never reused, so logs stay unambiguous). */
  allocateId(): number {
    return this.nextId++;
  }

  addEntity<T extends Entity>(e: T): T {
    if (this.entities.has(e.id)) throw new InputError(`entity id ${e.id} is already in the world`, 'allocate ids with world.allocateId()');
    this.entities.set(e.id, e);
    this.index.insert(e);
    if (e.kind === 'player') this.players.set(e.name, e);
    if (e.kind === 'player' || e.kind === 'mob') this.livingEntities.set(e.id, e);
    if (e.kind === 'mob') this.mobEntities.set(e.id, e);
    if (e.kind === 'item') {
      this.itemEntities.set(e.id, e);
      this.itemTurns.added(e);
    }
    if (e.kind === 'projectile') this.otherEntities.set(e.id, e);
    this.emit({ type: 'entity_spawned', entity: e.id, kind: e.kind, entityType: e.type, pos: { ...e.pos } });
    return e;
  }

  /** Marks an entity removed; it leaves the maps at the end of the tick so iterating systems stay safe. */
  removeEntity(e: Entity, reason: 'despawned' | 'died' | 'picked_up' | 'left' = 'despawned'): void {
    if (e.removed) return;
    e.removed = true;
    this.leaving.push(e);
    if (reason === 'despawned') this.emit({ type: 'entity_despawned', entity: e.id, entityType: e.type });
  }

  entity(id: number): Entity | undefined {
    return this.entities.get(id);
  }

  player(name: string): Player | undefined {
    return this.players.get(name);
  }

  /** Entities within `radius` of `p`, by id. */
  near(p: Vec3, radius: number, filter?: (e: Entity) => boolean): Entity[] {
    return this.index.near(p, radius, filter);
  }

  /** Each entity within `radius` of `p`, in no particular order (no list, no sort): for callers that order results themselves. */
  forEachNear(p: Vec3, radius: number, visit: (e: Entity) => void): void {
    this.index.forEachNear(p, radius, visit);
  }

  /** Players within `radius` of `p`, by id: `near` filtered to players, at a fraction of the cost. */
  nearPlayers(p: Vec3, radius: number, filter?: (e: Entity) => boolean): Player[] {
    return this.index.nearPlayers(p, radius, filter) as Player[];
  }

  /** Mobs within `radius` of `p`, by id: `near` filtered to mobs, without visiting the players and items around. */
  nearMobs(p: Vec3, radius: number, filter?: (e: Entity) => boolean): MobEntity[] {
    return this.index.nearMobs(p, radius, filter) as MobEntity[];
  }

  *living(): Iterable<Living> {
    for (const e of this.livingEntities.values()) if (!e.removed) yield e;
  }

  *mobs(): Iterable<MobEntity> {
    for (const e of this.mobEntities.values()) if (!e.removed) yield e;
  }

  *items(): Iterable<ItemEntity> {
    for (const e of this.itemEntities.values()) if (!e.removed) yield e;
  }

  // ---- events -------------------------------------------------------------

  emit(event: WorldEventInput): void {
    const e = { ...event, tick: this.tick } as WorldEvent;
    if (this.queueing) this.pending.push(e);
    const typed = this.listeners.get(e.type);
    if (typed) for (const l of typed) l(e);
    for (const l of this.anyListeners) l(e);
  }

  /** Subscribes to one event type; returns the unsubscribe function. */
  on<T extends WorldEventType>(type: T, listener: (e: EventOf<T>) => void): () => void {
    const l = listener as Listener;
    this.listeners.set(type, [...(this.listeners.get(type) ?? []), l]);
    return once(() => {
      this.listeners.set(type, without(this.listeners.get(type) ?? [], l));
    });
  }

  /** Subscribes to every event; returns the unsubscribe function (calling it again does nothing). */
  onAny(listener: Listener): () => void {
    this.anyListeners = [...this.anyListeners, listener];
    return once(() => {
      this.anyListeners = without(this.anyListeners, listener);
    });
  }

  /**
   * Events since the last call (or since the world began). The world keeps them only while someone
   * pulls: when nobody called this for EVENT_PULL_WINDOW_TICKS, it drops the queue and stops
   * queueing, and the next call says so instead of returning a silently incomplete list. Code that
   * only listens (`on`, `onAny`) never pays for the queue beyond that window.
   */
  takeEvents(): WorldEvent[] {
    const dropped = this.droppedAtTick;
    this.lastPullTick = this.tick;
    this.queueing = true;
    this.droppedAtTick = null;
    if (dropped !== null) {
      throw new InputError(
        `the world stopped keeping events at tick ${dropped}: nobody called takeEvents for ${EVENT_PULL_WINDOW_TICKS} ticks, so the events of ticks ${dropped - EVENT_PULL_WINDOW_TICKS}–${this.tick} are gone`,
        `call takeEvents at least once every ${EVENT_PULL_WINDOW_TICKS} ticks, or subscribe with onAny to see every event; events from now on are kept again`,
      );
    }
    const out = this.pending;
    this.pending = [];
    return out;
  }

  /** Events waiting for `takeEvents` (bounded by the pull window). */
  get queuedEventCount(): number {
    return this.pending.length;
  }

  // ---- time ---------------------------------------------------------------

  get isDay(): boolean {
    return this.timeOfDay < 12542 || this.timeOfDay >= 23460;
  }

  /**
   * Advances the world by one tick: every system in order, then removed entities leave and the ones
   * that can have moved are re-filed in the index. Resting items cannot have moved
   * (physics/item-rest.ts), so the sweep visits the living, the busy items and the removed, not every
   * item on the ground.
   */
  step(): void {
    if (this.queueing && this.tick - this.lastPullTick >= EVENT_PULL_WINDOW_TICKS) this.stopQueueing();
    for (const s of this.systems) s.tick(this);
    const leaving = this.leaving;
    this.leaving = [];
    for (const e of leaving) {
      if (this.entities.get(e.id) !== e) continue;
      this.entities.delete(e.id);
      this.index.remove(e);
      if (e.kind === 'player' && this.players.get(e.name) === e) this.players.delete(e.name);
      if (e.kind === 'player' || e.kind === 'mob') this.livingEntities.delete(e.id);
      if (e.kind === 'mob') this.mobEntities.delete(e.id);
      if (e.kind === 'item') this.itemEntities.delete(e.id);
      if (e.kind === 'projectile') this.otherEntities.delete(e.id);
    }
    for (const e of this.livingEntities.values()) this.index.update(e);
    for (const e of this.otherEntities.values()) this.index.update(e);
    for (const e of this.itemTurns.busyItems) if (!e.removed && e.restingSince < 0) this.index.update(e);
    this.itemTurns.settle(this.tick);
    this.tick++;
  }

  private stopQueueing(): void {
    this.queueing = false;
    this.pending = [];
    this.droppedAtTick = this.tick;
  }

  /** Advances `n` ticks. */
  run(n: number): void {
    for (let i = 0; i < n; i++) this.step();
  }
}

/** `fn` that runs only the first time it is called: an unsubscribe called twice must not remove a different listener. */
function once(fn: () => void): () => void {
  let done = false;
  return () => {
    if (done) return;
    done = true;
    fn();
  };
}

/** `list` without the first occurrence of `item` (the same function subscribed twice needs two unsubscribes). */
function without<T>(list: readonly T[], item: T): readonly T[] {
  const i = list.indexOf(item);
  return i < 0 ? list : [...list.slice(0, i), ...list.slice(i + 1)];
}
