/**
 * collect: find, dig and pick up `count` blocks of a type. Only blocks the agent can see are
 * targets (the oracle sees all); when none is in sight it scouts outward, one compass direction
 * after another, up to `maxDistance`. Lower blocks go first so drops from above fall within reach.
 * `collected` counts the block's drop actually picked up (one per block for logs, iron or stone),
 * so a drop lost out of reach is made up by digging another block.
 */
import { posKey, type Vec3 } from '../../../core/vec3.js';
import { harvestHint } from '../../../world/index.js';
import { defineSkill } from '../../../skills/skill.js';
import { fail, succeed, type SkillResult } from '../../../skills/skill-result.js';
import { fmtPos } from './body.js';
import { approachBlock } from './approach.js';
import { digBlock } from './dig.js';
import { DropTracker, pickUpDrops } from './pickup.js';
import { DIRECTIONS, scoutToward, type ScoutDirection } from './scout.js';
import { seeBlocks, unknownBlock } from './sight.js';
import { bestDigTool } from './tools.js';

/** Targets that could not be reached before giving up on the whole collection. */
const MAX_SKIPPED = 12;

export const collect = defineSkill('collect', {
  *run(ctx, p) {
    const { world, player } = ctx;
    const bad = unknownBlock(world, p.block);
    if (bad) return bad;
    const state = world.registry.stateOf(p.block);
    if (world.registry.isAir(state) || world.registry.fluidByState[state] !== 0) {
      return fail('not_collectable', `${p.block} is ${world.registry.isAir(state) ? 'air' : 'a fluid'} and cannot be dug or collected`);
    }
    const tracker = new DropTracker(world, player);
    const skipped = new Set<string>();
    let lastSkip = '';
    let broken = 0;
    let target: Vec3 | null = null;
    // What the block drops (stone -> cobblestone, iron_ore -> raw_iron): the first drop of a target dug here.
    let primary: string | null = null;
    // The target this agent itself broke last: a block another agent digs first is not ours to count.
    let brokeByMe: string | null = null;
    const offBroken = world.on('block_broken', (e) => {
      if (e.by !== player.id || !target || posKey(e.pos) !== posKey(target)) return;
      brokeByMe = posKey(e.pos);
      if (primary === null && e.drops[0]) primary = e.drops[0].name;
    });
    // Blocks that drop nothing (or nothing picked up yet) count as dug.
    const gathered = (): number => (primary === null ? broken : tracker.picked(primary));
    const scouting: ScoutDirection[] = ['north', 'east', 'south', 'west'];
    const progress = (): string => `collected ${gathered()} of ${p.count}`;
    try {
      while (gathered() < p.count) {
        if (primary !== null && !player.inventory.canFit(primary, 1)) {
          return fail('inventory_full', `no room for more ${primary} (${progress()}); deposit or drop something first`);
        }
        if (broken >= p.count * 2 + 4) {
          return fail('drops_lost', `dug ${broken} ${p.block} but could pick up only ${gathered()} ${primary ?? p.block}; the rest fell out of reach`);
        }
        const seen = seeBlocks(ctx, p.block, { range: p.maxDistance, max: 64 }).filter((b) => !skipped.has(posKey(b.pos)));
        if (seen.length === 0) {
          const dir = scouting.shift();
          if (!dir) return fail('not_found', `no reachable ${p.block} in sight within ${p.maxDistance} blocks after scouting every direction (${progress()})${lastSkip ? `; last problem: ${lastSkip}` : ''}`);
          const d = DIRECTIONS[dir];
          yield* scoutToward(ctx, p.block, { x: player.pos.x + d.x * p.maxDistance, z: player.pos.z + d.z * p.maxDistance }, p.maxDistance / 2);
          continue;
        }
        target = pickTarget(seen.map((b) => b.pos), player.pos);
        const name = world.blockAt(target);
        const tool = bestDigTool(world, player, name);
        if (tool && !tool.harvests) return fail('cannot_harvest', `${harvestHint(world.registry, name, null)}; none in your inventory can (${progress()})`);
        const near = yield* approachBlock(ctx, target, name, { digIfNeeded: true, pillarIfNeeded: true, timeoutTicks: 1200 });
        const dug: SkillResult = near.ok ? yield* digBlock(ctx, target, { requireHarvest: true }) : near;
        if (!dug.ok) {
          if (dug.reason === 'cannot_harvest' || dug.reason === 'dead') return fail(dug.reason, `${dug.details} (${progress()})`);
          skipped.add(posKey(target));
          lastSkip = `${name} at ${fmtPos(target)}: ${dug.details}`;
          if (skipped.size > MAX_SKIPPED) return fail('no_path', `could not reach the ${p.block} in sight (${progress()}); last problem: ${lastSkip}`);
          continue;
        }
        if (brokeByMe !== posKey(target)) {
          // Someone else dug it first (or it vanished): look for another one.
          skipped.add(posKey(target));
          continue;
        }
        broken++;
        yield* pickUpDrops(ctx, tracker);
      }
      yield* pickUpDrops(ctx, tracker);
      return succeed({ collected: gathered(), drops: tracker.drops() });
    } finally {
      offBroken();
      tracker.dispose();
    }
  },
});

/** Nearest by feet distance, with blocks above the feet counted farther so trunks come down bottom first. */
function pickTarget(candidates: Vec3[], feet: Vec3): Vec3 {
  let best = candidates[0]!;
  let bestScore = Infinity;
  for (const c of candidates) {
    const dx = c.x + 0.5 - feet.x, dz = c.z + 0.5 - feet.z;
    const up = Math.max(0, c.y - Math.floor(feet.y));
    const score = Math.hypot(dx, dz) + Math.abs(c.y - Math.floor(feet.y)) + up * 2;
    if (score < bestScore) {
      best = c;
      bestScore = score;
    }
  }
  return best;
}
