import type { Command } from 'commander';
import { parsePositiveInt } from '../parse.js';
import { runWorldDemo } from '../demo/world-demo.js';

export function registerDemo(program: Command): void {
  program
    .command('demo')
    .description('run a short embedded-world demo: agents wander, dig and pick up in a seeded world; prints what happened')
    .option('--seed <seed>', 'world seed', '42')
    .option('--agents <n>', 'number of agents', '4')
    .option('--seconds <s>', 'simulated seconds to run', '60')
    .option('--terrain <type>', 'flat or natural', 'natural')
    .action((opts: { seed: string; agents: string; seconds: string; terrain: string }) => {
      const summary = runWorldDemo({
        seed: opts.seed,
        agents: parsePositiveInt(opts.agents, '--agents'),
        seconds: parsePositiveInt(opts.seconds, '--seconds'),
        terrain: opts.terrain,
      });
      console.log(summary);
    });
}
