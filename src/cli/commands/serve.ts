/**
 * `guildcraft serve`: the human-play web server (CuisineWorld in the browser). Binds to 127.0.0.1 unless told otherwise;
 * another interface needs --token. Runs until interrupted.
 */
import type { Command } from 'commander';
import { InputError } from '../../core/errors.js';
import { checkListenAccess } from '../../server/access.js';
import { startServer, type RunningServer } from '../../server/app.js';

export interface ServeFlags {
  port: string;
  host: string;
  runs: string;
  token?: string;
}

export function registerServe(program: Command): void {
  program
    .command('serve')
    .description('serve the CuisineWorld human-play page and its JSON API (records go to <runs>/human/)')
    .option('--port <n>', 'port to listen on (0 picks a free one)', '8080')
    .option('--host <addr>', 'interface to bind; anything but loopback needs --token', '127.0.0.1')
    .option('--runs <dir>', 'directory for run records', 'runs')
    .option('--token <secret>', 'access token every API request must carry (also read from GUILDCRAFT_SERVE_TOKEN)')
    .action(async (flags: ServeFlags) => {
      const server = await serve(flags);
      const link = serveToken(flags) === undefined ? `${server.url}/cuisine` : `${server.url}/cuisine?token=<your token>`;
      console.log(`guildcraft serve: play CuisineWorld at ${link} (records in ${flags.runs}/human/); Ctrl-C stops`);
      const stop = () => {
        void server.close().then(() => process.exit(0));
      };
      process.once('SIGINT', stop);
      process.once('SIGTERM', stop);
    });
}

export function parsePort(value: string): number {
  const n = Number(value);
  if (!/^\d+$/.test(value) || n > 65535) throw new InputError(`--port must be 0..65535, got '${value}'`, 'pass for example --port 8080');
  return n;
}

/** --token, else GUILDCRAFT_SERVE_TOKEN (which keeps the secret out of the process list). */
function serveToken(flags: ServeFlags): string | undefined {
  return flags.token ?? (process.env.GUILDCRAFT_SERVE_TOKEN || undefined);
}

/** Checks the flags and starts listening. */
export async function serve(flags: ServeFlags): Promise<RunningServer> {
  const port = parsePort(flags.port);
  const token = serveToken(flags);
  checkListenAccess(flags.host, token);
  try {
    return await startServer({ host: flags.host, port, runsDir: flags.runs, ...(token !== undefined ? { token } : {}) });
  } catch (err) {
    const code = (err as { code?: string }).code;
    if (code === 'EADDRINUSE') throw new InputError(`port ${port} on ${flags.host} is already in use`, 'pick another with --port, or --port 0 for any free one');
    if (code === 'EADDRNOTAVAIL') throw new InputError(`${flags.host} is not an address of this machine`, 'use 127.0.0.1, or an address this machine has');
    throw err;
  }
}
