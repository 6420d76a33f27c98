/**
 * Entry points: `runCode()` runs one piece of agent code; `createCodeRunner()` binds defaults
 * (limits, skills, clock) once per agent. A run starts synchronously when the engine is loaded
 * (call `loadSandboxEngine()` at startup), so the code reaches its first await before runCode returns.
 */
import type { QuickJSWASMModule } from 'quickjs-emscripten';
import { InputError } from '../../core/errors.js';
import { loadSandboxEngine, newSandboxEngine, releaseSandboxEngine, takeSandboxEngine } from './engine.js';
import { resolveLimits } from './limits.js';
import type { CodeRun, RunCodeOptions, RunOutcome } from './run-types.js';
import { SandboxRun, type RunSettings } from './sandbox-run.js';

/** Names the sandbox already defines (QuickJS globals plus console/print): host functions may not shadow them. */
const RESERVED_GLOBALS = new Set([
  'Error', 'EvalError', 'RangeError', 'ReferenceError', 'SyntaxError', 'TypeError', 'URIError', 'InternalError',
  'AggregateError', 'Array', 'Object', 'Function', 'Iterator', 'parseInt', 'parseFloat', 'isNaN', 'isFinite',
  'decodeURI', 'decodeURIComponent', 'encodeURI', 'encodeURIComponent', 'escape', 'unescape', 'Infinity', 'NaN',
  'undefined', 'eval', 'Number', 'Boolean', 'String', 'Math', 'Reflect', 'Symbol', 'globalThis', 'BigInt', 'Date',
  'RegExp', 'JSON', 'Proxy', 'Map', 'Set', 'WeakMap', 'WeakSet', 'ArrayBuffer', 'SharedArrayBuffer',
  'Uint8ClampedArray', 'Int8Array', 'Uint8Array', 'Int16Array', 'Uint16Array', 'Int32Array', 'Uint32Array',
  'BigInt64Array', 'BigUint64Array', 'Float16Array', 'Float32Array', 'Float64Array', 'DataView', 'Promise',
  'WeakRef', 'FinalizationRegistry', 'console', 'print',
]);
const IDENTIFIER = /^[A-Za-z_$][\w$]*$/;

export function runCode(code: string, options: RunCodeOptions = {}): CodeRun {
  if (typeof code !== 'string') throw new InputError('runCode needs the code as a string', 'pass the source text');
  const settings = resolveSettings(options);
  const { signal } = options;

  let deliver!: (outcome: RunOutcome) => void;
  const result = new Promise<RunOutcome>((resolve) => (deliver = resolve));
  let run: SandboxRun | null = null;
  let cancelledBeforeStart: string | null = null;
  let settled = false;

  const onAbort = (): void => handle.cancel(abortDetails(signal));
  const finish = (outcome: RunOutcome): void => {
    if (settled) return;
    settled = true;
    signal?.removeEventListener('abort', onAbort);
    deliver(outcome);
  };
  const handle: CodeRun = {
    result,
    cancel(details = 'the run was cancelled by the host') {
      if (run) run.cancel(details);
      else if (!settled) cancelledBeforeStart ??= details;
    },
  };
  const start = (module: QuickJSWASMModule): void => {
    if (cancelledBeforeStart !== null) {
      releaseSandboxEngine(module, settings.limits.memoryBytes, true);
      finish({ ok: false, reason: 'cancelled', details: cancelledBeforeStart, logs: [], cpuMs: 0 });
      return;
    }
    try {
      run = new SandboxRun(module, settings, finish);
    } catch (err) {
      releaseSandboxEngine(module, settings.limits.memoryBytes, false);
      finish({ ok: false, reason: 'error', details: `the sandbox engine failed: ${(err as Error).message}`, logs: [], cpuMs: 0 });
      return;
    }
    run.start(code);
  };

  if (signal?.aborted) handle.cancel(abortDetails(signal));
  else signal?.addEventListener('abort', onAbort, { once: true });
  const engine = takeSandboxEngine(settings.limits.memoryBytes);
  if (engine) start(engine);
  else {
    newSandboxEngine(settings.limits.memoryBytes).then(start, (err: unknown) =>
      finish({ ok: false, reason: 'error', details: `the sandbox engine failed to load: ${String(err)}`, logs: [], cpuMs: 0 }),
    );
  }
  return handle;
}

export interface CodeRunner {
  /** Runs code with the runner's defaults; per-run options override them (functions are merged). */
  run(code: string, options?: RunCodeOptions): CodeRun;
  /** Resolves once the engine is loaded, after which runs start synchronously. */
  ready(): Promise<void>;
}

export function createCodeRunner(defaults: RunCodeOptions = {}): CodeRunner {
  const { limits } = resolveSettings(defaults); // fail fast on bad defaults
  return {
    run: (code, options = {}) =>
      runCode(code, { ...defaults, ...options, functions: { ...defaults.functions, ...options.functions } }),
    ready: () => loadSandboxEngine(limits.memoryBytes),
  };
}

function resolveSettings(options: RunCodeOptions): RunSettings {
  const functions = options.functions ?? {};
  for (const [name, fn] of Object.entries(functions)) {
    if (!IDENTIFIER.test(name) || RESERVED_GLOBALS.has(name)) {
      throw new InputError(
        `cannot expose a sandbox function named '${name}'`,
        'use a plain identifier that is not a JavaScript global (e.g. mineBlocks)',
      );
    }
    if (typeof fn !== 'function') {
      throw new InputError(`sandbox function '${name}' is not a function`, 'pass a function for every exposed name');
    }
  }
  const seed = options.seed ?? 0;
  if (!Number.isFinite(seed)) throw new InputError(`sandbox seed ${seed} is not a finite number`, 'pass an integer seed');
  return {
    limits: resolveLimits(options),
    functions,
    seed,
    clock: options.clock ?? (() => 0),
    filename: options.filename ?? 'agent.js',
  };
}

function abortDetails(signal: AbortSignal | undefined): string {
  const reason: unknown = signal?.reason;
  if (reason instanceof Error && reason.name !== 'AbortError') return `the run was aborted: ${reason.message}`;
  return typeof reason === 'string' ? `the run was aborted: ${reason}` : 'the run was aborted by the host';
}
