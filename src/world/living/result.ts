/** The data result of a living rule an agent can get wrong: failures are reasons, never exceptions. */
export type RuleFailure = { ok: false; reason: string; details: string };

export const fail = (reason: string, details: string): RuleFailure => ({ ok: false, reason, details });
