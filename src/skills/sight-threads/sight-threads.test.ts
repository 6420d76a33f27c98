import { describe, expect, it } from 'vitest';
import { World, joinPlayer, spawnMob, type Player } from '../../world/index.js';
import { observedBlocks, observedEntities, type SightAhead } from '../observe/observe.js';
import { SightThreads, type SightQuery, type Sighted } from './sight-threads.js';

const QUERY: SightQuery = { omniscient: false, maxBlockTypes: 24, maxEntities: 16, maxRays: undefined };

/** What a player sees, computed on this thread from the world as it is. */
const seenHere = (world: World, p: Player): Sighted => ({
  nearbyBlocks: observedBlocks(world, p, QUERY),
  entities: observedEntities(world, p, QUERY, (id) => world.entity(id)!),
});

/** A `build` for SightThreads, as `observe` does it: what was computed ahead (filled in later), the rest looked for here now. */
const buildHere = (world: World, players: Player[]) => (i: number, ahead: SightAhead | undefined): Sighted => ({
  nearbyBlocks: ahead?.nearbyBlocks ?? observedBlocks(world, players[i]!, QUERY),
  entities: ahead?.entities ?? observedEntities(world, players[i]!, QUERY, (id) => world.entity(id)!),
});

/** Each player's sight through SightThreads: the worker's where it computed it, else computed on this thread. */
function summaries(sight: SightThreads, world: World, players: Player[]): Sighted[] {
  return sight.observe(players, players.map(() => QUERY), buildHere(world, players));
}

describe('SightThreads', () => {
  it('hands a summary back to the main thread, and replaces the worker, when the worker meets terrain not generated yet', () => {
    const world = new World({ seed: 'sight', terrain: { type: 'natural' } });
    const players = Array.from({ length: 8 }, (_, i) => joinPlayer(world, `p${i}`, { x: 200 * i + 0.5, y: 90, z: 0.5 }));
    // No margin at all: the main thread generates nothing ahead, so every worker-side scan fails over.
    const sight = new SightThreads(world, 1, { marginBlocks: -1000 });
    try {
      const first = summaries(sight, world, players);
      expect(sight.redone).toBeGreaterThan(0);
      expect(sight.byWorkers).toBe(0);
      for (let i = 0; i < players.length; i++) expect(first[i]).toEqual(seenHere(world, players[i]!));
      // The replacement worker got every column the redone scans generated, so the same players now
      // succeed there, with the same answers.
      const redoneBefore = sight.redone;
      const second = summaries(sight, world, players);
      expect(sight.redone).toBe(redoneBefore);
      expect(sight.byWorkers).toBeGreaterThan(0);
      expect(second).toEqual(first);
      expect(first.some((s) => s.nearbyBlocks.length > 0)).toBe(true);
    } finally {
      sight.close();
    }
  }, 60_000);

  it.each([true, false])('pipelined (entities on the workers: %s): a worker answers with the blocks and entities of the tick its batch began, while the main thread writes the next ones', (entitiesOnWorkers) => {
    const world = new World({ seed: 'overlap', terrain: { type: 'natural' } });
    const players = Array.from({ length: 12 }, (_, i) => {
      const x = 6 * (i % 4) + 0.5;
      const z = 6 * Math.floor(i / 4) + 0.5;
      return joinPlayer(world, `p${i}`, { x, y: world.terrain.surfaceY(Math.floor(x), Math.floor(z)), z });
    });
    const gold = world.registry.stateOf('gold_block');
    const sight = new SightThreads(world, 1, { pipelined: true, entitiesOnWorkers });
    try {
      for (let round = 0; round < 4; round++) {
        // What a frozen world answers at this tick, computed before anything else happens.
        const frozen = players.map((p) => seenHere(world, p));
        sight.begin(players, players.map(() => QUERY), buildHere(world, players));
        // The next tick, while the worker computes: blocks change in plain sight of every player
        // (a ring of gold at its feet, in new rows each round), a cow appears beside each, and the world steps.
        const cows = new Set<number>();
        for (const p of players) {
          cows.add(spawnMob(world, 'cow', { x: p.pos.x + 1, y: p.pos.y, z: p.pos.z + 1 }).id);
          const y = Math.floor(p.pos.y) + round;
          for (let d = -2; d <= 2; d++) {
            world.setBlock({ x: Math.floor(p.pos.x) + d, y, z: Math.floor(p.pos.z) - 2 }, gold);
            world.setBlock({ x: Math.floor(p.pos.x) + d, y, z: Math.floor(p.pos.z) + 2 }, gold);
          }
        }
        world.step();
        const answers = sight.finish();
        expect(answers).toEqual(frozen);
        expect(answers.some((s) => s.entities.some((e) => cows.has(e.id)))).toBe(false);
        // The changes were in sight: the world now answers otherwise.
        const now = players.map((p) => seenHere(world, p));
        expect(now.every((s) => s.nearbyBlocks.some((t) => t.name === 'gold_block'))).toBe(true);
        expect(now.every((s) => s.entities.some((e) => cows.has(e.id)))).toBe(true);
      }
      expect(sight.byWorkers).toBeGreaterThan(0);
      expect(sight.redone).toBe(0);
    } finally {
      sight.close();
    }
  }, 60_000);

  it('starts its workers with the young-generation bound it is given, and with none by default', () => {
    const world = new World({ seed: 'sight', terrain: { type: 'flat' } });
    const bounded = new SightThreads(world, 1, { workerYoungGenerationMb: 8 });
    const plain = new SightThreads(world, 1);
    try {
      expect(bounded.workerLimits.map((l) => l.maxYoungGenerationSizeMb)).toEqual([8]);
      expect(plain.workerLimits.map((l) => l.maxYoungGenerationSizeMb)).not.toEqual([8]);
      // Bounded or not, the worker answers the same.
      const players = Array.from({ length: 4 }, (_, i) => joinPlayer(world, `p${i}`, { x: 5 * i + 0.5, y: -60, z: 0.5 }));
      expect(summaries(bounded, world, players)).toEqual(summaries(plain, world, players));
    } finally {
      bounded.close();
      plain.close();
    }
  }, 60_000);

  it('pipelined: a worker that meets terrain not generated cannot be redone once the world moved on, and says so', () => {
    const world = new World({ seed: 'sight', terrain: { type: 'natural' } });
    const players = Array.from({ length: 8 }, (_, i) => joinPlayer(world, `p${i}`, { x: 200 * i + 0.5, y: 90, z: 0.5 }));
    const sight = new SightThreads(world, 1, { pipelined: true, marginBlocks: -1000 });
    try {
      sight.begin(players, players.map(() => QUERY), buildHere(world, players));
      world.step();
      expect(() => sight.finish()).toThrow(/world has moved on/);
    } finally {
      sight.close();
    }
  }, 60_000);
});
