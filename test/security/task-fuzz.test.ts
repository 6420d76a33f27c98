/**
 * Task files are untrusted input (issue 21, item 4): a bounded, seeded run of the task-file fuzzer
 * (test/security/task-fuzz-cases.ts) — mutants of every shipped task file, loaded like `validate`
 * loads them and, when accepted, started on the embedded world. None may crash (anything but a clear
 * GuildcraftError escaping) and none may take longer than the bound. The long run is
 * `npm run bench -- task-fuzz --mutants 10000`.
 */
import { describe, expect, it } from 'vitest';
import { parseTask } from '../../src/tasks/load.js';
import { checkMutant, mutate, seededRandom, taskCorpus, threadCpuMs, type FuzzOutcome } from './task-fuzz-cases.js';

const MUTANTS = 200;
/** One mutant's bound in this thread's CPU time (wall time stretches on a shared machine). */
const SLOW_MS = 5_000;

describe('task-file fuzzer (bounded run)', () => {
  it(`${MUTANTS} seeded mutants: 0 crashes, none over ${SLOW_MS} ms of CPU`, async () => {
    const corpus = taskCorpus();
    expect(corpus.length).toBeGreaterThan(20);
    const rng = seededRandom(21);
    const counts: Record<string, number> = {};
    const bad: { file: string; outcome: FuzzOutcome }[] = [];
    for (let i = 0; i < MUTANTS; i++) {
      const seed = corpus[i % corpus.length]!;
      const outcome = await checkMutant(mutate(seed.text, rng), seed.file, 2);
      counts[outcome.verdict] = (counts[outcome.verdict] ?? 0) + 1;
      if (outcome.verdict === 'crash' || outcome.cpuMs > SLOW_MS) bad.push({ file: seed.file, outcome });
    }
    expect(bad).toEqual([]);
    // The mutants exercise both sides: most are rejected, some still load and run.
    expect(counts.rejected ?? 0).toBeGreaterThan(MUTANTS / 3);
    expect(counts.accepted ?? 0).toBeGreaterThan(0);
  }, 120_000);
});

describe('the fuzzer itself is bounded', () => {
  // The bench's one "hang" in 10,000 mutants (seed 21, mutant 1674): lists blown up into copies of
  // long strings that the YAML printer took 44 s and 2 GB to write, in the fuzzer, before the loader
  // saw anything. The bench makes mutant i from the seed and i alone, as here. Its source file is named
  // rather than indexed: the corpus grows with every shipped task file (it held 42 files then).
  it('makes seed 21\'s mutant 1674 within a second of CPU, as a text past the loader\'s size cap', () => {
    const source = taskCorpus().find((c) => c.file === 'suites/sagents/shelter-5x5-v1.yaml')!;
    expect(source).toBeDefined();
    const cpu0 = threadCpuMs();
    const text = mutate(source.text, seededRandom(21 * 1_000_003 + 1674));
    expect(threadCpuMs() - cpu0).toBeLessThan(1_000);
    // Still the blown-up document (not a fallback cut of the text), so the size cap is exercised.
    expect(text.length).toBeGreaterThan(1024 * 1024);
    expect(parseTask(text, { file: source.file })).toMatchObject({ ok: false, issues: [{ reason: expect.stringMatching(/a task file has at most/) }] });
  }, 120_000);
});

describe('task-file ranges', () => {
  const base = (patch: string): string => `
task: {type: creative, goal: test}
agents:
  spawn:
    - {name: Alice, position: [0, 64, 0]${patch}}
`;

  it('huge coordinates, speeds and ranges are rejected with the key and line', () => {
    for (const [patch, path, reason] of [
      [', capabilities: {speed_bps: 1e308}', 'agents.spawn[0].capabilities.speed_bps', /at most 100 blocks per second/],
      [', capabilities: {perception_range: 999999999999}', 'agents.spawn[0].capabilities.perception_range', /at most 256 blocks/],
    ] as const) {
      const r = parseTask(base(patch), { file: 't.yaml' });
      expect(r.ok).toBe(false);
      if (r.ok) continue;
      expect(r.issues[0]).toMatchObject({ file: 't.yaml', path, line: 5 });
      expect(r.issues[0]!.reason).toMatch(reason);
    }
    const far = parseTask(base('').replace('[0, 64, 0]', '[9007199254740992, 64, 0]'));
    expect(far.ok ? [] : far.issues.map((i) => i.reason)).toEqual([expect.stringMatching(/world border/)]);
    const deep = parseTask(base('').replace('[0, 64, 0]', '[0, 100000, 0]'));
    expect(deep.ok ? [] : deep.issues.map((i) => i.reason)).toEqual([expect.stringMatching(/world's height/)]);
  });

  it('a 200 kB blueprint row is a clear error, not a RangeError', () => {
    const row = '#'.repeat(200_000);
    const text = `
task:
  type: creative
  goal: build
  success: {type: blueprint, origin: [0, 64, 0], palette: {'#': stone}, layers: [["${row}"]]}
agents:
  spawn: [{name: Alice, position: [0, 64, 0]}]
`;
    const r = parseTask(text, { file: 'big.yaml' });
    expect(r.ok).toBe(false);
    if (!r.ok) expect(r.issues.map((i) => i.reason)).toEqual([expect.stringMatching(/a blueprint row has at most 256 characters/)]);
  });

  it('an episode longer than the stated bound is rejected', () => {
    const r = parseTask(`${base('')}environment: {max_steps: 1000000, step_seconds: 600}\n`, { file: 'suite/long-v1.yaml' });
    expect(r.ok ? [] : r.issues.map((i) => i.path)).toEqual(['environment.max_steps']);
  });
});
