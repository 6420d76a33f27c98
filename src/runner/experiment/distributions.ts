/**
 * The distributions behind the human-play study's tests (MindAgent §5.3 reports a one-way ANOVA and Tukey HSD):
 * the normal CDF, the F distribution's upper tail and the studentized range's CDF. Written out here rather than taken
 * from a statistics package because the analysis runs inside the CLI with no Python; accuracy is checked in the tests
 * against published table values (about 4 significant digits, more than a p-value needs).
 */

const LANCZOS = [
  0.99999999999980993, 676.5203681218851, -1259.1392167224028, 771.32342877765313, -176.61502916214059, 12.507343278686905,
  -0.13857109526572012, 9.9843695780195716e-6, 1.5056327351493116e-7,
];

/** ln Γ(x) for x > 0 (Lanczos, g = 7; relative error ~1e-15). */
export function logGamma(x: number): number {
  if (x < 0.5) return Math.log(Math.PI / Math.sin(Math.PI * x)) - logGamma(1 - x);
  const z = x - 1;
  let a = LANCZOS[0]!;
  const t = z + 7.5;
  for (let i = 1; i < 9; i++) a += LANCZOS[i]! / (z + i);
  return 0.5 * Math.log(2 * Math.PI) + (z + 0.5) * Math.log(t) - t + Math.log(a);
}

/** erf(x): the Maclaurin series near 0, erfc's continued fraction further out (both to ~1e-13). */
function erf(x: number): number {
  const ax = Math.abs(x);
  if (ax < 2.5) {
    // Σ (-1)^n x^(2n+1) / (n! (2n+1)); the terms shrink after n > x², so 60 terms cover |x| < 2.5.
    let term = ax;
    let sum = ax;
    for (let n = 1; n < 80; n++) {
      term *= (-ax * ax) / n;
      const add = term / (2 * n + 1);
      sum += add;
      if (Math.abs(add) < 1e-17 * Math.abs(sum)) break;
    }
    const v = (2 / Math.sqrt(Math.PI)) * sum;
    return x < 0 ? -v : v;
  }
  const v = 1 - erfcContinuedFraction(ax);
  return x < 0 ? -v : v;
}

/** erfc(x) for x ≥ 2.5 by the continued fraction exp(-x²)/√π · 1/(x + 1/2/(x + 1/(x + 3/2/(x + …)))), Lentz's method. */
function erfcContinuedFraction(x: number): number {
  const tiny = 1e-300;
  let f = x;
  let c = x;
  let d = 0;
  for (let i = 1; i < 300; i++) {
    const a = i / 2;
    d = x + a * d;
    d = Math.abs(d) < tiny ? tiny : d;
    c = x + a / c;
    c = Math.abs(c) < tiny ? tiny : c;
    d = 1 / d;
    const delta = c * d;
    f *= delta;
    if (Math.abs(delta - 1) < 1e-15) break;
  }
  return Math.exp(-x * x) / (Math.sqrt(Math.PI) * f);
}

/** Φ(z), the standard normal CDF. */
export function normalCdf(z: number): number {
  if (z < -2.5 * Math.SQRT2) return 0.5 * erfcContinuedFraction(-z / Math.SQRT2);
  return 0.5 * (1 + erf(z / Math.SQRT2));
}

/** The regularized incomplete beta I_x(a, b), by its continued fraction (Lentz), using the symmetry for x past the mean. */
export function incompleteBeta(x: number, a: number, b: number): number {
  if (x <= 0) return 0;
  if (x >= 1) return 1;
  if (x > (a + 1) / (a + b + 2)) return 1 - incompleteBeta(1 - x, b, a);
  const front = Math.exp(a * Math.log(x) + b * Math.log(1 - x) - (logGamma(a) + logGamma(b) - logGamma(a + b))) / a;
  const tiny = 1e-300;
  let f = 1;
  let c = 1;
  let d = 0;
  for (let i = 0; i <= 400; i++) {
    const m = Math.floor(i / 2);
    let numerator: number;
    if (i === 0) numerator = 1;
    else if (i % 2 === 0) numerator = (m * (b - m) * x) / ((a + 2 * m - 1) * (a + 2 * m));
    else numerator = -((a + m) * (a + b + m) * x) / ((a + 2 * m) * (a + 2 * m + 1));
    d = 1 + numerator * d;
    d = Math.abs(d) < tiny ? tiny : d;
    c = 1 + numerator / c;
    c = Math.abs(c) < tiny ? tiny : c;
    d = 1 / d;
    const delta = c * d;
    f *= delta;
    if (Math.abs(1 - delta) < 1e-15) break;
  }
  return front * (f - 1);
}

/** P(F > f) for the F distribution with d1 and d2 degrees of freedom: the ANOVA's p-value. */
export function fSurvival(f: number, d1: number, d2: number): number {
  if (!(f > 0)) return 1;
  if (!Number.isFinite(f)) return 0;
  return incompleteBeta(d2 / (d2 + d1 * f), d2 / 2, d1 / 2);
}

/** Composite Simpson's rule over [a, b] with `n` (even) intervals. */
function simpson(fn: (x: number) => number, a: number, b: number, n: number): number {
  const h = (b - a) / n;
  let sum = fn(a) + fn(b);
  for (let i = 1; i < n; i++) sum += (i % 2 === 1 ? 4 : 2) * fn(a + i * h);
  return (sum * h) / 3;
}

const normalPdf = (z: number): number => Math.exp(-0.5 * z * z) / Math.sqrt(2 * Math.PI);

/** P(range of k standard normals ≤ w) = k ∫ φ(z) [Φ(z) − Φ(z − w)]^(k−1) dz (the studentized range with infinite df). */
function normalRangeCdf(w: number, k: number): number {
  if (w <= 0) return 0;
  // The integrand lives where φ(z) is not negligible and Φ(z) − Φ(z − w) is not: z in [−8, 8 + w] is ample.
  const v = k * simpson((z) => normalPdf(z) * (normalCdf(z) - normalCdf(z - w)) ** (k - 1), -8, 8, 320);
  return Math.min(1, Math.max(0, v));
}

/**
 * P(Q ≤ q) for the studentized range of k means with `df` degrees of freedom for the error: the normal range's CDF at
 * q·s averaged over s = √(χ²_df / df). Tukey's HSD p-value is 1 minus this.
 */
export function studentizedRangeCdf(q: number, k: number, df: number): number {
  if (!(q > 0)) return 0;
  if (k < 2) throw new RangeError(`the studentized range needs at least 2 means, got ${k}`);
  if (!Number.isFinite(df) || df > 25_000) return normalRangeCdf(q, k);
  // Density of s: df^(df/2) s^(df−1) e^(−df s²/2) / (Γ(df/2) 2^(df/2 − 1)), peaked near 1 with spread ~1/√(2 df).
  const logNorm = (df / 2) * Math.log(df) - logGamma(df / 2) - (df / 2 - 1) * Math.LN2;
  const density = (s: number): number => (s <= 0 ? (df === 1 ? Math.exp(logNorm) : 0) : Math.exp(logNorm + (df - 1) * Math.log(s) - (df * s * s) / 2));
  const spread = 1 / Math.sqrt(2 * df);
  const low = Math.max(0, 1 - 14 * spread);
  const high = 1 + 14 * spread + (df < 10 ? 6 : 0);
  const v = simpson((s) => density(s) * normalRangeCdf(q * s, k), low, high, 240);
  return Math.min(1, Math.max(0, v));
}
