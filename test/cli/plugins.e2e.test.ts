/**
 * The plugins in examples/plugins/ through the built CLI, as a user runs them: a plugin agent
 * (`--agents ./gatherer-agent.ts`), a plugin goal and a plugin event (named by the task file, or
 * given with `--plugin`), with nothing in the package edited.
 */
import { execFile } from 'node:child_process';
import { copyFileSync, existsSync, mkdirSync, mkdtempSync, readFileSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';

const ROOT = join(import.meta.dirname, '..', '..');
const BIN = join(ROOT, 'dist', 'src', 'cli', 'main.js');
const PLUGINS = join(ROOT, 'examples', 'plugins');
const run = promisify(execFile);

async function guildcraft(args: string[], cwd: string): Promise<{ code: number; stdout: string; stderr: string }> {
  expect(existsSync(BIN), `build first (npm run build): ${BIN} is missing`).toBe(true);
  try {
    // process.execPath: the Node running the tests (the pinned one), which loads .ts plugins directly.
    const { stdout, stderr } = await run(process.execPath, [BIN, ...args], { cwd, timeout: 60_000 });
    return { code: 0, stdout, stderr };
  } catch (err) {
    const e = err as { code: number; stdout: string; stderr: string };
    return { code: e.code, stdout: e.stdout, stderr: e.stderr };
  }
}

describe('plugins through the built CLI', () => {
  const out = mkdtempSync(join(tmpdir(), 'guildcraft-plugins-'));

  it('runs a plugin agent on a task of a plugin goal and a plugin event to success', { timeout: 90_000 }, async () => {
    const r = await guildcraft(['run', 'pillar-task.yaml', '--agents', './gatherer-agent.ts', '--json', '--out', out], PLUGINS);
    expect(r.code, r.stderr).toBe(0);
    const result = JSON.parse(r.stdout) as { success: boolean; score: number; agents: string; log: string };
    expect(result).toMatchObject({ success: true, score: 1, agents: 'gatherer' });
    // The plugin event's broadcast reached the log: it ran inside the episode, not only at load.
    expect(readFileSync(result.log, 'utf8')).toContain('a pillar of oak_log rises at 4 64 0');
  });

  it('loads the kinds with --plugin when the task file does not name them', { timeout: 90_000 }, async () => {
    const task = readFileSync(join(PLUGINS, 'pillar-task.yaml'), 'utf8').replace(/^plugins:.*$/m, '');
    const file = join(out, 'no-plugins-key.yaml');
    writeFileSync(file, task);
    const without = await guildcraft(['run', file, '--agents', join(PLUGINS, 'gatherer-agent.ts'), '--out', out], out);
    expect(without.code).toBe(2);
    expect(without.stderr).toContain("unknown goal type 'example:gather'");
    const given = ['--plugin', join(PLUGINS, 'gather-goal.ts'), '--plugin', join(PLUGINS, 'pillar-event.ts')];
    const r = await guildcraft(['run', file, '--agents', join(PLUGINS, 'gatherer-agent.ts'), ...given, '--json', '--out', out], out);
    expect(r.code, r.stderr).toBe(0);
    expect(JSON.parse(r.stdout)).toMatchObject({ success: true });
  });

  it('validate checks a file of plugin kinds once given the modules with --plugin', { timeout: 60_000 }, async () => {
    const task = readFileSync(join(PLUGINS, 'pillar-task.yaml'), 'utf8').replace(/^plugins:.*$/m, '');
    const file = join(out, 'validate-no-plugins-key.yaml');
    writeFileSync(file, task);
    const without = await guildcraft(['validate', file], out);
    expect(without.code).toBe(1);
    expect(without.stdout).toContain("unknown goal type 'example:gather'");
    const r = await guildcraft(['validate', file, '--plugin', join(PLUGINS, 'gather-goal.ts'), '--plugin', join(PLUGINS, 'pillar-event.ts')], out);
    expect(r.code, `${r.stdout}\n${r.stderr}`).toBe(0);
    expect(r.stdout).not.toContain('unknown goal type');
  });

  it.each([
    ['says "type": "commonjs"', { name: 'my-plugins', type: 'commonjs' }],
    ['says no type', { name: 'my-plugins' }],
  ])('loads .ts plugins from a folder of their own whose package.json %s, without warnings', { timeout: 120_000 }, async (_, pkg) => {
    // A user's folder: the plugins copied there, guildcraft installed beside them (a link to this checkout)
    // with zod, which the plugins import for their schemas (npm puts guildcraft's dependencies there too).
    const folder = mkdtempSync(join(tmpdir(), 'guildcraft-ts-plugins-'));
    for (const f of ['gatherer-agent.ts', 'gather-goal.ts', 'pillar-event.ts', 'pillar-task.yaml']) copyFileSync(join(PLUGINS, f), join(folder, f));
    writeFileSync(join(folder, 'package.json'), JSON.stringify(pkg));
    mkdirSync(join(folder, 'node_modules'));
    symlinkSync(ROOT, join(folder, 'node_modules', 'guildcraft'), 'dir');
    symlinkSync(join(ROOT, 'node_modules', 'zod'), join(folder, 'node_modules', 'zod'), 'dir');
    const r = await guildcraft(['run', 'pillar-task.yaml', '--agents', './gatherer-agent.ts', '--json', '--out', join(folder, 'runs')], folder);
    expect(r.code, r.stderr).toBe(0);
    expect(JSON.parse(r.stdout)).toMatchObject({ success: true, agents: 'gatherer' });
    expect(r.stderr).not.toMatch(/warning|MODULE_TYPELESS/i);
  });

  it('a missing agent module is bad input (exit 2) naming the path', { timeout: 60_000 }, async () => {
    const r = await guildcraft(['run', 'pillar-task.yaml', '--agents', './no-such-agent.js'], PLUGINS);
    expect(r.code).toBe(2);
    expect(r.stderr).toContain('no-such-agent.js not found');
  });
});
