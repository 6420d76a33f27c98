/**
 * Tiny SVG charts for the bench report: bars, histograms and timelines as self-contained strings,
 * so the HTML report is one file that opens anywhere without a network or a chart library.
 */
export const escapeXml = (s: string): string => s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

const PALETTE = ['#4e79a7', '#f28e2b', '#59a14f', '#e15759', '#76b7b2', '#edc948', '#b07aa1', '#ff9da7', '#9c755f', '#bab0ac'];
export const colorOf = (i: number): string => PALETTE[i % PALETTE.length]!;

export interface Bar {
  label: string;
  value: number;
  /** Text over the bar; defaults to the value. */
  note?: string;
  /** A confidence interval, drawn as a whisker over the bar (experiment reports). */
  low?: number;
  high?: number;
}

/** Vertical bars; `max` fixes the scale (1 for rates). */
export function barChart(title: string, bars: readonly Bar[], options: { max?: number; width?: number; height?: number; format?: (v: number) => string } = {}): string {
  const width = options.width ?? Math.max(320, 70 * bars.length + 60);
  const height = options.height ?? 240;
  const fmt = options.format ?? ((v: number) => (Math.abs(v) < 10 ? v.toFixed(2) : v.toFixed(0)));
  const max = options.max ?? Math.max(1e-9, ...bars.map((b) => Math.max(b.value, b.high ?? 0)));
  const left = 40;
  const bottom = 50;
  const top = 30;
  const plotH = height - top - bottom;
  const slot = (width - left - 10) / Math.max(1, bars.length);
  const parts: string[] = [];
  parts.push(`<text x="${width / 2}" y="18" text-anchor="middle" font-weight="bold">${escapeXml(title)}</text>`);
  parts.push(`<line x1="${left}" y1="${top + plotH}" x2="${width - 5}" y2="${top + plotH}" stroke="#444"/>`);
  for (const frac of [0, 0.5, 1]) {
    const y = top + plotH * (1 - frac);
    parts.push(`<text x="${left - 4}" y="${y + 4}" text-anchor="end" font-size="10">${escapeXml(fmt(max * frac))}</text>`);
    parts.push(`<line x1="${left}" y1="${y}" x2="${width - 5}" y2="${y}" stroke="#ddd"/>`);
  }
  bars.forEach((b, i) => {
    const h = (Math.max(0, b.value) / max) * plotH;
    const x = left + i * slot + slot * 0.15;
    const w = slot * 0.7;
    parts.push(`<rect x="${x}" y="${top + plotH - h}" width="${w}" height="${h}" fill="${colorOf(i)}"><title>${escapeXml(`${b.label}: ${fmt(b.value)}`)}</title></rect>`);
    if (b.low !== undefined && b.high !== undefined) {
      const [y1, y2] = [top + plotH - (Math.max(0, b.low) / max) * plotH, top + plotH - (Math.max(0, b.high) / max) * plotH];
      parts.push(`<path class="ci" d="M${x + w / 2} ${y1}V${y2}M${x + w * 0.3} ${y1}H${x + w * 0.7}M${x + w * 0.3} ${y2}H${x + w * 0.7}" stroke="#222"/>`);
    }
    parts.push(`<text x="${x + w / 2}" y="${top + plotH - h - 4}" text-anchor="middle" font-size="11">${escapeXml(b.note ?? fmt(b.value))}</text>`);
    parts.push(`<text x="${x + w / 2}" y="${top + plotH + 14}" text-anchor="middle" font-size="10">${escapeXml(truncate(b.label, Math.floor(slot / 6)))}</text>`);
  });
  return svg(width, height, parts);
}

/** A histogram of values in `bins` equal-width bins. */
export function histogram(title: string, values: readonly number[], bins = 10): string {
  if (values.length === 0) return barChart(`${title} (no data)`, []);
  const lo = Math.min(...values);
  const hi = Math.max(...values);
  const w = hi > lo ? (hi - lo) / bins : 1;
  const counts = new Array<number>(bins).fill(0);
  for (const v of values) counts[Math.min(bins - 1, Math.floor((v - lo) / w))]!++;
  return barChart(
    title,
    counts.map((c, i) => ({ label: (lo + w * i).toPrecision(3), value: c, note: String(c) })),
    { format: (v) => v.toFixed(0) },
  );
}

export interface TimelineRow {
  label: string;
  /** [start, end, name, ok] in ticks. */
  spans: readonly (readonly [number, number, string, boolean])[];
}

