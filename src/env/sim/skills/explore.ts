/**
 * explore: tunnel through the ground in a compass direction, or dig straight down, one block a step,
 * looking for a block type. What mineflayer bots (Voyager, S-Agents) do to reach buried ore: walking
 * alone never sees it. A horizontal tunnel is two blocks high; while `descend` lasts each step also
 * goes one block down (a staircase the agent can walk back up). The tunnel never opens into lava or
 * water (a cleared block touching either stops it) and never digs down onto air (a cave or a drop);
 * a level tunnel crossing a gap lays a floor from held scaffold blocks (dirt, cobblestone, …) when it can.
 */
import type { Vec3 } from '../../../core/vec3.js';
import { DEFAULT_SCAFFOLD_BLOCKS, goalBlock, tunnelStep } from '../../../skills/pathfinding/index.js';
import { placeBlock } from '../../../world/index.js';
import { defineSkill } from '../../../skills/skill.js';
import { fail, succeed, type SkillResult } from '../../../skills/skill-result.js';
import type { World } from '../../../world/index.js';
import { copyPos, feetBlock, fmtPos } from './body.js';
import { digBlock } from './dig.js';
import { seeBlocks, unknownBlock } from './sight.js';
import { walkTo } from './walk.js';

/** Falling sand or gravel refills a cleared block; dig it again this many times before giving up. */
const MAX_REFILLS = 8;
const NEIGHBOURS: readonly Vec3[] = [
  { x: 1, y: 0, z: 0 }, { x: -1, y: 0, z: 0 }, { x: 0, y: 1, z: 0 }, { x: 0, y: -1, z: 0 }, { x: 0, y: 0, z: 1 }, { x: 0, y: 0, z: -1 },
];

export const explore = defineSkill('explore', {
  *run(ctx, p) {
    const { world, player } = ctx;
    if (p.lookFor) {
      const bad = unknownBlock(world, p.lookFor);
      if (bad) return bad;
    }
    let dug = 0;
    let descend = p.descend;
    const look = (): Vec3[] => (p.lookFor ? seeBlocks(ctx, p.lookFor, { max: 16 }).map((b) => b.pos) : []);
    const done = (): SkillResult => succeed({ pos: copyPos(player.pos), dug, found: look() });
    for (let i = 0; i < p.distance; i++) {
      if (look().length > 0) return done();
      const feet = feetBlock(player);
      const { next, clear } = tunnelStep(feet, p.direction, descend > 0);
      const floor = { x: next.x, y: next.y - 1, z: next.z };
      const scaffold = DEFAULT_SCAFFOLD_BLOCKS.find((n) => player.inventory.has(n));
      const open = world.registry.isAir(world.stateAt(floor.x, floor.y, floor.z));
      if (!world.isSolid(floor.x, floor.y, floor.z) && p.direction !== 'down' && open && scaffold && world.isSolid(feet.x, feet.y - 1, feet.z)) {
        placeBlock(world, player, floor, scaffold); // a gap (another tunnel, a cave): lay a floor across it
      }
      if (!world.isSolid(floor.x, floor.y, floor.z)) {
        return fail('no_floor', `stopped at ${fmtPos(feet)} after ${i} of ${p.distance} steps: there is no floor at ${fmtPos(floor)} (a cave or a drop); explore another way`);
      }
      const danger = fluidNextTo(world, clear);
      if (danger) return fail('hazard', `stopped at ${fmtPos(feet)} after ${i} of ${p.distance} steps: digging on would open into ${danger.name} at ${fmtPos(danger.pos)}; explore another way`);
      for (const c of clear) {
        for (let k = 0; k <= MAX_REFILLS && world.isSolid(c.x, c.y, c.z); k++) {
          const r = yield* digBlock(ctx, c);
          if (!r.ok) return fail(r.reason, `${r.details} (explored ${i} of ${p.distance} steps)`);
          dug++;
        }
        if (world.isSolid(c.x, c.y, c.z)) return fail('refilled', `${fmtPos(c)} keeps filling with falling blocks; explore another way`);
      }
      const moved = yield* walkTo(ctx, goalBlock(next), fmtPos(next), { timeoutTicks: 100 });
      if (!moved.ok) return fail(moved.reason, `${moved.details} (explored ${i} of ${p.distance} steps)`);
      if (p.direction !== 'down' && descend > 0) descend--;
    }
    return done();
  },
});

/** Lava or water in or beside any of the blocks to clear (digging would let it in). */
function fluidNextTo(world: World, cells: readonly Vec3[]): { name: string; pos: Vec3 } | null {
  const reg = world.registry;
  for (const c of cells) {
    for (const n of [{ x: 0, y: 0, z: 0 }, ...NEIGHBOURS]) {
      const pos = { x: c.x + n.x, y: c.y + n.y, z: c.z + n.z };
      const state = world.stateAt(pos.x, pos.y, pos.z);
      if (reg.fluidByState[state] !== 0) return { name: reg.blockNameOfState(state), pos };
    }
  }
  return null;
}
