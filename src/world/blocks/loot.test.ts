import { describe, expect, it } from 'vitest';
import type { ItemStack } from '../inventory.js';
import { blockDrops } from './loot.js';
import { flatWorld } from './test-helpers.js';

const w = flatWorld();
const reg = w.registry;
const drops = (block: string, held: string | null = null, state = reg.stateOf(block)): ItemStack[] => blockDrops(w, state, held);

/** Totals of each item over `n` breaks, and how many breaks dropped anything at all. */
function many(block: string, held: string | null, n: number, state?: number) {
  const totals: Record<string, number> = {};
  const counts: Record<string, Set<number>> = {};
  for (let i = 0; i < n; i++) {
    for (const s of drops(block, held, state)) {
      totals[s.name] = (totals[s.name] ?? 0) + s.count;
      (counts[s.name] ??= new Set()).add(s.count);
    }
  }
  return { totals, counts };
}

describe('block loot (vanilla loot tables, no enchantments)', () => {
  it('stone drops cobblestone with a pickaxe, nothing by hand', () => {
    for (let i = 0; i < 20; i++) expect(drops('stone', 'wooden_pickaxe')).toEqual([{ name: 'cobblestone', count: 1 }]);
    expect(drops('stone', null)).toEqual([]);
  });

  it('grass block always drops dirt; glass drops nothing without silk touch', () => {
    for (let i = 0; i < 20; i++) expect(drops('grass_block')).toEqual([{ name: 'dirt', count: 1 }]);
    expect(drops('glass')).toEqual([]);
  });

  it('ores drop one item (Fortune ranges ignored) and need the right pickaxe', () => {
    for (let i = 0; i < 30; i++) {
      expect(drops('diamond_ore', 'iron_pickaxe')).toEqual([{ name: 'diamond', count: 1 }]);
      expect(drops('coal_ore', 'wooden_pickaxe')).toEqual([{ name: 'coal', count: 1 }]);
      expect(drops('iron_ore', 'stone_pickaxe')).toEqual([{ name: 'raw_iron', count: 1 }]);
    }
    expect(drops('diamond_ore', 'stone_pickaxe')).toEqual([]);
    expect(drops('iron_ore', 'wooden_pickaxe')).toEqual([]);
  });

  it('redstone ore drops 4–5 redstone ("Redstone Ore")', () => {
    const { counts } = many('redstone_ore', 'iron_pickaxe', 200);
    expect([...counts.redstone!].sort()).toEqual([4, 5]);
  });

  it('gravel drops flint 10% of the time, else gravel ("Gravel")', () => {
    const { totals } = many('gravel', null, 4000);
    expect(totals.flint! + totals.gravel!).toBe(4000);
    expect(totals.flint! / 4000).toBeGreaterThan(0.08);
    expect(totals.flint! / 4000).toBeLessThan(0.12);
  });

  it('oak leaves: no block without shears, 5% sapling, 2% sticks, 0.5% apple ("Leaves")', () => {
    const n = 20000;
    const { totals } = many('oak_leaves', null, n);
    expect(totals.oak_leaves).toBeUndefined();
    expect(totals.oak_sapling! / n).toBeGreaterThan(0.04);
    expect(totals.oak_sapling! / n).toBeLessThan(0.06);
    expect(totals.stick! / n).toBeGreaterThan(0.02); // 2% of breaks, 1–2 sticks each: 3% of breaks in sticks
    expect(totals.stick! / n).toBeLessThan(0.04);
    expect(totals.apple! / n).toBeGreaterThan(0.003);
    expect(totals.apple! / n).toBeLessThan(0.008);
    expect(drops('oak_leaves', 'shears')).toEqual([{ name: 'oak_leaves', count: 1 }]);
  });

  it('short grass: 1 in 8 wheat seeds by hand, itself with shears ("Grass")', () => {
    const n = 8000;
    const { totals } = many('short_grass', null, n);
    expect(Object.keys(totals)).toEqual(['wheat_seeds']);
    expect(totals.wheat_seeds! / n).toBeGreaterThan(0.11);
    expect(totals.wheat_seeds! / n).toBeLessThan(0.14);
    expect(drops('short_grass', 'shears')).toEqual([{ name: 'short_grass', count: 1 }]);
  });

  it('crops drop by age: young wheat gives a seed, mature wheat gives wheat and 1–4 seeds', () => {
    const young = reg.block('wheat').minStateId!;
    const mature = young + 7;
    expect(drops('wheat', null, young)).toEqual([{ name: 'wheat_seeds', count: 1 }]);
    const { totals, counts } = many('wheat', null, 500, mature);
    expect(totals.wheat).toBe(500);
    expect([...counts.wheat_seeds!].sort()).toEqual([1, 2, 3, 4]);
  });

  it('snow layers need a shovel and give one snowball per layer', () => {
    expect(drops('snow', null)).toEqual([]);
    expect(drops('snow', 'wooden_shovel')).toEqual([{ name: 'snowball', count: 1 }]);
    expect(drops('snow', 'wooden_shovel', reg.block('snow').minStateId! + 2)).toEqual([{ name: 'snowball', count: 3 }]);
  });

  it('every block rolls without error and drops only real items', () => {
    for (const b of reg.data.blocksArray) {
      for (const held of [null, 'netherite_pickaxe', 'shears']) {
        for (const s of drops(b.name, held)) {
          expect(reg.isItem(s.name)).toBe(true);
          expect(s.count).toBeGreaterThan(0);
        }
      }
    }
  });
});
