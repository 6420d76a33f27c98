/**
 * The resource limits of one sandbox run, their defaults, and validation of caller-given values.
 * Defaults suit LLM "code as action" programs: they orchestrate skills (mostly waiting) and do
 * little computation, so a small CPU budget keeps one runaway agent from stalling the world loop.
 */
import { InputError } from '../../core/errors.js';

export interface SandboxLimits {
  /** CPU time the code may spend executing inside QuickJS; time waiting for skills does not count. */
  cpuTimeMs: number;
  /** Heap bytes the run may use (measured with QuickJS's own accounting, see docs/sandbox.md). */
  memoryBytes: number;
  /** Bytes of console output (UTF-8, one newline per line) plus the JSON of the returned value. */
  maxOutputBytes: number;
  /** QuickJS stack bytes; deep recursion fails with a RangeError-like stack overflow. */
  maxStackBytes: number;
  /**
   * Bytes of JSON one host-function call may carry out of the sandbox (all its arguments). Arguments
   * reach skills, their failure messages and the episode log, so they are output too.
   */
  maxCallBytes: number;
}

/**
 * Bytes of error text a run reports (`details`). An error message is data the code chose (a 4 MiB
 * message once became 8.4 MB prompts sent 60 times); the head says what went wrong.
 */
export const MAX_DETAILS_BYTES = 2048;

export const DEFAULT_SANDBOX_LIMITS: Readonly<SandboxLimits> = Object.freeze({
  cpuTimeMs: 200,
  memoryBytes: 32 * 1024 * 1024,
  maxOutputBytes: 64 * 1024,
  maxStackBytes: 192 * 1024,
  maxCallBytes: 64 * 1024,
});

/**
 * QuickJS runs on the host's native stack (WebAssembly frames), which its own stack limit does not
 * measure. Measured with quickjs-emscripten 0.32 release-sync on Node 24 under vitest: at a 320 KiB
 * QuickJS limit some recursions (toString, generators) overflow V8's stack first, which breaks the
 * shared module. The 192 KiB default and 256 KiB cap leave a margin (~1,100 JS frames by default).
 */
export const MAX_STACK_BYTES = 256 * 1024;
/** One run may not claim more than this; the WebAssembly heap of all runs is at most 2 GiB. */
export const MAX_MEMORY_BYTES = 512 * 1024 * 1024;

export function resolveLimits(given: Partial<SandboxLimits>): SandboxLimits {
  const limits: SandboxLimits = {
    cpuTimeMs: given.cpuTimeMs ?? DEFAULT_SANDBOX_LIMITS.cpuTimeMs,
    memoryBytes: given.memoryBytes ?? DEFAULT_SANDBOX_LIMITS.memoryBytes,
    maxOutputBytes: given.maxOutputBytes ?? DEFAULT_SANDBOX_LIMITS.maxOutputBytes,
    maxStackBytes: given.maxStackBytes ?? DEFAULT_SANDBOX_LIMITS.maxStackBytes,
    maxCallBytes: given.maxCallBytes ?? DEFAULT_SANDBOX_LIMITS.maxCallBytes,
  };
  requireInRange('cpuTimeMs', limits.cpuTimeMs, 1, 60_000);
  requireInRange('memoryBytes', limits.memoryBytes, 1024 * 1024, MAX_MEMORY_BYTES);
  requireInRange('maxOutputBytes', limits.maxOutputBytes, 0, 64 * 1024 * 1024);
  requireInRange('maxStackBytes', limits.maxStackBytes, 16 * 1024, MAX_STACK_BYTES);
  requireInRange('maxCallBytes', limits.maxCallBytes, 1024, 64 * 1024 * 1024);
  return limits;
}

function requireInRange(name: string, value: number, min: number, max: number): void {
  if (!Number.isFinite(value) || value < min || value > max) {
    throw new InputError(`sandbox limit ${name} = ${value} is out of range`, `use a number between ${min} and ${max}`);
  }
}
