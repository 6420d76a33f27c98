/**
 * Dropped items (wiki "Item (entity)"; vanilla ItemEntity.tick / playerTouch):
 * - the pickup delay counts down each tick; at 0 a live player whose box, grown by 1 block
 *   horizontally and 0.5 vertically, touches the item takes as much as fits in its inventory
 *   (item_picked_up); the rest stays on the ground;
 * - an item on the ground for 6000 ticks (5 minutes) despawns;
 * - items of the same kind within 0.5 blocks merge into one stack (up to the stack size), checked every
 *   MERGE_INTERVAL ticks per item (vanilla: every 2 ticks when moving, 40 when still).
 * Each item queries the spatial index for nearby players; nothing scans players x items.
 */
import type { Entity, ItemEntity, Player } from '../entities/entity.js';
import type { WorldSystem } from '../system.js';
import type { World } from '../world.js';

/** Vanilla ItemEntity LIFETIME. */
export const ITEM_LIFETIME_TICKS = 6000;
export const MERGE_INTERVAL = 10;
const MERGE_RADIUS = 0.5;
/** Player half width (0.3) + 1 + item half width, with room for the vertical reach: the query radius that can touch. */
const TOUCH_QUERY_RADIUS = 3;

const isLivePlayer = (e: Entity): boolean => e.kind === 'player' && !e.dead;
const byId = (a: Entity, b: Entity): number => a.id - b.id;
/** Scratch list of the players touching the item at hand (the system is not re-entrant). */
const touching: Player[] = [];

export function itemPickupSystem(): WorldSystem {
  return {
    name: 'item-pickup',
    tick(world) {
      for (const e of world.entities.values()) {
        if (e.kind !== 'item' || e.removed) continue;
        if (e.age >= ITEM_LIFETIME_TICKS) {
          world.removeEntity(e, 'despawned');
          continue;
        }
        if ((world.tick + e.id) % MERGE_INTERVAL === 0) mergeNearby(world, e);
        if (e.removed) continue;
        if (e.pickupDelay > 0) {
          e.pickupDelay--;
          continue;
        }
        // The players it touches, in id order (who picks up first is part of determinism). Only
        // touching players are collected: with thousands of agents most neighbours within the query
        // radius do not touch, and a list and sort per item per tick was the system's main cost.
        touching.length = 0;
        world.index.forEachNearPlayer(e.pos, TOUCH_QUERY_RADIUS, (p) => {
          if (isLivePlayer(p) && touches(p as Player, e)) touching.push(p as Player);
        });
        if (touching.length > 1) touching.sort(byId);
        for (const p of touching) if (pickUp(world, p, e)) break;
      }
    },
  };
}

/** Whether the player's box grown by 1 horizontally and 0.5 vertically overlaps the item's box. */
export function touches(p: Player, item: ItemEntity): boolean {
  const reach = p.width / 2 + 1 + item.width / 2;
  if (Math.abs(item.pos.x - p.pos.x) > reach || Math.abs(item.pos.z - p.pos.z) > reach) return false;
  return item.pos.y + item.height >= p.pos.y - 0.5 && item.pos.y <= p.pos.y + p.height + 0.5;
}

/** Moves what fits into the player's inventory; returns true when the item entity is used up. */
function pickUp(world: World, p: Player, item: ItemEntity): boolean {
  const left = p.inventory.add(item.stack);
  const taken = item.stack.count - left;
  if (taken === 0) return false;
  world.emit({ type: 'item_picked_up', by: p.id, item: item.stack.name, count: taken, itemEntity: item.id });
  if (left === 0) {
    world.removeEntity(item, 'picked_up');
    return true;
  }
  item.stack.count = left;
  return false;
}

/** Folds same-kind stacks within MERGE_RADIUS into this one (the older entity keeps the items). */
function mergeNearby(world: World, item: ItemEntity): void {
  const max = world.registry.stackSize(item.stack.name);
  if (max <= 1 || item.stack.count >= max) return;
  for (const other of world.near(item.pos, MERGE_RADIUS + 0.5)) {
    if (other === item || other.kind !== 'item' || other.removed || !sameKind(item, other)) continue;
    if (Math.abs(other.pos.x - item.pos.x) > MERGE_RADIUS || Math.abs(other.pos.z - item.pos.z) > MERGE_RADIUS || Math.abs(other.pos.y - item.pos.y) > MERGE_RADIUS) continue;
    const [keep, gone] = other.id < item.id ? [other, item] : [item, other];
    const moved = Math.min(max - keep.stack.count, gone.stack.count);
    if (moved <= 0) continue;
    keep.stack.count += moved;
    gone.stack.count -= moved;
    keep.pickupDelay = Math.max(keep.pickupDelay, gone.pickupDelay);
    keep.age = Math.min(keep.age, gone.age);
    if (gone.stack.count === 0) world.removeEntity(gone, 'despawned'); // logged, so an item id that vanishes is explained
    if (item.removed || item.stack.count >= max) return;
  }
}

function sameKind(a: ItemEntity, b: ItemEntity): boolean {
  return a.stack.name === b.stack.name && a.stack.damage === b.stack.damage && a.stack.potion === b.stack.potion && a.stack.unbreakable === b.stack.unbreakable;
}
