/** Tool and armor wear: using a tool costs durability; at its maximum the item breaks. */
import type { Player } from '../entities/entity.js';
import type { ItemStack } from '../inventory.js';
import type { World } from '../world.js';

/** Adds `amount` wear to `stack` (the held item by default); removes it and emits tool_broken when used up. */
export function wearItem(world: World, player: Player, amount: number, slot: number = player.inventory.selected): void {
  const stack = player.inventory.slots[slot];
  if (!stack) return;
  if (applyWear(world, player, stack, amount)) player.inventory.slots[slot] = null;
}

/**
 * Adds wear to a stack wherever it is (hand or armor). Returns true when the item broke;
 * the caller removes it from its slot.
 */
export function applyWear(world: World, player: Player, stack: ItemStack, amount: number): boolean {
  const max = world.registry.item(stack.name).maxDurability;
  if (!max || stack.unbreakable) return false;
  stack.damage = (stack.damage ?? 0) + amount;
  if (stack.damage >= max) {
    world.emit({ type: 'tool_broken', by: player.id, item: stack.name });
    return true;
  }
  return false;
}
