/**
 * `guildcraft generate --spec <user-spec.yaml>`: TickingCollab's feasibility-aware task generation.
 * Drafts come from the seeded offline sampler unless --model names an LLM; every draft is validated
 * by the task loader and screened by the feasibility verifier; the accepted tasks are written as YAML
 * with a report saying why each other draft was rejected. `--mineland` writes the MineLand suite instead.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Command } from 'commander';
import { InputError } from '../../core/errors.js';
import { LlmRun } from '../../llm/index.js';
import { modelDrafter } from '../../tasks/generate/drafter.js';
import { generateTasks, type DraftRecord } from '../../tasks/generate/generate.js';
import { paperComparison, writeGeneration } from '../../tasks/generate/report.js';
import { comparisonTable } from '../../tasks/generate/paper-comparison.js';
import { loadUserSpec } from '../../tasks/generate/user-spec.js';
import { toTaskYaml } from '../../tasks/generate/emit-yaml.js';
import { MINELAND_FAMILIES, mineLandSuite, type MineLandFamily } from '../../tasks/generate/mineland/suite.js';
import { parsePositiveInt } from '../parse.js';

export interface GenerateFlags {
  spec?: string;
  count: string;
  seed: string;
  out: string;
  model?: string;
  maxDrafts?: string;
  quiet?: boolean;
  mineland?: boolean;
  agents?: string;
  mode?: string;
  family?: string;
}

export function registerGenerate(program: Command): void {
  program
    .command('generate')
    .description('draft task configurations from a user spec (TickingCollab App. B), keep the feasible ones (App. C) and write them as task YAML')
    .option('--spec <file>', 'user specification YAML (task_type, variable_parameters, diversity_round_robin, feasibility margins)')
    .option('--count <n>', 'valid tasks to produce', '10')
    .option('--seed <seed>', 'seed of the offline sampler (same seed, same files)', '1')
    .option('--out <dir>', 'directory for the task files and the report', 'generated')
    .option('--model <provider>', 'draft with this LLM (e.g. openai:gpt-4o-mini) instead of the offline sampler')
    .option('--max-drafts <n>', 'give up after this many drafts (default 20 x count)')
    .option('--quiet', 'print only the summary line')
    .option('--mineland', 'instead of --spec: write the MineLand suite (programmatic and hybrid families) as task files')
    .option('--agents <n>', 'with --mineland: agents per task', '1')
    .option('--mode <mode>', 'with --mineland: cooperative or competitive', 'cooperative')
    .option('--family <list>', `with --mineland: comma-separated families (${MINELAND_FAMILIES.join(', ')})`)
    .action(async (flags: GenerateFlags) => {
      console.log(flags.mineland ? runMineLand(flags) : await runGenerate(flags));
    });
}

/** `--mineland`: writes every task of the chosen families and returns the per-family counts. */
export function runMineLand(flags: GenerateFlags): string {
  const agents = parsePositiveInt(flags.agents ?? '1', '--agents');
  const mode = flags.mode ?? 'cooperative';
  if (mode !== 'cooperative' && mode !== 'competitive') throw new InputError(`--mode must be cooperative or competitive, got '${mode}'`, 'pass --mode cooperative or --mode competitive');
  const families = flags.family?.split(',').map((f) => f.trim()).filter((f) => f.length > 0);
  for (const f of families ?? []) {
    if (!(MINELAND_FAMILIES as readonly string[]).includes(f)) throw new InputError(`unknown MineLand family '${f}'`, `use one of ${MINELAND_FAMILIES.join(', ')}`);
  }
  const tasks = mineLandSuite({ agents, mode, ...(families ? { families: families as MineLandFamily[] } : {}) });
  mkdirSync(flags.out, { recursive: true });
  const counts = new Map<string, number>();
  for (const t of tasks) {
    writeFileSync(join(flags.out, `${t.spec.id.split('/')[1]}.yaml`), toTaskYaml(t.spec));
    counts.set(t.family, (counts.get(t.family) ?? 0) + 1);
  }
  const lines = [...counts].map(([f, n]) => `  ${f}: ${n}`);
  return `MineLand suite (${agents} agent${agents > 1 ? 's' : ''}, ${mode}): ${tasks.length} tasks -> ${flags.out}\n${lines.join('\n')}`;
}

/** Runs the command and returns what it prints (tests call this directly). */
export async function runGenerate(flags: GenerateFlags, log: (line: string) => void = (l) => console.log(l)): Promise<string> {
  if (!flags.spec) throw new InputError('guildcraft generate needs --spec <user-spec.yaml> (or --mineland)', 'see suites/tickingcollab/specs/ for examples');
  const spec = loadUserSpec(flags.spec);
  const count = parsePositiveInt(flags.count, '--count');
  const maxDrafts = flags.maxDrafts === undefined ? undefined : parsePositiveInt(flags.maxDrafts, '--max-drafts');
  const run = flags.model ? new LlmRun() : undefined;
  const drafter = run ? modelDrafter(run.model('generator', flags.model)) : undefined;
  const onDraft = (d: DraftRecord): void => {
    if (flags.quiet) return;
    if (d.status === 'accepted') log(`draft ${d.draft + 1}: accepted ${d.id}`);
    else log(`draft ${d.draft + 1}: rejected at ${d.stage ?? 'draft'}\n${d.reasons.map((r) => `    - ${r.replace(/\n/g, '\n      ')}`).join('\n')}`);
  };
  const result = await generateTasks({
    spec,
    count,
    seed: flags.seed,
    onDraft,
    ...(drafter ? { drafter } : {}),
    ...(maxDrafts !== undefined ? { maxDrafts } : {}),
  });
  const written = writeGeneration(result, flags.out);
  const rejected = result.drafts.length - result.tasks.length;
  const lines = [
    `${spec.task_type}: ${result.tasks.length}/${count} valid tasks from ${result.drafts.length} drafts (${rejected} rejected) -> ${flags.out}`,
    `report: ${written.reportMarkdown}`,
  ];
  if (result.tasks.length > 0) lines.push('difficulty beside the paper (TickingCollab Table 2; gap = |ours - paper| / paper):', ...comparisonTable(paperComparison(result)));
  if (run) {
    const t = run.accountant.totals();
    lines.push(`llm: ${t.calls} calls, ${t.promptTokens + t.completionTokens} tokens, $${t.costUsd.toFixed(4)}`);
  }
  if (result.tasks.length < count) {
    throw new InputError(
      `${lines.join('\n')}\nonly ${result.tasks.length} of ${count} drafts passed`,
      'widen the parameter ranges, lower the feasibility margins, or raise --max-drafts; the report lists why drafts were rejected',
    );
  }
  return lines.join('\n');
}
