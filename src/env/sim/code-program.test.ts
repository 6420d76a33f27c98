import { beforeAll, describe, expect, it } from 'vitest';
import { World, joinPlayer, type Player } from '../../world/index.js';
import { loadSandboxEngine } from '../../skills/sandbox/index.js';
import { SkillExecutor } from '../../skills/skill-executor.js';
import { simSkill } from './skills/registry.js';
import { CodeProgram, settleJobs, type CodeProgramOptions, type CodeResult } from '../../skills/code/code-program.js';

/**
 * A two-agent world: `coder` runs a code action, `walker` walks east with the moveTo skill on its
 * own executor. The loop mirrors the sim env's tick: skills tick, scripts resume, the world steps.
 * Each escape case checks the program ended with the right reason AND that the walker kept moving
 * and the world kept ticking while and after the code was stopped.
 */
function setup(source: string, options: CodeProgramOptions = {}) {
  const world = new World({ seed: 1, terrain: { type: 'flat' }, gamerules: { doMobSpawning: false, doDaylightCycle: false } });
  const coder = joinPlayer(world, 'coder', { x: 0.5, y: -60, z: 0.5 });
  const walker = joinPlayer(world, 'walker', { x: 0.5, y: -60, z: 4.5 });
  const coderExec = new SkillExecutor(world, coder, simSkill);
  const walkerExec = new SkillExecutor(world, walker, simSkill);
  expect(walkerExec.start('moveTo', { x: 30.5, y: -60, z: 4.5, range: 0.5 }).ok).toBe(true);
  const program = new CodeProgram(coderExec, source, options);
  const tick = async (): Promise<void> => {
    const f = program.tickedAt === world.tick ? null : coderExec.tick();
    if (f) {
      program.skillFinished(f);
      await settleJobs();
    }
    walkerExec.tick();
    world.step();
  };
  /** Ticks until the program ends (or `max` ticks); returns its result. */
  const runUntilDone = async (max = 2000): Promise<CodeResult> => {
    await settleJobs();
    for (let i = 0; i < max && program.running; i++) await tick();
    await settleJobs();
    expect(program.running).toBe(false);
    return program.result!;
  };
  return { world, coder, walker, coderExec, walkerExec, program, tick, runUntilDone };
}

function expectWorldKeptTicking(world: World, walker: Player, startTicks = 0): void {
  expect(world.tick).toBeGreaterThan(startTicks);
  // The other agent's skill advanced: it walked east while the code ran and was stopped.
  expect(walker.pos.x).toBeGreaterThan(1.5);
}

beforeAll(async () => {
  await loadSandboxEngine();
});

describe('CodeProgram: skills from JavaScript over world ticks', () => {
  it('runs skill calls in order over ticks and returns their result objects to the script', async () => {
    const t = setup(`
      const r1 = await moveTo({ x: 5.5, y: -60, z: 0.5, range: 0.5 });
      const r2 = await wait({ ticks: 10 });
      const bad = await moveTo({ x: 'east' });
      return { r1, r2, badReason: bad.reason, tick: Date.now() / 50 };
    `);
    const result = await t.runUntilDone();
    expect(result.ok, JSON.stringify(result)).toBe(true);
    if (!result.ok) return;
    const v = result.value as { r1: { ok: boolean; pos: { x: number } }; r2: { ok: boolean; ticks: number }; badReason: string; tick: number };
    expect(v.r1.ok).toBe(true);
    expect(v.r1.pos.x).toBeCloseTo(5.5, 0);
    expect(v.r2).toEqual({ ok: true, ticks: 10 });
    expect(v.badReason).toBe('invalid_params'); // failures come back as data, not throws
    expect(t.coder.pos.x).toBeGreaterThan(4.5);
    // Walking 5 blocks took world time (>= 20 ticks) plus the 10-tick wait.
    expect(v.tick).toBeGreaterThanOrEqual(30);
    expect(result.skillCalls).toBe(3);
  });

  it('say answers at once, awaited or not, and runs in call order with other calls', async () => {
    const t = setup(`
      const a = say('first');
      chat('second');
      const w = await wait(3);
      return { a, w };
    `);
    const result = await t.runUntilDone();
    expect(result.ok, JSON.stringify(result)).toBe(true);
    const done = t.coderExec.takeFinished();
    expect(done.map((f) => f.name)).toEqual(['say', 'say', 'wait']);
    expect(done.map((f) => (f.params as { message?: string }).message)).toEqual(['first', 'second', undefined]);
    // Both lines were said in the tick the program started: chat costs no world time.
    expect(done[0]!.finishedAt).toBe(0);
    expect(done[1]!.finishedAt).toBe(0);
    expect((result as { value: { a: { ok: boolean } } }).value.a.ok).toBe(true);
  });

  it('cancel stops the program and the skill it waits for, while the world keeps ticking', async () => {
    const t = setup(`await moveTo({ x: -40.5, y: -60, z: 0.5 }); return 'arrived';`);
    for (let i = 0; i < 10; i++) await t.tick();
    expect(t.coderExec.running?.name).toBe('moveTo');
    t.program.cancel('new orders');
    expect(t.program.result).toMatchObject({ ok: false, reason: 'cancelled' });
    expect(t.coderExec.running).toBeNull();
    const x = t.coder.pos.x;
    for (let i = 0; i < 20; i++) await t.tick();
    expect(t.coder.pos.x).toBeCloseTo(x, 0);
    expectWorldKeptTicking(t.world, t.walker, 29);
  });
});

