/**
 * The main thread's side of a shared block store: what a worker's replica (`BlockReplica`) needs to
 * learn since it last heard, gathered between two hand-overs. Sections are shared memory, so only
 * their arrays are passed (postMessage shares a SharedArrayBuffer, it does not copy it); block
 * changes travel as positions with their states before and after, so the worker's caches can be
 * invalidated exactly as the main thread's block watchers are.
 */
import type { World } from '../world.js';

/** Everything a replica must apply to be current. Plain data and shared arrays: it crosses threads. */
export interface BlockFeedUpdate {
  /** Columns generated since the last update (or all of them, in the first), with their sections bottom up. */
  columns: Array<{ cx: number; cz: number; sections: (Uint16Array | null)[] }>;
  /** Sections allocated in columns the replica already has. */
  sections: Array<{ cx: number; cz: number; sy: number; section: Uint16Array }>;
  /** Block changes in the order they happened, five numbers each: x, y, z, state before, state after. */
  changes: Int32Array;
}

export class BlockFeed {
  private columns: BlockFeedUpdate['columns'] = [];
  private sections: BlockFeedUpdate['sections'] = [];
  private changes: number[] = [];
  private readonly offs: Array<() => void>;

  /** Starts listening to `world`; the first `take()` holds every column generated so far. */
  constructor(world: World) {
    world.blocks.forEachColumn((cx, cz, sections) => this.columns.push({ cx, cz, sections: [...sections] }));
    this.offs = [
      world.blocks.watchSections({
        column: (cx, cz, sections) => this.columns.push({ cx, cz, sections: [...sections] }),
        section: (cx, cz, sy, section) => this.sections.push({ cx, cz, sy, section }),
      }),
      // A change before the first update is already in the shared arrays the replica will get; it is
      // still passed on, which is harmless (a fresh replica has no caches to invalidate).
      world.watchBlocks((x, y, z, before, after) => {
        this.changes.push(x, y, z, before, after);
      }),
    ];
  }

  /** What happened since the last call (and forgets it). */
  take(): BlockFeedUpdate {
    const out: BlockFeedUpdate = { columns: this.columns, sections: this.sections, changes: Int32Array.from(this.changes) };
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
