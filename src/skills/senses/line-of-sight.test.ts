import { describe, expect, it } from 'vitest';
import { World, joinPlayer } from '../../world/index.js';
import { canSee, canSeeBlock, segmentClear } from './line-of-sight.js';
import { eyePosition, lookDirection } from './eyes.js';

// Classic superflat: grass at y = -61, players stand at y = -60.
const newWorld = () => new World({ seed: 1, terrain: { type: 'flat' }, gamerules: { doMobSpawning: false } });

function wall(world: World, z: number, block: string): void {
  for (let x = -5; x <= 5; x++) for (let y = -60; y <= -55; y++) world.setBlock({ x, y, z }, block);
}

describe('line of sight', () => {
  it('puts a player’s eyes 1.62 above the feet (vanilla standing eye height)', () => {
    const world = newWorld();
    const p = joinPlayer(world, 'a', { x: 0.5, y: -60, z: 0.5 });
    expect(eyePosition(p).y).toBeCloseTo(-58.38, 6);
  });

  it('maps yaw 0 to +z, yaw 90 to -x and positive pitch to looking down (Minecraft convention)', () => {
    const south = lookDirection(0, 0);
    expect(south.z).toBeCloseTo(1);
    const west = lookDirection(90, 0);
    expect(west.x).toBeCloseTo(-1);
    expect(lookDirection(0, 90).y).toBeCloseTo(-1);
  });

  it('sees across open ground and is blocked by a stone wall', () => {
    const world = newWorld();
    const p = joinPlayer(world, 'a', { x: 0.5, y: -60, z: 0.5 });
    const target = { x: 0.5, y: -59, z: 8.5 };
    expect(canSee(world, p, target)).toBe(true);
    wall(world, 4, 'stone');
    expect(canSee(world, p, target)).toBe(false);
  });

  it('is not blocked by glass, leaves or water', () => {
    for (const block of ['glass', 'oak_leaves', 'water']) {
      const world = newWorld();
      const p = joinPlayer(world, 'a', { x: 0.5, y: -60, z: 0.5 });
      wall(world, 4, block);
      expect(canSee(world, p, { x: 0.5, y: -59, z: 8.5 }), block).toBe(true);
    }
  });

  it('sees the near face of a block but not one hidden behind it', () => {
    const world = newWorld();
    const p = joinPlayer(world, 'a', { x: 0.5, y: -60, z: 0.5 });
    world.setBlock({ x: 0, y: -59, z: 5 }, 'stone');
    world.setBlock({ x: 0, y: -59, z: 6 }, 'gold_block');
    expect(canSeeBlock(world, p, { x: 0, y: -59, z: 5 })).toBe(true);
    // Only the gold block's top is open, and the eye (y -58.38) is below its top face (y -58).
    expect(canSeeBlock(world, p, { x: 0, y: -59, z: 6 })).toBe(false);
  });

  it('walks diagonal and axis-aligned rays in both directions', () => {
    const world = newWorld();
    world.setBlock({ x: -3, y: -58, z: -3 }, 'stone');
    // The stone fills y -58..-57: a diagonal ray at y -56.5 passes above it, one at y -57.5 through it.
    expect(segmentClear(world, 0.5, -56.5, 0.5, -5.5, -56.5, -5.5)).toBe(true);
    expect(segmentClear(world, -5.5, -56.5, -5.5, 0.5, -56.5, 0.5)).toBe(true);
    expect(segmentClear(world, 0.5, -57.5, 0.5, -5.5, -57.5, -5.5)).toBe(false);
    expect(segmentClear(world, -5.5, -57.5, -5.5, 0.5, -57.5, 0.5)).toBe(false);
    expect(segmentClear(world, 0.5, -57.5, 0.5, 0.5, -65, 0.5)).toBe(false); // into the ground
    expect(segmentClear(world, 0.5, -57.5, 0.5, 0.5, 20, 0.5)).toBe(true); // up into the sky
  });
});
