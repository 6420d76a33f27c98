/** Whether the held item harvests a block (gets its drops), from minecraft-data's `harvestTools`. */
import type { Block } from 'minecraft-data';
import type { Registry } from '../registry.js';

/** True when the block has no harvest-tool list (anything harvests it) or the held item is on it. */
export function canHarvest(registry: Registry, block: Block | string, heldItemName: string | null): boolean {
  const b = typeof block === 'string' ? registry.block(block) : block;
  const tools = b.harvestTools;
  if (!tools) return true;
  if (!heldItemName) return false;
  const item = registry.data.itemsByName[heldItemName];
  return item !== undefined && tools[item.id] === true;
}

/** Names of the items that harvest `block` (for failure messages and planning); empty when anything does. */
export function harvestToolNames(registry: Registry, block: Block | string): string[] {
  const b = typeof block === 'string' ? registry.block(block) : block;
  if (!b.harvestTools) return [];
  return Object.keys(b.harvestTools).map((id) => registry.itemName(Number(id)));
}
