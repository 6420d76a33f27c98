/**
 * The analysis of MindAgent's user study (§5.3) over the games people played on the human-play page: the stored
 * records are grouped by condition (alone, or with n AI cooks of a kind: planner, random, an LLM), and the team's
 * success rate and every survey answer get a one-way ANOVA across the conditions and Tukey HSD on every pair, as the
 * paper reports them ("F(4, 55) = 28.11, p < 0.001"; LLM teammates vs alone p < 0.001; …).
 *
 * The paper's design is within-subject (each person plays every condition in a random order) but its F(4, 55) is the
 * between-groups test over 60 games, so that is the test here; records carry no participant id.
 */
import { readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { InputError } from '../../core/errors.js';
import { oneWayAnova, tukeyHsd, type AnovaResult, type Group, type TukeyPair } from '../../runner/experiment/anova.js';
import { bootstrapMean, type Interval } from '../../runner/experiment/bootstrap.js';
import type { HumanRecord } from './human-game.js';
import { SURVEY_QUESTIONS } from './survey.js';

const RECORD_FORMAT: HumanRecord['format'] = 'guildcraft.cuisine.human-play/1';

/** What MindAgent reports for its study (level_8; alone, 1–3 LLM cooks, random cooks; 12 participants). */
export const MINDAGENT_STUDY_FINDINGS: readonly string[] = [
  'success rate: F(4, 55) = 28.11, p < 0.001',
  'success rate, Tukey HSD: with LLM agents > alone, p < 0.001 for 1, 2 and 3 agents',
  'success rate, Tukey HSD: 2 vs 1 LLM agents p = 0.774, 3 vs 1 p = 0.231 (not significant)',
  'enjoyment (fun), LLM agents vs alone: p = 0.0126',
  'perceived productivity, LLM agents vs alone: p = 0.0104',
  "acting on the agents' actions, LLM agents: p = 0.00266",
  'predictability, LLM agents vs random agents: p < 0.001',
];

export interface StudyRecords {
  readonly records: readonly HumanRecord[];
  /** Files that were not read as records, with why (another format, unreadable JSON). */
  readonly skipped: readonly { file: string; why: string }[];
}

/** Reads every `*.json` in `<runsDir>/human/`. Throws InputError when the folder is missing. */
export async function loadHumanRecords(runsDir: string): Promise<StudyRecords> {
  const dir = join(runsDir, 'human');
  let names: string[];
  try {
    names = (await readdir(dir)).filter((n) => n.endsWith('.json')).sort();
  } catch {
    throw new InputError(`no human-play records in ${dir}: the folder does not exist`, 'point --runs at the folder guildcraft serve wrote to (its --runs, default runs)');
  }
  const records: HumanRecord[] = [];
  const skipped: { file: string; why: string }[] = [];
  for (const name of names) {
    const file = join(dir, name);
    try {
      const rec = JSON.parse(await readFile(file, 'utf8')) as Partial<HumanRecord>;
      if (rec.format !== RECORD_FORMAT) skipped.push({ file, why: `format ${JSON.stringify(rec.format)}, not ${RECORD_FORMAT}` });
      else records.push(rec as HumanRecord);
    } catch (err) {
      skipped.push({ file, why: `not JSON: ${(err as Error).message}` });
    }
  }
  return { records, skipped };
}

/** The condition a game was played in: `alone`, or the AI kind and the number of AI cooks (`llm (openai:gpt-4o) ×2`). */
export function conditionOf(rec: HumanRecord): string {
  const s = rec.settings;
  if (s.ai === null) return 'alone';
  const kind = s.ai === 'heuristic' ? 'planner' : s.ai === 'llm' ? `llm (${s.model ?? 'model unknown'})` : s.ai;
  return `${kind} ×${s.agents - 1}`;
}

export interface StudyMeasure {
  readonly id: string;
  readonly label: string;
  readonly anova: AnovaResult | { readonly notComputed: string };
  readonly pairs: readonly TukeyPair[];
}

export interface StudyCondition {
  readonly name: string;
  /** Finished games in this condition. */
  readonly games: number;
  readonly surveyed: number;
  /** The team's success rate (completed / (completed + failed)), mean with a seeded 95% bootstrap interval. */
  readonly successRate: Interval | null;
}

export interface StudyReport {
  readonly levels: readonly string[];
  readonly conditions: readonly StudyCondition[];
  readonly measures: readonly StudyMeasure[];
  /** Games left out: unfinished, or on another level than asked. */
  readonly excluded: { readonly unfinished: number; readonly otherLevel: number };
  readonly paper: readonly string[];
}

export interface StudyOptions {
  /** Only games on this level (MindAgent's study used level_8). */
  readonly level?: string;
}

/** Groups finished games by condition and tests the success rate and every survey question across conditions. */
export function analyseHumanStudy(records: readonly HumanRecord[], options: StudyOptions = {}): StudyReport {
  const level = options.level;
  const onLevel = level === undefined ? records : records.filter((r) => r.settings.level === level);
  const finished = onLevel.filter((r) => r.finishedAt !== null);
  const byCondition = new Map<string, HumanRecord[]>();
  // Alone first, then the conditions in name order, so tables read the same whatever order the files came in.
  for (const rec of [...finished].sort((a, b) => conditionOrder(conditionOf(a), conditionOf(b)))) {
    const key = conditionOf(rec);
    const list = byCondition.get(key);
    if (list) list.push(rec);
    else byCondition.set(key, [rec]);
  }
  const conditions: StudyCondition[] = [...byCondition].map(([name, recs]) => ({
    name,
    games: recs.length,
    surveyed: recs.filter((r) => r.survey !== null).length,
    successRate: bootstrapMean(recs.map((r) => r.score.successRate), { seed: `human-study ${name}` }),
  }));
  const measure = (id: string, label: string, value: (r: HumanRecord) => number | undefined): StudyMeasure => {
    const groups: Group[] = [...byCondition].map(([name, recs]) => ({ name, values: recs.map(value).filter((v): v is number => typeof v === 'number') }));
    const anova = oneWayAnova(groups);
    return { id, label, anova, pairs: 'notComputed' in anova ? [] : tukeyHsd(anova) };
  };
  const measures = [
    measure('successRate', 'team success rate', (r) => r.score.successRate),
    ...SURVEY_QUESTIONS.map((q) => measure(q.id, `survey ${q.id} ("${q.text}")`, (r) => surveyNumber(r, q.id))),
  ];
  return {
    levels: [...new Set(finished.map((r) => r.settings.level))].sort(),
    conditions,
    measures,
    excluded: { unfinished: onLevel.length - finished.length, otherLevel: records.length - onLevel.length },
    paper: MINDAGENT_STUDY_FINDINGS,
  };
}

function surveyNumber(rec: HumanRecord, id: string): number | undefined {
  const v = rec.survey?.[id];
  return typeof v === 'number' ? v : undefined;
}

function conditionOrder(a: string, b: string): number {
  if (a === b) return 0;
  if (a === 'alone') return -1;
  if (b === 'alone') return 1;
  return a < b ? -1 : 1;
}

const pText = (p: number): string => (p < 0.001 ? 'p < 0.001' : `p = ${p.toPrecision(3)}`);
const fixed = (x: number, d = 3): string => (Number.isFinite(x) ? x.toFixed(d) : String(x));

/** The report as the lines the CLI prints. */
export function formatHumanStudy(report: StudyReport, source: string): string {
  const lines: string[] = [];
  const games = report.conditions.reduce((s, c) => s + c.games, 0);
  lines.push(`human-play study: ${games} finished games from ${source} (levels: ${report.levels.join(', ') || 'none'})`);
  const { unfinished, otherLevel } = report.excluded;
  if (unfinished + otherLevel > 0) lines.push(`left out: ${unfinished} unfinished, ${otherLevel} on other levels`);
  lines.push('');
  lines.push('condition                          games  surveyed  success rate [95% CI]');
  for (const c of report.conditions) {
    const sr = c.successRate ? `${fixed(c.successRate.estimate)} [${fixed(c.successRate.low)}, ${fixed(c.successRate.high)}]` : '-';
    lines.push(`${c.name.padEnd(34)} ${String(c.games).padStart(5)}  ${String(c.surveyed).padStart(8)}  ${sr}`);
  }
  for (const m of report.measures) {
    lines.push('');
    if ('notComputed' in m.anova) {
      lines.push(`${m.label}: ANOVA not computed (${m.anova.notComputed})`);
      continue;
    }
    const a = m.anova;
    lines.push(`${m.label}: F(${a.df1}, ${a.df2}) = ${fixed(a.f, 2)}, ${pText(a.p)}`);
    lines.push(`  means: ${a.groups.map((g) => `${g.name} ${fixed(g.mean, 2)} (sd ${fixed(g.sd, 2)}, n ${g.n})`).join('; ')}`);
    for (const p of m.pairs) lines.push(`  Tukey HSD ${p.a} vs ${p.b}: difference ${fixed(p.diff, 3)}, ${pText(p.p)}`);
  }
  lines.push('');
  lines.push('MindAgent reports (level_8, 12 participants, 60 games):');
  for (const f of report.paper) lines.push(`  ${f}`);
  return lines.join('\n');
}
