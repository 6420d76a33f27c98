/**
 * CuisineWorld speed: (1) raw engine steps per second, replaying the command lists the heuristic dispatcher produced on every
 * level (so the steps are realistic: gets, puts, activates, serves, failures), and (2) wall time of the full heuristic
 * CoS sweep through the runner (env, dispatcher team, records): 13 levels x 3 team sizes x 5 alphas x 3 episodes.
 * Targets: >= 100,000 steps/s and < 10 s. Prints one JSON line with --json.
 *
 * `--builds OLD,NEW` (copies of `dist/` inside the project, e.g. `cp -r dist dist-old` before a change) instead runs
 * the sweep of both builds in one process, alternating, and prints each one's median CPU seconds and NEW/OLD: on a
 * shared machine a single run moves by more than most changes, and CPU time in alternating rounds is what stays
 * comparable. Both builds must score the same mean CoS, or they did not play the same games and the ratio says nothing.
 * Builds from before the one-runner change (the sweep in `src/env/cuisine/cos.js`) load too.
 */
import { existsSync } from 'node:fs';
import { resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { parseArgs } from 'node:util';
import { HeuristicDispatcher } from '../src/agents/cuisine-dispatcher/index.js';
import { CuisineGame, LEVEL_NAMES } from '../src/env/cuisine/index.js';
import { sweepCos } from '../src/runner/cuisine-cos.js';
import { runCuisineEpisode } from '../src/runner/cuisine-episode.js';

interface Recorded {
  game: CuisineGame;
  steps: string[][];
}

async function record(): Promise<Recorded[]> {
  const out: Recorded[] = [];
  for (const level of LEVEL_NAMES) {
    for (const agents of [2, 3, 4]) {
      const game = new CuisineGame({ level, agents, alpha: 1.5, seed: 0 });
      const steps: string[][] = [];
      await runCuisineEpisode({ level, agents, alpha: 1.5, seed: 0, dispatcher: new HeuristicDispatcher(), onStep: (_g, s) => steps.push([...s.commands]) });
      out.push({ game, steps });
    }
  }
  return out;
}

export async function run(argv: string[]): Promise<void> {
  const { values } = parseArgs({
    args: argv,
    options: { seconds: { type: 'string', default: '3' }, json: { type: 'boolean', default: false }, builds: { type: 'string' }, rounds: { type: 'string', default: '12' } },
  });
  if (values.builds !== undefined) return compareBuilds(values.builds, Number(values.rounds));
  const recorded = await record();
  const budgetNs = BigInt(Math.round(Number(values.seconds) * 1e9));
  let steps = 0;
  const start = process.hrtime.bigint();
  while (process.hrtime.bigint() - start < budgetNs) {
    for (const r of recorded) {
      r.game.reset(0);
      for (const cmds of r.steps) r.game.step(cmds);
      steps += r.steps.length;
    }
  }
  const engineS = Number(process.hrtime.bigint() - start) / 1e9;
  const sweepStart = process.hrtime.bigint();
  const results = await sweepCos({ dispatcher: () => new HeuristicDispatcher() });
  const sweepS = Number(process.hrtime.bigint() - sweepStart) / 1e9;
  const meanCos = results.reduce((s, r) => s + r.cos, 0) / results.length;
  const out = {
    engineStepsPerSecond: Math.round(steps / engineS),
    sweepSeconds: Math.round(sweepS * 1000) / 1000,
    sweepEpisodes: results.length * 5 * 3,
    sweepStepsPerSecond: Math.round((results.length * 5 * 3 * 60) / sweepS),
    heuristicMeanCos: Math.round(meanCos * 1000) / 1000,
    rssMB: Math.round(process.memoryUsage().rss / 1e6),
  };
  if (values.json) console.log(JSON.stringify(out));
  else {
    console.log(`engine: ${out.engineStepsPerSecond.toLocaleString()} steps/s (target >= 100,000)`);
    console.log(`heuristic sweep: ${out.sweepEpisodes} episodes in ${out.sweepSeconds} s (target < 10 s), mean CoS ${out.heuristicMeanCos}`);
  }
}

type Sweep = () => Promise<Array<{ cos: number }>>;

/** One build's heuristic sweep, from where that build keeps it. */
async function loadSweep(dir: string): Promise<Sweep> {
  const root = resolve(dir);
  const at = (...rels: string[]): string => {
    const rel = rels.find((r) => existsSync(resolve(root, r)));
    if (rel === undefined) throw new Error(`${dir} has none of ${rels.join(', ')}: pass copies of dist/ (npm run build) inside the project`);
    return pathToFileURL(resolve(root, rel)).href;
  };
  const cos = (await import(at('src/runner/cuisine-cos.js', 'src/env/cuisine/cos.js'))) as { sweepCos: typeof sweepCos };
  const d = (await import(at('src/agents/cuisine-dispatcher/index.js', 'src/env/cuisine/index.js'))) as { HeuristicDispatcher: typeof HeuristicDispatcher };
  return () => cos.sweepCos({ dispatcher: () => new d.HeuristicDispatcher() });
}

async function compareBuilds(list: string, rounds: number): Promise<void> {
  const dirs = list.split(',');
  if (dirs.length !== 2 || !(rounds >= 3)) throw new Error('use --builds OLD,NEW (two copies of dist/) and --rounds of at least 3');
  const sweeps = await Promise.all(dirs.map(loadSweep));
  const cpu: number[][] = [[], []];
  const cos: number[] = [];
  for (let r = 0; r < rounds + 2; r++) {
    for (const i of r % 2 ? [0, 1] : [1, 0]) {
      const c0 = process.cpuUsage();
      const results = await sweeps[i]!();
      const c = process.cpuUsage(c0);
      cos[i] = results.reduce((s, x) => s + x.cos, 0) / results.length;
      if (r >= 2) cpu[i]!.push((c.user + c.system) / 1e6); // the first two rounds warm both builds up
    }
  }
  const med = (a: number[]): number => [...a].sort((x, y) => x - y)[a.length >> 1]!;
  const [oldS, newS] = [med(cpu[0]!), med(cpu[1]!)];
  const out = { builds: dirs, rounds, sweepCpuSeconds: [round3(oldS), round3(newS)], newOverOld: round3(newS / oldS), meanCos: cos.map(round3), sameGames: cos[0] === cos[1] };
  console.log(JSON.stringify(out));
  if (!out.sameGames) console.error(`the builds scored different mean CoS (${out.meanCos.join(' vs ')}): they did not play the same games, so the ratio compares different work`);
}

function round3(x: number): number {
  return Math.round(x * 1000) / 1000;
}
