/**
 * CuisineWorld speed: (1) raw engine steps per second, replaying the command lists the heuristic dispatcher produced on every
 * level (so the steps are realistic: gets, puts, activates, serves, failures), and (2) wall time of the full heuristic
 * CoS sweep through the runner (env, dispatcher team, records): 13 levels x 3 team sizes x 5 alphas x 3 episodes.
 * Targets: >= 100,000 steps/s and < 10 s. Prints one JSON line with --json.
 */
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
    options: { seconds: { type: 'string', default: '3' }, json: { type: 'boolean', default: false } },
  });
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
