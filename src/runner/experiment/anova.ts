/**
 * One-way ANOVA and Tukey's HSD over named groups, the tests MindAgent's user study reports (§5.3: "F(4, 55) = 28.11,
 * p < 0.001", then Tukey HSD on every pair of conditions). Groups may differ in size: the pairwise test is the
 * Tukey–Kramer form, which is Tukey's HSD when the sizes are equal.
 */
import { fSurvival, studentizedRangeCdf } from './distributions.js';

export interface Group {
  readonly name: string;
  readonly values: readonly number[];
}

export interface AnovaResult {
  /** Between-groups and within-groups degrees of freedom: the paper's F(df1, df2). */
  readonly df1: number;
  readonly df2: number;
  readonly f: number;
  readonly p: number;
  /** Mean square within groups (the error variance Tukey's test uses). */
  readonly msWithin: number;
  readonly groups: readonly { name: string; n: number; mean: number; sd: number }[];
}

export interface TukeyPair {
  readonly a: string;
  readonly b: string;
  /** mean(a) − mean(b). */
  readonly diff: number;
  /** The studentized range statistic of the pair. */
  readonly q: number;
  /** Adjusted p-value over all pairs (the family of k groups). */
  readonly p: number;
}

const mean = (xs: readonly number[]): number => xs.reduce((s, x) => s + x, 0) / xs.length;

/**
 * The one-way ANOVA of the groups, or `{ notComputed }` saying why when it cannot be computed (fewer than two groups with
 * data, or no observation left over for the error term). Empty groups are left out.
 */
export function oneWayAnova(groups: readonly Group[]): AnovaResult | { readonly notComputed: string } {
  const used = groups.filter((g) => g.values.length > 0);
  const n = used.reduce((s, g) => s + g.values.length, 0);
  if (used.length < 2) return { notComputed: `needs at least two conditions with data, has ${used.length}` };
  if (n - used.length < 1) return { notComputed: 'needs more than one observation in some condition (no degrees of freedom for the error)' };
  const grand = mean(used.flatMap((g) => [...g.values]));
  let ssBetween = 0;
  let ssWithin = 0;
  const summaries = used.map((g) => {
    const m = mean(g.values);
    ssBetween += g.values.length * (m - grand) ** 2;
    const ss = g.values.reduce((s, x) => s + (x - m) ** 2, 0);
    ssWithin += ss;
    return { name: g.name, n: g.values.length, mean: m, sd: g.values.length > 1 ? Math.sqrt(ss / (g.values.length - 1)) : 0 };
  });
  const df1 = used.length - 1;
  const df2 = n - used.length;
  const msWithin = ssWithin / df2;
  const msBetween = ssBetween / df1;
  // Every condition constant: no error variance. Different means then differ without doubt; equal means do not.
  const f = msWithin > 0 ? msBetween / msWithin : msBetween > 0 ? Infinity : 0;
  return { df1, df2, f, p: fSurvival(f, df1, df2), msWithin, groups: summaries };
}

/** Tukey's HSD (Tukey–Kramer) over every pair of the ANOVA's groups, in the groups' order. */
export function tukeyHsd(anova: AnovaResult): TukeyPair[] {
  const k = anova.groups.length;
  const pairs: TukeyPair[] = [];
  for (let i = 0; i < k; i++) {
    for (let j = i + 1; j < k; j++) {
      const a = anova.groups[i]!;
      const b = anova.groups[j]!;
      const diff = a.mean - b.mean;
      const se = Math.sqrt((anova.msWithin / 2) * (1 / a.n + 1 / b.n));
      const q = se > 0 ? Math.abs(diff) / se : diff === 0 ? 0 : Infinity;
      const p = Number.isFinite(q) ? 1 - studentizedRangeCdf(q, k, anova.df2) : 0;
      pairs.push({ a: a.name, b: b.name, diff, q, p: Math.min(1, Math.max(0, p)) });
    }
  }
  return pairs;
}
