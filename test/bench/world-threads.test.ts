// The world bench's observations with a sight worker thread are the single-threaded ones, byte for
// byte, and the world's events are unchanged: the worker reads the same blocks (shared sections)
// with the same senses code. Runs the worker from the TypeScript source (start-worker's loader).
import { describe, expect, it } from 'vitest';
import { createWorldBench, fnv } from '../../bench/world.js';

function run(threads: number) {
  const bench = createWorldBench({ agents: 64, terrain: 'natural', seed: 'threads-test', observeEvery: 10, threads, hashObservations: true });
  let events = 2166136261;
  bench.world.onAny((e) => {
    events = fnv(events, JSON.stringify(e));
  });
  try {
    for (let t = 0; t < 300; t++) bench.step();
    return { events, counts: { ...bench.counts }, sight: bench.sight() };
  } finally {
    bench.close();
  }
}

describe('world bench with a sight worker', () => {
  it('gives the same observations and events with 0 and 1 worker', () => {
    const alone = run(0);
    const shared = run(1);
    // The runs did something worth comparing: agents dug, and observations listed blocks and entities.
    expect(alone.counts.dug).toBeGreaterThan(50);
    expect(alone.counts.observations).toBe(64 * 30);
    expect(alone.counts.observedThings).toBeGreaterThan(alone.counts.observations * 5);
    // The worker really computed part of them (the share moves with the measured costs, never below 5 %).
    expect(shared.sight.threads).toBe(2);
    expect(shared.sight.byWorkers).toBeGreaterThan(alone.counts.observations / 20);
    expect(shared.sight.redone).toBe(0);
    expect(shared.counts.observationHash).toBe(alone.counts.observationHash);
    expect(shared.counts.observedThings).toBe(alone.counts.observedThings);
    expect(shared.events).toBe(alone.events);
  }, 240_000);
});
