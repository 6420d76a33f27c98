#!/usr/bin/env node
/**
 * The `guildcraft` command. Each subcommand lives in its own file under commands/ and registers
 * itself on the program; this file only wires them together and turns errors into clear exits.
 */
import { Command } from 'commander';
import { GuildcraftError } from '../core/errors.js';
import { registerDemo } from './commands/demo.js';
import { registerCuisine } from './commands/cuisine.js';
import { registerGenerate } from './commands/generate.js';
import { registerValidate } from './commands/validate.js';
import { registerServe } from './commands/serve.js';
import { registerRun } from './commands/run.js';
import { registerBench } from './commands/bench.js';
import { registerReplay } from './commands/replay.js';
import { registerAgents } from './commands/agents.js';
import { registerCompareOrgs } from './commands/compare-orgs.js';
import { packageVersion } from './package-info.js';

export function buildProgram(): Command {
  const program = new Command('guildcraft')
    .description('LLM-driven multi-agent collaboration in Minecraft: run, measure and replay agent teams.')
    .version(packageVersion(), '-v, --version')
    .showHelpAfterError();
  registerDemo(program);
  registerCuisine(program);
  registerGenerate(program);
  registerValidate(program);
  registerServe(program);
  registerRun(program);
  registerBench(program);
  registerReplay(program);
  registerAgents(program);
  registerCompareOrgs(program);
  return program;
}

async function main(): Promise<void> {
  try {
    await buildProgram().parseAsync(process.argv);
  } catch (err) {
    if (err instanceof GuildcraftError) {
      console.error(`guildcraft: ${err.message}`);
      process.exitCode = err.fault === 'user' ? 2 : 1;
      return;
    }
    throw err;
  }
}

await main();
