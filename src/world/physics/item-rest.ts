/**
 * Resting items. A dropped item that lies still on the ground does the same thing every tick: it
 * tries to fall, the block under it stops it, and its leftover sideways speed (shrinking by ground
 * friction, never quite reaching zero) is too small to move it. Over a long run most items are like
 * that, and their movement was a growing share of the tick. Such an item rests: the movement rule
 * skips it (its age counts on by itself) until a block within one of it changes, which is all that could
 * make its next move differ. Waking it replays the friction it missed, so every later move, and
 * every event, is what moving it each tick would have given.
 */
import type { ItemEntity } from '../entities/entity.js';
import type { World } from '../world.js';
import { MOVE_EPSILON } from './collision.js';

/** Vanilla item friction on the ground (0.98 · 0.6 on most blocks). */
export const ITEM_GROUND_FRICTION = 0.588;

/**
 * Whether an item's move this tick leaves it at rest: it started the tick still (vertical speed 0,
 * sideways speeds too small to move it), out of water, and neither fell nor slid. The next tick then
 * starts the same way from the same blocks, so it moves the same: not at all.
 */
export function cameToRest(
  e: ItemEntity, startVx: number, startVy: number, startVz: number, startedWet: boolean, dx: number, dy: number, dz: number, landed: boolean,
): boolean {
  return landed && dx === 0 && dy === 0 && dz === 0 && startVy === 0 && !startedWet &&
    Math.abs(startVx) < MOVE_EPSILON && Math.abs(startVz) < MOVE_EPSILON && e.onGround;
}

/**
 * Wakes the resting items whose moves read the block at (x, y, z): those whose block is within one of
 * it (two vertically, for positions a hair below a block's top). The moves they skipped are those up
 * to the movement rule's last tick: a change after the rule ran this tick leaves this tick's rest as
 * it was.
 */
export function wakeItemsNear(world: World, x: number, y: number, z: number): void {
  const turns = world.itemTurns;
  world.index.forEachItemAround(x - 1, x + 1.999, y - 2, y + 2.999, z - 1, z + 1.999, (e) => {
    if (e.restingSince < 0) return;
    const bx = Math.floor(e.pos.x), by = Math.floor(e.pos.y), bz = Math.floor(e.pos.z);
    if (Math.abs(bx - x) > 1 || Math.abs(bz - z) > 1 || Math.abs(by - y) > 2) return;
    wake(e, turns.movedAtTick - e.restingSince);
    turns.woke(e);
  });
}

/** Ends an item's rest, applying the ground friction of the `skipped` ticks it did not move; its age keeps the ticks it rested. */
function wake(e: ItemEntity, skipped: number): void {
  const age = e.age;
  let vx = e.vel.x, vz = e.vel.z;
  for (let i = 0; i < skipped; i++) {
    const nx = vx * ITEM_GROUND_FRICTION, nz = vz * ITEM_GROUND_FRICTION;
    if (nx === vx && nz === vz) break; // zero, or the smallest subnormal, which friction no longer changes
    vx = nx;
    vz = nz;
  }
  e.vel.x = vx;
  e.vel.z = vz;
  e.restingSince = -1;
  e.age = age;
}
