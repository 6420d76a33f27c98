/**
 * Walking to a goal over ticks: plan with A* (`findPath`), drive the player with the `PathFollower`,
 * re-plan when stuck or when the search budget ran out part-way, break blocks for `dig` steps and
 * place blocks for `pillar` (under the feet) and `bridge` (the missing floor ahead) steps. Every way it can end is a result: arrived, `no_path`, `stuck`,
 * `timeout`. Controls are released in `finally`, so a pre-empted walk leaves the agent still.
 */
import { placeBlock, type Player, type World } from '../../../world/index.js';
import { countScaffoldBlocks, DEFAULT_SCAFFOLD_BLOCKS, findPath, PathFollower, type PathGoal, type PathOptions, type PathStep } from '../../../skills/pathfinding/index.js';
import type { SkillContext } from '../../../skills/skill.js';
import { fail, succeed, type SkillResult } from '../../../skills/skill-result.js';
import { feetBlock, fmtPos, releaseControls } from './body.js';
import { digBlock } from './dig.js';
import { digTicksWithBestTool } from './tools.js';
import { ruleFailure } from './rule-failure.js';

export interface WalkOptions {
  /** Break blocks in the way with the best tool at hand. */
  canDig?: boolean;
  /** Climb and bridge by placing scaffold blocks (dirt, cobblestone, …) from the inventory. */
  canPillar?: boolean;
  /** Give up with `timeout` after this many ticks (default: three times the planned time plus 10 s). */
  timeoutTicks?: number;
  /** Search budget per plan (default 10,000 positions). */
  maxNodes?: number;
  /** Re-plans allowed after getting stuck (default 6). */
  maxReplans?: number;
  /** Checked every tick; the walk ends successfully as soon as it returns true (scouting). */
  stopWhen?: () => boolean;
}

/** Ticks to wait for the feet to touch ground before planning (a fall or a jump in progress). */
const LANDING_TICKS = 60;
/** Ticks a jump takes to rise above the block to place under the feet. */
const PILLAR_JUMP_TICKS = 12;

export type WalkResult = SkillResult<{ ticks: number }>;

/** Walks until the goal is reached. `describe` names the goal in failure sentences. */
export function* walkTo(ctx: SkillContext, goal: PathGoal, describe: string, opts: WalkOptions = {}): Generator<void, WalkResult, void> {
  const { world, player } = ctx;
  const started = world.tick;
  const maxReplans = opts.maxReplans ?? 6;
  let deadline = opts.timeoutTicks !== undefined ? started + opts.timeoutTicks : Infinity;
  try {
    for (let t = 0; t < LANDING_TICKS && !player.onGround && !player.inWater; t++) yield;
    for (let plan = 0; plan <= maxReplans; plan++) {
      if (player.dead) return fail('dead', 'you died on the way; act again after respawning');
      const r = findPath(world, feetBlock(player), goal, pathOptions(world, player, opts));
      let path: PathStep[];
      if (r.ok) {
        path = r.path;
        if (opts.timeoutTicks === undefined && plan === 0) deadline = started + Math.ceil(r.cost * 3) + 200;
      } else if (r.reason === 'budget_exhausted' && r.partial.length > 0) {
        path = r.partial; // head for the most promising explored point, then search again from there
        if (opts.timeoutTicks === undefined && plan === 0) deadline = started + 2400;
      } else {
        return fail('no_path', noPathSentence(describe, player, opts));
      }
      if (path.length === 0) {
        if (r.ok) return succeed({ ticks: world.tick - started });
        return fail('no_path', noPathSentence(describe, player, opts));
      }
      const follower = new PathFollower(player, path);
      for (;;) {
        if (world.tick >= deadline) return fail('timeout', `did not reach ${describe} within ${world.tick - started} ticks; now at ${fmtPos(player.pos)}`);
        if (player.dead) return fail('dead', 'you died on the way; act again after respawning');
        if (opts.stopWhen?.()) return succeed({ ticks: world.tick - started });
        const status = follower.tick();
        if (status === 'arrived') {
          if (r.ok) return succeed({ ticks: world.tick - started });
          break; // end of a partial path: plan the rest
        }
        if (status === 'stuck') break;
        if (status === 'needs_action') {
          const step = follower.current!;
          const done = step.action === 'dig' ? yield* digThrough(ctx, step) : step.action === 'bridge' ? placeFloor(ctx, step) : yield* pillarUp(ctx, step);
          if (!done.ok) break; // something changed (a mob in the way, a block placed): re-plan
          follower.actionDone();
          continue;
        }
        yield;
      }
      releaseControls(player);
    }
    return fail('stuck', `kept getting stuck on the way to ${describe}; now at ${fmtPos(player.pos)}. Try another route or clear the way.`);
  } finally {
    releaseControls(player);
  }
}

