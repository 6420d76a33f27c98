/**
 * Moving items between a player's inventory and a block entity's slots. Stacks move whole where
 * possible so a tool keeps its wear and a potion its type; stackable items merge as in vanilla.
 */
import type { Player } from '../entities/entity.js';
import type { ItemStack } from '../inventory.js';
import type { Registry } from '../registry.js';

const mergeable = (a: ItemStack, b: ItemStack): boolean =>
  a.name === b.name && a.damage === undefined && b.damage === undefined && a.potion === b.potion && a.unbreakable === b.unbreakable;

/** Removes `count` of `name` from the player's main slots (the held slot last), returning the stacks removed. */
export function takeFromPlayer(player: Player, name: string, count: number): ItemStack[] {
  const inv = player.inventory;
  const order: number[] = [];
  for (let i = 0; i < inv.slots.length; i++) if (i !== inv.selected) order.push(i);
  order.push(inv.selected);
  return takeFromSlotsInOrder(inv.slots, order, name, count);
}

/** Removes `count` of `name` from `slots` (first slot first), returning the stacks removed. */
export function takeFromSlots(slots: (ItemStack | null)[], name: string, count: number): ItemStack[] {
  return takeFromSlotsInOrder(slots, [...slots.keys()], name, count);
}

function takeFromSlotsInOrder(slots: (ItemStack | null)[], order: number[], name: string, count: number): ItemStack[] {
  const out: ItemStack[] = [];
  let left = count;
  for (const i of order) {
    if (left === 0) break;
    const s = slots[i];
    if (!s || s.name !== name) continue;
    if (s.count <= left) {
      out.push(s);
      left -= s.count;
      slots[i] = null;
    } else {
      out.push({ ...s, count: left });
      s.count -= left;
      left = 0;
    }
  }
  return out;
}

export function countIn(slots: readonly (ItemStack | null)[], name: string): number {
  let n = 0;
  for (const s of slots) if (s && s.name === name) n += s.count;
  return n;
}

/** Whether all of `stacks` would fit into `slots` (merging with equal stacks, then empty slots). */
export function fitsInSlots(registry: Registry, slots: readonly (ItemStack | null)[], stacks: readonly ItemStack[]): boolean {
  const copy = slots.map((s) => (s ? { ...s } : null));
  for (const st of stacks) if (insertIntoSlots(registry, copy, { ...st }) > 0) return false;
  return true;
}

/** Inserts `stack` into `slots`, merging first; returns how many did not fit. */
export function insertIntoSlots(registry: Registry, slots: (ItemStack | null)[], stack: ItemStack): number {
  const max = registry.stackSize(stack.name);
  let left = stack.count;
  if (max > 1) {
    for (const s of slots) {
      if (left === 0) break;
      if (s && mergeable(s, stack) && s.count < max) {
        const moved = Math.min(max - s.count, left);
        s.count += moved;
        left -= moved;
      }
    }
  }
  for (let i = 0; i < slots.length && left > 0; i++) {
    if (slots[i] === null) {
      const moved = Math.min(max, left);
      slots[i] = { ...stack, count: moved };
      left -= moved;
    }
  }
  return left;
}

/** Whether all of `stacks` fit into the player's main inventory. */
export function fitsInPlayer(registry: Registry, player: Player, stacks: readonly ItemStack[]): boolean {
  return fitsInSlots(registry, player.inventory.slots, stacks);
}

/** Adds stacks to the player's main inventory (callers check `fitsInPlayer` first); returns what did not fit. */
export function giveToPlayer(registry: Registry, player: Player, stacks: readonly ItemStack[]): number {
  let left = 0;
  for (const s of stacks) left += insertIntoSlots(registry, player.inventory.slots, { ...s });
  return left;
}
