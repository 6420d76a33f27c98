import { describe, expect, it } from 'vitest';
import { Rng } from '../../world/rng.js';
import { NodeHeap } from './node-heap.js';
import { NodeStore } from './node-store.js';

describe('NodeStore and NodeHeap', () => {
  it('pops nodes by f, then h, then discovery order, with decrease-key', () => {
    const store = new NodeStore();
    const heap = new NodeHeap(store);
    const rng = new Rng('heap');
    const n = 10_000; // past the initial 4,096 nodes, so the store and the heap both grow
    for (let i = 0; i < n; i++) {
      const id = store.add(i * 7 + 3, i, 0, 0);
      store.f[id] = rng.int(0, 50);
      store.h[id] = rng.int(0, 3);
      heap.push(id);
    }
    for (let id = 0; id < n; id += 10) {
      store.f[id] = store.f[id]! - 5;
      heap.decreased(id);
    }
    const order: number[] = [];
    while (heap.size > 0) order.push(heap.pop());
    const sorted = [...order].sort((a, b) => store.f[a]! - store.f[b]! || store.h[a]! - store.h[b]! || a - b);
    expect(order).toEqual(sorted);
    expect(store.find(42 * 7 + 3)).toBe(42);
    expect(store.find(5)).toBe(-1);
    store.reset();
    expect(store.find(42 * 7 + 3)).toBe(-1);
  });
});
