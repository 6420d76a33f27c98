/**
 * Results of block rules an agent can get wrong (too far, missing items, wrong tool): failures are
 * data with a snake_case reason and a sentence, never exceptions and never silent.
 */
export type BlockFailure = { ok: false; reason: string; details: string };
export type BlockResult<T extends object = object> = ({ ok: true } & T) | BlockFailure;

export const fail = (reason: string, details: string): BlockFailure => ({ ok: false, reason, details });
