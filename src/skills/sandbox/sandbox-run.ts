/**
 * One execution of agent code in its own QuickJS runtime. The run is a small state machine driven
 * by the host: it executes inside QuickJS only when the host enters it (the first evaluation, or a
 * host promise settling), runs the pending jobs, then checks whether the code finished. Everything
 * QuickJS-side is disposed when the run finishes, whatever the reason, so nothing leaks between
 * agents. Values cross the boundary only as JSON text: no host object is ever handed to the code.
 */
import type {
  QuickJSContext,
  QuickJSDeferredPromise,
  QuickJSHandle,
  QuickJSRuntime,
  QuickJSWASMModule,
} from 'quickjs-emscripten';
import { performance } from 'node:perf_hooks';
import { CpuClock } from './cpu-clock.js';
import { ENGINE_OVERHEAD_BYTES, engineMemoryBytes, engineMemoryCapBytes, releaseSandboxEngine } from './engine.js';
import { describeSandboxError, isOutOfMemory, type SandboxErrorInfo } from './error-details.js';
import { MAX_DETAILS_BYTES, type SandboxLimits } from './limits.js';
import { tooDeeplyNested } from './nesting.js';
import { PRELUDE_SOURCE } from './prelude.js';
import type { HostFunction, RunFailureReason, RunOutcome } from './run-types.js';

export interface RunSettings {
  limits: SandboxLimits;
  functions: Record<string, HostFunction>;
  seed: number;
  clock: () => number;
  filename: string;
}

interface Stop {
  reason: RunFailureReason;
  details: string;
}

/** Heap checks cost O(heap); re-check after at least this much CPU time, more if checks are slow. */
const MIN_MEMORY_CHECK_INTERVAL_MS = 1;

export class SandboxRun {
  private readonly rt: QuickJSRuntime;
  private readonly ctx: QuickJSContext;
  private readonly cpu = new CpuClock();
  private readonly deferreds = new Set<QuickJSDeferredPromise>();
  private readonly logs: string[] = [];
  private outputBytes = 0;
  private jsonParse: QuickJSHandle | null = null;
  /** The prelude's depth-checked JSON.stringify: the only way values leave the sandbox. */
  private toJsonFn: QuickJSHandle | null = null;
  private main: QuickJSHandle | null = null;
  private stop: Stop | null = null;
  private done = false;
  /** How deep the host is inside QuickJS calls (host functions may call back in). */
  private depth = 0;
  private nextMemoryCheckMs = 0;
  /**
   * Linear memory past which the run is over its heap limit: the engine's hard cap less half the
   * overhead room. Reading it is free, so every checkpoint does; allocations that fail at the cap
   * (QuickJS then throws a bare `null`) end the run with `memory` even if the code catches them.
   */
  private readonly memoryStopBytes: number;

  constructor(
    private readonly module: QuickJSWASMModule,
    private readonly settings: RunSettings,
    private readonly onFinish: (outcome: RunOutcome) => void,
  ) {
    this.rt = module.newRuntime();
    this.ctx = this.rt.newContext();
    this.memoryStopBytes = engineMemoryCapBytes(settings.limits.memoryBytes) - ENGINE_OVERHEAD_BYTES / 2;
  }

  /** Evaluates the code up to its first pending await (or to the end). */
  start(code: string): void {
    this.guarded(() => this.evaluate(code));
  }

  /** Stops the run: at once when the host is outside QuickJS, else at QuickJS's next interrupt check. */
  cancel(details: string): void {
    if (this.done) return;
    this.halt('cancelled', details);
    this.guarded(() => this.afterSlice());
  }

  /** The engine died under this run: end without touching QuickJS again, and never reuse the engine. */
  private abandon(details: string): void {
    if (this.done) return;
    this.done = true;
    releaseSandboxEngine(this.module, this.settings.limits.memoryBytes, false);
    this.onFinish(this.failure('error', details));
  }

