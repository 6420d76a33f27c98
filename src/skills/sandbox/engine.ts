/**
 * Loads the QuickJS WebAssembly module once per process (the synchronous release build, not
 * asyncify: host functions return promises instead of blocking). Every run gets its own runtime
 * inside this module. If a run ever aborts the module (an emscripten abort poisons it for good),
 * the module is discarded and the next run loads a fresh instance.
 */
import { getQuickJS, newQuickJSWASMModule, RELEASE_SYNC, type QuickJSWASMModule } from 'quickjs-emscripten';

let engine: QuickJSWASMModule | undefined;
let loading: Promise<QuickJSWASMModule> | undefined;
let discarded = false;

/** Loads the engine (memoized). Await it before a latency-sensitive first run. */
export function loadSandboxEngine(): Promise<QuickJSWASMModule> {
  if (engine) return Promise.resolve(engine);
  loading ??= (discarded ? newQuickJSWASMModule(RELEASE_SYNC) : getQuickJS()).then(
    (m) => {
      engine = m;
      loading = undefined;
      return m;
    },
    (err: unknown) => {
      loading = undefined;
      throw err;
    },
  );
  return loading;
}

/** The engine if it is loaded, so a run can start synchronously. */
export function loadedSandboxEngine(): QuickJSWASMModule | undefined {
  return engine;
}

/** A run that lives in a module and must end if that module is discarded. */
export interface EngineTenant {
  abandon(details: string): void;
}
const tenants = new WeakMap<QuickJSWASMModule, Set<EngineTenant>>();

export function enterEngine(module: QuickJSWASMModule, tenant: EngineTenant): void {
  let set = tenants.get(module);
  if (!set) tenants.set(module, (set = new Set()));
  set.add(tenant);
}

export function leaveEngine(module: QuickJSWASMModule, tenant: EngineTenant): void {
  tenants.get(module)?.delete(tenant);
}

/**
 * Drops a module whose state can no longer be trusted (an emscripten abort, or a host stack overflow
 * that unwound through its C frames). Every other run still living in it ends with an error; the
 * next run loads a fresh module.
 */
export function discardSandboxEngine(broken: QuickJSWASMModule): void {
  if (engine === broken) {
    engine = undefined;
    discarded = true;
  }
  const living = tenants.get(broken);
  tenants.delete(broken);
  for (const tenant of living ?? []) {
    tenant.abandon('the sandbox engine was reset after another run crashed it; run the code again');
  }
}
