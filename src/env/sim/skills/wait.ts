/** wait: let ticks pass without acting (an agent waiting for a furnace, a teammate or daylight). */
import { defineSkill } from '../../../skills/skill.js';
import { succeed } from '../../../skills/skill-result.js';
import { releaseControls } from './body.js';

export const wait = defineSkill('wait', {
  *run(ctx, p) {
    releaseControls(ctx.player);
    for (let t = 0; t < p.ticks; t++) yield;
    return succeed({ ticks: p.ticks });
  },
});
