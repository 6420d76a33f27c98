/**
 * Security regression suite of the code sandbox (docs/security.md, "Code sandbox"). Every case is an
 * attack program an LLM could write, run as a code action in an embedded world; each asserts the
 * bound the sandbox promises:
 * - host escape: no host object, module or global is reached, and nothing leaks into the host's
 *   prototypes;
 * - stalls: the world is never held longer than the program's CPU budget plus one tick;
 * - cross-agent: another agent's program, running meanwhile, finishes normally with its own result;
 * - memory: the run ends with `memory` (or `timeout`) and the process grows by at most a stated
 *   multiple of the limit;
 * - output: error text, console output, returned values and call arguments stay within their caps.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { loadSandboxEngine, runCode, MAX_DETAILS_BYTES } from '../../src/skills/sandbox/index.js';
import {
  BYSTANDER_SOURCE,
  BYSTANDER_VALUE,
  MEMORY_ATTACKS,
  STALL_ATTACKS,
  TICK_MS,
  rssBytes,
  runAttack,
} from './sandbox-attack-cases.js';

const BUDGET_MS = 100;
const MEMORY_LIMIT = 16 * 1024 * 1024;
/** The stated bound: RSS grows by at most this multiple of the limit per memory attack (docs/sandbox.md). */
const RSS_MULTIPLE = 2;

beforeAll(async () => {
  await loadSandboxEngine(undefined, 3);
  await loadSandboxEngine(MEMORY_LIMIT, 2);
});

describe('host escape: nothing outside the sandbox is reachable', () => {
  const escapes: [string, string][] = [
    ['require', `return typeof require === 'undefined' ? 'none' : require('fs').readFileSync('/etc/passwd', 'utf8');`],
    ['process', `return typeof process === 'undefined' ? 'none' : process.env;`],
    ['dynamic import', `try { const fs = await import('fs'); return fs.readFileSync('/etc/passwd', 'utf8'); } catch (e) { return 'none'; }`],
    ['Function constructor', `try { return Function('return typeof process')(); } catch (e) { return 'none'; }`],
    ['constructor chain', `return (() => {}).constructor('return typeof require + typeof process + typeof globalThis.Buffer')();`],
    ['async function constructor', `return await (async () => {}).constructor('return typeof process')();`],
    ['host function internals', `return [typeof craft.caller, Object.getOwnPropertyNames(craft).join(','), String(craft).includes('[native code]')].join('|');`],
    ['host result prototype', `const r = await wait({ ticks: 1 }); return [Object.getPrototypeOf(r) === Object.prototype, typeof r.constructor.constructor('return process')()].join('|');`],
    ['error stack', `try { await craft({ item: 'nope', count: 1 }); null.x; } catch (e) { return String(e.stack); }`],
  ];
  for (const [name, source] of escapes) {
    it(`stops ${name}`, async () => {
      const { result } = await runAttack(source, { limits: { cpuTimeMs: 1000 } });
      const text = JSON.stringify(result);
      expect(text).not.toContain('root:');
      expect(text).not.toMatch(/node_modules|\/work\/|object process|"PATH"/);
      if (result.ok) expect(String(result.value)).not.toMatch(/object|function/);
    });
  }

  it('prototype pollution stays inside the sandbox (values, arguments and results are JSON copies)', async () => {
    const { result } = await runAttack(`
      Object.prototype.polluted = 'yes';
      Array.prototype.polluted = 'yes';
      await say({ message: 'hi', __proto__: { polluted: 'yes' } });
      await craft(JSON.parse('{"__proto__": {"polluted": "yes"}, "item": "stick", "count": 1}'));
      return JSON.parse('{"__proto__": {"polluted": "yes"}}');
    `);
    expect(result.ok).toBe(true);
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
    expect(([] as unknown as Record<string, unknown>).polluted).toBeUndefined();
    expect(Object.prototype.hasOwnProperty.call(Object.prototype, 'polluted')).toBe(false);
    // The returned "__proto__" is an own key of a plain copy, not a new prototype.
    const value = (result as { value: Record<string, unknown> }).value;
    expect(Object.getPrototypeOf(value)).toBe(Object.prototype);
  });
});

describe('stalls: no program holds the world longer than its budget plus one tick', () => {
  for (const attack of STALL_ATTACKS) {
    it(attack.name, async () => {
      const { result, held } = await runAttack(attack.source, { limits: { cpuTimeMs: BUDGET_MS } });
      expect(held.cpuMs, `held ${held.cpuMs.toFixed(1)} ms of CPU (${held.wallMs.toFixed(0)} ms wall)`).toBeLessThanOrEqual(BUDGET_MS + TICK_MS);
      expect(result.ok).toBe(false);
      if (!result.ok) expect(result.reason).toMatch(/^(timeout|error|memory)$/);
    });
  }
});

