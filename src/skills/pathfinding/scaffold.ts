/** Which inventory blocks a pillaring agent may spend, and how many it holds (the `scaffoldBlocks` option). */
import type { Inventory } from '../../world/inventory.js';

/** Cheap, common full blocks worth spending on a pillar (a policy choice, not a vanilla fact). */
export const DEFAULT_SCAFFOLD_BLOCKS: readonly string[] = [
  'dirt', 'cobblestone', 'cobbled_deepslate', 'netherrack', 'andesite', 'diorite', 'granite', 'stone',
];

/** How many blocks from `allowed` the inventory's main slots hold. */
export function countScaffoldBlocks(inventory: Inventory, allowed: readonly string[] = DEFAULT_SCAFFOLD_BLOCKS): number {
  let n = 0;
  for (const name of allowed) n += inventory.count(name);
  return n;
}
