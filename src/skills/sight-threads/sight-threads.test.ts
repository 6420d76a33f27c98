import { describe, expect, it } from 'vitest';
import { World, joinPlayer, type Player } from '../../world/index.js';
import type { VisibleBlockSummary } from '../../core/observation.js';
import { observedBlocks } from '../observe/observe.js';
import { SightThreads, type SightQuery } from './sight-threads.js';

const QUERY: SightQuery = { omniscient: false, maxBlockTypes: 24, maxRays: undefined };

/** Each player's summary through SightThreads: the worker's where it computed one, else a scan on this thread. */
function summaries(sight: SightThreads, world: World, players: Player[]): VisibleBlockSummary[][] {
  const out: VisibleBlockSummary[][] = [];
  sight.observe(players, players.map(() => QUERY), (i, nearbyBlocks) => {
    out[i] = nearbyBlocks ?? observedBlocks(world, players[i]!, QUERY);
  });
  return out;
}

describe('SightThreads', () => {
  it('hands a summary back to the main thread, and replaces the worker, when the worker meets terrain not generated yet', () => {
    const world = new World({ seed: 'sight', terrain: { type: 'natural' } });
    const players = Array.from({ length: 8 }, (_, i) => joinPlayer(world, `p${i}`, { x: 200 * i + 0.5, y: 90, z: 0.5 }));
    // No margin at all: the main thread generates nothing ahead, so every worker-side scan fails over.
    const sight = new SightThreads(world, 1, -1000);
    try {
      const first = summaries(sight, world, players);
      expect(sight.redone).toBeGreaterThan(0);
      expect(sight.byWorkers).toBe(0);
      for (let i = 0; i < players.length; i++) expect(first[i]).toEqual(observedBlocks(world, players[i]!, QUERY));
      // The replacement worker got every column the redone scans generated, so the same players now
      // succeed there, with the same answers.
      const redoneBefore = sight.redone;
      const second = summaries(sight, world, players);
      expect(sight.redone).toBe(redoneBefore);
      expect(sight.byWorkers).toBeGreaterThan(0);
      expect(second).toEqual(first);
      expect(first.some((s) => s.length > 0)).toBe(true);
    } finally {
      sight.close();
    }
  }, 60_000);
});
