import { describe, expect, it } from 'vitest';
import { World } from '../world.js';
import { BlockFeed } from './block-feed.js';
import { BlockReplica, ColumnNotShared } from './block-replica.js';

describe('BlockFeed and BlockReplica', () => {
  it('give a replica the blocks of every column generated before and after it attached, and the changes in order', () => {
    const world = new World({ seed: 's', terrain: { type: 'flat' } });
    const stone = world.registry.stateOf('stone');
    world.stateAt(0, 0, 0); // column 0,0 generated before the feed exists
    const feed = new BlockFeed(world);
    const replica = new BlockReplica();
    const changes: number[][] = [];
    replica.apply(feed.take(), (...c) => changes.push(c));
    expect(replica.get(0, -64, 0)).toBe(world.stateAt(0, -64, 0));
    expect(replica.get(0, -64, 0)).not.toBe(0); // flat ground: bedrock at the bottom
    // A block high in the air allocates a new section; a block in a new column generates it.
    world.setBlock({ x: 3, y: 200, z: 4 }, 'stone');
    world.setBlock({ x: 40, y: 100, z: -20 }, 'stone');
    world.setBlock({ x: 3, y: 200, z: 4 }, 'dirt');
    expect(() => replica.get(40, 100, -20)).toThrow(ColumnNotShared);
    replica.apply(feed.take(), (...c) => changes.push(c));
    expect(replica.get(3, 200, 4)).toBe(world.registry.stateOf('dirt'));
    expect(replica.get(40, 100, -20)).toBe(stone);
    expect(changes).toEqual([
      [3, 200, 4, 0, stone],
      [40, 100, -20, 0, stone],
      [3, 200, 4, stone, world.registry.stateOf('dirt')],
    ]);
    // Shared memory: a later change is visible before any update (the caches learn of it from the feed).
    world.setBlock({ x: 3, y: 200, z: 4 }, 'air');
    expect(replica.get(3, 200, 4)).toBe(0);
    expect(feed.empty).toBe(false);
    feed.detach();
  });
});
