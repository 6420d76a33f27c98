// The world bench's observations with a sight worker thread are the single-threaded ones, byte for
// byte, and the world's events are unchanged: the worker reads the same blocks (its copy of the
// store as of the hand-over) with the same senses code; pipelined (the worker computing tick t's
// summaries while the main thread steps t + 1), the observations are again the same, delivered a
// tick later. Runs the worker from the TypeScript source (start-worker's loader).
import { describe, expect, it } from 'vitest';
import { createWorldBench, fnv } from '../../bench/world.js';

function run(threads: number, pipelined = false, entitiesOnWorkers = false) {
  const bench = createWorldBench({ agents: 64, terrain: 'natural', seed: 'threads-test', observeEvery: 10, threads, pipelined, entitiesOnWorkers, hashObservations: true });
  let events = 2166136261;
  bench.world.onAny((e) => {
    events = fnv(events, JSON.stringify(e));
  });
  try {
    for (let t = 0; t < 300; t++) bench.step();
    // Pipelined, the last tick's observations are still on their way: what was delivered so far, then all.
    const delivered = { ...bench.counts };
    bench.flush();
    return { events, delivered, counts: { ...bench.counts }, sight: bench.sight() };
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

  it('pipelined: gives the same observations with 0 and 1 worker, each a tick after the world state it describes, and the same as unpipelined', () => {
    const alone = run(0);
    const piped = run(0, true);
    const shared = run(1, true);
    const entitiesThere = run(1, true, true);
    // One tick later: after 300 steps the last tick's observations (64 / 10 agents' worth) are not delivered yet.
    expect(piped.delivered.observations).toBe(64 * 30 - 7);
    expect(shared.delivered.observations).toBe(piped.delivered.observations);
    expect(shared.sight.pipelined).toBe(true);
    expect(shared.sight.threads).toBe(2);
    expect(shared.sight.byWorkers).toBeGreaterThan(alone.counts.observations / 20);
    expect(shared.sight.redone).toBe(0);
    // Once delivered, the same observations, in the same order, as the world standing still gives.
    expect(piped.counts.observationHash).toBe(alone.counts.observationHash);
    expect(shared.counts.observationHash).toBe(alone.counts.observationHash);
    expect(shared.delivered.observationHash).toBe(piped.delivered.observationHash);
    expect(piped.events).toBe(alone.events);
    expect(shared.events).toBe(alone.events);
    // The same with the worker listing its agents' visible entities too (from the entity snapshot).
    expect(entitiesThere.sight.entities).toBe('workers');
    expect(entitiesThere.sight.byWorkers).toBeGreaterThan(alone.counts.observations / 20);
    expect(entitiesThere.counts.observationHash).toBe(alone.counts.observationHash);
    expect(entitiesThere.events).toBe(alone.events);
  }, 360_000);
});
