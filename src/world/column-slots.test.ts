import { describe, expect, it } from 'vitest';
import { ColumnSlots } from './column-slots.js';
import { World } from './world.js';

describe('ColumnSlots', () => {
  it('returns a cached column only for its own coordinates, and the latest of two sharing a slot', () => {
    const slots = new ColumnSlots<string>();
    expect(slots.get(0, 0)).toBeNull();
    slots.put(3, -5, 'a');
    expect(slots.get(3, -5)).toBe('a');
    // 64 columns apart on either axis: the same slot.
    expect(slots.get(3 + 64, -5)).toBeNull();
    expect(slots.get(3, -5 - 64)).toBeNull();
    slots.put(3 + 64, -5, 'b');
    expect(slots.get(3 + 64, -5)).toBe('b');
    expect(slots.get(3, -5)).toBeNull();
  });

  it('leaves block reads unchanged when columns that share a slot are read in turn', () => {
    const world = new World({ seed: 's', terrain: { type: 'flat' } });
    // Blocks 1,024 apart (64 columns): their columns share a slot of the store's cache.
    const spots = [{ x: 5, y: 100, z: 7 }, { x: 5 + 1024, y: 100, z: 7 }, { x: 5, y: 100, z: 7 - 1024 }];
    const names = ['stone', 'dirt', 'oak_planks'];
    spots.forEach((p, i) => world.setBlock(p, names[i]!));
    for (let round = 0; round < 3; round++) {
      spots.forEach((p, i) => expect(world.stateAt(p.x, p.y, p.z)).toBe(world.registry.stateOf(names[i]!)));
    }
  });
});
