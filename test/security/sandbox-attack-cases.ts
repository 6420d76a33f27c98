/**
 * Attack programs against the code sandbox, as data, and a harness that runs them as code actions in
 * an embedded world beside a bystander agent. Shared by the security regression suite
 * (sandbox-attacks.test.ts) and `npm run bench -- sandbox-stall`, so the bench measures exactly
 * what the suite asserts.
 *
 * The harness drives the world like the sim env: every loop iteration ticks the executors, lets the
 * scripts resume (`settleJobs`) and steps the world. "Held" is the longest single iteration (and the
 * program's synchronous start), measured in this thread's CPU time and in wall time: the time the
 * world and every other agent waited for the attacker.
 */
import { performance } from 'node:perf_hooks';
import { CodeProgram, settleJobs, type CodeResult } from '../../src/skills/code/index.js';
import type { SandboxLimits } from '../../src/skills/sandbox/index.js';
import { SkillExecutor } from '../../src/skills/skill-executor.js';
import { simSkill } from '../../src/env/sim/skills/registry.js';
import { World, joinPlayer } from '../../src/world/index.js';

export type AttackKind = 'host escape' | 'stall' | 'cross-agent' | 'memory' | 'output';

export interface Attack {
  kind: AttackKind;
  name: string;
  source: string;
  /** The outcomes that meet the bound, when not the kind's usual ones. */
  reasons?: RegExp;
}

/** The world's tick (50 ms): the slack the stall bound allows on top of the program's budget. */
export const TICK_MS = 50;

/** Stalls: each must end within the CPU budget plus one tick of held time. */
export const STALL_ATTACKS: Attack[] = [
  { kind: 'stall', name: 'endless loop in try/catch', source: `for (;;) { try { for (;;) {} } catch (e) {} }` },
  {
    kind: 'stall',
    name: 'long unknown item names, looped (host-side did-you-mean)',
    source: `const name = 'q'.repeat(60000); for (;;) await craft({ item: name, count: 1 });`,
  },
  {
    kind: 'stall',
    name: 'distinct long names (cache misses)',
    source: `for (let i = 0; ; i++) await craft({ item: i + 'z'.repeat(60000), count: 1 });`,
  },
  { kind: 'stall', name: 'TypedArray.prototype.indexOf loop', source: `const a = new Uint8Array(8e6); let n = 0; for (;;) n += a.indexOf(1);` },
  { kind: 'stall', name: 'TypedArray.prototype.lastIndexOf/includes loop', source: `const a = new Float64Array(1e6); for (;;) { a.lastIndexOf(1); a.includes(2); }` },
  { kind: 'stall', name: 'Array indexOf on a huge array-like', source: `return Array.prototype.indexOf.call({ length: 2 ** 40 }, 1);` },
  {
    kind: 'stall',
    name: 'array-like whose length getter lies',
    source: `let c = 0; return Array.prototype.includes.call({ get length() { return c++ ? 2 ** 40 : 0; } }, 1);`,
  },
  {
    kind: 'stall',
    name: 'trap-less proxy as array-like',
    source: `const p = new Proxy({}, { get: (t, k) => (k === 'length' ? 2 ** 40 : undefined) }); return Array.prototype.indexOf.call(p, 1);`,
  },
  { kind: 'stall', name: 'quadratic string search', source: `const a = 'a'.repeat(4e6); const b = 'a'.repeat(2e6) + 'b'; return a.indexOf(b);` },
  { kind: 'stall', name: 'string search loop', source: `const a = 'ab'.repeat(2e6); for (;;) a.includes('abc');` },
  { kind: 'stall', name: 'sort of a large array, looped', source: `const a = Array.from({ length: 2e5 }, (_, i) => (i * 7919) % 1000); for (;;) a.slice().sort();` },
  { kind: 'stall', name: 'Object.keys of a wide object, looped', source: `const o = {}; for (let i = 0; i < 2e5; i++) o['k' + i] = i; for (;;) Object.keys(o);` },
  { kind: 'stall', name: 'regex catastrophic backtracking', source: `return /(a+)+b/.test('a'.repeat(64));` },
  { kind: 'stall', name: 'sparse array fill/join', source: `return new Array(2 ** 32 - 1).fill(0).join(',').length;` },
  { kind: 'stall', name: 'ArrayBuffer.slice copies, looped', source: `const b = new ArrayBuffer(8e6); for (;;) b.slice(1);` },
  { kind: 'stall', name: 'Function.prototype.apply with many arguments, looped', source: `const a = new Array(60000).fill(1); for (;;) Math.max.apply(null, a);` },
  { kind: 'stall', name: 'JSON round trips of a big value, looped', source: `const v = Array.from({ length: 1e5 }, (_, i) => ({ i })); for (;;) JSON.parse(JSON.stringify(v));` },
  { kind: 'stall', name: 'raw constructor reached through a prototype', source: `const U = new Uint8Array(1).constructor; for (;;) new U(8e6).fill(7).indexOf(1);` },
];