describe('cross-agent: one program cannot touch another', () => {
  const poisons: [string, string][] = [
    ['redefines Array.prototype.push', `Array.prototype.push = function () { throw new Error('poisoned'); }; await wait({ ticks: 10 }); return 1;`],
    ['redefines Object.prototype.toJSON', `Object.prototype.toJSON = function () { return 'poisoned'; }; await wait({ ticks: 10 }); return { a: 1 };`],
    ['redefines JSON and Function.prototype.call', `JSON.parse = () => 'poisoned'; JSON.stringify = () => '"poisoned"'; Function.prototype.call = null; await wait({ ticks: 10 });`],
    ['nests the parser deeply (host stack overflow)', `await wait({ ticks: 2 }); return ${'!'.repeat(20000)}true;`],
    ['exhausts its memory', `await wait({ ticks: 2 }); const k = []; for (;;) k.push(new ArrayBuffer(1e6));`],
    ['spins until its budget ends', `await wait({ ticks: 2 }); for (;;) {}`],
  ];
  for (const [name, source] of poisons) {
    it(`the bystander finishes normally while the attacker ${name}`, async () => {
      const { bystander } = await runAttack(source, { bystander: BYSTANDER_SOURCE, limits: { cpuTimeMs: BUDGET_MS } });
      expect(bystander).toMatchObject({ ok: true, value: BYSTANDER_VALUE });
    });
  }
});

describe('memory: the limit holds on every allocation path', () => {
  for (const attack of MEMORY_ATTACKS) {
    it(attack.name, async () => {
      const before = rssBytes();
      const { result } = await runAttack(attack.source, { limits: { memoryBytes: MEMORY_LIMIT, cpuTimeMs: 2000 } });
      const grown = rssBytes() - before;
      expect(result.ok).toBe(false);
      if (!result.ok) expect(result.reason).toMatch(attack.reasons ?? /^(memory|timeout)$/);
      expect(grown, `RSS grew by ${(grown / 2 ** 20).toFixed(1)} MiB`).toBeLessThanOrEqual(RSS_MULTIPLE * MEMORY_LIMIT);
    });
  }
});

describe('output: what flows into prompts and logs is capped', () => {
  it('a huge error message is cut to the error-text cap', async () => {
    const { result } = await runAttack(`throw new Error('e'.repeat(4 << 20));`, { limits: { cpuTimeMs: 2000 } });
    expect(result.ok).toBe(false);
    if (!result.ok) expect(Buffer.byteLength(result.details)).toBeLessThanOrEqual(MAX_DETAILS_BYTES);
  });

  it('a huge thrown non-Error value and a huge error name are cut too', async () => {
    for (const source of [`throw 'x'.repeat(1e6);`, `const e = new Error('m'); e.name = 'N'.repeat(1e6); throw e;`]) {
      const { result } = await runAttack(source, { limits: { cpuTimeMs: 2000 } });
      if (result.ok) throw new Error('expected a failure');
      expect(Buffer.byteLength(result.details)).toBeLessThanOrEqual(MAX_DETAILS_BYTES);
    }
  });

  it('console spam stops at the output cap, multi-byte lines included, quickly', async () => {
    const started = performance.now();
    const out = await runCode(`for (;;) console.log('€'.repeat(1e5));`, { maxOutputBytes: 64 * 1024 }).result;
    expect(out).toMatchObject({ ok: false, reason: 'output_limit' });
    expect(Buffer.byteLength(out.logs.join('\n'))).toBeLessThanOrEqual(64 * 1024);
    expect(performance.now() - started).toBeLessThan(5000);
  });

  it('a huge returned value is refused by the output cap', async () => {
    const { result } = await runAttack(`return 'v'.repeat(1e6);`);
    expect(result).toMatchObject({ ok: false, reason: 'output_limit' });
  });

  it('megabytes passed to a skill are refused before they reach it (the call-size cap)', async () => {
    const { result } = await runAttack(`
      const caught = [];
      for (const call of [() => say({ message: 'm'.repeat(1e6) }), () => craft({ item: 'i'.repeat(1e6), count: 1 })]) {
        try { await call(); } catch (e) { caught.push(e.name + ': ' + e.message); }
      }
      return caught;
    `);
    expect(result.ok).toBe(true);
    const caught = (result as { value: string[] }).value;
    expect(caught).toHaveLength(2);
    for (const message of caught) expect(message).toMatch(/^RangeError: the arguments of \w+\(\) exceed 65536 bytes/);
  });
});
