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

/**
 * npm 11.19's advisory lists every package in the tree whose install scripts no `allowScripts` entry covers.
 * It names two here, neither of which guildcraft can quiet from its own package.json (allowScripts is the
 * installing project's): guildcraft's `prepare` (npm lists `prepare` for a tarball or folder install, though it
 * runs it only for links; an install from the registry does not list it) and msgpackr-extract, the optional
 * native speed-up of bullmq's msgpackr (its script runs; `npm install-scripts approve msgpackr-extract` in the
 * user's project quiets it). Any other package it names is a new dependency with an install script, to look at.
 */
const ADVISED_INSTALL_SCRIPTS = ['guildcraft (prepare: npm run build)', 'msgpackr-extract (install: node-gyp-build-optional-packages)'];

/** Splits npm's install-scripts advisory out of an install's stderr: the packages it names, and every other line. */
function installScriptsAdvisory(stderr: string): { advised: string[]; rest: string } {
  const lines = stderr.split('\n');
  const advised = lines.flatMap((l) => /^npm warn install-scripts {3}(\S+?)@\S+ (\(.*\))$/.exec(l)?.slice(1).join(' ') ?? []);
  return { advised, rest: lines.filter((l) => !l.startsWith('npm warn install-scripts')).join('\n') };
}

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

    // --ignore-scripts: `prepare` would rebuild dist/; this tier checks the build that is there, as the CLI tests do.
    const packed = await runIn(ROOT, env, 'npm', ['pack', '--ignore-scripts', '--silent', '--pack-destination', folder], 300_000);
    expect(packed.code, packed.stderr).toBe(0);
    const tarball = readdirSync(folder).find((f) => f.endsWith('.tgz'));
    expect(tarball, `npm pack wrote no tarball: ${packed.stdout}`).toBeDefined();

    writeFileSync(join(app, 'package.json'), JSON.stringify({ name: 'fresh-app', version: '1.0.0', private: true }));
    const installed = await runIn(app, env, 'npm', ['install', join(folder, tarball!), '--prefer-offline', '--no-audit', '--no-fund'], 840_000);
    expect(installed.code, installed.stderr).toBe(0);
    const { advised, rest } = installScriptsAdvisory(installed.stderr);
    expect(rest.trim(), 'npm install printed warnings').toBe('');
    expect(advised.filter((a) => !ADVISED_INSTALL_SCRIPTS.includes(a)), 'packages with install scripts npm warns about').toEqual([]);
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
  });
});