/**
 * No count of the positions searched: the search runs over terrain out of sight, and how much of it
 * the agent's side can reach is not the agent's to know (issue 21).
 */
function noPathSentence(describe: string, player: Player, opts: WalkOptions): string {
  const how = opts.canDig ? '' : ' without digging';
  return `no way to walk to ${describe} from ${fmtPos(feetBlock(player))}${how}: it may be enclosed, in the air or across lava; pick another spot${opts.canDig ? '' : ' or mine a way in'}`;
}

function pathOptions(world: World, player: Player, opts: WalkOptions): PathOptions {
  const o: PathOptions = {};
  if (opts.maxNodes !== undefined) o.maxNodes = opts.maxNodes;
  if (opts.canDig) {
    o.canDig = true;
    o.digTicks = digTicksWithBestTool(world, player);
  }
  if (opts.canPillar) {
    o.canPillar = true;
    o.scaffoldBlocks = countScaffoldBlocks(player.inventory);
  }
  return o;
}

function* digThrough(ctx: SkillContext, step: PathStep): Generator<void, SkillResult, void> {
  for (const b of step.breaks ?? []) {
    if (ctx.world.registry.solidByState[ctx.world.stateAt(b.x, b.y, b.z)] !== 1) continue;
    const r = yield* digBlock(ctx, b);
    if (!r.ok) return r;
  }
  return succeed({});
}

/** Places a scaffold block as the floor of the next step, against the block the agent stands on. */
function placeFloor(ctx: SkillContext, step: PathStep): SkillResult {
  const { world, player } = ctx;
  const item = DEFAULT_SCAFFOLD_BLOCKS.find((n) => player.inventory.has(n));
  if (!item) return fail('missing_items', 'no scaffold blocks left to bridge with');
  const r = placeBlock(world, player, { x: step.x, y: step.y - 1, z: step.z }, item);
  return r.ok ? succeed({}) : ruleFailure(r);
}

/** Jumps and places a scaffold block under the feet once they are above the block's top (after breaking what is above the head). */
function* pillarUp(ctx: SkillContext, step: PathStep): Generator<void, SkillResult, void> {
  const { world, player } = ctx;
  const below = { x: step.x, y: step.y - 1, z: step.z };
  const item = DEFAULT_SCAFFOLD_BLOCKS.find((n) => player.inventory.has(n));
  if (!item) return fail('missing_items', 'no scaffold blocks left to pillar with');
  const cleared = yield* digThrough(ctx, step);
  if (!cleared.ok) return cleared;
  for (let t = 0; t < PILLAR_JUMP_TICKS * 2; t++) {
    if (player.pos.y >= step.y) {
      player.controls.jump = false;
      const r = placeBlock(world, player, below, item);
      return r.ok ? succeed({}) : ruleFailure(r);
    }
    player.controls.jump = player.onGround;
    yield;
  }
  player.controls.jump = false;
  return fail('stuck', 'could not jump high enough to pillar');
}
