/** Dropped items: created by digging, deaths, container breaks and players throwing things. */
import type { Vec3 } from '../../core/vec3.js';
import type { ItemStack } from '../inventory.js';
import type { World } from '../world.js';
import type { ItemTurns } from '../items/item-turns.js';
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
  const vel = opts.vel ? { ...opts.vel } : { x: rng.range(-0.05, 0.05), y: 0.2, z: rng.range(-0.05, 0.05) };
  const e = new DroppedItem(world.allocateId(), { ...pos }, vel, { ...stack }, opts.pickupDelay ?? PICKUP_DELAY_DROPPED, world.itemTurns);
  world.addEntity(e);
  world.emit({ type: 'item_dropped', by: opts.by ?? null, item: stack.name, count: stack.count, itemEntity: e.id, pos: { ...e.pos } });
  return e;
}

/**
 * A dropped item. A class rather than a plain object for one reason: its `age`. A resting item skips
 * the movement rule, which counts every other entity's age, so its age is computed from the ticks it
 * has rested (up to the movement rule's last tick), and stays correct whoever reads it, whenever.
 */
class DroppedItem implements ItemEntity {
  readonly kind = 'item' as const;
  readonly type = 'item';
  yaw = 0;
  pitch = 0;
  width = ITEM_WIDTH;
  height = ITEM_WIDTH;
  onGround = false;
  inWater = false;
  inLava = false;
  inPowderSnow = false;
  collidedHorizontally = false;
  removed = false;
  indexCell = NaN;
  itemCell = NaN;
  restingSince = -1;
  busy = false;
  mergeMarked = false;
  turnTick = -1;
  despawnTick = -1;
  /** The age the movement rule counted: up to the tick the item came to rest, while it rests. */
  private countedAge = 0;
  /** Not a field others see (nor copy, nor serialise): the clock of the world's movement rule. */
  readonly #turns: ItemTurns;

  constructor(
    readonly id: number,
    public pos: Vec3,
    public vel: Vec3,
    public stack: ItemStack,
    public pickupDelay: number,
    turns: ItemTurns,
  ) {
    this.#turns = turns;
  }

  get age(): number {
    return this.restingSince < 0 ? this.countedAge : this.countedAge + (this.#turns.movedAtTick - this.restingSince);
  }

  set age(value: number) {
    this.countedAge = this.restingSince < 0 ? value : value - (this.#turns.movedAtTick - this.restingSince);
  }
}
