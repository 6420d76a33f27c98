/**
 * The main thread's side of a worker's block copy (`BlockReplica`): what the copy must learn since it
 * last heard, gathered between two hand-overs. The worker reads its copy while the main thread
 * writes the next tick's blocks into the store, so nothing it reads is shared: columns and sections
 * that appeared are copied here, at the hand-over (the world still), and block changes travel as
 * positions with their states before and after, which the copy applies and which invalidate the
 * worker's caches exactly as the main thread's block watchers are.
 *
 * A column or section is copied at `take()`, not when it appeared, so the copy already holds the
 * changes made to it since: replaying those changes writes their last states again, which is
 * harmless (the last change to a position is its state at `take()`).
 */
import type { World } from '../world.js';

/** Everything a replica must apply to be current. Plain data whose buffers are transferred: it crosses threads. */
export interface BlockFeedUpdate {
  /** Columns generated since the last update (or all of them, in the first), with copies of their sections bottom up. */
  columns: Array<{ cx: number; cz: number; sections: (Uint16Array | null)[] }>;
  /** Copies of sections allocated in columns the replica already has. */
  sections: Array<{ cx: number; cz: number; sy: number; section: Uint16Array }>;
  /** Block changes in the order they happened, five numbers each: x, y, z, state before, state after. */
  changes: Int32Array;
}

export class BlockFeed {
  /** The store's own arrays (live: copied at `take()`). */
  private columns: Array<{ cx: number; cz: number; sections: readonly (Uint16Array | null)[] }> = [];
  private sections: BlockFeedUpdate['sections'] = [];
  private changes: number[] = [];
  private readonly offs: Array<() => void>;

  /** Starts listening to `world`; the first `take()` holds every column generated so far. */
  constructor(world: World) {
    world.blocks.forEachColumn((cx, cz, sections) => this.columns.push({ cx, cz, sections }));
    this.offs = [
      world.blocks.watchSections({
        column: (cx, cz, sections) => this.columns.push({ cx, cz, sections }),
        section: (cx, cz, sy, section) => this.sections.push({ cx, cz, sy, section }),
      }),
      // A change before the first update is already in the copies the replica will get; it is
      // still passed on, which is harmless (a fresh replica has no caches to invalidate).
      world.watchBlocks((x, y, z, before, after) => {
        this.changes.push(x, y, z, before, after);
      }),
    ];
  }

  /**
   * What happened since the last call, with the blocks copied as they are now (and forgets it).
   * Call it while the world stands still. `transfer` gets the copies' buffers, to move them to the
   * worker instead of cloning them again.
   */
  take(transfer?: ArrayBuffer[]): BlockFeedUpdate {
    const copy = (s: Uint16Array): Uint16Array => {
      const c = s.slice();
      transfer?.push(c.buffer);
      return c;
    };
    const changes = Int32Array.from(this.changes);
    transfer?.push(changes.buffer);
    const out: BlockFeedUpdate = {
      columns: this.columns.map((c) => ({ cx: c.cx, cz: c.cz, sections: c.sections.map((s) => (s ? copy(s) : null)) })),
      sections: this.sections.map((s) => ({ ...s, section: copy(s.section) })),
      changes,
    };
    this.columns = [];
    this.sections = [];
    this.changes = [];
    return out;
  }

  /** Whether `take()` would return anything. */
  get empty(): boolean {
    return this.columns.length === 0 && this.sections.length === 0 && this.changes.length === 0;
  }

  detach(): void {
    for (const off of this.offs) off();
  }
}
