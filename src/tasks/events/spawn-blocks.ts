/**
 * TickingCollab's "mine vanishing blocks": every firing places `count` blocks at random free spots
 * in the area (seeded, so the same seed gives the same spots); each vanishes `lifetime` steps later
 * unless an agent mined it first. Spawns and vanishings are announced as notices, which is what the
 * paper's oracle receives in real time.
 */
import type { Vec3 } from '../../core/vec3.js';
import type { ActionOf } from '../spec/events.js';
import { isAirName, isSolidName, occupies, randomColumn } from './area.js';
import type { EventAction, EventStepContext } from './event-action.js';

export type SpawnBlocksSpec = ActionOf<'spawn_blocks'>;

/** Attempts per wanted block before a crowded area gives up (and says how many it placed). */
const TRIES_PER_BLOCK = 20;

interface LiveBlock {
  pos: Vec3;
  vanishAt: number;
}

export class SpawnBlocks implements EventAction {
  private readonly live: LiveBlock[] = [];

  constructor(private readonly spec: SpawnBlocksSpec) {}

  step(ctx: EventStepContext): void {
    this.expire(ctx);
    if (ctx.firing) this.spawnWave(ctx);
  }

  private spawnWave(ctx: EventStepContext): void {
    const { spec } = this;
    const players = ctx.players();
    const placed: Vec3[] = [];
    const taken = new Set<string>();
    for (let tries = 0; placed.length < spec.count && tries < spec.count * TRIES_PER_BLOCK; tries++) {
      const { x, z } = randomColumn(spec.area, ctx.rng);
      const y = this.freeY(ctx, x, z);
      if (y === null) continue;
      const pos = { x, y, z };
      const key = `${x},${y},${z}`;
      if (taken.has(key) || players.some((p) => p.alive && occupies(p.pos, pos))) continue;
      taken.add(key);
      ctx.admin.setBlock(pos, spec.block);
      placed.push(pos);
      this.live.push({ pos, vanishAt: ctx.step + spec.lifetime });
    }
    ctx.notify('blocks_spawned', { block: spec.block, positions: placed, lifetime: spec.lifetime, wanted: spec.count });
  }

  /** The lowest air spot in the column within the area (on solid ground unless `on_ground` is off). */
  private freeY(ctx: EventStepContext, x: number, z: number): number | null {
    const { min, max } = this.spec.area;
    for (let y = min.y; y <= max.y; y++) {
      if (!isAirName(ctx.admin.blockAt({ x, y, z }))) continue;
      if (!this.spec.on_ground || isSolidName(ctx.registry, ctx.admin.blockAt({ x, y: y - 1, z }))) return y;
    }
    return null;
  }

  private expire(ctx: EventStepContext): void {
    const vanished: Vec3[] = [];
    for (let i = this.live.length - 1; i >= 0; i--) {
      const b = this.live[i]!;
      if (ctx.step < b.vanishAt) continue;
      this.live.splice(i, 1);
      // A block an agent already mined (or replaced) is not ours to remove any more.
      if (ctx.admin.blockAt(b.pos) !== this.spec.block) continue;
      ctx.admin.setBlock(b.pos, 'air');
      vanished.push(b.pos);
    }
    if (vanished.length > 0) ctx.notify('blocks_vanished', { block: this.spec.block, positions: vanished.reverse() });
  }

  /** Blocks of this action still standing (for tests and the oracle). */
  livePositions(): Vec3[] {
    return this.live.map((b) => b.pos);
  }
}
