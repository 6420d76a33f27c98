/**
 * Finding a utility block to work at (crafting table, furnace): one within reach, else the nearest
 * one in sight (walk to it), else one placed from the inventory next to the agent.
 */
import type { Vec3 } from '../../../core/vec3.js';
import { withinReach } from '../../../world/index.js';
import type { SkillContext } from '../../../skills/skill.js';
import { fail, succeed, type SkillResult } from '../../../skills/skill-result.js';
import { approachBlock } from './approach.js';
import { placeAt, spotForUtilityBlock } from './placing.js';
import { seeBlocks } from './sight.js';

export type StationResult = SkillResult<{ pos: Vec3; placed: boolean }>;

/** Gets within reach of a `blocks[0..]` station; `howToGet` finishes the failure sentence when there is none. */
export function* reachStation(ctx: SkillContext, blocks: readonly string[], howToGet: string): Generator<void, StationResult, void> {
  const { world, player } = ctx;
  const seen = blocks.flatMap((b) => seeBlocks(ctx, b, { max: 8 })).sort((a, b) => a.distance - b.distance);
  const inReach = seen.find((s) => withinReach(player, s.pos));
  if (inReach) return succeed({ pos: inReach.pos, placed: false });
  for (const s of seen.slice(0, 3)) {
    const r = yield* approachBlock(ctx, s.pos, world.blockAt(s.pos), { timeoutTicks: 1200 });
    if (r.ok && blocks.includes(world.blockAt(s.pos))) return succeed({ pos: s.pos, placed: false });
  }
  const carried = blocks.find((b) => player.inventory.has(b));
  if (!carried) return fail(`no_${blocks[0]}`, `no ${blocks.join(' or ')} within reach or in sight, and none in your inventory; ${howToGet}`);
  const spot = spotForUtilityBlock(ctx);
  if (!spot) return fail('no_space', `no free spot beside you to place the ${carried}; move to open ground`);
  const placed = yield* placeAt(ctx, spot, carried);
  if (!placed.ok) return placed;
  return succeed({ pos: spot, placed: true });
}
