/**
 * Which dropped items have something to do in a tick. Over a long run most items on the ground
 * rest (physics/item-rest.ts) and nobody is near them; visiting each of them every tick, only to
 * count its age and find its timers not due, made the tick grow with the items the run left behind.
 * Here an item is visited only when it can do something:
 *
 * - *busy* items, visited every tick by the movement and pickup rules: those that move, and resting
 *   ones still counting a pickup delay down;
 * - a *dormant* item (resting, no pickup delay) takes a pickup turn only when a player touches it
 *   (found from the players' side), when its age reaches the lifetime (a tick known in advance: a
 *   resting item's age counts on by itself, `DroppedItem.age`), or at its merge tick when its merge
 *   check may find something.
 *
 * Merging is the subtle part. A merge check of a resting item R (pickup.ts `mergeNearby`) that ran to
 * its end leaves R either used up, full, or with only older full stacks of its kind within reach:
 * whatever it could fold, it folded. Its next check can find something only if that changed: an item
 * moved to within reach of R, or R or an item within its reach changed count. Each of those marks the
 * resting items of the same kind within reach (`changedNear`), and a resting item checks at its merge
 * ticks only while marked. The checks skipped are exactly those that would have found nothing, so
 * the merges, and every event, are those of checking every item at every merge tick.
 *
 * The pickup rule's turns are in id (= spawn) order, as before: who picks up first, and which of two
 * stacks keeps the items, are part of determinism. A turn earlier in the tick can make a later item's
 * turn matter (a merge raises its pickup delay, a pickup leaves a neighbour a partial stack); that item
 * is then given its turn in its place (`ensureTurn`).
 */
import type { ItemEntity } from '../entities/entity.js';
import type { World } from '../world.js';

/** Vanilla ItemEntity LIFETIME. */
export const ITEM_LIFETIME_TICKS = 6000;
/** Ticks between an item's merge checks (vanilla: every 2 ticks when moving, 40 when still). */
export const MERGE_INTERVAL = 10;
/** How close (on each axis) two stacks of a kind must be to merge. */
export const MERGE_RADIUS = 0.5;

/** Whether `e`'s merge check falls on `tick` (each item on its own phase, by id). */
export const isMergeTick = (tick: number, e: ItemEntity): boolean => (tick + e.id) % MERGE_INTERVAL === 0;

export function sameKind(a: ItemEntity, b: ItemEntity): boolean {
  return a.stack.name === b.stack.name && a.stack.damage === b.stack.damage && a.stack.potion === b.stack.potion && a.stack.unbreakable === b.stack.unbreakable;
}

export class ItemTurns {
  /**
   * The tick the movement rule last ran: a resting item's age is its age when it came to rest plus
   * the moves it has skipped since, up to this tick.
   */
  movedAtTick = -1;
  /** Items that move or count down a pickup delay, by id: visited every tick. */
  private busy: ItemEntity[] = [];
  /** Resting items whose next merge check may find something, by id % MERGE_INTERVAL. */
  private readonly mergeMarked: Set<ItemEntity>[] = Array.from({ length: MERGE_INTERVAL }, () => new Set<ItemEntity>());
  /** Dormant items by the tick their age reaches the lifetime (stale entries are checked at their turn). */
  private readonly despawnAt = new Map<number, ItemEntity[]>();
  /** This tick's pickup turns, by id, while the pickup rule runs them. */
  private readonly turns: ItemEntity[] = [];
  /** The id whose turn it is (Infinity outside the pickup rule's turns), and that tick. */
  private turnId = Infinity;
  private turnTick = -1;

  /** The busy items, by id: the movement rule moves those not resting. */
  get busyItems(): readonly ItemEntity[] {
    return this.busy;
  }

  /** How many items are busy (for benches and tests). */
  get busyCount(): number {
    return this.busy.length;
  }

  /** A new item: it moves (it has not come to rest yet). */
  added(e: ItemEntity): void {
    this.makeBusy(e);
  }

  /** A resting item woke (a block near it changed): it moves again. */
  woke(e: ItemEntity): void {
    this.makeBusy(e);
  }

  /** An item came to rest: its first merge check at rest runs, since what is around it may have changed. */
  cameToRest(e: ItemEntity): void {
    this.mark(e);
  }

  /**
   * An item moved, arrived or changed count: the resting items of its kind within merge reach (itself
   * included) check merging again at their next merge tick.
   */
  changedNear(world: World, e: ItemEntity): void {
    const { x, y, z } = e.pos;
    world.index.forEachItemAround(x - MERGE_RADIUS, x + MERGE_RADIUS, y - MERGE_RADIUS, y + MERGE_RADIUS, z - MERGE_RADIUS, z + MERGE_RADIUS, (o) => {
      if (o.restingSince < 0 || !sameKind(o, e)) return;
      if (Math.abs(o.pos.x - x) > MERGE_RADIUS || Math.abs(o.pos.z - z) > MERGE_RADIUS || Math.abs(o.pos.y - y) > MERGE_RADIUS) return;
      this.mark(o);
    });
  }

  /** Whether `e` must run its merge check when its merge tick comes (moving items always do). */
  mergeCheckDue(e: ItemEntity): boolean {
    return e.restingSince < 0 || e.mergeMarked;
  }

