/** Turns an error thrown inside the sandbox into one line an agent can act on. */

export interface SandboxErrorInfo {
  name: string;
  message: string;
  stack: string;
}

/** `TypeError: x is not a function (line 3)` — the line is the first frame in the agent's file. */
export function describeSandboxError(info: SandboxErrorInfo, filename: string): string {
  const head = info.name ? `${info.name}: ${info.message}` : info.message;
  const line = lineOf(info.stack, filename);
  return line === null ? head : `${head} (line ${line})`;
}

function lineOf(stack: string, filename: string): number | null {
  const at = stack.indexOf(`${filename}:`);
  if (at < 0) return null;
  const match = /^:(\d+)/.exec(stack.slice(at + filename.length));
  return match ? Number(match[1]) : null;
}

export function isOutOfMemory(info: SandboxErrorInfo): boolean {
  return info.name === 'InternalError' && info.message === 'out of memory';
}
