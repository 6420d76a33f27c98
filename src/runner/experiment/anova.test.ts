import { describe, expect, it } from 'vitest';
import { oneWayAnova, tukeyHsd, type AnovaResult } from './anova.js';

// Three conditions of unequal size (Likert-like answers).
const groups = [
  { name: 'alone', values: [3, 4, 2, 5, 3, 4] },
  { name: 'random', values: [4, 5, 5, 3, 4] },
  { name: 'llm', values: [5, 4, 5, 5, 4, 5, 3] },
];

function computed(r: ReturnType<typeof oneWayAnova>): AnovaResult {
  if ('notComputed' in r) throw new Error(r.notComputed);
  return r;
}

describe('one-way ANOVA and Tukey HSD', () => {
  it('gives the F, degrees of freedom and p-value a statistics package gives for the same data', () => {
    const a = computed(oneWayAnova(groups));
    expect([a.df1, a.df2]).toEqual([2, 15]);
    // scipy.stats.f_oneway on the same three lists: F = 1.829172, p = 0.194597.
    expect(a.f).toBeCloseTo(1.829172, 5);
    expect(a.p).toBeCloseTo(0.194597, 5);
    expect(a.groups.map((g) => [g.name, g.n])).toEqual([['alone', 6], ['random', 5], ['llm', 7]]);
    expect(a.groups[0]!.mean).toBeCloseTo(3.5, 10);
  });

  it('gives Tukey–Kramer adjusted p-values for every pair (unequal sizes)', () => {
    const pairs = tukeyHsd(computed(oneWayAnova(groups)));
    expect(pairs.map((p) => `${p.a}-${p.b}`)).toEqual(['alone-random', 'alone-llm', 'random-llm']);
    // scipy.stats.tukey_hsd on the same lists: 0.421119, 0.183083, 0.901120.
    expect(pairs[0]!.p).toBeCloseTo(0.421119, 4);
    expect(pairs[1]!.p).toBeCloseTo(0.183083, 4);
    expect(pairs[2]!.p).toBeCloseTo(0.90112, 4);
    expect(pairs[1]!.diff).toBeCloseTo(3.5 - 31 / 7, 10);
  });

  it('says why it cannot compute rather than printing NaN', () => {
    expect(oneWayAnova([{ name: 'alone', values: [1, 2] }, { name: 'llm', values: [] }])).toEqual({ notComputed: 'needs at least two conditions with data, has 1' });
    expect('notComputed' in oneWayAnova([{ name: 'a', values: [1] }, { name: 'b', values: [2] }])).toBe(true);
    // No spread within conditions: different means are certain, equal ones are not different at all.
    expect(computed(oneWayAnova([{ name: 'a', values: [1, 1] }, { name: 'b', values: [2, 2] }])).p).toBe(0);
    expect(computed(oneWayAnova([{ name: 'a', values: [1, 1] }, { name: 'b', values: [1, 1] }])).p).toBe(1);
  });
});
