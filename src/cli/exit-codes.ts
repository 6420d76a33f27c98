/**
 * The one place that turns whatever ended a command into an exit code and a message. The README
 * promises: bad input prints what is wrong and what to do, and exits with code 2; anything else that
 * fails exits 1 with who is at fault. Commander's own parse errors (unknown option, missing argument,
 * unknown command) are bad input too, although commander itself would exit 1.
 */
import { CommanderError } from 'commander';
import { GuildcraftError } from '../core/errors.js';

export const EXIT_OK = 0;
export const EXIT_FAILURE = 1;
export const EXIT_BAD_INPUT = 2;

/** Commander codes that mean "not an error": help or version was asked for. */
const COMMANDER_INFO = new Set(['commander.helpDisplayed', 'commander.help', 'commander.version']);

/** File-system error codes that, at the CLI boundary, come from a path the user gave. */
const PATH_CODES = new Set(['ENOENT', 'ENOTDIR', 'EEXIST', 'EISDIR', 'EACCES', 'EPERM', 'EROFS', 'ENAMETOOLONG']);

/** Name-resolution and connection errors: a host or port the user gave cannot be reached. */
const HOST_CODES = new Set(['ENOTFOUND', 'EAI_AGAIN', 'ECONNREFUSED', 'EHOSTUNREACH', 'ENETUNREACH']);

export interface CliExit {
  code: number;
  /** What to print on stderr; empty when commander has printed it already. */
  message: string;
}

interface SystemError extends Error {
  code?: string;
  path?: string;
  hostname?: string;
  address?: string;
  port?: number;
}

/** Maps an error thrown out of a command to its exit code and message. */
export function exitFor(err: unknown): CliExit {
  if (err instanceof CommanderError) {
    // Commander has already written its message (and usage) to stderr.
    return COMMANDER_INFO.has(err.code) ? { code: err.exitCode, message: '' } : { code: EXIT_BAD_INPUT, message: '' };
  }
  if (err instanceof GuildcraftError) {
    return { code: err.fault === 'user' ? EXIT_BAD_INPUT : EXIT_FAILURE, message: `guildcraft: ${err.message}` };
  }
  const e = err as SystemError;
  if (e && typeof e.code === 'string' && PATH_CODES.has(e.code) && e.path) {
    return {
      code: EXIT_BAD_INPUT,
      message: `guildcraft: cannot use ${e.path} (${e.code}: ${describePathCode(e.code)}) — pass a path you can read and write, e.g. a folder under your working directory for --out`,
    };
  }
  if (e && typeof e.code === 'string' && HOST_CODES.has(e.code)) {
    const where = e.hostname ?? (e.address !== undefined ? `${e.address}${e.port !== undefined ? `:${e.port}` : ''}` : 'the server');
    return { code: EXIT_BAD_INPUT, message: `guildcraft: cannot reach ${where} (${e.code}) — check --host/--port (or the model's base URL) and that the server is running` };
  }
  const detail = err instanceof Error ? (err.stack ?? err.message) : String(err);
  return { code: EXIT_FAILURE, message: `guildcraft: internal error: ${detail}\nThis is a bug in guildcraft; please report it with the command you ran.` };
}

function describePathCode(code: string): string {
  switch (code) {
    case 'ENOENT': return 'no such file or folder';
    case 'ENOTDIR': return 'a part of the path is a file, not a folder';
    case 'EEXIST': return 'it exists already';
    case 'EISDIR': return 'it is a folder, a file was expected';
    case 'EACCES': case 'EPERM': return 'permission denied';
    case 'EROFS': return 'read-only file system';
    default: return 'the path is too long';
  }
}
