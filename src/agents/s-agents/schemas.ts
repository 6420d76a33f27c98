/**
 * The JSON each hourglass module must answer, as zod schemas for `generateObject`. Answers are
 * untrusted: the action planner's schema checks every skill call against the catalog and every
 * delegation against whom the agent may command, so the one repair attempt shows the model
 * exactly which item was wrong.
 */
import { z } from 'zod';
import { SKILL_CATALOG, type SkillName } from '../../skills/catalog.js';

const STATUS_WORDS: Record<string, 'success' | 'fail' | 'unknown'> = {
  success: 'success',
  succeeded: 'success',
  successful: 'success',
  complete: 'success',
  completed: 'success',
  fail: 'fail',
  failed: 'fail',
  failure: 'fail',
  unknown: 'unknown',
  ongoing: 'unknown',
  'in progress': 'unknown',
};

export const monitorSchema = z.object({
  judgment: z.string().default(''),
  status: z.preprocess((v) => (typeof v === 'string' ? (STATUS_WORDS[v.trim().toLowerCase()] ?? v) : v), z.enum(['success', 'fail', 'unknown'])),
});
export type MonitorVerdict = z.output<typeof monitorSchema>;

/** "None", "" and the like mean no task now. */
const optionalText = z.preprocess((v) => (typeof v === 'string' && /^\s*(none|null|n\/a|)\s*\.?\s*$/i.test(v) ? null : v), z.string().nullable());

export const plannerSchema = z.object({
  inventory: z.string().default(''),
  objective: z.string().default(''),
  analysis: z.string().default(''),
  longTermPlan: z.preprocess((v) => (typeof v === 'string' ? [v] : v), z.array(z.string())).default([]),
  taskAtHand: optionalText,
  informer: optionalText.default(null),
});
export type PlannerOutput = z.output<typeof plannerSchema>;

export type QueueItem =
  | { kind: 'skill'; skill: SkillName; params: Record<string, unknown> }
  | { kind: 'inform'; to: string; task: string };

const skillItem = z.object({ skill: z.string().min(1), params: z.record(z.string(), z.unknown()).default({}) });
const informItem = z.object({ inform: z.string().min(1), task: z.string().min(1) });

/** The action planner's answer for an agent that may command `subordinates`. */
export function actionQueueSchema(subordinates: readonly string[]) {
  return z
    .object({ queue: z.array(z.union([informItem, skillItem])).max(20) })
    .superRefine((v, ctx) => {
      v.queue.forEach((item, i) => {
        if ('inform' in item) {
          if (!subordinates.some((s) => s.toLowerCase() === item.inform.toLowerCase())) {
            const may = subordinates.length ? subordinates.join(', ') : 'nobody';
            ctx.addIssue({ code: 'custom', path: ['queue', i, 'inform'], message: `you may not give '${item.inform}' tasks (you may command: ${may}); do it yourself with a skill` });
          }
          return;
        }
        const sig = (SKILL_CATALOG as Record<string, (typeof SKILL_CATALOG)[SkillName] | undefined>)[item.skill];
        if (!sig) {
          ctx.addIssue({ code: 'custom', path: ['queue', i, 'skill'], message: `'${item.skill}' is not a skill; use one of: ${Object.keys(SKILL_CATALOG).join(', ')}` });
          return;
        }
        const parsed = sig.params.safeParse(item.params);
        if (!parsed.success) {
          const why = parsed.error.issues.map((x) => `${x.path.join('.') || 'params'}: ${x.message}`).join('; ');
          ctx.addIssue({ code: 'custom', path: ['queue', i, 'params'], message: `bad parameters for ${item.skill}: ${why}` });
        }
      });
    })
    .transform((v) =>
      v.queue.map((item): QueueItem => {
        if ('inform' in item) return { kind: 'inform', to: subordinates.find((s) => s.toLowerCase() === item.inform.toLowerCase())!, task: item.task };
        const skill = item.skill as SkillName;
        return { kind: 'skill', skill, params: SKILL_CATALOG[skill].params.parse(item.params) as Record<string, unknown> };
      }),
    );
}
