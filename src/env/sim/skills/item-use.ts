/**
 * Using an item over ticks (eating, drinking) with the world's item-use rule, which counts the real
 * use time down (32 ticks for most food and potions) and applies the effect when it completes.
 */
import { startUsing, stopUsing, type StartUsingOptions } from '../../../world/index.js';
import type { SkillContext } from '../../../skills/skill.js';
import { fail, succeed, type SkillResult } from '../../../skills/skill-result.js';
import { releaseControls } from './body.js';
import { ruleFailure } from './rule-failure.js';

/** Uses `item` until the world completes the use. */
export function* useOverTime(ctx: SkillContext, item: string, opts: StartUsingOptions = {}): Generator<void, SkillResult<{ ticks: number }>, void> {
  const { world, player } = ctx;
  if (player.using) stopUsing(player); // an earlier, abandoned use: vanilla starts over
  const r = startUsing(world, player, item, opts);
  if (!r.ok) return ruleFailure(r);
  releaseControls(player);
  let finished = false;
  try {
    for (let t = 0; t < r.ticks + 5; t++) {
      yield;
      if (player.dead) return fail('dead', `you died while using ${item}`);
      if (player.using === null) {
        finished = true;
        return succeed({ ticks: r.ticks });
      }
    }
    return fail('timeout', `using ${item} did not finish within ${r.ticks + 5} ticks`);
  } finally {
    if (!finished && player.using?.item === item) stopUsing(player);
  }
}