  /**
   * Every entry from the host goes through here. An exception escaping QuickJS calls means the
   * engine is unsound (typically V8's stack overflowing inside QuickJS's C recursion): this run
   * fails and its engine is dropped. Other runs have engines of their own and are not affected.
   */
  private guarded(fn: () => void): void {
    try {
      fn();
    } catch (err) {
      if (this.done) return;
      const details =
        err instanceof RangeError
          ? 'the code nested too deeply for the sandbox (the host stack overflowed); use flatter data and code'
          : `the sandbox engine failed: ${(err as Error).message}`;
      this.abandon(details);
    }
  }

  private evaluate(code: string): void {
    const nesting = tooDeeplyNested(code);
    if (nesting) {
      this.finish(this.failure('error', nesting));
      return;
    }
    try {
      this.install();
    } catch (err) {
      this.finish(this.failure('error', `the sandbox could not be set up: ${(err as Error).message}`));
      return;
    }
    // The code sits on the wrapper's first line, so line numbers in errors match the agent's code.
    const source = `(async () => {${code}\n})()`;
    const evaluated = this.enter(() => this.ctx.evalCode(source, this.settings.filename, { type: 'global' }));
    if (evaluated.error) {
      const error = evaluated.error;
      const info = this.enter(() => this.errorInfo(error));
      error.dispose();
      if (!this.stop) this.halt(isOutOfMemory(info) ? 'memory' : 'error', this.errorDetails(info));
    } else {
      this.main = evaluated.value;
      this.pumpJobs();
    }
    this.afterSlice();
  }

  // ---- setup -------------------------------------------------------------------------------

  private install(): void {
    const { rt, ctx, settings } = this;
    // QuickJS only refuses single allocations above this (see prelude.ts); the real bound is checkpoint().
    rt.setMemoryLimit(settings.limits.memoryBytes);
    rt.setMaxStackSize(settings.limits.maxStackBytes);
    rt.setInterruptHandler(() => this.checkpoint());
    this.heapBytes(); // creates the runtime's bookkeeping context now, not inside an interrupt

    // Captured before any agent code runs, so the code cannot swap the converter the host uses.
    const json = ctx.getProp(ctx.global, 'JSON');
    this.jsonParse = ctx.getProp(json, 'parse');
    json.dispose();

    const clock = ctx.newFunction('clock', () => ctx.newNumber(Number(settings.clock())));
    const guard = ctx.newFunction('guard', () => {
      if (this.checkpoint()) throw new Error(this.stop!.details);
    });
    const write = ctx.newFunction('write', (line) => this.write(ctx.getString(line)));
    const seed = ctx.newNumber(settings.seed >>> 0);
    const prelude = ctx.unwrapResult(ctx.evalCode(PRELUDE_SOURCE, 'prelude.js', { type: 'global' }));
    const installed = this.enter(() => ctx.callFunction(prelude, ctx.undefined, clock, guard, write, seed));
    for (const h of [prelude, clock, guard, write, seed]) h.dispose();
    const helpers = ctx.unwrapResult(installed);
    this.toJsonFn = ctx.getProp(helpers, 'toJson');
    helpers.dispose();

    for (const [name, fn] of Object.entries(settings.functions)) {
      const handle = ctx.newFunction(name, (...args) => this.callHost(name, fn, args));
      ctx.setProp(ctx.global, name, handle);
      handle.dispose();
    }
  }

  // ---- driving QuickJS ---------------------------------------------------------------------

  /** Runs host→QuickJS work with the CPU clock running. */
  private enter<T>(fn: () => T): T {
    if (this.depth++ === 0) this.cpu.start();
    try {
      return fn();
    } finally {
      if (--this.depth === 0) this.cpu.stop();
    }
  }

  private pumpJobs(): void {
    this.enter(() => {
      while (!this.stop && this.rt.hasPendingJob()) {
        const ran = this.rt.executePendingJobs();
        if (!ran.error) continue;
        // Promise jobs turn ordinary throws into rejections; only uncatchable failures land here.
        const info = this.errorInfo(ran.error);
        ran.error.dispose();
        if (!this.stop) this.halt(isOutOfMemory(info) ? 'memory' : 'error', this.errorDetails(info));
      }
    });
  }

