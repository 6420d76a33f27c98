/**
 * `guildcraft serve`: the human-play web server (CuisineWorld in the browser). Binds to 127.0.0.1 unless told otherwise;
 * another interface needs --token. Runs until interrupted. With `--model` the page also offers LLM teammates: MindAgent's
 * LLM dispatcher (its prompts, MindAgent's sampling) commanding the AI cooks beside the person.
 */
import type { Command } from 'commander';
import { InputError } from '../../core/errors.js';
import { checkListenAccess } from '../../server/access.js';
import { startServer, type RunningServer } from '../../server/app.js';
import type { LlmTeammates } from '../../server/cuisine/human-game.js';
import { llmSession, type LlmIo } from './cuisine.js';

export interface ServeFlags {
  port: string;
  host: string;
  runs: string;
  token?: string;
  model?: string;
  llmCache?: string;
  llmCacheDir?: string;
}

export function registerServe(program: Command): void {
  program
    .command('serve')
    .description('serve the CuisineWorld human-play page and its JSON API (records go to <runs>/human/)')
    .option('--port <n>', 'port to listen on (0 picks a free one)', '8080')
    .option('--host <addr>', 'interface to bind; anything but loopback needs --token', '127.0.0.1')
    .option('--runs <dir>', 'directory for run records', 'runs')
    .option('--token <secret>', 'access token every API request must carry (also read from GUILDCRAFT_SERVE_TOKEN)')
    .option('--model <provider-string>', 'offer LLM teammates driven by this model, e.g. openai:gpt-4o or openai-compatible:http://127.0.0.1:11434/v1#qwen2.5')
    .option('--llm-cache <mode>', 'with --model: record, replay or off (default: GUILDCRAFT_LLM_CACHE or the config file)')
    .option('--llm-cache-dir <dir>', 'with --model: cache directory (default: GUILDCRAFT_LLM_CACHE_DIR or runs/llm-cache)')
    .action(async (flags: ServeFlags) => {
      const server = await serve(flags);
      const link = serveToken(flags) === undefined ? `${server.url}/cuisine` : `${server.url}/cuisine?token=<your token>`;
      const teammates = flags.model !== undefined ? `; LLM teammates: ${flags.model}` : '';
      console.log(`guildcraft serve: play CuisineWorld at ${link} (records in ${flags.runs}/human/${teammates}); Ctrl-C stops`);
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
export async function serve(flags: ServeFlags, io: LlmIo = {}): Promise<RunningServer> {
  const port = parsePort(flags.port);
  const token = serveToken(flags);
  checkListenAccess(flags.host, token);
  const llmTeammates = teammatesFor(flags, io);
  try {
    return await startServer({ host: flags.host, port, runsDir: flags.runs, ...(token !== undefined ? { token } : {}), ...(llmTeammates ? { llmTeammates } : {}) });
  } catch (err) {
    const code = (err as { code?: string }).code;
    if (code === 'EADDRINUSE') throw new InputError(`port ${port} on ${flags.host} is already in use`, 'pick another with --port, or --port 0 for any free one');
    if (code === 'EADDRNOTAVAIL') throw new InputError(`${flags.host} is not an address of this machine`, 'use 127.0.0.1, or an address this machine has');
    throw err;
  }
}

/**
 * The LLM teammates `--model` asks for, or none. Each game gets its own LLM run (its own circuit breaker and ledger, the
 * shared on-disk cache): one person's failing game must not stop everyone's teammates, and a long-running server keeps
 * nothing of a game once it is gone. The first session is built here so a missing key or model fails at start-up.
 */
function teammatesFor(flags: ServeFlags, io: LlmIo): LlmTeammates | undefined {
  if (flags.model === undefined) {
    const stray = [flags.llmCache !== undefined && '--llm-cache', flags.llmCacheDir !== undefined && '--llm-cache-dir'].filter((f): f is string => typeof f === 'string');
    if (stray.length > 0) throw new InputError(`${stray.join(' and ')} only apply with --model`, 'add --model <provider:model> or leave them out');
    return undefined;
  }
  const llmFlags = { model: flags.model, ...(flags.llmCache !== undefined ? { llmCache: flags.llmCache } : {}), ...(flags.llmCacheDir !== undefined ? { llmCacheDir: flags.llmCacheDir } : {}) };
  const model = llmSession(llmFlags, io).model.id;
  return { model, dispatcher: (gameId) => llmSession(llmFlags, io).dispatcher(`human game ${gameId}`) };
}
