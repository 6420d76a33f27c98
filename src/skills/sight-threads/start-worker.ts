/**
 * Starts a worker thread on a module of this package, from the built package (a `.js` file, run as
 * it is) or from the TypeScript source (under vitest, which transforms only its own thread): a `.ts`
 * entry gets a small loader in the new thread that resolves the source's `.js` imports to the `.ts`
 * files beside them and strips the types with Node's own `stripTypeScriptTypes`.
 */
import { Worker, type ResourceLimits, type TransferListItem } from 'node:worker_threads';

/** Runs in the new thread before the entry: Node's synchronous module hooks, then the entry itself. */
const TS_LOADER = `
const { registerHooks, stripTypeScriptTypes } = require('node:module');
const { readFileSync } = require('node:fs');
const { fileURLToPath } = require('node:url');
const { workerData } = require('node:worker_threads');
registerHooks({
  resolve(specifier, context, next) {
    try {
      return next(specifier, context);
    } catch (err) {
      if (!specifier.startsWith('.') || !specifier.endsWith('.js')) throw err;
      return next(specifier.slice(0, -3) + '.ts', context);
    }
  },
  load(url, context, next) {
    if (!url.startsWith('file:') || !url.endsWith('.ts')) return next(url, context);
    const source = stripTypeScriptTypes(readFileSync(fileURLToPath(url), 'utf8'), { mode: 'transform', sourceUrl: url });
    return { format: 'module', source, shortCircuit: true };
  },
});
import(workerData.entry);
`;

/** `resourceLimits`, when given, bounds the new thread's heap (Node's own option; none: V8's defaults). */
export function startWorker(entry: URL, workerData: Record<string, unknown>, transferList: TransferListItem[] = [], resourceLimits?: ResourceLimits): Worker {
  const limits = resourceLimits ? { resourceLimits } : {};
  if (entry.pathname.endsWith('.ts')) {
    return new Worker(TS_LOADER, { eval: true, workerData: { ...workerData, entry: entry.href }, transferList, ...limits });
  }
  return new Worker(entry, { workerData, transferList, ...limits });
}

/** `name` (a `.js` module beside `base`), as the file that exists: `.js` when built, `.ts` in the source tree. */
export function siblingModule(base: string, name: string): URL {
  const ext = base.endsWith('.ts') ? '.ts' : '.js';
  return new URL(`./${name}${ext}`, base);
}
