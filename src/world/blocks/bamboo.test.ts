import { describe, expect, it } from 'vitest';
import { digTicks } from './digging.js';
import { flatWorld } from './test-helpers.js';

const ground = { onGround: true, inWater: false };

describe('bamboo with a sword (vanilla BambooStalkBlock / BambooSaplingBlock.getDestroyProgress)', () => {
  it('breaks in one tick with any sword, even in the air; by hand it takes 30 ticks (hardness 1)', () => {
    const reg = flatWorld().registry;
    for (const sword of ['wooden_sword', 'iron_sword', 'netherite_sword']) {
      expect(digTicks(reg, 'bamboo', sword, ground)).toBe(1);
      expect(digTicks(reg, 'bamboo_sapling', sword, ground)).toBe(1);
      expect(digTicks(reg, 'bamboo', sword, { onGround: false, inWater: true })).toBe(1);
    }
    expect(digTicks(reg, 'bamboo', null, ground)).toBe(30);
  });
});
