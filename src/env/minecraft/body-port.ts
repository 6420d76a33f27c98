/**
 * The Minecraft backend's side of the body port (skills/body-port.ts): one bot's view of a real
 * server — the chunks and entities the server sent it — as the senses read it, so sight,
 * perception and block summaries are the embedded world's own code (skills/senses/).
 *
 * - Blocks are read from `bot.world` (mineflayer's chunk store) one position at a time. A block in
 *   a chunk the server never sent reads as a state of its own, one past the registry's: nothing
 *   to see there (it counts as air) but sight does not pass (what the server never sent, the agent
 *   cannot have seen through).
 * - The per-state tables are the embedded world's `Registry` for the bot's version (same
 *   see-through rule on both backends), extended by that one state.
 * - Block updates and chunk loads and unloads reach the senses' caches through the watchers
 *   (mineflayer forwards them from whichever world the bot is in).
 * - Entities are what the bot tracks, minus the bot itself and the names in `hidden` (the
 *   orchestrator's connection is not part of the world).
 */
import type { Bot } from 'mineflayer';
import type { Entity } from 'prismarine-entity';
import { Vec3 } from 'vec3';
import { PLAYER_HEIGHT } from '../../core/body.js';
import type { Vec3 as PlainVec3 } from '../../core/vec3.js';
import type { BlockChangeWatcher, BodyEntity, BodyPort, ColumnChangeWatcher, Viewer } from '../../skills/body-port.js';
import { Registry, type EntityKind } from '../../world/index.js';
import { pitchDegrees, yawDegrees } from './bot-geometry.js';
import { entityTypeName } from './entities.js';

/** The parts of a mineflayer bot the port reads (a test can hand in a stand-in with just these). */
export type BodyBot = Pick<Bot, 'world' | 'registry' | 'entities' | 'entity' | 'username' | 'on' | 'off'>;

/** A bot's entity as the senses see it, with the mineflayer entity it stands for. */
export interface McBodyEntity extends BodyEntity {
  readonly source: Entity;
}

interface ChunkCorner {
  x: number;
  z: number;
}

interface UpdatedBlock {
  position: PlainVec3;
  stateId?: number;
}

class McBodyPort implements BodyPort {
  readonly registry: Registry;
  readonly blocks: { get(x: number, y: number, z: number): number };
  readonly entities: { values(): Iterable<McBodyEntity> };
  private readonly air: number;

  constructor(private readonly bot: BodyBot, public hidden: ReadonlySet<string>) {
    const version = (bot.registry as unknown as { version: { minecraftVersion: string } }).version.minecraftVersion;
    this.registry = registryWithUnsent(version);
    this.air = this.registry.airState;
    const probe = new Vec3(0, 0, 0);
    const unsent = this.registry.blockIdOfState.length - 1;
    this.blocks = {
      get: (x, y, z) => {
        probe.x = x;
        probe.y = y;
        probe.z = z;
        const s = (bot.world as unknown as { getBlockStateId(p: Vec3): number | null | undefined }).getBlockStateId(probe);
        return s === undefined || s === null ? unsent : s;
      },
    };
    this.entities = { values: () => this.bodies() };
  }

  watchBlocks(watcher: BlockChangeWatcher): () => void {
    const onUpdate = (before: UpdatedBlock | null, after: UpdatedBlock | null): void => {
      const p = after?.position ?? before?.position;
      if (!p) return;
      watcher(p.x, p.y, p.z, before?.stateId ?? this.air, after?.stateId ?? this.air);
    };
    const on = this.bot.on as unknown as (event: string, fn: (...args: never[]) => void) => void;
    const off = this.bot.off as unknown as (event: string, fn: (...args: never[]) => void) => void;
    on.call(this.bot, 'blockUpdate', onUpdate);
    return () => off.call(this.bot, 'blockUpdate', onUpdate);
  }

  watchColumns(watcher: ColumnChangeWatcher): () => void {
    const onColumn = (corner: ChunkCorner): void => watcher(Math.floor(corner.x / 16), Math.floor(corner.z / 16));
    const on = this.bot.on as unknown as (event: string, fn: (...args: never[]) => void) => void;
    const off = this.bot.off as unknown as (event: string, fn: (...args: never[]) => void) => void;
    on.call(this.bot, 'chunkColumnLoad', onColumn);
    on.call(this.bot, 'chunkColumnUnload', onColumn);
    return () => {
      off.call(this.bot, 'chunkColumnLoad', onColumn);
      off.call(this.bot, 'chunkColumnUnload', onColumn);
    };
  }

