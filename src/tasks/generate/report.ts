/**
 * Writes a generation run to disk: one YAML file per accepted task, and a report (JSON for tools,
 * Markdown for people) listing every draft with its status and, for rejected ones, every reason.
 * Nothing time-dependent goes in, so the same seed rewrites byte-identical files.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { GenerationResult } from './generate.js';
import { TYPE_SLUG } from './generate.js';
import { compareWithPaper, comparisonTable, type MetricComparison } from './paper-comparison.js';

export interface WrittenFiles {
  tasks: string[];
  reportJson: string;
  reportMarkdown: string;
}

export function writeGeneration(result: GenerationResult, outDir: string): WrittenFiles {
  mkdirSync(outDir, { recursive: true });
  const tasks = result.tasks.map((t) => {
    const path = join(outDir, t.file);
    writeFileSync(path, t.yaml);
    return path;
  });
  const slug = TYPE_SLUG[result.taskType];
  const reportJson = join(outDir, `${slug}.report.json`);
  const reportMarkdown = join(outDir, `${slug}.report.md`);
  writeFileSync(reportJson, JSON.stringify(reportData(result), null, 2) + '\n');
  writeFileSync(reportMarkdown, reportText(result));
  return { tasks, reportJson, reportMarkdown };
}

export function reportData(result: GenerationResult) {
  const rejected = result.drafts.filter((d) => d.status === 'rejected');
  return {
    task_type: result.taskType,
    seed: result.seed,
    drafter: result.drafter,
    drafts: result.drafts.length,
    accepted: result.tasks.length,
    rejected: rejected.length,
    rejected_by_stage: countBy(rejected.map((d) => d.stage ?? 'draft')),
    difficulty: summarise(result),
    paper_comparison: paperComparison(result),
    records: result.drafts,
  };
}

/** min / mean / max of each difficulty metric over the accepted tasks (τ = ∞ left out of the mean, as in Table 2). */
export function summarise(result: GenerationResult): Record<string, { min: number; mean: number; max: number }> {
  const out: Record<string, { min: number; mean: number; max: number }> = {};
  const keys = new Set(result.tasks.flatMap((t) => Object.keys(t.record.difficulty ?? {})));
  for (const k of keys) {
    const values = result.tasks.map((t) => t.record.difficulty?.[k]).filter((v): v is number => v !== undefined && Number.isFinite(v));
    if (values.length === 0) continue;
    const mean = values.reduce((s, v) => s + v, 0) / values.length;
    out[k] = { min: Math.min(...values), mean: Math.round(mean * 1000) / 1000, max: Math.max(...values) };
  }
  return out;
}

/** The accepted tasks' H, N, D, τ quartiles and means beside TickingCollab's (Table 2 / Figure 2), with the gaps. */
export function paperComparison(result: GenerationResult): MetricComparison[] {
  return compareWithPaper(result.taskType, result.tasks.map((t) => t.record.difficulty ?? {}));
}

function countBy(keys: string[]): Record<string, number> {
  const out: Record<string, number> = {};
  for (const k of keys) out[k] = (out[k] ?? 0) + 1;
  return out;
}

export function reportText(result: GenerationResult): string {
  const data = reportData(result);
  const lines = [
    `# Generation report: ${result.taskType}`,
    '',
    `Seed \`${result.seed}\`, drafter: ${result.drafter}. ${data.drafts} drafts, ${data.accepted} accepted, ${data.rejected} rejected` +
      (data.rejected > 0 ? ` (${Object.entries(data.rejected_by_stage).map(([k, v]) => `${v} at ${k}`).join(', ')}).` : '.'),
    '',
  ];
  const summary = Object.entries(data.difficulty);
  if (summary.length > 0) {
    lines.push('## Difficulty of the accepted tasks', '', '| metric | min | mean | max |', '|---|---|---|---|');
    for (const [k, s] of summary) lines.push(`| ${k} | ${s.min} | ${s.mean} | ${s.max} |`);
    lines.push('');
  }
  if (result.tasks.length > 0) {
    lines.push(
      '## Beside the paper',
      '',
      "TickingCollab's own suite: means from Table 2 (τ = ∞ left out); Figure 2's quartiles are not printed in the paper's text, so they show as —. Gap: |ours − paper| / paper.",
      '',
      ...comparisonTable(data.paper_comparison),
      '',
    );
  }
  lines.push('## Drafts', '');
  for (const d of result.drafts) {
    const assigned = d.assignments.map((a) => `${a.field}=${String(a.value)}`).join(', ');
    const head = `- draft ${d.draft + 1}${assigned ? ` (${assigned})` : ''}: `;
    if (d.status === 'accepted') {
      const diff = d.difficulty ? ` — ${Object.entries(d.difficulty).map(([k, v]) => `${k} ${Number.isFinite(v) ? v : '∞'}`).join(', ')}` : '';
      lines.push(`${head}accepted as \`${d.id}\` (${d.file})${diff}`);
    } else {
      lines.push(`${head}rejected at ${d.stage ?? 'draft'}`);
      for (const r of d.reasons) lines.push(`  - ${r.replace(/\n/g, ' ')}`);
    }
  }
  return lines.join('\n') + '\n';
}
