/** wait: let ticks pass without acting (an agent waiting for a furnace, a teammate or daylight). */
import { SKILL_CATALOG } from '../../../skills/catalog.js';
import { defineSkill } from '../../../skills/skill.js';
import { succeed } from '../../../skills/skill-result.js';
import { releaseControls } from './body.js';

const sig = SKILL_CATALOG.wait;

export const wait = defineSkill({
  name: sig.name,
  description: sig.description,
  params: sig.params,
  *run(ctx, p) {
    releaseControls(ctx.player);
    for (let t = 0; t < p.ticks; t++) yield;
    return succeed({ ticks: p.ticks });
  },
});
