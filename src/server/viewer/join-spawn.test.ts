import { describe, expect, it } from 'vitest';
import { World } from '../../world/index.js';
import { joinSpawn } from './join-spawn.js';

/** Superflat: the ground's top block is at y = -61, so players stand at y = -60. */
const flat = (): World => new World({ seed: 1, terrain: { type: 'flat' }, gamerules: { doMobSpawning: false, doDaylightCycle: false }, timeOfDay: 6000 });

describe('where a person joining as an extra player appears', () => {
  it('at the centre of a free column beside the first player, on the ground', () => {
    const at = joinSpawn(flat(), { x: 4.3, y: -60, z: 2.7 });
    expect(Math.max(Math.abs(at.x - 4.5), Math.abs(at.z - 2.5))).toBe(1);
    expect(at.y).toBe(-60);
    expect(at.x % 1).toBe(0.5);
    expect(at.z % 1).toBe(0.5);
  });

  it('not inside the tree the agent is chopping: a column with a log or a low roof is passed over', () => {
    const w = flat();
    // Everything in the first ring around column (4, 2) is blocked: logs at feet height, or leaves at head height.
    for (let dx = -1; dx <= 1; dx++) {
      for (let dz = -1; dz <= 1; dz++) {
        if (dx === 0 && dz === 0) continue;
        w.setBlock({ x: 4 + dx, y: dx < 0 ? -60 : -59, z: 2 + dz }, dx < 0 ? 'oak_log' : 'oak_leaves');
      }
    }
    const at = joinSpawn(w, { x: 4.3, y: -60, z: 2.7 });
    expect(Math.max(Math.abs(Math.floor(at.x) - 4), Math.abs(Math.floor(at.z) - 2))).toBe(2);
    const [x, z] = [Math.floor(at.x), Math.floor(at.z)];
    expect(w.isSolid(x, -60, z) || w.isSolid(x, -59, z)).toBe(false);
    expect(w.isSolid(x, -61, z)).toBe(true);
  });
});
