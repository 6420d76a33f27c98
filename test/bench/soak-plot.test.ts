// The soak plot reads what `world --sim` writes to stderr and draws it: a user points it at a log and
// gets the curve, or an error that says which line is wrong and what to do.
import { describe, expect, it } from 'vitest';
import { parseSoak, soakSvg } from '../../bench/soak-plot.js';

const minute = (m: number, cpu: number, items: number): string =>
  `world sim: ${JSON.stringify({ minute: m, ticksPerSecond: cpu * 0.9, ticksPerCpuSecond: cpu, rssMB: 150 + m, heapMB: 22, heapTotalMB: 80, externalMB: 3, entities: 2000 + items, mobs: 87, items, columns: 135, sections: 1300 + m, dug: 1000 * m, loadAvg: 1.2 })}`;

describe('soak plot', () => {
  it('keeps the whole minutes, in order, and skips everything else', () => {
    const log = ['> guildcraft@0.1.0 bench', minute(1, 280, 1216), minute(2, 270, 1500), minute(3, 250, 1700),
      `world sim: ${JSON.stringify({ minute: 3.5, ticksPerSecond: 1, ticksPerCpuSecond: 1, rssMB: 1, heapMB: 1, items: 1, sections: 1 })}`, '{"agents":1000}'].join('\n');
    const minutes = parseSoak(log);
    expect(minutes.map((m) => m.minute)).toEqual([1, 2, 3]);
    expect(minutes.map((m) => m.items)).toEqual([1216, 1500, 1700]);
  });

  it('draws speed with the 80 % bound, memory and contents, and says the last-to-first ratio', () => {
    const svg = soakSvg(parseSoak([minute(1, 280, 1216), minute(2, 260, 1500), minute(3, 224, 1700)].join('\n')), 'test soak');
    expect(svg.startsWith('<svg')).toBe(true);
    expect(svg).toContain('×0.80 of the first');
    expect(svg.match(/<polyline/g)).toHaveLength(7); // 3 speed lines (CPU, wall, bound), 2 memory, 2 contents
    expect(svg).toContain('items on the ground');
    // The bound sits at 80 % of the first minute's ticks per CPU-second: 224.
    expect(svg).toContain('80 % of minute 1 (CPU): 3 -&gt; 224.000');
  });

  it('names the line and the fix when the input is not a soak log', () => {
    expect(() => parseSoak('ok\nworld sim: {not json', 'soak.err')).toThrow(/soak\.err, line 2: .*not JSON.*stderr/);
    expect(() => parseSoak(`world sim: ${JSON.stringify({ minute: 1, ticksPerSecond: 2 })}`, 'old.err')).toThrow(/old\.err, line 1: .*no number "ticksPerCpuSecond".*re-run/);
    expect(() => soakSvg(parseSoak(minute(1, 280, 1)), 'x')).toThrow(/at least two whole simulated minutes, got 1/);
  });
});