  /** Called by QuickJS's interrupt handler and by the prelude's guards: true stops the code. */
  private checkpoint(): boolean {
    if (this.stop) return true;
    const { cpuTimeMs, memoryBytes } = this.settings.limits;
    const cpuMs = this.cpu.elapsedMs;
    if (cpuMs > cpuTimeMs) {
      this.halt(
        'timeout',
        `the code ran for more than ${cpuTimeMs} ms of CPU time (waiting for skills does not count); ` +
          'avoid endless or very long loops',
      );
      return true;
    }
    if (engineMemoryBytes(this.module) > this.memoryStopBytes) {
      this.halt('memory', `the code used all ${mib(memoryBytes)} of its memory; keep less data`);
      return true;
    }
    if (cpuMs >= this.nextMemoryCheckMs) {
      const t0 = performance.now();
      const used = this.heapBytes();
      this.nextMemoryCheckMs = cpuMs + Math.max(MIN_MEMORY_CHECK_INTERVAL_MS, 20 * (performance.now() - t0));
      if (used > memoryBytes) {
        this.halt('memory', `the code used ${mib(used)} of memory, over the ${mib(memoryBytes)} limit; keep less data`);
        return true;
      }
    }
    return false;
  }

  private heapBytes(): number {
    const usage = this.rt.computeMemoryUsage();
    try {
      const used = this.ctx.getProp(usage, 'memory_used_size');
      try {
        return this.ctx.getNumber(used);
      } finally {
        used.dispose();
      }
    } finally {
      usage.dispose();
    }
  }

  private halt(reason: RunFailureReason, details: string): void {
    this.stop ??= { reason, details };
  }

  /** After the host leaves QuickJS: finish if the code stopped, returned, threw or can never resume. */
  private afterSlice(): void {
    if (this.done || this.depth > 0) return;
    if (this.stop || this.checkpoint() || !this.main) {
      this.finish(this.stoppedOutcome() ?? this.failure('error', 'no code ran'));
      return;
    }
    const state = this.ctx.getPromiseState(this.main);
    if (state.type === 'pending') {
      if (this.deferreds.size === 0 && !this.rt.hasPendingJob()) {
        this.finish(
          this.failure('error', 'the code awaits a promise that nothing can settle (no host function call is pending)'),
        );
      }
      return;
    }
    if (state.type === 'fulfilled') {
      const value = this.enter(() => this.returnedValue(state.value));
      if (!state.notAPromise) state.value.dispose();
      this.finish(this.stoppedOutcome() ?? value);
      return;
    }
    const info = this.enter(() => this.errorInfo(state.error));
    state.error.dispose();
    this.finish(this.stoppedOutcome() ?? this.failure(isOutOfMemory(info) ? 'memory' : 'error', this.errorDetails(info)));
  }

  /** The outcome of a stop, read fresh: QuickJS callbacks may have set it since the last check. */
  private stoppedOutcome(): RunOutcome | null {
    return this.stop ? this.failure(this.stop.reason, this.stop.details) : null;
  }

  private returnedValue(handle: QuickJSHandle): RunOutcome {
    let json: string | undefined;
    try {
      json = this.toJson(handle);
    } catch (err) {
      return this.failure('error', `the returned value is not JSON-compatible: ${(err as Error).message}`);
    }
    if (json === undefined) return this.success(undefined);
    if (this.outputBytes + Buffer.byteLength(json, 'utf8') > this.settings.limits.maxOutputBytes) {
      return this.failure(
        'output_limit',
        `the returned value and output exceed ${this.settings.limits.maxOutputBytes} bytes; return less`,
      );
    }
    return this.success(JSON.parse(json));
  }

  private finish(outcome: RunOutcome): void {
    if (this.done) return;
    this.done = true;
    // An engine that ran out of memory is dropped whole: freeing a runtime QuickJS failed to allocate
    // in can abort, and the engine would not be reused anyway (its memory grew).
    const healthy = (outcome.ok || outcome.reason !== 'memory') && this.release();
    releaseSandboxEngine(this.module, this.settings.limits.memoryBytes, healthy);
    this.onFinish(outcome);
  }

