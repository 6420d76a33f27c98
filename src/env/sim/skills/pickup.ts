/**
 * Picking up what a skill's digging dropped: the world's pickup rule takes items the agent touches,
 * so the agent walks onto each of its drops. Drops are tracked by the world's `item_dropped`
 * events caused by this agent, and what actually reached the inventory by `item_picked_up`.
 */
import type { ItemEntity, World, Player } from '../../../world/index.js';
import { goalBlock } from '../../../skills/pathfinding/index.js';
import type { SkillContext } from '../../../skills/skill.js';
import type { Vec3 } from '../../../core/vec3.js';
import { walkTo } from './walk.js';

/** Ticks to stand on a drop waiting for its pickup delay (vanilla 10) and the touch. */
const PICKUP_WAIT_TICKS = 25;
/** Ticks to let a drop fall and settle before walking to it. */
const SETTLE_TICKS = 20;

export class DropTracker {
  private readonly dropped: number[] = [];
  private readonly abandoned = new Set<number>();
  /** Item name -> count picked up while tracking. */
  readonly pickedUp = new Map<string, number>();
  private readonly offs: (() => void)[];

  constructor(private readonly world: World, player: Player) {
    this.offs = [
      world.on('item_dropped', (e) => {
        if (e.by === player.id) this.dropped.push(e.itemEntity);
      }),
      world.on('item_picked_up', (e) => {
        if (e.by === player.id) this.pickedUp.set(e.item, (this.pickedUp.get(e.item) ?? 0) + e.count);
      }),
    ];
  }

  /** Our drops still lying in the world and not given up on. */
  pending(): ItemEntity[] {
    const out: ItemEntity[] = [];
    for (const id of this.dropped) {
      const e = this.world.entity(id);
      if (e && !e.removed && e.kind === 'item' && !this.abandoned.has(id)) out.push(e);
    }
    return out;
  }

  abandon(id: number): void {
    this.abandoned.add(id);
  }

  picked(name: string): number {
    return this.pickedUp.get(name) ?? 0;
  }

  drops(): { name: string; count: number }[] {
    return [...this.pickedUp].map(([name, count]) => ({ name, count }));
  }

  dispose(): void {
    for (const off of this.offs) off();
  }
}

/** Walks onto each pending drop, nearest first, until all are picked up or given up on. */
export function* pickUpDrops(ctx: SkillContext, tracker: DropTracker): Generator<void, void, void> {
  const { player } = ctx;
  for (let guard = 0; guard < 64; guard++) {
    const items = tracker.pending();
    if (items.length === 0) return;
    items.sort((a, b) => dist2(a, player) - dist2(b, player) || a.id - b.id);
    const item = items[0]!;
    for (let t = 0; t < SETTLE_TICKS && !item.onGround && !item.inWater && !item.removed; t++) yield;
    if (item.removed) continue;
    // Any standable block whose centre is within touching distance will do; nearest to the agent first.
    for (const cell of touchingCells(ctx, item).slice(0, 3)) {
      const r = yield* walkTo(ctx, goalBlock(cell), `the dropped ${item.stack.name}`, { timeoutTicks: 300, maxReplans: 1, stopWhen: () => item.removed });
      if (r.ok || item.removed) break;
    }
    for (let t = 0; t < PICKUP_WAIT_TICKS && !item.removed; t++) yield;
    // Not picked up: out of reach, or the inventory is full. Leave it rather than loop.
    if (!item.removed) tracker.abandon(item.id);
  }
}

/** Player box grown by 1 (pickup.ts `touches`) reaches 1.425 blocks from the centre; keep a margin. */
const TOUCH_REACH = 1.3;

function touchingCells(ctx: SkillContext, item: ItemEntity): Vec3[] {
  const { world, player } = ctx;
  const out: Vec3[] = [];
  const ix = Math.floor(item.pos.x), iy = Math.floor(item.pos.y + 1e-3), iz = Math.floor(item.pos.z);
  for (let dx = -1; dx <= 1; dx++) {
    for (let dz = -1; dz <= 1; dz++) {
      const x = ix + dx, z = iz + dz;
      if (Math.abs(x + 0.5 - item.pos.x) > TOUCH_REACH || Math.abs(z + 0.5 - item.pos.z) > TOUCH_REACH) continue;
      // Feet from 2 blocks below the item up to its own block still touch it vertically.
      for (let y = iy; y >= iy - 2; y--) {
        if (world.isSolid(x, y, z) || world.isSolid(x, y + 1, z)) continue;
        if (!world.isSolid(x, y - 1, z) && world.registry.fluidByState[world.stateAt(x, y, z)] !== 1) continue;
        out.push({ x, y, z });
        break;
      }
    }
  }
  return out.sort((a, b) => dist2({ pos: { x: a.x + 0.5, y: a.y, z: a.z + 0.5 } }, player) - dist2({ pos: { x: b.x + 0.5, y: b.y, z: b.z + 0.5 } }, player));
}

const dist2 = (a: { pos: { x: number; y: number; z: number } }, b: { pos: { x: number; y: number; z: number } }): number =>
  (a.pos.x - b.pos.x) ** 2 + (a.pos.y - b.pos.y) ** 2 + (a.pos.z - b.pos.z) ** 2;
