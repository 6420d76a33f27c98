/**
 * What a broken block drops, without enchantments. Vanilla-corrected tables from facts/block-drops.ts
 * come first; every other block reads minecraft-data's `blockLoot`, interpreted as follows:
 *  - `silkTouch` entries are skipped (no enchantments here); `noSilkTouch` entries are the other
 *    branch of vanilla's silk-touch `alternatives`, so the first one drops for certain (the listed
 *    1/n chance is the flattening's share, not a real chance);
 *  - other entries drop independently with their `dropChance`, `stackSizeRange` counts, and only at
 *    their `blockAge` when they name one;
 *  - a block that needs a harvest tool the player lacks drops nothing.
 * Randomness comes from `world.rng('loot')`.
 */
import type { ItemStack } from '../inventory.js';
import type { Registry } from '../registry.js';
import type { Rng } from '../rng.js';
import type { World } from '../world.js';
import { BLOCK_DROPS, type DropEntry, type DropPool } from '../facts/block-drops.js';
import { intProperty } from './block-state.js';
import { canHarvest } from './harvest.js';

/** minecraft-data 1.20.4 still keys a few tables by pre-1.20.3 names. */
const LOOT_KEY_ALIASES: Readonly<Record<string, string>> = { short_grass: 'grass' };

/** The draws loot needs; the world's `loot` stream, or a fixed answer when asking what can drop at all. */
type LootRng = Pick<Rng, 'chance' | 'int'>;

/** The drops of the block in state `stateId` broken with `heldItemName` (null = bare hand), merged by item. */
export function blockDrops(world: World, stateId: number, heldItemName: string | null): ItemStack[] {
  return rollBlockDrops(world.registry, world.rng('loot'), stateId, heldItemName);
}

/**
 * Every item breaking `blockName` (default state) with `heldItemName` can drop, whatever the dice say:
 * the loot rolled once with every chance succeeding and once with every chance failing (a pool's
 * fallback entry only drops when its chancy first entry does not).
 */
export function possibleBlockDrops(registry: Registry, blockName: string, heldItemName: string | null): Set<string> {
  const state = registry.stateOf(blockName);
  const lucky: LootRng = { chance: (p) => p > 0, int: (_min, max) => max };
  const unlucky: LootRng = { chance: (p) => p >= 1, int: (_min, max) => max };
  return new Set([...rollBlockDrops(registry, lucky, state, heldItemName), ...rollBlockDrops(registry, unlucky, state, heldItemName)].map((s) => s.name));
}

function rollBlockDrops(registry: Registry, rng: LootRng, stateId: number, heldItemName: string | null): ItemStack[] {
  const block = registry.blockOfState(stateId);
  if (!canHarvest(registry, block, heldItemName)) return [];
  const out: ItemStack[] = [];
  const corrected = BLOCK_DROPS[block.name];
  if (corrected) {
    for (const pool of corrected) rollPool(registry, rng, pool, stateId, heldItemName, out);
  } else {
    rollMinecraftData(registry, rng, block.name, stateId, out);
  }
  return out;
}

function rollPool(registry: Registry, rng: LootRng, pool: DropPool, stateId: number, held: string | null, out: ItemStack[]): void {
  const tool = registry.tool(held)?.kind ?? null;
  for (const entry of pool) {
    if (!conditionsPass(registry, entry, stateId, tool)) continue;
    if (entry.chance !== undefined && entry.chance < 1 && !rng.chance(entry.chance)) continue;
    addDrop(registry, out, entry.item, entryCount(registry, rng, entry, stateId));
    return;
  }
}

function conditionsPass(registry: Registry, e: DropEntry, stateId: number, tool: string | null): boolean {
  if (e.tool !== undefined && tool !== e.tool) return false;
  if (e.notTool !== undefined && tool === e.notTool) return false;
  if (e.age !== undefined && intProperty(registry, stateId, 'age', 0) !== e.age) return false;
  return true;
}

function entryCount(registry: Registry, rng: LootRng, e: DropEntry, stateId: number): number {
  if (e.countFromProperty) return intProperty(registry, stateId, e.countFromProperty, 1);
  const [min, max] = e.count ?? [1, 1];
  let n = min === max ? min : rng.int(min, max);
  if (e.bonusBinomial) {
    const [trials, p] = e.bonusBinomial;
    for (let i = 0; i < trials; i++) if (rng.chance(p)) n++;
  }
  return Math.max(0, n);
}

function rollMinecraftData(registry: Registry, rng: LootRng, blockName: string, stateId: number, out: ItemStack[]): void {
  const loot = registry.data.blockLoot[blockName] ?? registry.data.blockLoot[LOOT_KEY_ALIASES[blockName] ?? ''];
  if (!loot) {
    // No loot table: fall back to the block's own drop list, one of each.
    for (const id of registry.blockOfState(stateId).drops) {
      if (typeof id === 'number') addDrop(registry, out, registry.itemName(id), 1);
    }
    return;
  }
  const age = intProperty(registry, stateId, 'age', -1);
  let silkBranchDone = false;
  for (const d of loot.drops) {
    if (d.silkTouch) continue;
    if (d.blockAge !== undefined && d.blockAge !== age) continue;
    if (d.noSilkTouch) {
      if (silkBranchDone) continue;
      silkBranchDone = true;
    } else if (d.dropChance < 1 && !rng.chance(d.dropChance)) {
      continue;
    }
    const [lo, hi] = d.stackSizeRange;
    const min = Math.max(0, lo ?? hi ?? 1);
    const max = Math.max(min, hi ?? min);
    addDrop(registry, out, d.item, min === max ? min : rng.int(min, max));
  }
}

function addDrop(registry: Registry, out: ItemStack[], item: string, count: number): void {
  if (count <= 0 || !registry.isItem(item)) return;
  const same = out.find((s) => s.name === item);
  if (same) same.count += count;
  else out.push({ name: item, count });
}
