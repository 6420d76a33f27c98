/**
 * Looking for a block type while walking: legs of a few blocks toward a point, checking the senses
 * as the agent goes, stopping as soon as a matching block is seen.
 */
import type { Vec3 } from '../../../core/vec3.js';
import { goalXZ } from '../../../skills/pathfinding/index.js';
import type { SkillContext } from '../../../skills/skill.js';
import { fmtPos } from './body.js';
import { seeBlocks } from './sight.js';
import { walkTo } from './walk.js';

const LEG_BLOCKS = 12;
/** Looking costs rays; a look every half second is as often as a player would glance around. */
const LOOK_EVERY_TICKS = 10;

export type ScoutDirection = 'north' | 'south' | 'east' | 'west';
export const DIRECTIONS: Readonly<Record<ScoutDirection, { x: number; z: number }>> = {
  north: { x: 0, z: -1 }, south: { x: 0, z: 1 }, east: { x: 1, z: 0 }, west: { x: -1, z: 0 },
};

export interface ScoutOutcome {
  found: Vec3[];
  /** Why the walk stopped short, when it did (no path, stuck). */
  blocked: string | null;
}

/** Walks from where the agent is toward `target` (at most `maxDistance` blocks) until `block` is seen. */
export function* scoutToward(ctx: SkillContext, block: string, target: { x: number; z: number }, maxDistance: number): Generator<void, ScoutOutcome, void> {
  const { player } = ctx;
  const start = { x: player.pos.x, z: player.pos.z };
  const dx = target.x - start.x, dz = target.z - start.z;
  const total = Math.min(Math.hypot(dx, dz), maxDistance);
  const ux = total > 0 ? dx / Math.hypot(dx, dz) : 0, uz = total > 0 ? dz / Math.hypot(dx, dz) : 0;
  let seen = seeBlocks(ctx, block, { max: 10 }).map((b) => b.pos);
  if (seen.length > 0) return { found: seen, blocked: null };
  let tick = 0;
  const look = (): boolean => {
    if (++tick % LOOK_EVERY_TICKS !== 0) return false;
    seen = seeBlocks(ctx, block, { max: 10 }).map((b) => b.pos);
    return seen.length > 0;
  };
  for (let travelled = 0; travelled < total - 0.5; ) {
    const leg = Math.min(LEG_BLOCKS, total - travelled);
    travelled += leg;
    const goal = { x: Math.floor(start.x + ux * travelled), z: Math.floor(start.z + uz * travelled) };
    const r = yield* walkTo(ctx, goalXZ(goal.x, goal.z), `column ${goal.x},${goal.z}`, { stopWhen: look, timeoutTicks: leg * 20 + 100, maxReplans: 2 });
    if (seen.length > 0) return { found: seen, blocked: null };
    if (!r.ok) return { found: [], blocked: `${r.reason} near ${fmtPos(player.pos)}: ${r.details}` };
  }
  seen = seeBlocks(ctx, block, { max: 10 }).map((b) => b.pos);
  return { found: seen, blocked: null };
}
