/**
 * Oracle (or any non-LLM team) over a TickingCollab suite: per task type, the success rate, mean
 * score and wall time per episode. `--per-type N` takes the first N files of each type (the full
 * generated suite takes hours on a loaded 2-core machine); `--agents heuristic` measures another team.
 * Prints a table, or one JSON line with --json:
 * {"suite","agents","seed","episodes","types":{"<type>":{"episodes","success","successRate","meanScore","meanWallSeconds"}}}
 */
import { basename } from 'node:path';
import { parseArgs } from 'node:util';
import { runEpisodeJob } from '../src/runner/episode-job.js';
import { suiteFiles } from '../src/tasks/task-files.js';

interface TypeFigures {
  episodes: number;
  success: number;
  successRate: number;
  meanScore: number;
  meanWallSeconds: number;
}

export async function run(argv: string[]): Promise<void> {
  const { values } = parseArgs({
    args: argv,
    options: {
      suite: { type: 'string', default: 'tickingcollab/generated' },
      agents: { type: 'string', default: 'oracle' },
      seed: { type: 'string', default: '1' },
      'per-type': { type: 'string', default: '1000' },
      json: { type: 'boolean', default: false },
    },
  });
  const perType = Number(values['per-type']);
  const byType = new Map<string, string[]>();
  for (const f of suiteFiles(values.suite!)) {
    const kind = basename(f).replace(/-\d+\.ya?ml$/, '').replace(/-v\d+\.ya?ml$/, '');
    const list = byType.get(kind) ?? [];
    if (list.length < perType) list.push(f);
    byType.set(kind, list);
  }
  const figures: Record<string, TypeFigures & { score: number; wall: number }> = {};
  let episodes = 0;
  for (const files of byType.values()) {
    for (const file of files) {
      const r = await runEpisodeJob({ file, seed: values.seed!, agents: values.agents! });
      const f = (figures[r.taskType] ??= { episodes: 0, success: 0, successRate: 0, meanScore: 0, meanWallSeconds: 0, score: 0, wall: 0 });
      f.episodes++;
      f.success += r.success ? 1 : 0;
      f.score += r.score;
      f.wall += r.wallSeconds;
      episodes++;
      if (!values.json) console.error(`${basename(file)}: ${r.ended} score ${r.score.toFixed(2)} in ${r.wallSeconds}s`);
    }
  }
  const types: Record<string, TypeFigures> = {};
  for (const [t, f] of Object.entries(figures)) {
    types[t] = { episodes: f.episodes, success: f.success, successRate: round(f.success / f.episodes), meanScore: round(f.score / f.episodes), meanWallSeconds: round(f.wall / f.episodes) };
  }
  const out = { suite: values.suite, agents: values.agents, seed: values.seed, episodes, types };
  if (values.json) console.log(JSON.stringify(out));
  else for (const [t, f] of Object.entries(types)) console.log(`${t.padEnd(24)} ${f.success}/${f.episodes} success (${(f.successRate * 100).toFixed(0)}%), mean score ${f.meanScore}, ${f.meanWallSeconds}s per episode`);
}

const round = (x: number): number => Math.round(x * 1000) / 1000;
