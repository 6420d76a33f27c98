/**
 * A binary min-heap of node indices for A*, ordered by f, then by h (prefer the node nearer the
 * goal), then by index (discovery order) so equal paths are always chosen the same way.
 * Supports decrease-key through the store's `heapPos`.
 */
import type { NodeStore } from './node-store.js';

export class NodeHeap {
  size = 0;
  private items = new Int32Array(4096);

  constructor(private readonly store: NodeStore) {}

  clear(): void {
    this.size = 0;
  }

  push(id: number): void {
    if (this.size === this.items.length) {
      const bigger = new Int32Array(this.items.length * 2);
      bigger.set(this.items);
      this.items = bigger;
    }
    this.items[this.size] = id;
    this.store.heapPos[id] = this.size;
    this.size++;
    this.up(this.size - 1);
  }

  /** Removes and returns the best node. The heap must not be empty. */
  pop(): number {
    const items = this.items;
    const top = items[0]!;
    this.store.heapPos[top] = -1;
    this.size--;
    if (this.size > 0) {
      items[0] = items[this.size]!;
      this.store.heapPos[items[0]] = 0;
      this.down(0);
    }
    return top;
  }

  /** Restores order after node `id`'s priority went down. */
  decreased(id: number): void {
    this.up(this.store.heapPos[id]!);
  }

  private less(a: number, b: number): boolean {
    const f = this.store.f;
    const fa = f[a]!, fb = f[b]!;
    if (fa !== fb) return fa < fb;
    const h = this.store.h;
    const ha = h[a]!, hb = h[b]!;
    if (ha !== hb) return ha < hb;
    return a < b;
  }

  private up(i: number): void {
    const items = this.items, pos = this.store.heapPos;
    const id = items[i]!;
    while (i > 0) {
      const p = (i - 1) >> 1;
      const pid = items[p]!;
      if (!this.less(id, pid)) break;
      items[i] = pid;
      pos[pid] = i;
      i = p;
    }
    items[i] = id;
    pos[id] = i;
  }

  private down(i: number): void {
    const items = this.items, pos = this.store.heapPos, n = this.size;
    const id = items[i]!;
    for (;;) {
      const l = 2 * i + 1;
      if (l >= n) break;
      const r = l + 1;
      let c = l;
      if (r < n && this.less(items[r]!, items[l]!)) c = r;
      const cid = items[c]!;
      if (!this.less(cid, id)) break;
      items[i] = cid;
      pos[cid] = i;
      i = c;
    }
    items[i] = id;
    pos[id] = i;
  }
}