  /**
   * Disposes every handle, then the context and runtime (QuickJS aborts if a handle outlives them).
   * False if that failed: the engine is then unsound and must not run anything again.
   */
  private release(): boolean {
    try {
      for (const d of this.deferreds) d.dispose();
      this.deferreds.clear();
      for (const h of [this.main, this.jsonParse, this.toJsonFn]) if (h?.alive) h.dispose();
      this.rt.removeInterruptHandler();
      this.ctx.dispose();
      this.rt.dispose();
      return true;
    } catch {
      return false;
    }
  }

  private success(value: unknown): RunOutcome {
    return { ok: true, value, logs: this.logs, cpuMs: round(this.cpu.elapsedMs) };
  }

  private failure(reason: RunFailureReason, details: string): RunOutcome {
    return { ok: false, reason, details: capText(details, MAX_DETAILS_BYTES), logs: this.logs, cpuMs: round(this.cpu.elapsedMs) };
  }

  // ---- host functions ----------------------------------------------------------------------

  private callHost(name: string, fn: HostFunction, argHandles: QuickJSHandle[]): QuickJSHandle | undefined {
    if (this.stop) throw new Error(this.stop.details);
    const maxBytes = this.settings.limits.maxCallBytes;
    let bytes = 0;
    const args = argHandles.map((h, i) => {
      let json: string | undefined;
      try {
        json = this.toJson(h);
      } catch (err) {
        throw new TypeError(`argument ${i + 1} of ${name}() is not JSON-compatible: ${(err as Error).message}`, {
          cause: err,
        });
      }
      if (json === undefined) return undefined;
      bytes += Buffer.byteLength(json, 'utf8');
      if (bytes > maxBytes) {
        throw new RangeError(`the arguments of ${name}() exceed ${maxBytes} bytes of JSON; pass less data per call`);
      }
      return JSON.parse(json) as unknown;
    });
    let result: unknown;
    // The host function's own work runs on the program's clock: a program that makes the host work
    // (a long name to suggest for, a path to search) pays for it from its budget.
    if (this.checkpoint()) throw new Error(this.stop!.details);
    try {
      result = fn(...args);
    } catch (err) {
      throw sandboxError(err);
    }
    if (isThenable(result)) return this.defer(name, result);
    return this.toSandbox(result, name);
  }

  /** An async host function: the code gets a QuickJS promise the host settles when the skill ends. */
  private defer(name: string, pending: PromiseLike<unknown>): QuickJSHandle {
    const deferred = this.ctx.newPromise();
    this.deferreds.add(deferred);
    Promise.resolve(pending).then(
      (value) => this.guarded(() => this.settle(deferred, name, () => this.toSandbox(value, name))),
      (err: unknown) =>
        this.guarded(() =>
          this.settle(deferred, name, () => {
            throw sandboxError(err);
          }),
        ),
    );
    return deferred.handle;
  }

  private settle(deferred: QuickJSDeferredPromise, name: string, produce: () => QuickJSHandle): void {
    if (this.done || !this.deferreds.delete(deferred)) return;
    this.enter(() => {
      let value: QuickJSHandle;
      try {
        value = produce();
      } catch (err) {
        const error = this.ctx.newError(sandboxError(err));
        deferred.reject(error);
        error.dispose();
        return;
      }
      deferred.resolve(value);
      if (value.alive) value.dispose();
    });
    deferred.dispose();
    this.pumpJobs();
    this.afterSlice();
  }

  private write(line: string): void {
    const max = this.settings.limits.maxOutputBytes;
    const bytes = Buffer.byteLength(line, 'utf8') + 1;
    if (this.outputBytes + bytes > max) {
      const room = max - this.outputBytes - 1;
      if (room > 0) this.logs.push(truncateUtf8(line, room));
      this.outputBytes = max;
      this.halt('output_limit', `the code printed more than ${max} bytes; print less`);
      throw new Error(this.stop!.details);
    }
    this.logs.push(line);
    this.outputBytes += bytes;
  }

