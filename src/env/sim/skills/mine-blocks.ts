/**
 * mineBlocks: walk to each given position (digging a way in if needed), break the block with the
 * best tool in the inventory and pick up what drops. The positions come from the agent, so they
 * need not be visible (an agent may remember ore it saw earlier); what is at one is read only once the
 * agent sees or reaches it, so a failure never names a block the agent could not know.
 */
import { harvestHint } from '../../../world/index.js';
import { defineSkill } from '../../../skills/skill.js';
import { fail, succeed } from '../../../skills/skill-result.js';
import { fmtPos } from './body.js';
import { approachBlock } from './approach.js';
import { digBlock } from './dig.js';
import { DropTracker, pickUpDrops } from './pickup.js';
import { mayKnowBlockAt } from './sight.js';
import { bestDigTool } from './tools.js';

export const mineBlocks = defineSkill('mineBlocks', {
  *run(ctx, p) {
    const { world, player } = ctx;
    const reg = world.registry;
    const tracker = new DropTracker(world, player);
    let mined = 0;
    const progress = (): string => `mined ${mined} of ${p.positions.length} so far`;
    try {
      for (const raw of p.positions) {
        const pos = { x: Math.floor(raw.x), y: Math.floor(raw.y), z: Math.floor(raw.z) };
        // A remembered position out of sight: walk (digging) there before reading what it holds.
        if (!mayKnowBlockAt(ctx, pos)) {
          const near = yield* approachBlock(ctx, pos, 'block', { digIfNeeded: true });
          if (!near.ok) return fail(near.reason, `${near.details} (${progress()})`);
        }
        const state = world.stateAt(pos.x, pos.y, pos.z);
        if (reg.isAir(state) || reg.fluidByState[state] !== 0) continue; // already gone
        const name = reg.blockNameOfState(state);
        const tool = bestDigTool(world, player, name);
        if (!tool) return fail('unbreakable', `${name} at ${fmtPos(pos)} cannot be broken (${progress()})`);
        if (!tool.harvests) return fail('cannot_harvest', `${harvestHint(reg, name, null)}; none in your inventory can (${progress()})`);
        const near = yield* approachBlock(ctx, pos, name, { digIfNeeded: true, pillarIfNeeded: true });
        if (!near.ok) return fail(near.reason, `${near.details} (${progress()})`);
        const dug = yield* digBlock(ctx, pos, { requireHarvest: true });
        if (!dug.ok) {
          if (dug.reason === 'nothing_to_dig') continue; // someone else broke it meanwhile
          return fail(dug.reason, `${dug.details} (${progress()})`);
        }
        mined++;
        yield* pickUpDrops(ctx, tracker);
      }
      yield* pickUpDrops(ctx, tracker);
      return succeed({ mined, drops: tracker.drops() });
    } finally {
      tracker.dispose();
    }
  },
});