describe('CodeProgram: escapes and resource abuse are stopped while the world keeps ticking', () => {
  const escapes: [string, string, RegExp][] = [
    ['require', `const fs = require('fs'); return fs.readFileSync('/etc/passwd', 'utf8');`, /'?require'? is not defined/],
    ['process', `return process.env;`, /'?process'? is not defined/],
    ['fs via import()', `const fs = await import('fs'); return fs;`, /./],
    ['fetch', `return await fetch('http://127.0.0.1:1/');`, /'?fetch'? is not defined/],
    ['globalThis host lookup', `return Object.keys(globalThis).filter((k) => /process|require|Buffer|fs/.test(k)).length === 0 ? globalThis.process.exit() : 'found';`, /process|undefined|exit/],
    ['Function constructor', `return new Function('return this.process.mainModule.require("fs")')();`, /process|undefined/],
    ['constructor chain', `return moveTo.constructor('return process')().exit(1);`, /'?process'? is not defined/],
  ];
  for (const [name, source, message] of escapes) {
    it(`${name} finds no host authority`, async () => {
      const t = setup(source);
      const result = await t.runUntilDone();
      expect(result.ok).toBe(false);
      if (!result.ok) {
        expect(result.reason).toBe('error');
        expect(result.details).toMatch(message);
      }
      for (let i = 0; i < 20; i++) await t.tick();
      expectWorldKeptTicking(t.world, t.walker);
    });
  }

  it('an infinite loop ends with timeout', async () => {
    const t = setup(`await wait({ ticks: 2 }); while (true) {}`, { limits: { cpuTimeMs: 50 } });
    const result = await t.runUntilDone();
    expect(result).toMatchObject({ ok: false, reason: 'timeout' });
    const tickAtStop = t.world.tick;
    for (let i = 0; i < 20; i++) await t.tick();
    expect(t.world.tick).toBe(tickAtStop + 20);
    expectWorldKeptTicking(t.world, t.walker);
  });

  it('an infinite loop of skill calls is cancellable and never blocks the world', async () => {
    const t = setup(`for (;;) await wait({ ticks: 1 });`);
    for (let i = 0; i < 40; i++) await t.tick();
    expect(t.program.running).toBe(true);
    // Each wait took its tick: the loop advanced with the world, not ahead of it.
    expect(t.coderExec.takeFinished().filter((f) => f.name === 'wait' && f.result.ok).length).toBeGreaterThanOrEqual(19);
    t.program.cancel();
    expect(t.program.result?.ok).toBe(false);
    for (let i = 0; i < 10; i++) await t.tick();
    expect(t.coderExec.running).toBeNull();
    expectWorldKeptTicking(t.world, t.walker, 49);
  });

  it('a memory bomb ends with memory', async () => {
    const t = setup(`const a = []; for (;;) a.push('x'.repeat(1 << 20));`, { limits: { memoryBytes: 8 << 20, cpuTimeMs: 2000 } });
    const result = await t.runUntilDone();
    expect(result).toMatchObject({ ok: false, reason: 'memory' });
    for (let i = 0; i < 20; i++) await t.tick();
    expectWorldKeptTicking(t.world, t.walker);
  });

  it('huge output ends with output_limit', async () => {
    const t = setup(`for (;;) console.log('spam '.repeat(100));`, { limits: { maxOutputBytes: 4096 } });
    const result = await t.runUntilDone();
    expect(result).toMatchObject({ ok: false, reason: 'output_limit' });
    expect(result.logs.join('\n').length).toBeLessThanOrEqual(4096);
    for (let i = 0; i < 20; i++) await t.tick();
    expectWorldKeptTicking(t.world, t.walker);
  });

  it('a script that ends while its unawaited skill runs leaves no skill running', async () => {
    const t = setup(`moveTo({ x: -30.5, y: -60, z: 0.5 }); return 'left early';`);
    const result = await t.runUntilDone();
    expect(result.ok).toBe(true);
    expect(t.coderExec.running).toBeNull();
    const reports = t.coderExec.takeFinished();
    expect(reports.find((f) => f.name === 'moveTo')?.result).toMatchObject({ ok: false, reason: 'cancelled' });
  });
});
