/**
 * The task-file fuzzer shared by the security suite (test/security/task-fuzz.test.ts, a few hundred
 * mutants) and `npm run bench -- task-fuzz` (thousands): mutants of the shipped task files, made from
 * a seed, each loaded the way `validate` and `run` load a file and, when accepted, started on the
 * embedded world for a few steps. A mutant is a *crash* when anything but a GuildcraftError (a clear
 * error saying who is at fault) escapes, and slow when it takes longer than the caller's bound.
 */
import { readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { parse, stringify } from 'yaml';
import { GuildcraftError } from '../../src/core/errors.js';
import { SimEnv } from '../../src/env/sim/index.js';
import { compileTask } from '../../src/tasks/compile.js';
import { parseTask } from '../../src/tasks/load.js';
import { suitesDir } from '../../src/tasks/package-root.js';
import { TaskRuntime } from '../../src/tasks/runtime.js';


/** The shipped task files, in a fixed order. */
export function taskCorpus(): { file: string; text: string }[] {
  const out: { file: string; text: string }[] = [];
  const SUITES = suitesDir();
  for (const suite of readdirSync(SUITES).sort()) {
    let names: string[];
    try {
      names = readdirSync(join(SUITES, suite)).filter((n) => n.endsWith('.yaml')).sort();
    } catch {
      continue;
    }
    for (const n of names) out.push({ file: `suites/${suite}/${n}`, text: readFileSync(join(SUITES, suite, n), 'utf8') });
  }
  return out;
}

/** The package's small seeded generator (mulberry32): the same seed gives the same mutants on every machine. */
export { seededRandom } from '../../src/llm/seeded-random.js';

const pick = <T>(rng: () => number, list: readonly T[]): T => list[Math.floor(rng() * list.length)]!;

/** Numbers of the kinds that once made `run` spin or the loader throw. */
const NUMBERS = [1e308, -1e308, 2 ** 53, 2 ** 53 + 2, 999_999_999_999, -999_999_999_999, Infinity, -Infinity, NaN, -1, 0, 0.5, 1e-300, 65_536, 30_000_001, 320, -65];
const STRINGS = ['', 'x'.repeat(200_000), '#'.repeat(200_000), 'stone'.repeat(20_000), '\u{1F4A5}'.repeat(5_000), '../../etc/passwd', '${process.env}', 'minecraft:stone', 'STONE', ' '];

type Json = null | boolean | number | string | Json[] | { [k: string]: Json };

/** Every place in a parsed document a mutation can hit: the container and the key in it. */
function slots(value: Json, out: { parent: Json[] | { [k: string]: Json }; key: string | number }[] = []): typeof out {
  if (Array.isArray(value)) {
    value.forEach((v, i) => {
      out.push({ parent: value, key: i });
      slots(v, out);
    });
  } else if (value !== null && typeof value === 'object') {
    for (const [k, v] of Object.entries(value)) {
      out.push({ parent: value, key: k });
      slots(v, out);
    }
  }
  return out;
}

/** One mutant of `text`: a value replaced, a list blown up, a key dropped or added, or the text itself cut or garbled. */
export function mutate(text: string, rng: () => number): string {
  if (rng() < 0.15) return mutateText(text, rng);
  let doc: Json;
  try {
    doc = parse(text) as Json;
  } catch {
    return mutateText(text, rng);
  }
  const all = slots(doc);
  if (all.length === 0) return mutateText(text, rng);
  const rounds = 1 + Math.floor(rng() * 3);
  for (let r = 0; r < rounds; r++) {
    const { parent, key } = pick(rng, all);
    const set = (v: Json): void => {
      (parent as Record<string | number, Json>)[key] = v;
    };
    const current = (parent as Record<string | number, Json>)[key]!;
    const op = rng();
    if (typeof current === 'number' || op < 0.35) set(pick(rng, NUMBERS));
    else if (typeof current === 'string' || op < 0.55) set(pick(rng, STRINGS));
    else if (Array.isArray(current) && current.length > 0 && op < 0.75) {
      const n = blownUpLength(doc, current[0]!, pick(rng, [50, 500, 5_000]));
      set(Array.from({ length: n }, () => structuredClone(current[0]!)));
    } else if (op < 0.85 && !Array.isArray(parent)) delete (parent as Record<string, Json>)[key as string];
    else if (op < 0.92) set(pick(rng, [null, [], {}, true, [[1, 2, 3]], { unknown_key: 1 }] as Json[]));
    else if (!Array.isArray(parent)) (parent as Record<string, Json>)[`${String(key)}_x`] = 1;
  }
  try {
    return stringify(doc, { lineWidth: 0 });
  } catch {
    return mutateText(text, rng);
  }
}

/**
 * The most a mutant's document may weigh: one per value plus the length of every string. Blowing up
 * a list copies whatever it holds, and copies of copies multiply: seed 21's mutant 1674 built 5,000
 * copies of long escaped strings, which the YAML printer took 44 s and 2 GB to write out before it
 * failed and the mutant fell back to a cut text. That was the 10,000-mutant bench's one "hang": the
 * fuzzer's own work, not the loader's. This weight still prints to more than the 1 MiB a task file
 * may have, so the loader's size cap is still hit.
 */
export const MAX_MUTANT_WEIGHT = 2_000_000;

/** How many copies of `entry` fit in `doc` under MAX_MUTANT_WEIGHT: at most `wanted`, at least one. */
function blownUpLength(doc: Json, entry: Json, wanted: number): number {
  const room = MAX_MUTANT_WEIGHT - weight(doc, MAX_MUTANT_WEIGHT);
  return Math.max(1, Math.min(wanted, Math.floor(room / weight(entry, MAX_MUTANT_WEIGHT))));
}

/** One per value in `value` (itself included) plus the length of every string; counting stops past `limit`. */
function weight(value: Json, limit: number): number {
  let n = 0;
  const stack: Json[] = [value];
  while (stack.length > 0 && n <= limit) {
    const v = stack.pop()!;
    n += typeof v === 'string' ? 1 + v.length : 1;
    if (Array.isArray(v)) for (const e of v) stack.push(e);
    else if (v !== null && typeof v === 'object') for (const e of Object.values(v)) stack.push(e);
  }
  return n;
}

function mutateText(text: string, rng: () => number): string {
  const at = Math.floor(rng() * text.length);
  const op = rng();
  if (op < 0.3) return text.slice(0, at);
  if (op < 0.6) return text.slice(0, at) + pick(rng, ['\t', ': :', '&a [*a, *a]', '{', '- - -', '\u0000', '"', String(pick(rng, NUMBERS))]) + text.slice(at);
  const lines = text.split('\n');
  const i = Math.floor(rng() * lines.length);
  lines.splice(i, 0, ...Array.from({ length: 200 }, () => lines[i] ?? ''));
  return lines.join('\n');
}

export type FuzzVerdict = 'rejected' | 'accepted' | 'refused_at_start' | 'crash';

export interface FuzzOutcome {
  verdict: FuzzVerdict;
  /** Wall time to load (and, accepted, start and step) the mutant. */
  ms: number;
  /** This thread's CPU time for the same: what the mutant cost, whatever else the machine ran meanwhile. */
  cpuMs: number;
  /** The escaping error of a crash, or the clear error of a refusal. */
  detail?: string;
}

/**
 * Loads one mutant like `validate` does, and an accepted one is compiled and run on the embedded
 * world for `steps` steps (no agent acts; events due in those steps fire).
 */
export async function checkMutant(text: string, file: string, steps = 3): Promise<FuzzOutcome> {
  const t0 = performance.now();
  const cpu0 = threadCpuMs();
  const ms = (): number => Math.round(performance.now() - t0);
  const done = (o: Omit<FuzzOutcome, 'ms' | 'cpuMs'>): FuzzOutcome => ({ ...o, ms: ms(), cpuMs: Math.round(threadCpuMs() - cpu0) });
  let loaded: ReturnType<typeof parseTask>;
  try {
    loaded = parseTask(text, { file, checkObtainability: true });
  } catch (err) {
    return done({ verdict: 'crash', detail: `parseTask threw ${describe(err)}` });
  }
  if (!loaded.ok) return done({ verdict: 'rejected' });
  let env: SimEnv | null = null;
  try {
    const task = compileTask(loaded.spec, 1);
    env = new SimEnv({ ticksPerStep: task.ticksPerStep });
    await env.reset({ seed: 1, scenario: task.scenario });
    const runtime = new TaskRuntime(task, env);
    runtime.setup();
    for (let i = 0; i < steps; i++) {
      await env.step({});
      runtime.onTick();
    }
    runtime.dispose();
    return done({ verdict: 'accepted' });
  } catch (err) {
    if (err instanceof GuildcraftError) return done({ verdict: 'refused_at_start', detail: err.message.slice(0, 300) });
    return done({ verdict: 'crash', detail: `an accepted task failed to start: ${describe(err)}` });
  } finally {
    await env?.close();
  }
}

const describe = (err: unknown): string => (err instanceof Error ? `${err.name}: ${err.message.slice(0, 300)}` : String(err).slice(0, 300));

/** CPU time of this thread (Node 23.9+), else of the process, in milliseconds. */
export function threadCpuMs(): number {
  const usage = (process as { threadCpuUsage?: () => NodeJS.CpuUsage }).threadCpuUsage?.() ?? process.cpuUsage();
  return (usage.user + usage.system) / 1000;
}
