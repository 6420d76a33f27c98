import { mkdtempSync, writeFileSync, mkdirSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Command } from 'commander';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { registerValidate, validatePaths } from '../../src/cli/commands/validate.js';

const LISTING_2 = new URL('./fixtures/tickingcollab-listing2.yaml', import.meta.url).pathname;

async function run(args: string[]): Promise<{ out: string; exitCode: number }> {
  const program = new Command('guildcraft');
  registerValidate(program);
  const lines: string[] = [];
  const spy = vi.spyOn(console, 'log').mockImplementation((s: unknown) => void lines.push(String(s)));
  process.exitCode = 0;
  try {
    await program.parseAsync(['node', 'guildcraft', 'validate', ...args]);
  } finally {
    spy.mockRestore();
  }
  const exitCode = Number(process.exitCode ?? 0);
  process.exitCode = 0;
  return { out: lines.join('\n'), exitCode };
}

afterEach(() => {
  process.exitCode = 0;
});

describe('guildcraft validate', () => {
  it('passes a good file with exit code 0', async () => {
    const { out, exitCode } = await run([LISTING_2]);
    expect(exitCode).toBe(0);
    expect(out).toContain('ok  ');
    expect(out).toContain('1 valid, 0 invalid; 0 error(s)');
  });

  it('lists file:line: path: reason for each bad file and exits non-zero', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'gc-validate-'));
    mkdirSync(join(dir, 'suite'));
    const bad = join(dir, 'suite', 'bad-v1.yaml');
    writeFileSync(
      bad,
      ['task:', '  type: prepare_crisis', '  goal: survive', 'agents:', '  spawn:', '    - name: A', '      position: [0, 64, 0]', '      inventory:', '        - {name: gold_pickaxe}', ''].join('\n'),
    );
    const syntax = join(dir, 'suite', 'syntax.yaml');
    writeFileSync(syntax, 'task: {type: harvest\n');
    const { out, exitCode } = await run([dir]);
    expect(exitCode).toBe(1);
    expect(out).toContain(`${bad}:9: agents.spawn[0].inventory[0].name: unknown item 'gold_pickaxe'`);
    expect(out).toMatch(/did you mean 'golden_pickaxe'/);
    expect(out).toMatch(new RegExp(`${syntax.replace(/[.]/g, '\\.')}:\\d+: YAML syntax`));
    expect(out).toContain('2 file(s): 0 valid, 2 invalid');
  });

  it('--difficulty adds H, N, D and tau to each valid task', async () => {
    const { out, exitCode } = await run(['--difficulty', LISTING_2]);
    expect(exitCode).toBe(0);
    // N: Listing 2's 103 survival blocks mined and placed by the diamond pickaxe, 88.5 s over 100 (difficulty.test.ts).
    expect(out).toMatch(/H=0\.\d\d N=0\.89 D=0\.70 tau=101\.0s/);
  });

  it('--json gives the same report as data; missing files are reported, not thrown', async () => {
    const { out, exitCode } = await run(['--json', LISTING_2, '/no/such/task.yaml']);
    expect(exitCode).toBe(1);
    const report = JSON.parse(out) as Awaited<ReturnType<typeof validatePaths>>;
    expect(report.files.map((f) => f.ok)).toEqual([true, false]);
    expect(report.files[1]!.issues[0]).toMatchObject({ file: '/no/such/task.yaml', reason: 'file not found', severity: 'error' });
  });
});
