import { afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { InputError } from '../../core/errors.js';
import {
  createCodeRunner,
  loadSandboxEngine,
  runCode,
  type RunCodeOptions,
  type RunFailure,
  type RunOutcome,
} from './index.js';

/**
 * A fake world loop: a tick counter advanced by setImmediate, like the real world stepping between
 * agent turns. Each test checks the host keeps ticking while (and after) sandbox code runs.
 */
class FakeWorld {
  tick = 0;
  private timer: ReturnType<typeof setImmediate> | null = null;
  private waiters: { at: number; wake: () => void }[] = [];

  start(): void {
    const step = (): void => {
      this.tick++;
      for (const w of this.waiters.filter((w) => w.at <= this.tick)) w.wake();
      this.waiters = this.waiters.filter((w) => w.at > this.tick);
      this.timer = setImmediate(step);
    };
    this.timer = setImmediate(step);
  }

  stop(): void {
    if (this.timer) clearImmediate(this.timer);
  }

  /** Resolves after n world ticks, like a skill that takes n ticks. */
  after<T>(n: number, value: T): Promise<T> {
    return new Promise((resolve) => this.waiters.push({ at: this.tick + n, wake: () => resolve(value) }));
  }

  /** Resolves once the world has ticked n more times. */
  async ticks(n: number): Promise<void> {
    await this.after(n, undefined);
  }
}

let world: FakeWorld;
beforeAll(async () => {
  await loadSandboxEngine();
});
beforeEach(() => {
  world = new FakeWorld();
  world.start();
});
afterEach(() => world.stop());

/** Runs code and checks the world ticked during the run or right after it. */
async function run(code: string, options: RunCodeOptions = {}): Promise<RunOutcome> {
  const before = world.tick;
  const outcome = await runCode(code, options).result;
  await world.ticks(2);
  expect(world.tick).toBeGreaterThan(before);
  return outcome;
}

function failed(outcome: RunOutcome): RunFailure {
  if (outcome.ok) throw new Error(`expected a failure, got ${JSON.stringify(outcome)}`);
  return outcome;
}

describe('runCode: ordinary code', () => {
  it('returns the value of a top-level return and captures console output', async () => {
    const out = await run(`console.log('hi', 1, {a: [2]}); print('x'); return { sum: 1 + 2 };`);
    expect(out).toMatchObject({ ok: true, value: { sum: 3 }, logs: ['hi 1 {"a":[2]}', 'x'] });
  });

  it('supports top-level await on host functions that resolve after some world ticks', async () => {
    const calls: unknown[] = [];
    const functions = {
      mineBlocks: (blocks: unknown) => {
        calls.push(blocks);
        return world.after(5, { ok: true, mined: (blocks as unknown[]).length });
      },
      craft: (item: unknown, count: unknown) => world.after(3, { ok: true, item, count }),
      say: (text: unknown) => {
        calls.push(text);
      },
    };
    const startTick = world.tick;
    const out = await run(
      `const m = await mineBlocks([{x:1,y:2,z:3}]);
       const r = await craft('wooden_pickaxe', 1);
       say('done ' + r.ok + ' ' + m.mined);
       return [m, r];`,
      { functions },
    );
    expect(out).toMatchObject({
      ok: true,
      value: [{ ok: true, mined: 1 }, { ok: true, item: 'wooden_pickaxe', count: 1 }],
    });
    expect(calls).toEqual([[{ x: 1, y: 2, z: 3 }], 'done true 1']);
    // The two skills took 5 + 3 ticks of world time while the world kept stepping.
    expect(world.tick - startTick).toBeGreaterThanOrEqual(8);
  });

  it('does not count time spent waiting for skills as CPU time', async () => {
    const functions = { wait: () => new Promise((resolve) => setTimeout(resolve, 150)) };
    const out = await run(`for (let i = 0; i < 3; i++) await wait(); return 'ok';`, { functions, cpuTimeMs: 100 });
    expect(out).toMatchObject({ ok: true, value: 'ok' });
    expect(out.cpuMs).toBeLessThan(100);
  });

  it('copies arguments and results through JSON: no host object reaches the code', async () => {
    const hostObject = { list: [1], secret: () => 'host function', when: new Date(0) };
    let received: unknown;
    const functions = {
      give: () => hostObject,
      take: (value: unknown) => {
        received = value;
        (value as { n: number[] }).n.push(99);
      },
    };
    const out = await run(
      `const o = give(); o.list.push(2);
       const mine = { n: [1], f() {}, u: undefined };
       take(mine);
       return { keys: Object.keys(o), secret: typeof o.secret, when: o.when, n: mine.n };`,
      { functions },
    );
    expect(out).toMatchObject({ ok: true, value: { keys: ['list', 'when'], secret: 'undefined', when: '1970-01-01T00:00:00.000Z', n: [1] } });
    expect(hostObject.list).toEqual([1]);
    expect(received).toEqual({ n: [1, 99] });
  });

  it('turns a throwing or rejecting host function into an Error the code can catch', async () => {
    const functions = {
      failNow: () => {
        throw new Error('no crafting table nearby');
      },
      failLater: () => world.after(2, null).then(() => Promise.reject(new Error('path blocked'))),
    };
    const out = await run(
      `const seen = [];
       try { failNow(); } catch (e) { seen.push(e instanceof Error, e.message); }
       try { await failLater(); } catch (e) { seen.push(e instanceof Error, e.message); }
       return seen;`,
      { functions },
    );
    expect(out).toMatchObject({ ok: true, value: [true, 'no crafting table nearby', true, 'path blocked'] });
  });

  it('reports an uncaught throw with its message and line', async () => {
    const out = failed(await run(`const a = 1;\nconst b = 2;\nthrow new Error('out of sticks ' + (a + b));`));
    expect(out).toMatchObject({ reason: 'error', details: 'Error: out of sticks 3 (line 3)' });
  });

  it('reports a syntax error clearly', async () => {
    const out = failed(await run(`const a = 1;\nconst b = ;\nreturn a;`));
    expect(out.reason).toBe('error');
    expect(out.details).toMatch(/^SyntaxError: .+ \(line 2\)$/);
  });

  it('rejects bad options as InputError before running', () => {
    expect(() => runCode('1', { cpuTimeMs: -1 })).toThrow(InputError);
    expect(() => runCode('1', { maxStackBytes: 10 * 1024 * 1024 })).toThrow(InputError);
    expect(() => runCode('1', { functions: { JSON: () => 1 } })).toThrow(InputError);
    expect(() => runCode('1', { functions: { 'a-b': () => 1 } })).toThrow(InputError);
  });

  it('reports code that awaits something nothing can ever settle', async () => {
    const out = failed(await run(`await new Promise(() => {}); return 1;`));
    expect(out.reason).toBe('error');
    expect(out.details).toContain('nothing can settle');
  });
});

describe('runCode: escapes are stopped', () => {
  const escapes: [string, string][] = [
    ['require', `return require('fs').readFileSync('/etc/passwd', 'utf8');`],
    ['process', `process.exit(1);`],
    ['fetch', `return await fetch('http://example.com');`],
    ['Function constructor', `return globalThis.constructor.constructor('return process')().env;`],
    ['prototype walk', `return this.__proto__.constructor.constructor('return require')()('fs');`],
    ['dynamic import', `const fs = await import('fs'); return fs.readFileSync('/etc/passwd', 'utf8');`],
  ];
  for (const [name, code] of escapes) {
    it(`stops ${name}`, async () => {
      const out = failed(await run(code));
      expect(out.reason).toBe('error');
      expect(out.details).not.toContain('root:');
      expect(out.details).toMatch(/ReferenceError|TypeError|Error/);
    });
  }

  it('new Function("return this")() finds only the sandbox global', async () => {
    const out = await run(
      `const g = new Function('return this')();
       return { same: g === globalThis, names: Object.getOwnPropertyNames(g), proto: Object.getOwnPropertyNames(Object.getPrototypeOf(g)) };`,
      { functions: { mineBlocks: () => null } },
    );
    if (!out.ok) throw new Error(out.details);
    const value = out.value as { same: boolean; names: string[] };
    expect(value.same).toBe(true);
    for (const hostName of ['process', 'require', 'module', 'Buffer', 'fetch', 'setTimeout', 'global', 'std', 'os']) {
      expect(value.names).not.toContain(hostName);
    }
    expect(value.names).toContain('mineBlocks');
    expect(value.names).toContain('console');
  });
});

describe('runCode: limits', () => {
  it('stops an infinite loop with timeout, even inside try/catch', async () => {
    const out = failed(await run(`try { while (true) {} } catch (e) { return 'escaped'; }`, { cpuTimeMs: 100 }));
    expect(out.reason).toBe('timeout');
  });

  it('stops a loop of slow builtin calls with timeout', async () => {
    const out = failed(await run(`while (true) 'x'.repeat(1e5);`, { cpuTimeMs: 100 }));
    expect(out.reason).toBe('timeout');
  });

  it('stops catastrophic regex backtracking with timeout', async () => {
    const out = failed(await run(`return /(a+)+b/.test('a'.repeat(40));`, { cpuTimeMs: 100 }));
    expect(out.reason).toBe('timeout');
  });

  it('a recursion bomb fails with a stack error', async () => {
    const out = failed(await run(`function f(n) { return f(n + 1) + 1; } return f(0);`));
    expect(out.reason).toBe('error');
    expect(out.details).toMatch(/stack overflow/i);
  });

  it('stops the memory bomb with memory', async () => {
    const out = failed(
      await run(`let a = []; while (true) a.push('x'.repeat(1e6));`, { memoryBytes: 16 * 1024 * 1024, cpuTimeMs: 10_000 }),
    );
    expect(out.reason).toBe('memory');
  });

  it('stops an object-allocation bomb with memory', async () => {
    const out = failed(
      await run(`let a = []; let i = 0; while (true) a.push({ i: i++, s: 'v' + i });`, {
        memoryBytes: 8 * 1024 * 1024,
        cpuTimeMs: 10_000,
      }),
    );
    expect(out.reason).toBe('memory');
  });

  it('stops typed-array accumulation with memory', async () => {
    const out = failed(
      await run(`let a = []; while (true) a.push(new Uint8Array(1e6));`, { memoryBytes: 16 * 1024 * 1024, cpuTimeMs: 10_000 }),
    );
    expect(out.reason).toBe('memory');
  });

  it('caps output with output_limit and keeps what fit', async () => {
    const out = failed(await run(`for (let i = 0; ; i++) console.log('line ' + i);`, { maxOutputBytes: 1000 }));
    expect(out.reason).toBe('output_limit');
    expect(out.logs.length).toBeGreaterThan(10);
    expect(out.logs.join('\n').length).toBeLessThanOrEqual(1000);
  });

  it('counts a huge returned value against the output cap', async () => {
    const out = failed(await run(`return 'y'.repeat(5000);`, { maxOutputBytes: 1000 }));
    expect(out.reason).toBe('output_limit');
  });

  it('cancel() ends a run stuck on a never-resolving skill, while the world keeps ticking', async () => {
    const handle = runCode(`say('waiting'); await waitForever(); return 'never';`, {
      functions: { waitForever: () => new Promise(() => {}), say: () => undefined },
    });
    const before = world.tick;
    await world.ticks(5);
    expect(world.tick).toBeGreaterThanOrEqual(before + 5);
    handle.cancel('the agent was told to stop');
    const out = failed(await handle.result);
    expect(out).toMatchObject({ reason: 'cancelled', details: 'the agent was told to stop' });
  });

  it('an AbortSignal cancels the run', async () => {
    const controller = new AbortController();
    const handle = runCode(`await waitForever();`, {
      functions: { waitForever: () => new Promise(() => {}) },
      signal: controller.signal,
    });
    await world.ticks(2);
    controller.abort();
    expect(failed(await handle.result).reason).toBe('cancelled');
  });

  it('a host function may cancel the run while QuickJS is executing', async () => {
    const box: { handle?: ReturnType<typeof runCode> } = {};
    box.handle = runCode(`await nextTick(); stopMe(); while (true) {}`, {
      functions: { nextTick: () => world.after(1, null), stopMe: () => box.handle!.cancel('stopped from inside') },
      cpuTimeMs: 5_000,
    });
    const out = failed(await box.handle.result);
    expect(out).toMatchObject({ reason: 'cancelled', details: 'stopped from inside' });
    expect(out.cpuMs).toBeLessThan(1_000);
  });

  it('bounds nesting that QuickJS would recurse on the host stack for (JSON, arrays, source, eval)', async () => {
    const cases = [
      `let a = []; for (let i = 0; i < 100000; i++) a = [a]; return JSON.stringify(a).length;`,
      `let a = []; for (let i = 0; i < 100000; i++) a = [a]; return String(a).length;`,
      `return JSON.parse('['.repeat(100000) + ']'.repeat(100000)).length;`,
      `return eval('('.repeat(20000) + '1' + ')'.repeat(20000));`,
      `return new Function('return ' + '['.repeat(20000) + ']'.repeat(20000))();`,
      `let a = []; for (let i = 0; i < 100000; i++) a = [a]; return a;`,
      'return ' + '['.repeat(5000) + ']'.repeat(5000) + ';',
    ];
    for (const code of cases) {
      const out = failed(await run(code));
      expect(out.reason, `${code.slice(0, 60)}: ${out.details} ${out.cpuMs}`).toBe('error');
      expect(out.details).toMatch(/nest/);
    }
    expect(await run(`return JSON.parse(JSON.stringify({ a: [[[1]]], s: '[[[[' }));`)).toMatchObject({
      ok: true,
      value: { a: [[[1]]], s: '[[[[' },
    });
  });

  it('survives code that overflows the host stack in the parser: only that run fails, its engine is replaced', async () => {
    // A run of another agent, waiting for a skill meanwhile, has an engine of its own and finishes normally.
    const bystander = runCode(`const r = await later(); return r + 1;`, { functions: { later: () => world.after(5, 41) } });
    const out = failed(await run(`return ${'!'.repeat(20000)}true;`));
    expect(out.reason).toBe('error');
    expect(out.details).toContain('nested too deeply');
    expect(await bystander.result).toMatchObject({ ok: true, value: 42 });
    expect(await run(`return 'still working';`)).toMatchObject({ ok: true, value: 'still working' });
  });

  it('keeps working after many failing runs (no leak poisons the engine)', async () => {
    const codes = [`while(true){}`, `throw 1`, `let a=[]; while(true) a.push('x'.repeat(1e6))`, `return 5`];
    const reasons: string[] = [];
    for (let i = 0; i < 3; i++) {
      for (const code of codes) {
        const out = await runCode(code, { cpuTimeMs: 50, memoryBytes: 8 * 1024 * 1024 }).result;
        reasons.push(out.ok ? 'ok' : out.reason);
      }
    }
    expect(await runCode(`return 6 * 7`).result).toMatchObject({ ok: true, value: 42 });
    // The bombs were stopped at their limits (each engine's memory is capped), not at the process's;
    // with 50 ms of CPU the memory bomb may run out of time first.
    const bombOutcome = expect.stringMatching(/^(memory|timeout)$/);
    expect(reasons).toEqual(Array.from({ length: 3 }, () => ['timeout', 'error', bombOutcome, 'ok']).flat());
  });
});

describe('runCode: determinism', () => {
  it('seeds Math.random and reads Date from the host clock', async () => {
    const code = `return { r: [Math.random(), Math.random()], now: Date.now(), d: new Date().getTime(), fixed: new Date(5).getTime() };`;
    const clock = () => 20 * 50; // e.g. tick 20 at 50 ms per tick
    const a = await run(code, { seed: 7, clock });
    const b = await run(code, { seed: 7, clock });
    const c = await run(code, { seed: 8, clock });
    if (!a.ok || !c.ok) throw new Error('run failed');
    expect(a.value).toEqual(b.ok && b.value);
    expect(a.value).toMatchObject({ now: 1000, d: 1000, fixed: 5 });
    expect((a.value as { r: number[] }).r).not.toEqual((c.value as { r: number[] }).r);
    expect(await run(`return new Date() instanceof Date && typeof Date() === 'string';`)).toMatchObject({ value: true });
  });

  it('createCodeRunner binds defaults and merges per-run functions', async () => {
    const runner = createCodeRunner({ functions: { a: () => 1 }, seed: 3 });
    await runner.ready();
    const out = await runner.run(`return a() + b();`, { functions: { b: () => 2 } }).result;
    expect(out).toMatchObject({ ok: true, value: 3 });
  });
});
