/**
 * One error base class for guildcraft. Every error says who is at fault and what to do,
 * so a user reading a failed benchmark knows whether to fix their input, their model, or report a bug.
 */
export type Fault =
  /** The caller's input is wrong (a bad task file, an unknown block name, a bad flag). */
  | 'user'
  /** The model answered something unusable (malformed JSON, an impossible action). */
  | 'model'
  /** Something outside guildcraft failed (network, a Minecraft server, the file system). */
  | 'environment'
  /** A bug in guildcraft itself. */
  | 'internal';

export class GuildcraftError extends Error {
  readonly fault: Fault;
  /** What the reader should do about it. */
  readonly hint: string;

  constructor(fault: Fault, message: string, hint: string, options?: { cause?: unknown }) {
    super(`${message} — ${hint}`, options);
    this.name = 'GuildcraftError';
    this.fault = fault;
    this.hint = hint;
  }
}

/** Bad input from the user or a task file. */
export class InputError extends GuildcraftError {
  constructor(message: string, hint: string, options?: { cause?: unknown }) {
    super('user', message, hint, options);
    this.name = 'InputError';
  }
}

/** An invariant inside guildcraft broke: always a bug to report. */
export class InternalError extends GuildcraftError {
  constructor(message: string, options?: { cause?: unknown }) {
    super('internal', message, 'this is a bug in guildcraft; please report it with the seed and task', options);
    this.name = 'InternalError';
  }
}
