/**
 * `npm run bench -- soak-plot --from <stderr file> --out <file.svg>`: draws a long `world --sim` run
 * (the soak) from the line per simulated minute it writes to stderr. A curve shows a slowdown or a
 * leak at a glance where sixty JSON lines do not: speed per simulated minute (per CPU-second, which
 * other processes' load does not move, and by the wall clock), with the issue's bound (80 % of the
 * first minute) drawn in; memory (RSS, JS heap in use); and the world's contents that explain it
 * (items on the ground, block sections allocated).
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { parseArgs } from 'node:util';
import { lineChart, type LineSeries } from '../src/runner/report/svg-charts.js';

/** The fields of a `world sim:` line this plot reads (bench/world.ts `simulate`). */
export interface SoakMinute {
  minute: number;
  ticksPerSecond: number;
  ticksPerCpuSecond: number;
  rssMB: number;
  heapMB: number;
  items: number;
  sections: number;
}

const PREFIX = 'world sim: ';
const FIELDS = ['minute', 'ticksPerSecond', 'ticksPerCpuSecond', 'rssMB', 'heapMB', 'items', 'sections'] as const;

/**
 * The whole simulated minutes of a soak's stderr, in order. Other lines (npm's banner, the bench's
 * summary) are skipped; a partial last minute is left out, since its speed is over fewer ticks.
 * Throws, naming the line, when a `world sim:` line is not the bench's JSON.
 */
export function parseSoak(text: string, source = 'the input'): SoakMinute[] {
  const minutes: SoakMinute[] = [];
  text.split('\n').forEach((raw, i) => {
    const at = raw.indexOf(PREFIX);
    if (at < 0) return;
    const where = `${source}, line ${i + 1}`;
    let line: Record<string, unknown>;
    try {
      line = JSON.parse(raw.slice(at + PREFIX.length)) as Record<string, unknown>;
    } catch {
      throw new Error(`${where}: a "world sim:" line that is not JSON; pass the stderr of \`npm run bench -- world … --sim\` unchanged`);
    }
    for (const f of FIELDS) {
      if (typeof line[f] !== 'number') throw new Error(`${where}: the "world sim:" line has no number "${f}"; it was written by an older bench, re-run the soak with this build`);
    }
    const m = line as unknown as SoakMinute;
    if (Number.isInteger(m.minute)) minutes.push(m);
  });
  return minutes;
}

/** The soak as one SVG: speed, memory, contents, one chart under the other. */
export function soakSvg(minutes: readonly SoakMinute[], title: string): string {
  if (minutes.length < 2) throw new Error(`a soak plot needs at least two whole simulated minutes, got ${minutes.length}; run the bench with --sim and --seconds ≥ 120`);
  const width = 720;
  const height = 260;
  const last = minutes[minutes.length - 1]!.minute;
  const step = Math.max(1, Math.ceil(last / 12));
  const xTicks = minutes.map((m) => m.minute).filter((x) => x === 1 || x % step === 0 || x === last);
  const series = (label: string, pick: (m: SoakMinute) => number): LineSeries => ({ label, points: minutes.map((m) => ({ x: m.minute, y: pick(m) })) });
  const first = minutes[0]!;
  const bound = 0.8 * first.ticksPerCpuSecond;
  const ratio = minutes[minutes.length - 1]!.ticksPerCpuSecond / first.ticksPerCpuSecond;
  const charts = [
    lineChart(`${title}: speed (last minute ×${ratio.toFixed(2)} of the first, per CPU-second)`, [
      series('ticks per CPU-second', (m) => m.ticksPerCpuSecond),
      series('ticks/s (wall clock)', (m) => m.ticksPerSecond),
      { label: '80 % of minute 1 (CPU)', points: [{ x: first.minute, y: bound }, { x: last, y: bound }] },
    ], { xLabel: 'simulated minute', width, height, xTicks }),
    lineChart('memory (MB, after a full collection)', [
      series('RSS', (m) => m.rssMB),
      series('JS heap in use', (m) => m.heapMB),
    ], { xLabel: 'simulated minute', width, height, xTicks }),
    lineChart('what the world holds', [
      series('items on the ground', (m) => m.items),
      series('block sections', (m) => m.sections),
    ], { xLabel: 'simulated minute', width, height, xTicks }),
  ];
  const inner = charts.map((c, i) => c.replace('<svg ', `<svg y="${i * height}" `)).join('');
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height * charts.length}" font-family="sans-serif" font-size="12"><rect width="100%" height="100%" fill="#fff"/>${inner}</svg>`;
}

export async function run(argv: string[]): Promise<void> {
  const { values } = parseArgs({ args: argv, options: { from: { type: 'string' }, out: { type: 'string' }, title: { type: 'string' } } });
  if (!values.from || !values.out) {
    console.error('usage: npm run bench -- soak-plot --from <stderr of `world … --sim`> --out <file.svg> [--title text]');
    process.exit(2);
  }
  let text: string;
  try {
    text = readFileSync(values.from, 'utf8');
  } catch (err) {
    console.error(`soak-plot: cannot read ${values.from} (${(err as Error).message}); pass the file the soak's stderr went to`);
    process.exit(2);
  }
  try {
    const minutes = parseSoak(text, values.from);
    writeFileSync(values.out, soakSvg(minutes, values.title ?? 'soak'));
    console.log(`soak-plot: ${minutes.length} simulated minutes → ${values.out}`);
  } catch (err) {
    console.error(`soak-plot: ${(err as Error).message}`);
    process.exit(2);
  }
}
