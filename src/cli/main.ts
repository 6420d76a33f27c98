#!/usr/bin/env node
/** The `guildcraft` executable: runs the program and exits with the code it maps (exit-codes.ts). */
import { runCli } from './program.js';

process.exitCode = await runCli(process.argv);
