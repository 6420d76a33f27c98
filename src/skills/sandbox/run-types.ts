/** The public shapes of a sandbox run: options, outcome and handle. */
import type { SandboxLimits } from './limits.js';

/**
 * A host function exposed to sandbox code as a global. Arguments arrive as JSON-compatible copies;
 * the result (or the value a returned promise resolves to) crosses back as a JSON copy. A throw or
 * rejection becomes an `Error` with the same message inside the sandbox.
 */
export type HostFunction = (...args: unknown[]) => unknown;

export interface RunCodeOptions extends Partial<SandboxLimits> {
  /** Globals exposed to the code, e.g. skills: `{ mineBlocks, craft, say }`. */
  functions?: Record<string, HostFunction>;
  /** Cancels the run when aborted (same as `cancel()`). */
  signal?: AbortSignal;
  /** Seed of the sandbox's `Math.random` (default 0), so a replay draws the same numbers. */
  seed?: number;
  /** Value of `Date.now()` inside the sandbox, e.g. derived from the world tick (default: always 0). */
  clock?: () => number;
  /** File name used in error locations (default `agent.js`). */
  filename?: string;
}

export type RunFailureReason = 'timeout' | 'memory' | 'cancelled' | 'error' | 'output_limit';

export interface RunSuccess {
  ok: true;
  /** What the code returned (top-level `return`), as a JSON copy; `undefined` if nothing. */
  value: unknown;
  logs: string[];
  /** CPU milliseconds spent inside QuickJS. */
  cpuMs: number;
}

export interface RunFailure {
  ok: false;
  reason: RunFailureReason;
  /** A sentence for the agent: the error with its line, or which limit was hit and what to do. */
  details: string;
  /** Output printed before the failure (up to the output cap). */
  logs: string[];
  cpuMs: number;
}

export type RunOutcome = RunSuccess | RunFailure;

export interface CodeRun {
  /** Settles exactly once; never rejects. */
  readonly result: Promise<RunOutcome>;
  /** Stops the run; it ends with reason `cancelled` unless it already finished. */
  cancel(details?: string): void;
}
