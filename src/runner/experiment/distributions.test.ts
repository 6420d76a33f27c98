import { describe, expect, it } from 'vitest';
import { fSurvival, normalCdf, studentizedRangeCdf } from './distributions.js';

describe('the distributions behind the human-play study', () => {
  it('Φ matches the normal table in the middle and far in the tails', () => {
    expect(normalCdf(0)).toBe(0.5);
    expect(normalCdf(1.96)).toBeCloseTo(0.975002, 6);
    expect(normalCdf(-1)).toBeCloseTo(0.158655, 6);
    expect(normalCdf(-3)).toBeCloseTo(0.0013499, 7);
    expect(normalCdf(-7) / 1.279813e-12).toBeCloseTo(1, 5);
  });

  it("the F distribution's upper tail is 5% and 1% at the published critical values", () => {
    expect(fSurvival(4.965, 1, 10)).toBeCloseTo(0.05, 4);
    expect(fSurvival(2.54, 4, 55)).toBeCloseTo(0.05, 3);
    expect(fSurvival(5.849, 2, 20)).toBeCloseTo(0.01, 4);
    expect(fSurvival(0, 3, 7)).toBe(1);
    // MindAgent's F(4, 55) = 28.11 is far below p = 0.001.
    expect(fSurvival(28.11, 4, 55)).toBeLessThan(1e-11);
  });

  it("the studentized range's CDF is 0.95 and 0.99 at the published q table's critical values", () => {
    // q(0.95) and q(0.99) from the studentized range tables (k means, df error degrees of freedom).
    const table: [q: number, k: number, df: number, level: number][] = [
      [3.877, 3, 10, 0.95],
      [5.27, 3, 10, 0.99],
      [3.958, 4, 20, 0.95],
      [3.977, 5, 60, 0.95],
      [4.824, 10, 30, 0.95],
      [2.772, 2, Infinity, 0.95],
      [8.331, 3, 2, 0.95],
    ];
    for (const [q, k, df, level] of table) expect(studentizedRangeCdf(q, k, df), `q=${q} k=${k} df=${df}`).toBeCloseTo(level, 3);
    expect(studentizedRangeCdf(0, 3, 10)).toBe(0);
    expect(() => studentizedRangeCdf(2, 1, 10)).toThrow(/at least 2 means/);
  });
});
