/**
 * A worker thread's copy of the main thread's block store as of the last hand-over, filed by column
 * (`BlockFeed` sends the columns and sections that appeared, copied, and the block changes, which
 * this applies). It is the worker's own memory: the main thread goes on writing the store's next
 * tick while the worker reads this one, so the worker always reads the blocks of the tick it was
 * handed, with nothing to lock and nothing to check per read.
 *
 * It never generates terrain (only the main thread writes the world), so reading a column the main
 * thread has not generated or not yet passed on is an error the caller catches (`ColumnNotShared`).
 */
import { GuildcraftError, InternalError } from '../../core/errors.js';
import { MAX_Y, MIN_Y } from '../terrain/generator.js';
import { columnKey } from '../block-store.js';
import { ColumnSlots } from '../column-slots.js';
import type { BlockFeedUpdate } from './block-feed.js';

/** A read outside what the replica holds: the work needing it must run where the store lives. */
export class ColumnNotShared extends GuildcraftError {
  constructor(readonly cx: number, readonly cz: number) {
    super(
      'internal',
      `chunk column ${cx},${cz} was read in a worker thread before the main thread generated and shared it`,
      'the work is redone on the main thread; if this is frequent, widen the margin the main thread generates around each request',
    );
  }
}

export class BlockReplica {
  private readonly columns = new Map<number, (Uint16Array | null)[]>();
  /** The columns read lately, found without a `Map.get` (column-slots.ts). */
  private readonly recent = new ColumnSlots<(Uint16Array | null)[]>();

  /** Files the update's columns and sections, writes its block changes; calls `changed` for each change, in order, after writing it. */
  apply(update: BlockFeedUpdate, changed: (x: number, y: number, z: number, before: number, after: number) => void): void {
    for (const c of update.columns) {
      this.columns.set(columnKey(c.cx, c.cz), c.sections);
      this.recent.put(c.cx, c.cz, c.sections); // a column sent again replaces the one cached
    }
    for (const s of update.sections) {
      const col = this.columns.get(columnKey(s.cx, s.cz));
      if (!col) throw new InternalError(`a section of column ${s.cx},${s.cz} arrived before its column (the block feed lost a column)`);
      col[s.sy] = s.section;
    }
    const ch = update.changes;
    for (let i = 0; i < ch.length; i += 5) {
      this.set(ch[i]!, ch[i + 1]!, ch[i + 2]!, ch[i + 4]!);
      changed(ch[i]!, ch[i + 1]!, ch[i + 2]!, ch[i + 3]!, ch[i + 4]!);
    }
  }

  /** Writes a change the feed reported (its column is always held: the store generates a column before writing it). */
  private set(x: number, y: number, z: number, state: number): void {
    if (y < MIN_Y || y > MAX_Y) return;
    const col = this.columns.get(columnKey(x >> 4, z >> 4));
    if (!col) throw new InternalError(`a block change at ${x},${y},${z} arrived before its column (the block feed lost a column)`);
    const sy = y - MIN_Y;
    let sec = col[sy >> 4];
    if (!sec) {
      if (state === 0) return;
      sec = col[sy >> 4] = new Uint16Array(4096);
    }
    sec[((sy & 15) << 8) | ((z & 15) << 4) | (x & 15)] = state;
  }

  /** Block-state id at integer coordinates (0, air, outside the build height), as `BlockStore.get`. */
  get(x: number, y: number, z: number): number {
    if (y < MIN_Y || y > MAX_Y) return 0;
    const cx = x >> 4;
    const cz = z >> 4;
    let col = this.recent.get(cx, cz);
    if (col === null) {
      col = this.columns.get(columnKey(cx, cz)) ?? null;
      if (!col) throw new ColumnNotShared(cx, cz);
      this.recent.put(cx, cz, col);
    }
    const sy = y - MIN_Y;
    const sec = col[sy >> 4];
    if (!sec) return 0;
    return sec[((sy & 15) << 8) | ((z & 15) << 4) | (x & 15)]!;
  }

  get heldColumns(): number {
    return this.columns.size;
  }
}
