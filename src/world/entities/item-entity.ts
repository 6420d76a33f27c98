/** Dropped items: created by digging, deaths, container breaks and players throwing things. */
import type { Vec3 } from '../../core/vec3.js';
import type { ItemStack } from '../inventory.js';
import type { World } from '../world.js';
import type { ItemEntity } from './entity.js';

/** Vanilla pickup delays in ticks. */
export const PICKUP_DELAY_DROPPED = 10;
export const PICKUP_DELAY_THROWN = 40;
/** Vanilla's item box: 0.25 x 0.25 x 0.25. */
export const ITEM_WIDTH = 0.25;

export interface SpawnItemOptions {
  /** Who caused the drop (player id), for the event log. */
  by?: number | null;
  pickupDelay?: number;
  /** Initial velocity; by default a small random hop like a broken block's drop. */
  vel?: Vec3;
}

export function spawnItem(world: World, pos: Vec3, stack: ItemStack, opts: SpawnItemOptions = {}): ItemEntity {
  const rng = world.rng('item-drops');
  const e: ItemEntity = {
    id: world.allocateId(),
    kind: 'item',
    type: 'item',
    pos: { ...pos },
    vel: opts.vel ? { ...opts.vel } : { x: rng.range(-0.05, 0.05), y: 0.2, z: rng.range(-0.05, 0.05) },
    yaw: 0,
    pitch: 0,
    width: ITEM_WIDTH,
    height: ITEM_WIDTH,
    onGround: false,
    inWater: false,
    inLava: false,
    inPowderSnow: false,
    collidedHorizontally: false,
    age: 0,
    removed: false,
    indexCell: NaN,
    stack: { ...stack },
    pickupDelay: opts.pickupDelay ?? PICKUP_DELAY_DROPPED,
    itemCell: NaN,
    restingSince: -1,
  };
  world.addEntity(e);
  world.emit({ type: 'item_dropped', by: opts.by ?? null, item: stack.name, count: stack.count, itemEntity: e.id, pos: { ...e.pos } });
  return e;
}
