/**
 * What every skill ends with. Failures are data with a machine-readable reason and a sentence an
 * LLM (or a person) can act on; a skill never fails silently and never throws for an agent mistake.
 */
export interface SkillFailure {
  ok: false;
  /** snake_case cause: `no_path`, `missing_items`, `out_of_reach`, `cancelled`, `timeout`, … */
  reason: string;
  /** One sentence saying what went wrong and, where possible, what would work. */
  details: string;
}

export type SkillSuccess<T extends object = object> = { ok: true } & T;
export type SkillResult<T extends object = object> = SkillSuccess<T> | SkillFailure;

export const fail = (reason: string, details: string): SkillFailure => ({ ok: false, reason, details });
export const succeed = <T extends object>(data: T): SkillSuccess<T> => ({ ok: true, ...data });
