import { describe, expect, it } from 'vitest';
import { World } from '../world.js';
import type { Gamerules } from '../world-options.js';
import type { WorldEvent } from '../events.js';

const GROUND = -60;
const flatWorld = (seed: number | string = 1, gamerules: Partial<Gamerules> = {}) =>
  new World({ seed, terrain: { type: 'flat' }, gamerules: { doMobSpawning: false, doDaylightCycle: false, ...gamerules } });

/** A lava source with a 4-high pillar of `block` right beside it (the crisis task's wooden shelter wall). */
function lavaAndPillar(w: World, block: string): { x: number; z: number }[] {
  w.setBlock({ x: 0, y: GROUND, z: 0 }, 'lava');
  for (let y = GROUND; y < GROUND + 4; y++) w.setBlock({ x: 1, y, z: 0 }, block);
  return [{ x: 1, z: 0 }];
}
const pillarLeft = (w: World, block: string) => [0, 1, 2, 3].filter((dy) => w.blockAt({ x: 1, y: GROUND + dy, z: 0 }) === block).length;

/** 200 task steps of one second each. */
const TICKS_200_STEPS = 200 * 20;

describe('fire from lava (vanilla LavaFluid.randomTick, FireBlock.tick)', () => {
  it('lava sets a wooden pillar beside it alight and the fire consumes it, for every seed tried', () => {
    for (const seed of [1, 2, 3]) {
      const w = flatWorld(seed);
      lavaAndPillar(w, 'oak_planks');
      const fireEvents: WorldEvent[] = [];
      w.on('block_changed', (e) => {
        if (e.cause === 'fire') fireEvents.push(e);
      });
      w.run(TICKS_200_STEPS);
      expect([seed, pillarLeft(w, 'oak_planks')]).toEqual([seed, 0]);
      expect(fireEvents.some((e) => e.type === 'block_changed' && e.to === 'fire')).toBe(true);
    }
  });

  it('does not burn stone, and burns nothing with doFireTick off', () => {
    const stone = flatWorld(1);
    lavaAndPillar(stone, 'stone');
    stone.run(TICKS_200_STEPS);
    expect(pillarLeft(stone, 'stone')).toBe(4);
    const off = flatWorld(1, { doFireTick: false });
    lavaAndPillar(off, 'oak_planks');
    off.run(TICKS_200_STEPS);
    expect(pillarLeft(off, 'oak_planks')).toBe(4);
  });

  it('a fire consumes leaves (flammability 60) far sooner than a log (5) beneath it', () => {
    const ticksToBurn = (block: string) => {
      let total = 0;
      for (let seed = 0; seed < 10; seed++) {
        const w = flatWorld(seed);
        w.setBlock({ x: 0, y: GROUND, z: 0 }, block);
        w.setBlock({ x: 0, y: GROUND + 1, z: 0 }, 'fire');
        while (w.tick < 20000 && w.blockAt({ x: 0, y: GROUND, z: 0 }) === block) w.step();
        total += w.tick;
      }
      return total;
    };
    expect(ticksToBurn('oak_leaves') * 4).toBeLessThan(ticksToBurn('oak_log'));
  });

  it('a fire with no fuel on solid ground goes out', () => {
    const w = flatWorld(1);
    w.setBlock({ x: 5, y: GROUND, z: 5 }, 'fire');
    w.run(40 * 20);
    expect(w.blockAt({ x: 5, y: GROUND, z: 5 })).toBe('air');
  });

  it('is deterministic: the same seed gives the same block log', () => {
    const log = () => {
      const w = flatWorld('same');
      lavaAndPillar(w, 'oak_planks');
      const out: string[] = [];
      w.on('block_changed', (e) => out.push(`${e.tick}:${e.pos.x},${e.pos.y},${e.pos.z}:${e.to}`));
      w.run(3000);
      return out;
    };
    const a = log();
    expect(a.length).toBeGreaterThan(0);
    expect(log()).toEqual(a);
  });
});
