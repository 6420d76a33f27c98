/**
 * The generation report's comparison with TickingCollab's published difficulty (Table 2 / Figure 2):
 * quartiles by linear interpolation, gaps relative to the paper's value, infinite values counted and
 * left out, and the report and `guildcraft generate` printing the table.
 */
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { runGenerate } from '../../../src/cli/commands/generate.js';
import { generateTasks } from '../../../src/tasks/generate/generate.js';
import { compareWithPaper, comparisonTable, distribution, quantile, relativeGap } from '../../../src/tasks/generate/paper-comparison.js';
import { PAPER_DIFFICULTY } from '../../../src/tasks/generate/paper-difficulty.js';
import { reportData, reportText } from '../../../src/tasks/generate/report.js';
import { parseUserSpec } from '../../../src/tasks/generate/user-spec.js';

describe('difficulty beside the paper', () => {
  it('quartiles interpolate linearly between order statistics (numpy / box-plot convention)', () => {
    expect(quantile([1, 2, 3, 4], 0.25)).toBeCloseTo(1.75, 12);
    expect(quantile([1, 2, 3, 4], 0.5)).toBeCloseTo(2.5, 12);
    expect(quantile([1, 2, 3, 4], 0.75)).toBeCloseTo(3.25, 12);
    expect(quantile([7], 0.25)).toBe(7);
  });

  it('leaves infinite values out of the statistics and counts them', () => {
    const d = distribution([3, Infinity, 1, 2, Infinity]);
    expect(d).toEqual({ q1: 1.5, median: 2, q3: 2.5, mean: 2, count: 3, infinite: 2 });
    expect(distribution([Infinity])).toBeNull();
  });

  it('the gap is relative to the paper, and a metric is within tolerance only when every published statistic is', () => {
    expect(relativeGap(1.2, 1.0)).toBeCloseTo(0.2, 12);
    expect(relativeGap(0.9, 1.0)).toBeCloseTo(0.1, 12);
    // Raid N in Table 2 is 1.39: 1.5 is 7.9% off, 1.7 is 22% off.
    const close = compareWithPaper('raid_boss', [{ H: 0.31, N: 1.5, D: 0.38, tau: 25 }]);
    const n = close.find((r) => r.metric === 'N')!;
    expect(n.gap.mean).toBeCloseTo((1.5 - 1.39) / 1.39, 12);
    expect(n.within).toBe(true);
    const far = compareWithPaper('raid_boss', [{ H: 0.31, N: 1.7, D: 0.38, tau: 25 }]).find((r) => r.metric === 'N')!;
    expect(far.within).toBe(false);
    // Figure 2's quartiles are not printed in the paper's text, so no quartile gap can be computed.
    expect(n.gap.q1).toBeUndefined();
    expect(PAPER_DIFFICULTY.raid_boss.N.median).toBeNull();
  });

  it('prints one row per metric with ours, the paper and the gap', () => {
    const rows = compareWithPaper('mine_vanishing_blocks', [
      { H: 0.7, N: 1.4, D: 3, tau: 30 },
      { H: 0.74, N: Infinity, D: 2.9, tau: 36 },
    ]);
    const table = comparisonTable(rows);
    expect(table).toHaveLength(2 + 4);
    expect(table[2]).toBe('| H | 0.71 / 0.72 / 0.73 | 0.72 | — / — / — | 0.72 | — / — / — | 0% | yes |');
    expect(table[3]).toBe('| N | 1.40 / 1.40 / 1.40 | 1.40 (1 ∞ left out) | — / — / — | 1.42 | — / — / — | 1% | yes |');
    expect(table[5]).toBe('| tau | 31.50 / 33.00 / 34.50 | 33.00 | — / — / — | 33.31 | — / — / — | 1% | yes |');
  });

  it('the generation report carries the comparison, in JSON and in Markdown', async () => {
    const spec = parseUserSpec({ task_type: 'raid_boss', description: 'raid' });
    const result = await generateTasks({ spec, count: 3, seed: '5' });
    const data = reportData(result);
    expect(data.paper_comparison.map((r) => r.metric)).toEqual(['H', 'N', 'D', 'tau']);
    const hs = result.tasks.map((t) => t.record.difficulty!.H!);
    expect(data.paper_comparison[0]!.ours!.mean).toBeCloseTo(hs.reduce((a, b) => a + b, 0) / 3, 12);
    expect(data.paper_comparison[0]!.paper.mean).toBe(0.31);
    const text = reportText(result);
    expect(text).toContain('## Beside the paper');
    expect(text).toContain('| H | ');
  });

  it('guildcraft generate prints the table after its summary', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'gc-compare-'));
    const specFile = join(dir, 'raid.yaml');
    writeFileSync(specFile, 'task_type: raid_boss\ndescription: raid\n');
    const summary = await runGenerate({ spec: specFile, count: '2', seed: '3', out: join(dir, 'out'), quiet: true }, () => {});
    const lines = summary.split('\n');
    expect(lines[2]).toMatch(/^difficulty beside the paper/);
    expect(lines.slice(5).map((l) => l.split(' | ')[0])).toEqual(['| H', '| N', '| D', '| tau']);
    expect(readFileSync(join(dir, 'out', 'raid-boss.report.md'), 'utf8')).toContain('| paper Q1 / median / Q3 |');
  });
});