/** One row per agent, a box per skill run (green ok, red failed), like TickingCollab's Figure 10. */
export function timeline(title: string, rows: readonly TimelineRow[], endTick: number): string {
  const width = 760;
  const rowH = 18;
  const left = 90;
  const top = 28;
  const height = top + rows.length * (rowH + 4) + 24;
  const span = Math.max(1, endTick);
  const xOf = (t: number) => left + ((width - left - 10) * t) / span;
  const parts: string[] = [`<text x="${width / 2}" y="16" text-anchor="middle" font-weight="bold">${escapeXml(title)}</text>`];
  rows.forEach((r, i) => {
    const y = top + i * (rowH + 4);
    parts.push(`<text x="${left - 6}" y="${y + 13}" text-anchor="end" font-size="11">${escapeXml(truncate(r.label, 14))}</text>`);
    parts.push(`<rect x="${left}" y="${y}" width="${width - left - 10}" height="${rowH}" fill="#f3f3f3"/>`);
    for (const [s, e, name, ok] of r.spans) {
      const x = xOf(s);
      const w = Math.max(1, xOf(e) - x);
      parts.push(`<rect x="${x}" y="${y + 2}" width="${w}" height="${rowH - 4}" fill="${ok ? '#59a14f' : '#e15759'}" stroke="#fff" stroke-width="0.5"><title>${escapeXml(`${name} ${s}–${e}${ok ? '' : ' (failed)'}`)}</title></rect>`);
    }
  });
  const axisY = top + rows.length * (rowH + 4) + 12;
  parts.push(`<text x="${left}" y="${axisY}" font-size="10">0</text><text x="${width - 10}" y="${axisY}" font-size="10" text-anchor="end">${span} ticks (${(span / 20).toFixed(0)} s)</text>`);
  return svg(width, height, parts);
}

export interface LineSeries {
  label: string;
  /** Points in x order; low/high draw the point's confidence interval. */
  points: readonly { x: number; y: number; low?: number; high?: number }[];
}

/** Lines over a numeric x axis with interval whiskers and a legend (success vs team size, CoS vs task interval). */
export function lineChart(
  title: string,
  series: readonly LineSeries[],
  /** `xTicks`: the x values labelled under the axis (default every x; a long run needs fewer). */
  options: { xLabel: string; yMax?: number; width?: number; height?: number; xTicks?: readonly number[] } = { xLabel: '' },
): string {
  const width = options.width ?? 480;
  const height = options.height ?? 280;
  const [left, right, top, bottom] = [44, 150, 30, 40];
  const pts = series.flatMap((s) => s.points);
  const xs = pts.map((p) => p.x);
  const [x0, x1] = xs.length ? [Math.min(...xs), Math.max(...xs)] : [0, 1];
  const yMax = options.yMax ?? Math.max(1e-9, ...pts.map((p) => Math.max(p.y, p.high ?? 0)));
  const plotW = width - left - right;
  const plotH = height - top - bottom;
  const xOf = (x: number) => left + (x1 > x0 ? ((x - x0) / (x1 - x0)) * plotW : plotW / 2);
  const yOf = (y: number) => top + plotH * (1 - Math.max(0, y) / yMax);
  const parts: string[] = [`<text x="${width / 2}" y="18" text-anchor="middle" font-weight="bold">${escapeXml(title)}</text>`];
  for (const frac of [0, 0.5, 1]) {
    parts.push(`<line x1="${left}" y1="${yOf(yMax * frac)}" x2="${left + plotW}" y2="${yOf(yMax * frac)}" stroke="#ddd"/><text x="${left - 4}" y="${yOf(yMax * frac) + 4}" text-anchor="end" font-size="10">${axisNumber(yMax * frac)}</text>`);
  }
  for (const x of options.xTicks ?? [...new Set(xs)]) parts.push(`<text x="${xOf(x)}" y="${top + plotH + 14}" text-anchor="middle" font-size="10">${escapeXml(String(x))}</text>`);
  parts.push(`<text x="${left + plotW / 2}" y="${height - 6}" text-anchor="middle" font-size="11">${escapeXml(options.xLabel)}</text>`);
  series.forEach((s, i) => {
    const c = colorOf(i);
    if (s.points.length > 1) parts.push(`<polyline fill="none" stroke="${c}" stroke-width="2" points="${s.points.map((p) => `${xOf(p.x)},${yOf(p.y)}`).join(' ')}"/>`);
    for (const p of s.points) {
      if (p.low !== undefined && p.high !== undefined) parts.push(`<path class="ci" d="M${xOf(p.x)} ${yOf(p.low)}V${yOf(p.high)}" stroke="${c}"/>`);
      parts.push(`<circle cx="${xOf(p.x)}" cy="${yOf(p.y)}" r="3" fill="${c}"><title>${escapeXml(`${s.label}: ${p.x} -> ${p.y.toFixed(3)}`)}</title></circle>`);
    }
    parts.push(`<rect x="${width - right + 10}" y="${top + i * 16}" width="10" height="10" fill="${c}"/><text x="${width - right + 24}" y="${top + i * 16 + 9}" font-size="10">${escapeXml(truncate(s.label, 22))}</text>`);
  });
  return svg(width, height, parts);
}

/** Two significant digits, never in exponent form (310, not 3.1e+2). */
function axisNumber(v: number): string {
  return Number(v.toPrecision(2)).toLocaleString('en-US');
}

function truncate(s: string, n: number): string {
  return s.length <= n ? s : `${s.slice(0, Math.max(1, n - 1))}…`;
}

function svg(width: number, height: number, parts: string[]): string {
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" font-family="sans-serif" font-size="12">${parts.join('')}</svg>`;
}
