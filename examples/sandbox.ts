// Runs examples/code/craft-and-say.js (the program docs/sandbox.md opens with) in the QuickJS sandbox,
// with three host functions standing in for skills: the sandbox knows only what it is given.
import { readFileSync } from 'node:fs';
const code = readFileSync(new URL('./code/craft-and-say.js', import.meta.url), 'utf8');
const world = { tick: 0 };
const signal = new AbortController().signal;
const mineBlocks = async (positions: unknown) => ({ ok: true, mined: (positions as unknown[]).length });
const craft = async (item: unknown, count: unknown) => ({ ok: true, item, count });
const say = (text: unknown) => console.log('said:', text);

// #region doc
import { loadSandboxEngine, runCode } from '../src/skills/sandbox/index.js';

await loadSandboxEngine(); // readies idle engines (default limit; or (memoryBytes, count)); runs then start synchronously
const run = runCode(code, {
  functions: { mineBlocks, craft, say }, // (...args) => value | Promise<value>
  seed: 42, // Math.random inside the sandbox
  clock: () => world.tick * 50, // Date.now() inside the sandbox
  signal, // optional AbortSignal
  cpuTimeMs: 200, memoryBytes: 32 << 20, maxOutputBytes: 64 << 10, maxStackBytes: 192 << 10,
  maxCallBytes: 64 << 10,
});
// run.cancel('new instruction') stops it at any time
const outcome = await run.result; // never rejects
// { ok: true, value, logs, cpuMs }
// { ok: false, reason: 'timeout' | 'memory' | 'cancelled' | 'error' | 'output_limit', details, logs, cpuMs }
// #endregion doc
console.log('outcome ok:', outcome.ok);