  /** `e`'s merge check is about to run: it stays unmarked unless something changes again. */
  mergeChecked(e: ItemEntity): void {
    if (!e.mergeMarked) return;
    e.mergeMarked = false;
    this.mergeMarked[e.id % MERGE_INTERVAL]!.delete(e);
  }

  /** A merge raised `e`'s pickup delay: it counts it down each tick from now on, this tick included. */
  delayRaised(e: ItemEntity): void {
    this.makeBusy(e);
  }

  /** `e`'s age went down (a merge kept the younger age): it despawns later. */
  agedAgain(e: ItemEntity, tick: number): void {
    if (!e.busy) this.scheduleDespawn(e, tick);
  }

  /**
   * This tick's pickup turns, by id: the busy items, then the dormant ones touched by a player, due to
   * despawn, or marked and at their merge tick. Call `turnOf` before each turn and `endTurns` after.
   */
  beginTurns(tick: number, touched: Iterable<ItemEntity>): readonly ItemEntity[] {
    const list = this.turns;
    list.length = 0;
    this.turnTick = tick;
    for (const e of this.busy) {
      e.turnTick = tick;
      list.push(e);
    }
    const extra = scratch;
    extra.length = 0;
    const take = (e: ItemEntity): void => {
      if (e.removed || e.turnTick === tick) return;
      e.turnTick = tick;
      extra.push(e);
    };
    for (const e of touched) take(e);
    const phase = (MERGE_INTERVAL - (tick % MERGE_INTERVAL)) % MERGE_INTERVAL;
    const marked = this.mergeMarked[phase]!;
    for (const e of marked) {
      if (e.removed || e.restingSince < 0) {
        e.mergeMarked = false;
        marked.delete(e);
      } else take(e);
    }
    const due = this.despawnAt.get(tick);
    if (due) {
      this.despawnAt.delete(tick);
      for (const e of due) if (e.despawnTick === tick) take(e); // else booked again for a later tick
    }
    if (extra.length > 0) {
      extra.sort(byId);
      mergeSorted(list, extra);
    }
    return list;
  }

  /** The pickup rule is at `e`'s turn. */
  turnOf(e: ItemEntity): void {
    this.turnId = e.id;
  }

  /**
   * Gives `e` a turn later this tick if its turn is still to come and it has none: what happened in an
   * earlier turn may make it matter. An extra turn that finds nothing due does nothing.
   */
  ensureTurn(e: ItemEntity): void {
    if (e.id <= this.turnId || e.turnTick === this.turnTick || e.removed) return;
    e.turnTick = this.turnTick;
    insertById(this.turns, e);
  }

  /** The pickup rule's turns are over for this tick. */
  endTurns(): void {
    this.turnId = Infinity;
    this.turns.length = 0;
  }

  /**
   * End of tick (the world's sweep): removed items leave the busy list, and resting items with no
   * pickup delay left become dormant, with their despawn tick booked.
   */
  settle(tick: number): void {
    let n = 0;
    const busy = this.busy;
    for (const e of busy) {
      if (e.removed) e.busy = false;
      else if (e.restingSince >= 0 && e.pickupDelay <= 0) {
        e.busy = false;
        this.scheduleDespawn(e, tick);
      } else busy[n++] = e;
    }
    busy.length = n;
  }

  private makeBusy(e: ItemEntity): void {
    if (!e.busy) {
      e.busy = true;
      insertById(this.busy, e);
    }
    this.ensureTurn(e);
  }

  private mark(e: ItemEntity): void {
    if (!e.mergeMarked) {
      e.mergeMarked = true;
      this.mergeMarked[e.id % MERGE_INTERVAL]!.add(e);
    }
    this.ensureTurn(e);
  }

  /**
   * Books the pickup turn at which `e`'s age reaches the lifetime (`age` read after this tick's
   * movement). An item's age counts every tick, resting or not, so the tick stays the same through
   * any number of wakes and rests: it is booked once, and again only when a merge lowers the age.
   */
  private scheduleDespawn(e: ItemEntity, tick: number): void {
    const at = Math.max(tick + 1, tick + ITEM_LIFETIME_TICKS - e.age);
    if (e.despawnTick === at) return;
    e.despawnTick = at;
    let list = this.despawnAt.get(at);
    if (!list) this.despawnAt.set(at, (list = []));
    list.push(e);
  }
}

const byId = (a: ItemEntity, b: ItemEntity): number => a.id - b.id;
const scratch: ItemEntity[] = [];

/** Inserts `e` into `list`, which is sorted by id, keeping it sorted (appends when it is the newest). */
function insertById(list: ItemEntity[], e: ItemEntity): void {
  let lo = 0, hi = list.length;
  if (hi === 0 || list[hi - 1]!.id < e.id) {
    list.push(e);
    return;
  }
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if (list[mid]!.id < e.id) lo = mid + 1;
    else hi = mid;
  }
  list.splice(lo, 0, e);
}

/** Merges `extra` (sorted by id, none in `list`) into `list` (sorted by id), in place. */
function mergeSorted(list: ItemEntity[], extra: readonly ItemEntity[]): void {
  let i = list.length - 1, j = extra.length - 1, k = list.length + extra.length - 1;
  list.length = k + 1;
  while (j >= 0) {
    if (i >= 0 && list[i]!.id > extra[j]!.id) list[k--] = list[i--]!;
    else list[k--] = extra[j--]!;
  }
}
