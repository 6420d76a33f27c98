import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';

const ROOT = join(import.meta.dirname, '..', '..');
const BIN = join(ROOT, 'dist', 'src', 'cli', 'main.js');

/** Resolves with the first stdout match of `re`, or rejects when the process ends first. */
function waitForOutput(child: ChildProcess, re: RegExp, timeoutMs: number): Promise<RegExpMatchArray> {
  return new Promise((resolve, reject) => {
    let out = '';
    let err = '';
    const timer = setTimeout(() => reject(new Error(`no ${re} within ${timeoutMs} ms; output: ${out}; errors: ${err}`)), timeoutMs);
    child.stderr!.on('data', (d: Buffer) => {
      err += String(d);
    });
    child.stdout!.on('data', (d: Buffer) => {
      out += String(d);
      const m = out.match(re);
      if (m) {
        clearTimeout(timer);
        resolve(m);
      }
    });
    child.on('exit', (code) => reject(new Error(`exited with ${code} before ${re}; output: ${out}; errors: ${err}`)));
  });
}

async function answers(url: string): Promise<boolean> {
  try {
    await fetch(url, { signal: AbortSignal.timeout(1000) });
    return true;
  } catch {
    return false;
  }
}

describe('guildcraft under npx (the built CLI)', () => {
  let child: ChildProcess | undefined;
  afterEach(() => {
    child?.kill('SIGKILL');
  });

  it('stops its server when npm, its launcher, is sent SIGTERM', async () => {
    expect(existsSync(BIN), `build first (npm run build): ${BIN} is missing`).toBe(true);
    // npm exec runs the command through `sh -c`, as `npx guildcraft` runs the package's bin: the same
    // npm → sh → node chain, without npx resolving (and caching) the package first.
    child = spawn('npm', ['exec', '--offline', '--', 'node', BIN, 'serve', '--port', '0'], { cwd: ROOT, stdio: ['ignore', 'pipe', 'pipe'] });
    const [, url] = await waitForOutput(child, /at (http:\/\/127\.0\.0\.1:\d+)\//, 30_000);
    expect(await answers(`${url}/cuisine`)).toBe(true);
    child.kill('SIGTERM');
    const deadline = Date.now() + 10_000;
    while (Date.now() < deadline && (await answers(`${url}/cuisine`))) await new Promise((r) => setTimeout(r, 200));
    expect(await answers(`${url}/cuisine`)).toBe(false);
  });
});
