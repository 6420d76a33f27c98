/**
 * The read port an agent's body is written against: what sight, perception, observations and
 * hearing read of a world, whichever backend holds it. Each backend implements it once — the
 * embedded world's `World` is one (`env/sim/body-port.ts` says so and checks it), a mineflayer
 * bot's received chunks and entities are another (`env/minecraft/body-port.ts`) — so the senses
 * in `skills/senses/` are written once and see the same on both.
 *
 * The port is shaped for the senses' speed rather than for elegance: block states are read one
 * position at a time from a store the caches scan section by section, and the per-state lookup
 * tables (`Registry.seeThroughByState`, `blockIdOfState`) are plain typed arrays, so the hot loops
 * stay monomorphic array reads on the embedded world.
 */
import type { Vec3 } from '../core/vec3.js';
import type { EntityKind, Registry } from '../world/index.js';

/** Block states by position. Positions outside what the backend knows read as air. */
export interface BlockReader {
  get(x: number, y: number, z: number): number;
}

/** Called after one block changed, with its state before and after. */
export type BlockChangeWatcher = (x: number, y: number, z: number, before: number, after: number) => void;
/** Called after a whole chunk column (16 × 16 blocks, every height) was replaced, e.g. loaded. */
export type ColumnChangeWatcher = (chunkX: number, chunkZ: number) => void;

/** An entity as the senses need it: where it is, how tall, what it is. */
export interface BodyEntity {
  readonly id: number;
  readonly kind: EntityKind;
  /** minecraft-data entity name (`zombie`, `item`, `player`). */
  readonly type: string;
  /** A player's name (absent or ignored for other kinds). */
  readonly name?: string;
  pos: Vec3;
  /** Hitbox height in blocks. */
  height: number;
  /** Hitbox width in blocks (touch measures contact with it); absent reads as a player's 0.6. */
  readonly width?: number;
  removed: boolean;
}

/** The agent itself: an entity with a look direction and the limits of its senses. */
export interface Viewer extends BodyEntity {
  /** Degrees, Minecraft's convention (0 = +z, 90 = −x). */
  yaw: number;
  /** Degrees, positive looks down. */
  pitch: number;
  /** Radius of the perception sphere around the eyes, in blocks. */
  perceptionRange: number;
  /** Full angle of the view cone; absent or 360 sees all around. */
  fovDegrees?: number;
}

export interface BodyPort {
  /** Block and entity facts of the backend's Minecraft version (lookup tables by state id). */
  readonly registry: Registry;
  readonly blocks: BlockReader;
  /**
   * Every later block change, so the senses' caches stay current. Returns the unsubscribe.
   * A backend must report each change it knows of, or the caches go stale.
   */
  watchBlocks(watcher: BlockChangeWatcher): () => void;
  /** Whole chunk columns replaced at once (a backend that never does so may omit it). */
  watchColumns?(watcher: ColumnChangeWatcher): () => void;
  /** Entities whose feet are within `radius` of `p` (possibly a few more; callers test exactly). */
  forEachNear(p: Vec3, radius: number, visit: (e: BodyEntity) => void): void;
  /** Every entity (the oracle's view). */
  readonly entities: { values(): Iterable<BodyEntity> };
}
