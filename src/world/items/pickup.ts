/**
 * Dropped items (wiki "Item (entity)"; vanilla ItemEntity.tick / playerTouch):
 * - the pickup delay counts down each tick; at 0 a live player whose box, grown by 1 block
 *   horizontally and 0.5 vertically, touches the item takes as much as fits in its inventory
 *   (item_picked_up); the rest stays on the ground;
 * - an item on the ground for 6000 ticks (5 minutes) despawns;
 * - items of the same kind within 0.5 blocks merge into one stack (up to the stack size), checked every
 *   MERGE_INTERVAL ticks per item (vanilla: every 2 ticks when moving, 40 when still).
 * Who touches what is found from the players' side, as vanilla does (Player.aiStep touches the
 * entities in its grown box): each live player asks the index's fine item grid for the items within
 * reach. Items then take their turns in spawn order as before, and only the touched ones look at
 * their players, so an item lying where nobody is costs no query: over a long run items pile up where
 * agents dug, players do not. Nothing scans players x items. Only the items with something to do take
 * a turn (item-turns.ts): a resting item nobody touches, not due to despawn and whose merge check
 * cannot find anything, costs nothing.
 */
import type { Entity, ItemEntity, Player } from '../entities/entity.js';
import { ITEM_WIDTH } from '../entities/item-entity.js';
import type { WorldSystem } from '../system.js';
import type { World } from '../world.js';
import { ITEM_LIFETIME_TICKS, isMergeTick, MERGE_RADIUS, sameKind } from './item-turns.js';

export { ITEM_LIFETIME_TICKS, MERGE_INTERVAL } from './item-turns.js';
/**
 * How far from the item a player's feet may be and still be considered: player half width (0.3) + 1 +
 * item half width, with room for the vertical reach. (A player 2.3 blocks below an item and diagonally
 * at full reach touches it at 3.06; the rule has always used 3, and keeps it so runs stay comparable.)
 */
const TOUCH_QUERY_RADIUS = 3;
const byId = (a: Entity, b: Entity): number => a.id - b.id;

export function itemPickupSystem(): WorldSystem {
  /** The players touching each item this tick, filled in player order (the system is not re-entrant). */
  const touchedBy = new Map<ItemEntity, Player[]>();
  const spare: Player[][] = [];
  return {
    name: 'item-pickup',
    tick(world) {
      for (const list of touchedBy.values()) {
        list.length = 0;
        spare.push(list);
      }
      touchedBy.clear();
      // Positions do not change in this rule and pickups only take stacks away, so who touches what
      // is the same before the items' turns as during them.
      for (const p of world.players.values()) {
        if (p.removed || p.dead) continue;
        // Touching: the player's box grown by 1 horizontally and 0.5 vertically overlaps the item's
        // box. The index tests it item by item, so the items of a cube out of reach cost no call.
        const reach = p.width / 2 + 1 + ITEM_WIDTH / 2;
        world.index.forEachItemInReach(p.pos.x, p.pos.z, reach, p.pos.y - 0.5, p.pos.y + p.height + 0.5, p.pickupCubes, (item) => {
          if (!withinQueryRadius(p, item)) return;
          let list = touchedBy.get(item);
          if (!list) touchedBy.set(item, (list = spare.pop() ?? []));
          list.push(p);
        });
      }
      const turns = world.itemTurns;
      const list = turns.beginTurns(world.tick, touchedBy.keys());
      // `list` may grow past `i` during the loop (ensureTurn), so its length is read each time.
      for (let i = 0; i < list.length; i++) {
        const e = list[i]!;
        if (e.removed) continue;
        turns.turnOf(e);
        if (e.age >= ITEM_LIFETIME_TICKS) {
          world.removeEntity(e, 'despawned');
          continue;
        }
        if (isMergeTick(world.tick, e) && turns.mergeCheckDue(e)) {
          turns.mergeChecked(e);
          mergeNearby(world, e);
        }
        if (e.removed) continue;
        if (e.pickupDelay > 0) {
          e.pickupDelay--;
          continue;
        }
        // The players it touches, in id order (who picks up first is part of determinism).
        const touching = touchedBy.get(e);
        if (!touching) continue;
        if (touching.length > 1) touching.sort(byId);
        for (const p of touching) if (pickUp(world, p, e)) break;
      }
      turns.endTurns();
    },
  };
}

/** Whether the player's feet are within TOUCH_QUERY_RADIUS of the item. */
function withinQueryRadius(p: Player, item: ItemEntity): boolean {
  const dx = p.pos.x - item.pos.x, dy = p.pos.y - item.pos.y, dz = p.pos.z - item.pos.z;
  return dx * dx + dy * dy + dz * dz <= TOUCH_QUERY_RADIUS * TOUCH_QUERY_RADIUS;
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
  world.itemTurns.changedNear(world, item); // a partial stack now: its neighbours may fold into it
  return false;
}

/** Folds same-kind stacks within MERGE_RADIUS into this one (the older entity keeps the items). */
function mergeNearby(world: World, item: ItemEntity): void {
  const max = world.registry.stackSize(item.stack.name);
  if (max <= 1 || item.stack.count >= max) return;
  const { x, y, z } = item.pos;
  mergeable.length = 0;
  world.index.forEachItemAround(x - MERGE_RADIUS, x + MERGE_RADIUS, y - MERGE_RADIUS, y + MERGE_RADIUS, z - MERGE_RADIUS, z + MERGE_RADIUS, (other) => {
    if (Math.abs(other.pos.x - x) > MERGE_RADIUS || Math.abs(other.pos.z - z) > MERGE_RADIUS || Math.abs(other.pos.y - y) > MERGE_RADIUS) return;
    if (other !== item && sameKind(item, other)) mergeable.push(other);
  });
  if (mergeable.length > 1) mergeable.sort(byId);
  for (const other of mergeable) {
    if (other.removed) continue;
    const [keep, gone] = other.id < item.id ? [other, item] : [item, other];
    const moved = Math.min(max - keep.stack.count, gone.stack.count);
    if (moved <= 0) continue;
    keep.stack.count += moved;
    gone.stack.count -= moved;
    if (gone.pickupDelay > keep.pickupDelay) {
      keep.pickupDelay = gone.pickupDelay;
      world.itemTurns.delayRaised(keep);
    }
    if (gone.age < keep.age) {
      keep.age = gone.age;
      world.itemTurns.agedAgain(keep, world.tick);
    }
    if (gone.stack.count === 0) world.removeEntity(gone, 'despawned'); // logged, so an item id that vanishes is explained
    // Both counts changed: the resting stacks of the kind around either may now merge with it.
    world.itemTurns.changedNear(world, keep);
    if (!gone.removed) world.itemTurns.changedNear(world, gone);
    if (item.removed || item.stack.count >= max) return;
  }
}
/** Scratch list of the items mergeNearby may fold (the system is not re-entrant). */
const mergeable: ItemEntity[] = [];
