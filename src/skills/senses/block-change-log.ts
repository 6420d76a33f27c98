/**
 * Recent block changes of a world, so a cached view can tell whether anything it depends on moved.
 * A ring of the last `capacity` changes made through `world.setBlock` (the block watcher), each
 * with a sequence number; a reader remembers `seq` when it computes something and later asks
 * whether any change since then fell inside its box. When more changes than the ring holds
 * happened since, the answer is "maybe" (true), so a cache built on it is never stale.
 */
import type { BodyPort } from '../body-port.js';

const DEFAULT_CAPACITY = 4096;

export class BlockChangeLog {
  private static readonly byWorld = new WeakMap<BodyPort, BlockChangeLog>();
  private readonly xs: Int32Array;
  private readonly ys: Int32Array;
  private readonly zs: Int32Array;
  /** Changes recorded so far; change k sits at slot k % capacity. */
  private count = 0;

  private constructor(world: BodyPort, private readonly capacity: number) {
    this.xs = new Int32Array(capacity);
    this.ys = new Int32Array(capacity);
    this.zs = new Int32Array(capacity);
    world.watchBlocks((x, y, z) => {
      const i = this.count % this.capacity;
      this.xs[i] = x;
      this.ys[i] = y;
      this.zs[i] = z;
      this.count++;
    });
    // A replaced column is too many changes for the ring: everything remembered before it is unsure.
    world.watchColumns?.(() => {
      this.count += this.capacity + 1;
    });
  }

  static of(world: BodyPort): BlockChangeLog {
    let log = BlockChangeLog.byWorld.get(world);
    if (!log) {
      log = new BlockChangeLog(world, DEFAULT_CAPACITY);
      BlockChangeLog.byWorld.set(world, log);
    }
    return log;
  }

  /** Sequence number to remember now and pass to `changedSince` later. */
  get seq(): number {
    return this.count;
  }

  /** Whether a block in the box [lo, hi] (inclusive, per axis) may have changed since `seq`. */
  changedSince(seq: number, x0: number, y0: number, z0: number, x1: number, y1: number, z1: number): boolean {
    if (this.count - seq > this.capacity) return true; // the ring lost some: cannot rule it out
    for (let k = seq; k < this.count; k++) {
      const i = k % this.capacity;
      const x = this.xs[i]!;
      const y = this.ys[i]!;
      const z = this.zs[i]!;
      if (x >= x0 && x <= x1 && y >= y0 && y <= y1 && z >= z0 && z <= z1) return true;
    }
    return false;
  }
}
