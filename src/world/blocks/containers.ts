/**
 * Chests and barrels: 27 slots each (vanilla single chest and barrel). Agents deposit and take by
 * item name and count; both are all-or-nothing so a skill never has to reason about half-moves.
 * When the block goes, its contents drop as items (the block-entity watcher in block-entities.ts).
 */
import { InputError } from '../../core/errors.js';
import type { Vec3 } from '../../core/vec3.js';
import type { Player } from '../entities/entity.js';
import type { ItemStack } from '../inventory.js';
import type { World } from '../world.js';
import { containerAt, type ContainerBlockEntity } from './block-entities.js';
import { countIn, fitsInPlayer, fitsInSlots, giveToPlayer, insertIntoSlots, takeFromPlayer, takeFromSlots } from './item-moves.js';
import { isBlockPos, reachFailure } from './reach.js';
import { fail, type BlockFailure, type BlockResult } from './result.js';

export type ContainerMoveResult = BlockResult<{ item: string; count: number }>;

/** Moves `count` of `itemName` from the player into the container at `pos`. */
export function depositToContainer(world: World, player: Player, pos: Vec3, itemName: string, count: number): ContainerMoveResult {
  checkArgs(world, pos, itemName, count);
  const c = reachableContainer(world, player, pos);
  if ('ok' in c) return c;
  const have = player.inventory.count(itemName);
  if (have < count) return fail('missing_items', `you have ${have} ${itemName}, not ${count}`);
  const moving = stacksOf(player, itemName, count);
  if (!fitsInSlots(world.registry, c.slots, moving)) {
    return fail('container_full', `the ${c.block} at ${fmt(pos)} has no room for ${count} ${itemName}; take something out or use another container`);
  }
  for (const s of takeFromPlayer(player, itemName, count)) insertIntoSlots(world.registry, c.slots, s);
  world.emit({ type: 'item_deposited', by: player.id, pos: { ...c.pos }, item: itemName, count });
  return { ok: true, item: itemName, count };
}

/** Moves `count` of `itemName` from the container at `pos` into the player's inventory. */
export function takeFromContainer(world: World, player: Player, pos: Vec3, itemName: string, count: number): ContainerMoveResult {
  checkArgs(world, pos, itemName, count);
  const c = reachableContainer(world, player, pos);
  if ('ok' in c) return c;
  const have = countIn(c.slots, itemName);
  if (have < count) return fail('not_in_container', `the ${c.block} at ${fmt(pos)} holds ${have} ${itemName}, not ${count}`);
  const preview = c.slots.filter((s): s is ItemStack => s !== null && s.name === itemName);
  if (!fitsInPlayer(world.registry, player, limit(preview, count))) {
    return fail('inventory_full', `your inventory has no room for ${count} ${itemName}; deposit or drop something first`);
  }
  giveToPlayer(world.registry, player, takeFromSlots(c.slots, itemName, count));
  world.emit({ type: 'item_taken', by: player.id, pos: { ...c.pos }, item: itemName, count });
  return { ok: true, item: itemName, count };
}

/** What the container at `pos` holds (name -> count), or null when there is no container there. No reach check: callers decide what an agent may see. */
export function containerContents(world: World, pos: Vec3): Record<string, number> | null {
  const c = containerAt(world, pos);
  if (!c) return null;
  const out: Record<string, number> = {};
  for (const s of c.slots) if (s) out[s.name] = (out[s.name] ?? 0) + s.count;
  return out;
}

function reachableContainer(world: World, player: Player, pos: Vec3): ContainerBlockEntity | BlockFailure {
  if (player.dead) return fail('dead', 'a dead player cannot use containers; wait for respawn');
  const far = reachFailure(player, pos, 'container');
  if (far) return far;
  const c = containerAt(world, pos);
  if (!c) return fail('not_a_container', `the block at ${fmt(pos)} is ${world.blockAt(pos)}, not a chest or barrel`);
  return c;
}

function checkArgs(world: World, pos: Vec3, itemName: string, count: number): void {
  if (!isBlockPos(pos)) throw new InputError(`container position ${fmt(pos)} is not a block position`, 'pass integer block coordinates');
  if (!Number.isInteger(count) || count <= 0) throw new InputError(`cannot move ${count} items`, 'pass a positive whole count');
  world.registry.item(itemName); // throws a suggestion for unknown names
}

/** The player's stacks of `name` that a move of `count` would take (copies, for a fit check). */
function stacksOf(player: Player, name: string, count: number): ItemStack[] {
  return limit(player.inventory.slots.filter((s): s is ItemStack => s !== null && s.name === name), count);
}

function limit(stacks: readonly ItemStack[], count: number): ItemStack[] {
  const out: ItemStack[] = [];
  let left = count;
  for (const s of stacks) {
    if (left === 0) break;
    const n = Math.min(s.count, left);
    out.push({ ...s, count: n });
    left -= n;
  }
  return out;
}

const fmt = (p: Vec3): string => `${p.x},${p.y},${p.z}`;
