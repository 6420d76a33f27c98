/**
 * Loading user modules that add goal kinds and event action kinds (`--plugin ./x.js`, a task file's
 * `plugins:`). A module exports its kinds, as the default export (one kind or a list) or as named
 * exports; every export built with defineGoalKind or defineEventKind is registered, anything else is
 * left alone (a module may also export an agent, which the runner registers). Loading a module twice
 * registers nothing new.
 */
import { existsSync } from 'node:fs';
import { isAbsolute, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { InputError } from '../core/errors.js';
import { loadTypeScriptAsModule } from './typescript-plugin-format.js';
import { registerEventKind, type EventKind } from './events/event-kinds.js';
import { registerGoalKind, type GoalKind } from './goals/goal-kinds.js';

/** Every value a plugin module exports, the default export's list flattened. */
export function exportedValues(module: Record<string, unknown>): unknown[] {
  return Object.values(module).flatMap((v) => (Array.isArray(v) ? v : [v]));
}

function kindOf(value: unknown): unknown {
  return value !== null && typeof value === 'object' ? (value as { kind?: unknown }).kind : undefined;
}

/** Registers the goal and event kinds among a module's exports; how many it found. */
export function registerTaskKinds(module: Record<string, unknown>): number {
  let n = 0;
  for (const value of exportedValues(module)) {
    if (kindOf(value) === 'goal') registerGoalKind(value as GoalKind);
    else if (kindOf(value) === 'event') registerEventKind(value as EventKind);
    else continue;
    n++;
  }
  return n;
}

/** Absolute path of a plugin named on the command line or in a task file (relative to `base`). */
export function pluginPath(spec: string, base: string = process.cwd()): string {
  const path = isAbsolute(spec) ? spec : resolve(base, spec);
  if (!existsSync(path)) throw new InputError(`plugin module ${spec} not found (looked at ${path})`, 'give the path of a built .js/.mjs module, relative to the current folder (or to the task file for its plugins:)');
  return path;
}

/** Imports a plugin module; a module that fails to load is the user's to fix, with the cause attached. */
export async function importPlugin(path: string): Promise<Record<string, unknown>> {
  try {
    loadTypeScriptAsModule(path);
    return (await import(pathToFileURL(path).href)) as Record<string, unknown>;
  } catch (err) {
    throw new InputError(`plugin module ${path} failed to load: ${err instanceof Error ? err.message : String(err)}`, 'a plugin is an ES module: .ts, .mjs or .mts, or .js in a folder whose package.json says "type": "module"; TypeScript needs Node 22.18 or later (or build it to JavaScript first)', { cause: err });
  }
}

/** Imports a module and registers its goal and event kinds (a task file's `plugins:`). */
export async function loadTaskPlugin(spec: string, base?: string): Promise<number> {
  return registerTaskKinds(await importPlugin(pluginPath(spec, base)));
}
