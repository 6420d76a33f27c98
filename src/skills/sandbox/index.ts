/** The QuickJS code-action sandbox: run agent JavaScript that calls host functions (skills). */
export { runCode, createCodeRunner, type CodeRunner } from './run-code.js';
export { loadSandboxEngine } from './engine.js';
export { DEFAULT_SANDBOX_LIMITS, MAX_DETAILS_BYTES, MAX_STACK_BYTES, MAX_MEMORY_BYTES, type SandboxLimits } from './limits.js';
export type {
  CodeRun,
  HostFunction,
  RunCodeOptions,
  RunFailure,
  RunFailureReason,
  RunOutcome,
  RunSuccess,
} from './run-types.js';
