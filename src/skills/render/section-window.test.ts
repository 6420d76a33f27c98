import { describe, expect, it } from 'vitest';
import { MAX_Y, MIN_Y, World } from '../../world/index.js';
import { emptySectionWindow, gatherSections, stateIn } from './section-window.js';

describe('section window', () => {
  it('reads the same block states as the world, at any position in the window and outside the build height', () => {
    const world = new World({ seed: 'sections', terrain: { type: 'natural' }, gamerules: { doMobSpawning: false } });
    world.setBlock({ x: -37, y: 150, z: 12 }, 'glass'); // alone in an otherwise all-air section
    const w = gatherSections(world.blocks, -45, -20, 70, emptySectionWindow());
    let nonAir = 0;
    // A window not aligned to chunks: its first and last columns are partial.
    for (let x = -45; x < 25; x += 3) {
      for (let z = -20; z < 50; z += 4) {
        for (let y = MIN_Y - 2; y <= MAX_Y + 2; y += 5) {
          const s = stateIn(w, x, y, z);
          expect(s, `(${x}, ${y}, ${z})`).toBe(world.blocks.get(x, y, z));
          if (s !== 0) nonAir++;
        }
      }
    }
    expect(nonAir).toBeGreaterThan(1000);
    expect(stateIn(w, -37, 150, 12)).toBe(world.registry.stateOf('glass'));
  });
});
