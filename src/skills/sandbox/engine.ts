/**
 * The QuickJS engines runs execute in. An engine is one instance of the QuickJS WebAssembly module
 * (the synchronous release build) with its own linear memory, and a run has its engine to itself
 * while it runs. This gives two guarantees a shared module cannot:
 *
 * - **Isolation.** A program that crashes its engine (a host stack overflow inside QuickJS's C
 *   recursion, an emscripten abort) loses only that engine; programs of other agents run in other
 *   engines and never notice. Builtins a program redefines live in its own runtime and context.
 * - **A hard memory cap.** The engine's `WebAssembly.Memory` has a maximum of the run's heap limit
 *   (at least 16 MiB) plus `ENGINE_OVERHEAD_BYTES`. QuickJS's own accounting misses allocations under emscripten
 *   (quickjs-emscripten issue #271), but no allocation path can grow linear memory past its maximum:
 *   malloc fails and QuickJS throws "out of memory".
 *
 * The WebAssembly code is compiled once per process; instantiating an engine costs a few
 * milliseconds, so a few idle engines are kept ready and a run can start synchronously. An engine
 * goes back to the idle pool only after a clean run that left its memory small (linear memory never
 * shrinks); any other engine is dropped and garbage-collected.
 */
import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { newQuickJSWASMModuleFromVariant, newVariant, RELEASE_SYNC, type QuickJSWASMModule } from 'quickjs-emscripten';
import { DEFAULT_SANDBOX_LIMITS } from './limits.js';

/** The few WebAssembly APIs used here (the project's TypeScript libs do not declare them). */
interface WasmMemory {
  readonly buffer: ArrayBuffer;
}
interface WasmApi {
  compile(bytes: Uint8Array): Promise<object>;
  Memory: new (descriptor: { initial: number; maximum: number }) => WasmMemory;
}
const wasm = (globalThis as unknown as { WebAssembly: WasmApi }).WebAssembly;
type VariantOptions = Parameters<typeof newVariant>[1];

const PAGE_BYTES = 64 * 1024;
/** The module's declared minimum memory (16 MiB); pages are committed only when touched. */
const INITIAL_PAGES = 256;
/** Room above the run's heap limit for QuickJS's static data, C stack and allocator bookkeeping. */
export const ENGINE_OVERHEAD_BYTES = 8 * 1024 * 1024;
/** Idle engines kept ready per memory size, so the next runs start without waiting. */
const SPARE_ENGINES = 2;
const MAX_IDLE_ENGINES = 4;
/** An engine whose memory grew is not reused: it would keep that memory for good. */
const REUSABLE_MEMORY_BYTES = INITIAL_PAGES * PAGE_BYTES;

let compiled: Promise<object> | undefined;
const idle = new Map<number, QuickJSWASMModule[]>();
const filling = new Map<number, Promise<void>>();
const memories = new WeakMap<QuickJSWASMModule, WasmMemory>();

/**
 * Maximum linear memory, in pages, of an engine for runs with this heap limit: the limit (at least
 * the module's initial memory, which holds its static data) plus the overhead room.
 */
function pagesFor(memoryBytes: number): number {
  return Math.ceil((Math.max(memoryBytes, INITIAL_PAGES * PAGE_BYTES) + ENGINE_OVERHEAD_BYTES) / PAGE_BYTES);
}

function compiledModule(): Promise<object> {
  if (!compiled) {
    const local = createRequire(import.meta.url);
    const fromQuickjs = createRequire(local.resolve('quickjs-emscripten'));
    compiled = readFile(fromQuickjs.resolve('@jitl/quickjs-wasmfile-release-sync/wasm')).then(
      (bytes) => wasm.compile(bytes),
    );
    compiled.catch(() => (compiled = undefined));
  }
  return compiled;
}

async function createEngine(pages: number): Promise<QuickJSWASMModule> {
  const wasmModule = await compiledModule();
  const memory = new wasm.Memory({ initial: INITIAL_PAGES, maximum: pages });
  const options = { wasmModule, wasmMemory: memory } as unknown as VariantOptions;
  const module = await newQuickJSWASMModuleFromVariant(newVariant(RELEASE_SYNC, options));
  memories.set(module, memory);
  return module;
}

function pool(pages: number): QuickJSWASMModule[] {
  let list = idle.get(pages);
  if (!list) idle.set(pages, (list = []));
  return list;
}

/** Resolves once at least `target` idle engines of this size exist. */
function refill(pages: number, target: number): Promise<void> {
  const busy = filling.get(pages);
  if (busy) return busy.then(() => (pool(pages).length >= target ? undefined : refill(pages, target)));
  const missing = target - pool(pages).length;
  if (missing <= 0) return Promise.resolve();
  const done = Promise.all(
    Array.from({ length: missing }, () => createEngine(pages).then((m) => void pool(pages).push(m))),
  ).then(
    () => void filling.delete(pages),
    (err: unknown) => {
      filling.delete(pages);
      throw err;
    },
  );
  filling.set(pages, done);
  return done;
}

/**
 * Prepares engines for runs with this heap limit (default: the default limit), so runs start
 * synchronously. Call it once at startup, or before starting several runs at once (`count`).
 */
export function loadSandboxEngine(
  memoryBytes: number = DEFAULT_SANDBOX_LIMITS.memoryBytes,
  count: number = SPARE_ENGINES,
): Promise<void> {
  return refill(pagesFor(memoryBytes), count);
}

/** An idle engine for a run with this heap limit, taken for the run's sole use; undefined if none is ready. */
export function takeSandboxEngine(memoryBytes: number): QuickJSWASMModule | undefined {
  const pages = pagesFor(memoryBytes);
  const engine = pool(pages).pop();
  if (pool(pages).length < SPARE_ENGINES) refill(pages, SPARE_ENGINES).catch(() => undefined);
  return engine;
}

/** A new engine for a run with this heap limit (when none was ready). */
export function newSandboxEngine(memoryBytes: number): Promise<QuickJSWASMModule> {
  return createEngine(pagesFor(memoryBytes));
}

/** Bytes of linear memory the engine has grown to (it never shrinks). */
export function engineMemoryBytes(engine: QuickJSWASMModule): number {
  return memories.get(engine)?.buffer.byteLength ?? 0;
}

/** The most linear memory the engine can ever have. */
export function engineMemoryCapBytes(memoryBytes: number): number {
  return pagesFor(memoryBytes) * PAGE_BYTES;
}

/**
 * Hands an engine back after its run ended and disposed everything it made. Only a healthy engine
 * that stayed small is reused; a broken one (crashed, aborted) or a grown one is dropped.
 */
export function releaseSandboxEngine(engine: QuickJSWASMModule, memoryBytes: number, healthy: boolean): void {
  const list = pool(pagesFor(memoryBytes));
  if (healthy && engineMemoryBytes(engine) <= REUSABLE_MEMORY_BYTES && list.length < MAX_IDLE_ENGINES) list.push(engine);
}
