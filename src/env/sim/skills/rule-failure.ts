/**
 * World rules name a few failures their own way (`too_far`, `missing_item`); skills report one
 * vocabulary to agents, so those are renamed here and everything else passes through.
 */
import { fail, type SkillFailure } from '../../../skills/skill-result.js';

const RENAMED: Readonly<Record<string, string>> = {
  too_far: 'out_of_reach',
  missing_item: 'missing_items',
  missing_ingredients: 'missing_items',
};

export function ruleFailure(r: { reason: string; details: string }): SkillFailure {
  return fail(RENAMED[r.reason] ?? r.reason, r.details);
}
