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
    // The replica is a copy: a later change reaches it with the next update, not before (the main
    // thread writes the next tick while a worker reads this one).
    world.setBlock({ x: 3, y: 200, z: 4 }, 'air');
    expect(replica.get(3, 200, 4)).toBe(world.registry.stateOf('dirt'));
    expect(feed.empty).toBe(false);
    replica.apply(feed.take(), () => {});
    expect(replica.get(3, 200, 4)).toBe(0);
    feed.detach();
  });

  it('keep a replica at the hand-over\'s blocks while the store goes on changing, whatever was written in between', () => {
    const world = new World({ seed: 'copy', terrain: { type: 'natural' } });
    const feed = new BlockFeed(world);
    const replica = new BlockReplica();
    const stone = world.registry.stateOf('stone');
    const glass = world.registry.stateOf('glass');
    // Columns generated and changed within one window: the copy taken at the hand-over holds the last states.
    for (let x = 0; x < 48; x += 3) world.setBlock({ x, y: 100, z: 7 }, stone);
    world.setBlock({ x: 3, y: 100, z: 7 }, glass);
    const frozen = (x: number, y: number, z: number) => world.stateAt(x, y, z);
    const positions: Array<[number, number, number]> = [];
    for (let x = 0; x < 48; x++) for (let y = 60; y < 110; y += 7) positions.push([x, y, 7]);
    replica.apply(feed.take(), () => {});
    const atHandOver = positions.map(([x, y, z]) => frozen(x, y, z));
    // The next tick's writes: the replica still answers the hand-over's blocks, then the new ones after the update.
    for (const [x, y, z] of positions) world.setBlock({ x, y, z }, (x + y) % 3 === 0 ? 0 : glass);
    expect(positions.map(([x, y, z]) => replica.get(x, y, z))).toEqual(atHandOver);
    expect(positions.map(([x, y, z]) => world.stateAt(x, y, z))).not.toEqual(atHandOver);
    replica.apply(feed.take(), () => {});
    expect(positions.map(([x, y, z]) => replica.get(x, y, z))).toEqual(positions.map(([x, y, z]) => world.stateAt(x, y, z)));
    feed.detach();
  });
});
