/**
 * What the distributed-sweep tests need: a throwaway Redis (bench/redis-server.ts) and the real CLI, the
 * built `guildcraft`, as processes.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync } from 'node:fs';
import { join } from 'node:path';

export { RedisFixture, REDIS_BINARY } from '../../bench/redis-server.js';

export const ROOT = join(import.meta.dirname, '..', '..');
export const CLI = join(ROOT, 'dist', 'src', 'cli', 'main.js');

/** The tests start workers and coordinators as processes, from the build: it must have the worker command. */
export function builtCliMissing(): string | null {
  return existsSync(join(ROOT, 'dist', 'src', 'cli', 'commands', 'worker.js')) ? null : `${CLI} has no worker command; run \`npm run build\` first`;
}

/** A `guildcraft …` process with its output collected. */
export interface CliProcess {
  child: ChildProcess;
  stdout: () => string;
  stderr: () => string;
  exited: Promise<number | null>;
}

export function guildcraft(args: string[], env: Record<string, string> = {}): CliProcess {
  const child = spawn(process.execPath, [CLI, ...args], { cwd: ROOT, env: { ...process.env, ...env }, stdio: ['ignore', 'pipe', 'pipe'] });
  let out = '';
  let err = '';
  child.stdout!.on('data', (d: Buffer) => (out += d.toString()));
  child.stderr!.on('data', (d: Buffer) => (err += d.toString()));
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  return { child, stdout: () => out, stderr: () => err, exited };
}
