import type { Command } from 'commander';
import { parsePositiveInt } from '../parse.js';
import { runWorldDemo } from '../demo/world-demo.js';
import { runTeamDemo } from '../demo/team-demo.js';

interface DemoFlags {
  seed: string;
  agents: string;
  seconds: string;
  terrain: string;
  world?: boolean;
  logs: string;
  model?: string;
}

export function registerDemo(program: Command): void {
  program
    .command('demo')
    .description('a leader and two workers (S-Agents tree) collect logs together, offline; --world shows the bare world instead')
    .option('--seed <seed>', 'seed', '42')
    .option('--logs <n>', 'logs the team must collect', '8')
    .option('--model <provider-string>', 'drive the agents with a language model instead of the scripted policy')
    .option('--world', 'instead: agents wander, dig and pick up in a seeded natural world; prints what happened')
    .option('--agents <n>', '--world: number of agents', '4')
    .option('--seconds <s>', '--world: simulated seconds to run', '60')
    .option('--terrain <type>', '--world: flat or natural', 'natural')
    .action(async (opts: DemoFlags) => {
      if (opts.world) {
        console.log(runWorldDemo({ seed: opts.seed, agents: parsePositiveInt(opts.agents, '--agents'), seconds: parsePositiveInt(opts.seconds, '--seconds'), terrain: opts.terrain }));
        return;
      }
      console.log(await runTeamDemo({ seed: opts.seed, target: parsePositiveInt(opts.logs, '--logs'), workers: 2, ...(opts.model ? { model: opts.model } : {}) }));
    });
}
