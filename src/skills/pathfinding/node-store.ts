/**
 * The search's node storage: struct-of-arrays in typed arrays plus an open-addressing hash from an
 * integer position key to a node index. One store is reused across searches (a generation stamp
 * empties the hash in O(1)), so a search allocates nothing per node.
 */

const INITIAL_NODES = 4096;

export class NodeStore {
  count = 0;
  x = new Int32Array(INITIAL_NODES);
  y = new Int32Array(INITIAL_NODES);
  z = new Int32Array(INITIAL_NODES);
  /** Cost from the start, in ticks. */
  g = new Float64Array(INITIAL_NODES);
  /** Heuristic estimate to the goal. */
  h = new Float64Array(INITIAL_NODES);
  /** g + h, the heap's priority. */
  f = new Float64Array(INITIAL_NODES);
  parent = new Int32Array(INITIAL_NODES);
  /** Action code of the move that reached the node (see find-path.ts). */
  action = new Uint8Array(INITIAL_NODES);
  closed = new Uint8Array(INITIAL_NODES);
  /** Index in the heap, or -1 when not in it. */
  heapPos = new Int32Array(INITIAL_NODES);
  /** Scaffold blocks placed on the way here. */
  used = new Int32Array(INITIAL_NODES);

  private keys = new Int32Array(INITIAL_NODES * 4);
  private vals = new Int32Array(INITIAL_NODES * 4);
  private stamps = new Int32Array(INITIAL_NODES * 4);
  private mask = INITIAL_NODES * 4 - 1;
  private shift = 32 - Math.log2(INITIAL_NODES * 4);
  private gen = 1;

  /** Forgets every node. */
  reset(): void {
    this.count = 0;
    this.gen++;
    if (this.gen > 0x3fffffff) {
      this.gen = 1;
      this.stamps.fill(0);
    }
  }

  /** The node index stored under `key`, or -1. */
  find(key: number): number {
    const keys = this.keys, stamps = this.stamps, mask = this.mask, gen = this.gen;
    let i = Math.imul(key, 0x9e3779b1) >>> this.shift; // Fibonacci hashing: the top bits mix every key bit
    while (stamps[i] === gen) {
      if (keys[i] === key) return this.vals[i]!;
      i = (i + 1) & mask;
    }
    return -1;
  }

  /** Adds a node at a position whose `key` is not stored yet; returns its index. */
  add(key: number, x: number, y: number, z: number): number {
    if (this.count === this.x.length) this.grow();
    const id = this.count++;
    this.x[id] = x;
    this.y[id] = y;
    this.z[id] = z;
    this.closed[id] = 0;
    this.heapPos[id] = -1;
    this.insertKey(key, id);
    return id;
  }

  private insertKey(key: number, id: number): void {
    const keys = this.keys, stamps = this.stamps, mask = this.mask, gen = this.gen;
    let i = Math.imul(key, 0x9e3779b1) >>> this.shift; // Fibonacci hashing: the top bits mix every key bit
    while (stamps[i] === gen) i = (i + 1) & mask;
    stamps[i] = gen;
    keys[i] = key;
    this.vals[i] = id;
  }

  /** Doubles the node arrays and the hash (kept at most a quarter full). */
  private grow(): void {
    const n = this.x.length * 2;
    this.x = growInt(this.x, n);
    this.y = growInt(this.y, n);
    this.z = growInt(this.z, n);
    this.g = growFloat(this.g, n);
    this.h = growFloat(this.h, n);
    this.f = growFloat(this.f, n);
    this.parent = growInt(this.parent, n);
    this.heapPos = growInt(this.heapPos, n);
    this.used = growInt(this.used, n);
    const action = new Uint8Array(n);
    action.set(this.action);
    this.action = action;
    const closed = new Uint8Array(n);
    closed.set(this.closed);
    this.closed = closed;

    const oldKeys = this.keys, oldVals = this.vals, oldStamps = this.stamps, gen = this.gen;
    this.keys = new Int32Array(n * 4);
    this.vals = new Int32Array(n * 4);
    this.stamps = new Int32Array(n * 4);
    this.mask = n * 4 - 1;
    this.shift = 32 - Math.log2(n * 4);
    for (let i = 0; i < oldKeys.length; i++) if (oldStamps[i] === gen) this.insertKey(oldKeys[i]!, oldVals[i]!);
  }
}

function growInt(a: Int32Array, n: number): Int32Array<ArrayBuffer> {
  const b = new Int32Array(n);
  b.set(a);
  return b;
}

function growFloat(a: Float64Array, n: number): Float64Array<ArrayBuffer> {
  const b = new Float64Array(n);
  b.set(a);
  return b;
}