/** Memory bombs: each must end with `memory` (or `timeout`), with the engine's memory capped. */
export const MEMORY_ATTACKS: Attack[] = [
  { kind: 'memory', name: 'ArrayBuffer.slice accumulation', source: `const b = new ArrayBuffer(4e6); const k = []; for (;;) k.push(b.slice(0));` },
  { kind: 'memory', name: 'string accumulation', source: `const k = []; for (;;) k.push('x'.repeat(1e6) + k.length);` },
  { kind: 'memory', name: 'object accumulation', source: `const k = []; for (let i = 0; ; i++) k.push({ i, s: 'v' + i });` },
  { kind: 'memory', name: 'typed arrays, out-of-memory caught and retried', source: `const k = []; for (;;) { try { k.push(new Float64Array(1e6)); } catch (e) { k.length = 0; } }` },
  // Refused before it allocates (builtin work cap) or by malloc: either way nothing is allocated.
  { kind: 'memory', name: 'one huge allocation', source: `return new ArrayBuffer(2 ** 31 - 1).byteLength;`, reasons: /^(memory|error)$/ },
  { kind: 'memory', name: 'huge string by doubling', source: `let s = 'x'; for (;;) s += s;`, reasons: /^(memory|error)$/ },
];

export interface HeldTime {
  /** Longest time (ms of this thread's CPU) one world-loop iteration or the program's start took. */
  cpuMs: number;
  /** The same in wall-clock ms (stretched when other processes take the CPU). */
  wallMs: number;
}

export interface AttackRun {
  result: CodeResult;
  held: HeldTime;
  /** The bystander's program result, when one ran. */
  bystander: CodeResult | null;
  ticks: number;
}

type ThreadCpu = () => { user: number; system: number };
const threadCpu = (process as unknown as { threadCpuUsage: ThreadCpu }).threadCpuUsage.bind(process);
const cpuNow = (): number => {
  const u = threadCpu();
  return (u.user + u.system) / 1000;
};

/** A bystander program: waits over ticks, computes with builtins, and must return exactly this. */
export const BYSTANDER_SOURCE = `
  const a = [3, 1, 2];
  a.push(4);
  await wait({ ticks: 3 });
  const r = await wait({ ticks: 3 });
  return JSON.stringify({ sorted: a.slice().sort(), mapped: a.map((x) => x * 2), ok: r.ok, keys: Object.keys({ p: 1 }) });
`;
export const BYSTANDER_VALUE = JSON.stringify({ sorted: [1, 2, 3, 4], mapped: [6, 2, 4, 8], ok: true, keys: ['p'] });

/**
 * Runs `source` as a code action of agent `attacker` (with `bystander` running its own program,
 * if given) until both end or `maxTicks` pass. Measures the longest hold of the world loop.
 */
export async function runAttack(
  source: string,
  options: { limits?: Partial<SandboxLimits>; bystander?: string; maxTicks?: number } = {},
): Promise<AttackRun> {
  const world = new World({ seed: 7, terrain: { type: 'flat' }, gamerules: { doMobSpawning: false, doDaylightCycle: false } });
  const attackerExec = new SkillExecutor(world, joinPlayer(world, 'attacker', { x: 0.5, y: -60, z: 0.5 }), simSkill);
  const bystanderExec = new SkillExecutor(world, joinPlayer(world, 'bystander', { x: 0.5, y: -60, z: 4.5 }), simSkill);
  const held: HeldTime = { cpuMs: 0, wallMs: 0 };
  const measure = async (step: () => unknown): Promise<void> => {
    const c0 = cpuNow();
    const w0 = performance.now();
    await step();
    held.cpuMs = Math.max(held.cpuMs, cpuNow() - c0);
    held.wallMs = Math.max(held.wallMs, performance.now() - w0);
  };
  const programs: CodeProgram[] = [];
  const bystander = options.bystander;
  if (bystander !== undefined) programs.push(new CodeProgram(bystanderExec, bystander, { seed: 2 }));
  let attacker!: CodeProgram;
  await measure(() => {
    attacker = new CodeProgram(attackerExec, source, { seed: 1, limits: options.limits });
  });
  programs.unshift(attacker);
  const execs = bystander !== undefined ? [attackerExec, bystanderExec] : [attackerExec];
  const maxTicks = options.maxTicks ?? 400;
  let ticks = 0;
  for (; ticks < maxTicks && programs.some((p) => p.running); ticks++) {
    await measure(async () => {
      await settleJobs();
      let resume = false;
      execs.forEach((exec, i) => {
        const program = programs[i]!;
        const f = program.tickedAt === world.tick ? null : exec.tick();
        if (f && program.running) {
          program.skillFinished(f);
          resume = true;
        }
      });
      if (resume) await settleJobs();
      world.step();
    });
  }
  await settleJobs();
  for (const p of programs) if (p.running) p.cancel('the attack harness ran out of ticks');
  const result = await attacker.done;
  return { result, held, bystander: bystander !== undefined ? await programs[1]!.done : null, ticks };
}

/** Resident set size of the process in bytes. */
export function rssBytes(): number {
  return process.memoryUsage().rss;
}