  forEachNear(p: PlainVec3, radius: number, visit: (e: BodyEntity) => void): void {
    const r2 = radius * radius;
    for (const e of this.bodies()) {
      const dx = e.pos.x - p.x;
      const dy = e.pos.y - p.y;
      const dz = e.pos.z - p.z;
      if (dx * dx + dy * dy + dz * dz <= r2) visit(e);
    }
  }

  /** The entities the bot tracks, as body entities (fresh objects: mineflayer mutates its own). */
  private *bodies(): Generator<McBodyEntity> {
    const self = this.bot.entity;
    for (const e of Object.values(this.bot.entities)) {
      if (e === self || (self && e.id === self.id) || !e.position) continue;
      const type = entityTypeName(e);
      if (type === 'player' && e.username && (this.hidden.has(e.username) || e.username === this.bot.username)) continue;
      const body: McBodyEntity = {
        id: e.id,
        kind: entityKindOf(e, type),
        type,
        pos: { x: e.position.x, y: e.position.y, z: e.position.z },
        height: e.height ?? 1,
        width: e.width ?? 0.6,
        removed: false,
        source: e,
        ...(type === 'player' && e.username ? { name: e.username } : {}),
      };
      yield body;
    }
  }
}

const withUnsent = new Map<string, Registry>();

/**
 * The version's registry with one more state, the last: a block never sent. Its block id is air's
 * (nothing to see, no name of its own) and sight does not pass through it.
 */
function registryWithUnsent(version: string): Registry {
  let r = withUnsent.get(version);
  if (!r) {
    const base = Registry.get(version);
    const unsent = base.blockIdOfState.length;
    const blockIdOfState = new Uint16Array(unsent + 1);
    blockIdOfState.set(base.blockIdOfState);
    blockIdOfState[unsent] = base.blockIdOfState[base.airState]!;
    const seeThroughByState = new Uint8Array(unsent + 1);
    seeThroughByState.set(base.seeThroughByState); // the unsent state stays 0: opaque
    r = Object.create(base, { blockIdOfState: { value: blockIdOfState }, seeThroughByState: { value: seeThroughByState } }) as Registry;
    withUnsent.set(version, r);
  }
  return r;
}

const ports = new WeakMap<object, McBodyPort>();

/**
 * The body port of `bot`, one per bot (the senses' caches are kept per port and follow the bot's
 * block updates). `hidden` names players the senses must never report.
 */
export function mcBodyPort(bot: BodyBot, hidden: ReadonlySet<string> = new Set()): BodyPort & { entities: { values(): Iterable<McBodyEntity> } } {
  let port = ports.get(bot);
  if (!port) {
    port = new McBodyPort(bot, hidden);
    ports.set(bot, port);
  } else port.hidden = hidden;
  return port;
}

/** The senses' limits of one agent on a real server. */
export interface Senses {
  perceptionRange: number;
  fovDegrees?: number;
  /** The oracle: no range limit, no sight, no view cone. */
  omniscient: boolean;
  /** Names never reported as entities (the orchestrator's connection is not part of the world). */
  hiddenPlayers: ReadonlySet<string>;
}

/** The bot itself as a viewer: feet, look (converted from mineflayer's radians) and its senses' limits. */
export function mcViewer(bot: BodyBot, senses: Senses): Viewer {
  const self = bot.entity;
  const viewer: Viewer = {
    id: self.id,
    kind: 'player',
    type: 'player',
    name: bot.username,
    pos: { x: self.position.x, y: self.position.y, z: self.position.z },
    height: PLAYER_HEIGHT,
    removed: false,
    yaw: yawDegrees(self.yaw),
    pitch: pitchDegrees(self.pitch),
    perceptionRange: senses.perceptionRange,
  };
  if (senses.fovDegrees !== undefined) viewer.fovDegrees = senses.fovDegrees;
  return viewer;
}

function entityKindOf(e: Entity, type: string): EntityKind {
  if (type === 'player') return 'player';
  if (type === 'item') return 'item';
  const t = e.type as string;
  return t === 'projectile' || t === 'orb' || t === 'object' ? 'projectile' : 'mob';
}
