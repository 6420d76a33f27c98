import { describe, expect, it } from 'vitest';
import { startDigging } from './digging.js';
import { BLOCK_REACH, withinReach } from './reach.js';
import { flatWorld, standingPlayer } from './test-helpers.js';

describe('block reach (vanilla: 4.5 blocks from the eyes to the block, not to its centre)', () => {
  it('reaches a block whose near face is 4.3 blocks away although its centre is 5.0 away', () => {
    const w = flatWorld();
    const p = standingPlayer(w, 'iron_pickaxe'); // eyes at (0.5, -58.38, 0.5)
    const pos = { x: 4, y: -59, z: 3 }; // nearest point (4, -58.38, 3): 4.30; centre (4.5, -58.5, 3.5): 5.00
    w.setBlock(pos, 'stone');
    expect(withinReach(p, pos)).toBe(true);
    expect(startDigging(w, p, pos)).toMatchObject({ ok: true });
  });

  it('still refuses a block whose nearest point is beyond 4.5', () => {
    const w = flatWorld();
    const p = standingPlayer(w, 'iron_pickaxe');
    const pos = { x: 5, y: -59, z: 3 }; // nearest point (5, -58.38, 3): sqrt(4.5² + 2.5²) = 5.15
    w.setBlock(pos, 'stone');
    expect(withinReach(p, pos)).toBe(false);
    expect(startDigging(w, p, pos)).toMatchObject({ ok: false, reason: 'too_far' });
    expect(BLOCK_REACH).toBe(4.5);
  });
});
