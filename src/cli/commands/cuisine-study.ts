/**
 * `guildcraft cuisine study`: MindAgent's user-study analysis (one-way ANOVA and Tukey HSD across conditions) over the
 * games people played on `guildcraft serve`'s page, read from the records it stored.
 */
import type { Command } from 'commander';
import { resolve } from 'node:path';
import { InputError } from '../../core/errors.js';
import { LEVEL_NAMES, levelKey } from '../../env/cuisine/index.js';
import { analyseHumanStudy, formatHumanStudy, loadHumanRecords } from '../../server/cuisine/human-study.js';

export interface StudyFlags {
  runs: string;
  level?: string;
  json?: boolean;
}

export function registerCuisineStudy(cuisine: Command): void {
  cuisine
    .command('study')
    .description("MindAgent's user-study analysis over stored human-play games: success rate and survey answers per condition, one-way ANOVA and Tukey HSD")
    .option('--runs <dir>', 'the folder guildcraft serve stored its records in (its --runs)', 'runs')
    .option('--level <n>', "only games on this level (0..12 or level_N; MindAgent's study used 8)")
    .option('--json', 'print the analysis as JSON')
    .action(async (flags: StudyFlags) => console.log(await cuisineStudy(flags)));
}

export async function cuisineStudy(flags: StudyFlags): Promise<string> {
  const level = flags.level === undefined ? undefined : levelKey(flags.level);
  if (level !== undefined && !LEVEL_NAMES.includes(level)) throw new InputError(`--level must be 0..12 or level_N, got '${flags.level}'`, 'pass for example --level 8');
  const dir = resolve(flags.runs);
  const { records, skipped } = await loadHumanRecords(dir);
  if (records.length === 0) {
    throw new InputError(`no human-play records in ${dir}/human${skipped.length > 0 ? ` (${skipped.length} files in other formats)` : ''}`, 'play some games at guildcraft serve first, or point --runs at its folder');
  }
  const report = analyseHumanStudy(records, level !== undefined ? { level } : {});
  if (flags.json) return JSON.stringify({ ...report, skipped }, null, 2);
  const notes = skipped.map((s) => `skipped ${s.file}: ${s.why}`);
  return [formatHumanStudy(report, `${dir}/human`), ...notes].join('\n');
}
