/**
 * Which items an agent can obtain in guildcraft's overworld, and the least tool that first gets
 * each one: the basis of MineLand's harvest and tech-tree families. Computed, not listed:
 *   sources  = drops of the blocks the natural terrain places (stone, deepslate, dirt, grass, sand,
 *              sandstone, gravel, oak/birch/spruce logs and leaves, and every ore of ORE_PLACEMENTS)
 *              and the loot of every mob in the world's mob facts;
 *   closure  = crafting recipes (minecraft-data), furnace recipes (facts/smelting) and breaking a
 *              placed block (its drops), repeated until nothing new appears.
 * Items from the Nether, the End, villagers or structures never appear, which is the point: a task
 * asking for them could not be done in this world.
 */
import { BLOCK_DROPS } from '../../../world/facts/block-drops.js';
import { MOB_FACTS } from '../../../world/facts/mobs.js';
import { ORE_PLACEMENTS } from '../../../world/facts/ore-placement.js';
import { SMELTING } from '../../../world/facts/smelting.js';
import { craftableItems, recipesFor } from '../../../world/blocks/crafting.js';
import type { Registry } from '../../../world/registry.js';
import { requiredTier } from '../verify/mining.js';

/** Blocks the natural terrain generator places (src/world/terrain/natural.ts and trees.ts). */
export const TERRAIN_BLOCKS: readonly string[] = [
  'stone', 'deepslate', 'dirt', 'grass_block', 'sand', 'sandstone', 'gravel',
  'oak_log', 'oak_leaves', 'birch_log', 'birch_leaves', 'spruce_log', 'spruce_leaves',
];

export function naturalBlocks(): string[] {
  const ores = ORE_PLACEMENTS.flatMap((p) => [p.ore, p.deepslateOre]);
  return [...new Set([...TERRAIN_BLOCKS, ...ores])];
}

/** How an item is first reached, and the harvest level (−1: a hand) that path needs at least. */
export interface ItemSource {
  via: 'block' | 'mob' | 'craft' | 'smelt';
  /** The block broken, mob killed, recipe's ingredients, or furnace input. */
  from: string[];
  tier: number;
  /** Closure round in which the item appeared (0 = straight from the world): a rough depth in the tech tree. */
  depth: number;
}

/**
 * Drops rarer than this do not make an item obtainable: a task that needs a 0.5 % apple from leaves
 * or a 0.8 % iron ingot from a zombie would measure luck, not skill.
 */
export const MIN_DROP_CHANCE = 0.05;

/** Item names a block can drop reliably (any tool; silk-touch entries and rare drops excepted). */
export function possibleDrops(registry: Registry, block: string): string[] {
  const corrected = BLOCK_DROPS[block];
  if (corrected) return [...new Set(corrected.flatMap((pool) => pool.filter((e) => (e.chance ?? 1) >= MIN_DROP_CHANCE).map((e) => e.item)))];
  // minecraft-data 1.20.4 still keys short grass by its old name; its flattened chances are shares, not odds.
  const loot = registry.data.blockLoot[block === 'short_grass' ? 'grass' : block];
  if (!loot) return registry.isItem(block) ? [block] : [];
  return [...new Set(loot.drops.filter((d) => !(d as { silkTouch?: boolean }).silkTouch).map((d) => d.item))];
}

function mobDrops(registry: Registry, mob: string): string[] {
  const loot = registry.data.entityLoot[mob];
  return loot ? [...new Set(loot.drops.filter((d) => d.dropChance >= MIN_DROP_CHANCE).map((d) => d.item))] : [];
}

/** The furnace needs cobblestone, which needs a wooden pickaxe (tier 0). */
const FURNACE_TIER = 0;

const cache = new WeakMap<Registry, ReadonlyMap<string, ItemSource>>();

/** Every obtainable item with its first source, in a stable order (round, then name). */
export function obtainableItems(registry: Registry): ReadonlyMap<string, ItemSource> {
  const hit = cache.get(registry);
  if (hit) return hit;
  const found = new Map<string, ItemSource>();
  const add = (item: string, source: ItemSource): boolean => {
    if (found.has(item) || !registry.isItem(item) || item === 'air') return false;
    found.set(item, source);
    return true;
  };
  for (const block of naturalBlocks()) {
    for (const item of possibleDrops(registry, block)) add(item, { via: 'block', from: [block], tier: requiredTier(registry, block), depth: 0 });
  }
  for (const mob of Object.keys(MOB_FACTS)) {
    for (const item of mobDrops(registry, mob)) add(item, { via: 'mob', from: [mob], tier: -1, depth: 0 });
  }
  const craftable = craftableItems(registry).sort();
  for (let depth = 1; ; depth++) {
    const fresh: [string, ItemSource][] = [];
    const tierOf = (items: readonly string[]): number => Math.max(-1, ...items.map((i) => found.get(i)!.tier));
    for (const item of craftable) {
      if (found.has(item)) continue;
      for (const recipe of recipesFor(registry, item)) {
        const ingredients = Object.keys(recipe.ingredients).sort();
        if (ingredients.every((i) => found.has(i))) {
          fresh.push([item, { via: 'craft', from: ingredients, tier: tierOf(ingredients), depth }]);
          break;
        }
      }
    }
    for (const input of Object.keys(SMELTING).sort()) {
      const output = SMELTING[input]!.output;
      if (found.has(input) && !found.has(output)) fresh.push([output, { via: 'smelt', from: [input], tier: Math.max(FURNACE_TIER, found.get(input)!.tier), depth }]);
    }
    for (const item of [...found.keys()].sort()) {
      if (!registry.isBlock(item)) continue;
      for (const drop of possibleDrops(registry, item)) {
        if (!found.has(drop)) fresh.push([drop, { via: 'block', from: [item], tier: Math.max(found.get(item)!.tier, requiredTier(registry, item)), depth }]);
      }
    }
    let grew = false;
    for (const [item, source] of fresh) grew = add(item, source) || grew;
    if (!grew) break;
  }
  const ordered = new Map([...found.entries()].sort((a, b) => a[1].depth - b[1].depth || a[0].localeCompare(b[0])));
  cache.set(registry, ordered);
  return ordered;
}
