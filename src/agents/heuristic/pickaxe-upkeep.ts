/**
 * Keeping a miner in pickaxes underground, as a player does: carry the wood for new ones (sticks and
 * a crafting table, taken down from the surface where the trees are), count the uses left in the
 * pickaxes held (the observation gives each tool's durability), craft a new one from the tunnel's
 * cobblestone before the last wears out, and take the crafting table back up after using it.
 */
import type { Observation } from '../../core/observation.js';
import { canHarvest, type Registry } from '../../world/index.js';

/** Sticks carried down: two per stone pickaxe, so the first stone pickaxe and six replacements. */
export const STOCK_STICKS = 16;
/** Uses kept back for the ore a tunnel shows (a vein and the rock around it). */
export const ORE_RESERVE = 16;
/** Shortest tunnel leg worth starting (each step digs two blocks). */
export const MIN_LEG = 4;
/** Below this many uses left a new pickaxe is crafted before digging on. */
export const REPLACE_BELOW = ORE_RESERVE + 2 * MIN_LEG;

/** Uses left in the held tools that harvest `block` (tools without a durability count as worn out). */
export function harvestUses(reg: Registry, obs: Observation, block: string): number {
  let uses = 0;
  for (const item of obs.inventory) {
    if (item.durability === undefined || !item.name.endsWith('_pickaxe')) continue;
    if (canHarvest(reg, block, item.name)) uses += item.durability;
  }
  return uses;
}

/** Tunnel steps the held pickaxes can dig with the ore reserve kept back (two blocks a step). */
export function tunnelSteps(uses: number): number {
  return Math.max(0, Math.floor((uses - ORE_RESERVE) / 2));
}

/** Whether the held pickaxes are so worn that a new one comes first. */
export const needsNewPickaxe = (uses: number): boolean => uses < REPLACE_BELOW;
