#!/usr/bin/env node
/** The `guildcraft` executable: runs the program and exits with the code it maps (exit-codes.ts). */
import { stopWhenLauncherDies } from './launcher-watch.js';
import { runCli } from './program.js';

stopWhenLauncherDies();
process.exitCode = await runCli(process.argv);
