/** What the feasibility verifier says about one draft: kept or not, every reason, and its estimates. */
export interface Verdict {
  ok: boolean;
  /** One line per failed criterion, saying which numbers broke it; empty when ok. */
  reasons: string[];
  /** The quantities the criteria compared (seconds, counts, HP), for the report. */
  estimates: Record<string, number>;
}

export function verdict(reasons: string[], estimates: Record<string, number>): Verdict {
  const rounded: Record<string, number> = {};
  for (const [k, v] of Object.entries(estimates)) rounded[k] = Number.isFinite(v) ? Math.round(v * 1000) / 1000 : v;
  return { ok: reasons.length === 0, reasons, estimates: rounded };
}

export const fmt = (n: number): string => (Number.isFinite(n) ? String(Math.round(n * 100) / 100) : '∞');
