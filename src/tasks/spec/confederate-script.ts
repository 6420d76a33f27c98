/**
 * A spawn's `script:`: the agent is a confederate, a scripted player the task plays itself, not one the team
 * being evaluated drives (MineLand Appendix O.1: the agents who all choose the shorter tower). A script is a short
 * list of timed steps, each doing one thing a player could do: walk to a place, look at something, say a line.
 *
 * A step starts `at` seconds (simulated) after the episode began, or as soon as the step before it has ended if
 * that is later; steps run in order, one at a time. Nothing in it is random, so a confederate does the same in every
 * episode and on every backend (the steps are the ordinary moveTo, look and say skills).
 */
import { z } from 'zod';
import { positionSchema } from './common.js';
import { boundedList, nonNegativeNumber, TASK_LIMITS } from './limits.js';

/** The longest chat line the say skill sends (its catalog entry). */
const MAX_SAY_CHARS = 256;

export const scriptStepSchema = z
  .strictObject({
    /** Seconds after the episode began before this step may start (default 0: as soon as the step before ends). */
    at: nonNegativeNumber(TASK_LIMITS.episodeSeconds, 'seconds').default(0),
    /** Walk to within `range` blocks of this position. */
    move_to: positionSchema.optional(),
    /** How close `move_to` goes, in blocks (default 1: beside it). */
    range: nonNegativeNumber(TASK_LIMITS.side, 'blocks').optional(),
    /** Turn to face this position. */
    look_at: positionSchema.optional(),
    /** Say this line in chat (heard within the task's chat range, as any player's). */
    say: z.string().min(1, 'a say step needs the line to say').max(MAX_SAY_CHARS, `a chat line has at most ${MAX_SAY_CHARS} characters`).optional(),
  })
  .superRefine((s, ctx) => {
    const actions = (['move_to', 'look_at', 'say'] as const).filter((k) => s[k] !== undefined);
    if (actions.length !== 1) {
      ctx.addIssue({ code: 'custom', path: [], message: actions.length === 0 ? 'a script step does one thing: give move_to, look_at or say' : `a script step does one thing, this one gives ${actions.join(' and ')}: split it into steps` });
    }
    if (s.range !== undefined && s.move_to === undefined) ctx.addIssue({ code: 'custom', path: ['range'], message: 'range belongs to a move_to step' });
  });

export const confederateScriptSchema = boundedList(scriptStepSchema).min(1, 'a script needs at least one step (leave `script` out for an agent the team drives)');

export type ScriptStep = z.output<typeof scriptStepSchema>;
export type ConfederateScript = ScriptStep[];