  // ---- conversions -------------------------------------------------------------------------

  /** JSON text of a sandbox value (made inside the sandbox, depth-checked); undefined if none. */
  private toJson(handle: QuickJSHandle): string | undefined {
    const result = this.ctx.callFunction(this.toJsonFn!, this.ctx.undefined, handle);
    if (result.error) {
      const info = this.errorInfo(result.error);
      result.error.dispose();
      throw new Error(info.message || info.name);
    }
    const json = result.value;
    try {
      return this.ctx.typeof(json) === 'string' ? this.ctx.getString(json) : undefined;
    } finally {
      json.dispose();
    }
  }

  /** A host value as a fresh sandbox value, copied through JSON text. */
  private toSandbox(value: unknown, name: string): QuickJSHandle {
    let json: string | undefined;
    try {
      json = JSON.stringify(value);
    } catch (err) {
      throw new TypeError(`${name}() returned a value that is not JSON-compatible: ${(err as Error).message}`, {
        cause: err,
      });
    }
    if (json === undefined) return this.ctx.undefined;
    const text = this.ctx.newString(json);
    try {
      return this.ctx.unwrapResult(this.ctx.callFunction(this.jsonParse!, this.ctx.undefined, text));
    } finally {
      text.dispose();
    }
  }

  private errorInfo(handle: QuickJSHandle): SandboxErrorInfo {
    const { ctx } = this;
    if (ctx.typeof(handle) !== 'object') return { name: '', message: `uncaught ${stringOf(ctx.dump(handle))}`, stack: '' };
    const read = (key: string): string => {
      const prop = ctx.getProp(handle, key);
      try {
        return ctx.typeof(prop) === 'string' ? ctx.getString(prop) : '';
      } finally {
        prop.dispose();
      }
    };
    return { name: read('name'), message: read('message'), stack: read('stack') };
  }

  private errorDetails(info: SandboxErrorInfo): string {
    return describeSandboxError(info, this.settings.filename);
  }
}

/** A host failure as the plain `{ name, message }` QuickJS turns into an Error (no host stack). */
function sandboxError(err: unknown): Error {
  const error = new Error(capText(err instanceof Error ? err.message : stringOf(err), MAX_DETAILS_BYTES));
  error.name = err instanceof Error ? capText(err.name, 64) : 'Error';
  return error;
}

/** The text cut to maxBytes of UTF-8, saying how much was cut. */
function capText(text: string, maxBytes: number): string {
  if (text.length <= maxBytes / 3 || Buffer.byteLength(text, 'utf8') <= maxBytes) return text;
  const head = truncateUtf8(text, maxBytes - 40);
  return `${head}… (${text.length - head.length} more characters)`;
}

function isThenable(value: unknown): value is PromiseLike<unknown> {
  return (
    (typeof value === 'object' || typeof value === 'function') &&
    value !== null &&
    typeof (value as { then?: unknown }).then === 'function'
  );
}

function stringOf(value: unknown): string {
  try {
    return typeof value === 'string' ? value : (JSON.stringify(value) ?? String(value));
  } catch {
    return String(value);
  }
}

/**
 * The longest prefix of text within maxBytes of UTF-8, in linear time (cutting one character at a
 * time and re-measuring was quadratic: seconds for a 64 KiB line of multi-byte characters).
 */
function truncateUtf8(text: string, maxBytes: number): string {
  const bytes = Buffer.from(text.slice(0, maxBytes), 'utf8');
  if (bytes.length <= maxBytes) return bytes.toString('utf8');
  // A streaming decode drops a character cut in half at the end instead of inventing U+FFFD.
  return new TextDecoder('utf-8').decode(bytes.subarray(0, maxBytes), { stream: true });
}

const mib = (bytes: number): string => `${(bytes / (1024 * 1024)).toFixed(1)} MiB`;
const round = (ms: number): number => Math.round(ms * 100) / 100;
