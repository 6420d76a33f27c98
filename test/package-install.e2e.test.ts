/**
 * Issue 13's "Done when", as a newcomer meets it: the package packed and installed into a fresh folder far
 * from this checkout, the README's TaskEnv example (examples/task-env.ts, documented exports only) run there
 * to its end with non-zero rewards, and neither the install nor `npx guildcraft --help` printing a warning.
 * It installs guildcraft's dependencies from the npm cache, or the registry when they are not cached (a few
 * minutes on a busy machine), so it lives in the integration tier.
 */
import { execFile } from 'node:child_process';
import { copyFileSync, existsSync, lstatSync, mkdirSync, mkdtempSync, readdirSync, writeFileSync } from 'node:fs';
import { rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { delimiter, dirname, join } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, describe, expect, it } from 'vitest';

const ROOT = join(import.meta.dirname, '..');
const run = promisify(execFile);

interface Ran {
  code: number;
  stdout: string;
  stderr: string;
}

/** Runs a program to its end and returns its exit code and output, whether it failed or not. */
async function runIn(cwd: string, env: NodeJS.ProcessEnv, file: string, args: string[], timeoutMs: number): Promise<Ran> {
  try {
    const { stdout, stderr } = await run(file, args, { cwd, env, timeout: timeoutMs, maxBuffer: 16 * 1024 * 1024 });
    return { code: 0, stdout, stderr };
  } catch (err) {
    const e = err as { code: number; stdout: string; stderr: string };
    return { code: e.code, stdout: e.stdout, stderr: e.stderr };
  }
}

/** npm 11's install-scripts advisory lines: it lists every package in the tree whose install scripts no `allowScripts` entry covers. */
const advisoryLines = (stderr: string): string[] => stderr.split('\n').filter((l) => l.startsWith('npm warn install-scripts'));

describe('the packed package in a fresh folder', () => {
  const folders: string[] = [];
  // An install is over a gigabyte of node_modules; a run must not leave one behind in the temp folder.
  // Removing it takes a while on a busy disk.
  afterAll(async () => {
    await Promise.all(folders.map((f) => rm(f, { recursive: true, force: true })));
  }, 600_000);

  it('installs with no warning of its own, steps TaskEnv to its end with non-zero rewards, and answers --help quietly', { timeout: 900_000 }, async () => {
    expect(existsSync(join(ROOT, 'dist', 'src', 'index.js')), 'build first (npm run build)').toBe(true);
    const folder = mkdtempSync(join(tmpdir(), 'guildcraft-fresh-'));
    folders.push(folder);
    const app = join(folder, 'app');
    mkdirSync(app);
    // The user's machine: the Node running the tests (the pinned one, as a user of the package has Node >= 22)
    // first on PATH, and an empty user npmrc, so this machine's own npm settings stay out of what is checked.
    const userConfig = join(folder, 'npmrc');
    writeFileSync(userConfig, '');
    // The npm_* settings an `npm test` around this passes down are this project's, not the user's.
    const inherited = Object.fromEntries(Object.entries(process.env).filter(([key]) => !key.startsWith('npm_')));
    const env = { ...inherited, PATH: `${dirname(process.execPath)}${delimiter}${process.env.PATH ?? ''}`, npm_config_userconfig: userConfig, npm_config_update_notifier: 'false' };

    // The release tarball (scripts/pack-release.mjs), of the build that is there, as the CLI tests use it.
    const packed = await runIn(ROOT, env, process.execPath, [join(ROOT, 'scripts', 'pack-release.mjs'), '--out', folder], 300_000);
    expect(packed.code, packed.stderr).toBe(0);
    const tarball = readdirSync(folder).find((f) => f.endsWith('.tgz'));
    expect(tarball, `npm pack wrote no tarball: ${packed.stdout}`).toBeDefined();

    writeFileSync(join(app, 'package.json'), JSON.stringify({ name: 'fresh-app', version: '1.0.0', private: true }));
    const installed = await runIn(app, env, 'npm', ['install', join(folder, tarball!), '--prefer-offline', '--no-audit', '--no-fund'], 840_000);
    expect(installed.code, installed.stderr).toBe(0);
    // Nothing at all: no engine warnings, and no install-scripts advisory (the release manifest has no `prepare`,
    // and bullmq, whose msgpackr brings a native add-on with an install script, is an optional peer not installed).
    expect(advisoryLines(installed.stderr), 'packages with install scripts npm warns about').toEqual([]);
    expect(installed.stderr.trim(), 'npm install printed warnings').toBe('');
    expect(existsSync(join(app, 'node_modules', 'bullmq')), 'bullmq is an optional peer: not installed unless asked for').toBe(false);
    // A real install, not a link back to this checkout.
    expect(lstatSync(join(app, 'node_modules', 'guildcraft')).isSymbolicLink()).toBe(false);

    // The example as a user's own script; .mts so it is an ES module whatever the folder's package.json says.
    copyFileSync(join(ROOT, 'examples', 'task-env.ts'), join(app, 'task-env.mts'));
    const stepped = await runIn(app, env, process.execPath, ['task-env.mts'], 120_000);
    expect(stepped.code, stepped.stderr).toBe(0);
    expect(stepped.stderr).toBe('');
    expect(stepped.stdout).toMatch(/^agents: \w+/m);
    const ended = /^ended: (\w+), score ([\d.]+), returns (\{.*\})$/m.exec(stepped.stdout);
    expect(ended, stepped.stdout).not.toBeNull();
    const returns = Object.values(JSON.parse(ended![3]!) as Record<string, number>);
    expect(returns.length).toBeGreaterThan(0);
    expect(returns.some((r) => r !== 0), `all returns are zero: ${ended![3]}`).toBe(true);

    const help = await runIn(app, env, 'npx', ['guildcraft', '--help'], 120_000);
    expect(help.code, help.stderr).toBe(0);
    expect(help.stdout).toContain('Usage: guildcraft');
    expect(help.stderr).toBe('');

    // A distributed sweep without bullmq says what to install, and nothing is left running.
    const worker = await runIn(app, env, 'npx', ['guildcraft', 'worker', '--queue', 'redis://127.0.0.1:9'], 120_000);
    expect(worker.code).toBe(1);
    expect(worker.stderr).toContain('npm install bullmq');
  });
});
