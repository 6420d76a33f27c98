/** Line of sight over a bot's block view: the same voxel rule as the embedded world's senses. */
import { describe, expect, it } from 'vitest';
import type { BlockView } from '../../src/env/minecraft/block-view.js';
import { canSeeBlock, canSeePoint, inViewCone } from '../../src/env/minecraft/sight.js';

const AIR = 0;
const STONE = 1;
const GLASS = 2;

/** Ground (stone) below y = 0, air above, plus the given blocks; x >= 100 was never sent (null). */
function view(blocks: Record<string, number>): BlockView {
  return {
    stateAt: (x, y, z) => (x >= 100 ? null : (blocks[`${x},${y},${z}`] ?? (y < 0 ? STONE : AIR))),
    seeThrough: (s) => s === AIR || s === GLASS,
    nameOf: (s) => ['air', 'stone', 'glass'][s] ?? 'unknown',
    blockId: () => null,
    isAir: (s) => s === AIR,
  };
}

const eye = { x: 0.5, y: 1.62, z: 0.5 };

describe('sight on a bot view', () => {
  it('sees a block in the open and not behind a wall; glass lets sight through', () => {
    const target = { x: 5, y: 0, z: 0 };
    expect(canSeeBlock(view({ '5,0,0': STONE }), eye, target)).toBe(true);
    const wall: Record<string, number> = { '5,0,0': STONE };
    for (let y = 0; y < 4; y++) for (let z = -3; z <= 3; z++) wall[`3,${y},${z}`] = STONE;
    expect(canSeeBlock(view(wall), eye, target)).toBe(false);
    for (const k of Object.keys(wall)) if (k.startsWith('3,')) wall[k] = GLASS;
    expect(canSeeBlock(view(wall), eye, target)).toBe(true);
  });

  it('does not see into chunks the server never sent', () => {
    expect(canSeePoint(view({}), eye, { x: 104.5, y: 1, z: 0.5 })).toBe(false);
    expect(canSeePoint(view({}), eye, { x: 50.5, y: 1, z: 0.5 })).toBe(true);
  });

  it('limits sight to the view cone when one is set', () => {
    const south = { x: 0, y: 0, z: 1 };
    expect(inViewCone(eye, south, { x: 0.5, y: 1.62, z: 10 }, 90)).toBe(true);
    expect(inViewCone(eye, south, { x: 0.5, y: 1.62, z: -10 }, 90)).toBe(false);
    expect(inViewCone(eye, south, { x: 0.5, y: 1.62, z: -10 }, undefined)).toBe(true);
  });
});
