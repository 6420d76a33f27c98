/**
 * Goals compiled for the search: whether a position satisfies the goal, and a consistent,
 * admissible estimate of the ticks still needed.
 *
 * Why the estimate never overestimates and never drops by more than a move costs: every move costs
 * at least one walk (WALK_TICKS) per block of horizontal displacement (a diagonal √2 walks), rises at
 * most one block per move costing at least a walk, and sinks at most `maxDrop` blocks per move costing
 * at least a walk. So the larger of horizontal distance × walk, rise × walk and sink ÷ maxDrop × walk is
 * a lower bound that each move lowers by at most its own cost. For `near` goals each term first
 * subtracts the range (distance to the ball along that projection), which keeps both properties.
 */
import { InputError } from '../../core/errors.js';
import { WALK_TICKS } from './costs.js';
import type { PathGoal } from './types.js';

const BLOCK = 0, NEAR = 1, XZ = 2;

export class CompiledGoal {
  private readonly kind: number;
  private readonly gx: number;
  private readonly gy: number;
  private readonly gz: number;
  private readonly range: number;
  private readonly rangeSq: number;

  constructor(
    goal: PathGoal,
    private readonly diagonal: boolean,
    private readonly maxDrop: number,
  ) {
    if (goal.kind === 'block') {
      requireInts(goal.x, goal.y, goal.z, 'a block goal');
      this.kind = BLOCK;
      this.gx = goal.x; this.gy = goal.y; this.gz = goal.z;
      this.range = 0;
    } else if (goal.kind === 'near') {
      if (![goal.x, goal.y, goal.z].every(Number.isFinite) || !(goal.range >= 0)) {
        throw new InputError(`a near goal needs finite x, y, z and a range >= 0 (got ${JSON.stringify(goal)})`, 'pass { kind: "near", x, y, z, range } with range in blocks, e.g. 4 to reach a block');
      }
      this.kind = NEAR;
      this.gx = goal.x; this.gy = goal.y; this.gz = goal.z;
      this.range = goal.range;
    } else if (goal.kind === 'xz') {
      requireInts(goal.x, 0, goal.z, 'an xz goal');
      this.kind = XZ;
      this.gx = goal.x; this.gy = 0; this.gz = goal.z;
      this.range = 0;
    } else {
      throw new InputError(`unknown path goal ${JSON.stringify(goal)}`, "use kind 'block', 'near' or 'xz'");
    }
    this.rangeSq = this.range * this.range;
  }

  /** The goal's reference point, for messages and range checks. */
  get point(): { x: number; y: number | null; z: number } {
    return { x: this.gx, y: this.kind === XZ ? null : this.gy, z: this.gz };
  }

  reached(x: number, y: number, z: number): boolean {
    if (this.kind === BLOCK) return x === this.gx && y === this.gy && z === this.gz;
    if (this.kind === XZ) return x === this.gx && z === this.gz;
    const dx = x - this.gx, dy = y - this.gy, dz = z - this.gz;
    return dx * dx + dy * dy + dz * dz <= this.rangeSq;
  }

  /** Lower bound, in ticks, on the cost from (x, y, z) to the goal. */
  estimate(x: number, y: number, z: number): number {
    const adx = Math.abs(x - this.gx), adz = Math.abs(z - this.gz);
    let horizontal: number;
    if (this.kind === NEAR) horizontal = Math.sqrt(adx * adx + adz * adz) - this.range;
    else if (this.diagonal) horizontal = adx > adz ? adx + (Math.SQRT2 - 1) * adz : adz + (Math.SQRT2 - 1) * adx;
    else horizontal = adx + adz;
    if (this.kind === XZ) return horizontal * WALK_TICKS;
    const rise = this.gy - y - this.range;
    const sink = (y - this.gy - this.range) / this.maxDrop;
    let best = horizontal;
    if (rise > best) best = rise;
    if (sink > best) best = sink;
    return best > 0 ? best * WALK_TICKS : 0;
  }

  describe(): string {
    if (this.kind === BLOCK) return `block (${this.gx}, ${this.gy}, ${this.gz})`;
    if (this.kind === XZ) return `column x=${this.gx}, z=${this.gz}`;
    return `within ${this.range} blocks of (${this.gx}, ${this.gy}, ${this.gz})`;
  }
}

function requireInts(x: number, y: number, z: number, what: string): void {
  if (!Number.isInteger(x) || !Number.isInteger(y) || !Number.isInteger(z)) {
    throw new InputError(`${what} needs integer block coordinates (got ${x}, ${y}, ${z})`, 'floor the position first (blockOf from src/core/vec3.ts)');
  }
}

/** Goal helpers, so callers write `goalNear(chestPos, 3)` rather than object literals. */
export const goalBlock = (p: { x: number; y: number; z: number }): PathGoal => ({ kind: 'block', x: p.x, y: p.y, z: p.z });
export const goalNear = (p: { x: number; y: number; z: number }, range: number): PathGoal => ({ kind: 'near', x: p.x, y: p.y, z: p.z, range });
export const goalXZ = (x: number, z: number): PathGoal => ({ kind: 'xz', x, z });
