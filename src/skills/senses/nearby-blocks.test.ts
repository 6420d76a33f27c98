import { describe, expect, it } from 'vitest';
import { World, joinPlayer } from '../../world/index.js';
import { formatBlockSummary, summarizeVisibleBlocks } from './nearby-blocks.js';
import { visibleBlocks } from './perception.js';

describe('summarizeVisibleBlocks', () => {
  it('counts visible blocks per type with the nearest of each, ordered by name', () => {
    const world = new World({ seed: 1, terrain: { type: 'flat' }, gamerules: { doMobSpawning: false } });
    const p = joinPlayer(world, 'a', { x: 0.5, y: -60, z: 0.5 }, { perceptionRange: 10 });
    world.setBlock({ x: 3, y: -60, z: 0 }, 'oak_log');
    world.setBlock({ x: 5, y: -60, z: 0 }, 'oak_log');
    const s = summarizeVisibleBlocks(world, p);
    expect(s.types.map((t) => t.name)).toEqual(['grass_block', 'oak_log']);
    const logs = s.types[1]!;
    expect(logs.count).toBe(2);
    expect(logs.nearest).toEqual({ x: 3, y: -60, z: 0 });
    const all = visibleBlocks(world, p);
    expect(s.total).toBe(all.length);
    expect(s.types[0]!.count).toBe(all.filter((b) => b.name === 'grass_block').length);
    expect(formatBlockSummary(s)).toMatch(/^grass_block x\d+ @0,-61,0; oak_log x2 @3,-60,0$/);
  });
});
