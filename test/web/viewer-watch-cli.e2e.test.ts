/**
 * `guildcraft run … --watch` as a user runs it: the built CLI is spawned, prints the viewer's URL on stderr, and the
 * server at that URL lists the running episode as live with its tick advancing and serves the viewer page and the
 * episode's meta for it.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import type { EpisodeList } from '../../src/server/viewer/protocol.js';

const ROOT = join(import.meta.dirname, '..', '..');
const BIN = join(ROOT, 'dist', 'src', 'cli', 'main.js');
const TASK = join(ROOT, 'test', 'fixtures', 'run-logs', 'tasks', 'collect-4-logs-v1.yaml');

/** Resolves with the first match of `re` in the child's stderr, or rejects when it exits or the time is up. */
function waitForStderr(child: ChildProcess, re: RegExp, timeoutMs: number): Promise<RegExpMatchArray> {
  return new Promise((resolve, reject) => {
    let err = '';
    const timer = setTimeout(() => reject(new Error(`no ${re} within ${timeoutMs} ms; stderr: ${err}`)), timeoutMs);
    child.stderr!.on('data', (d: Buffer) => {
      err += String(d);
      const m = err.match(re);
      if (m) {
        clearTimeout(timer);
        resolve(m);
      }
    });
    child.on('exit', (code) => reject(new Error(`exited with ${code} before ${re}; stderr: ${err}`)));
  });
}

const episodes = async (origin: string): Promise<EpisodeList['episodes']> => ((await (await fetch(`${origin}/api/viewer/episodes`)).json()) as EpisodeList).episodes;

describe('guildcraft run --watch (the built CLI)', () => {
  let child: ChildProcess | undefined;
  let dir: string | undefined;
  afterEach(() => {
    child?.kill('SIGKILL');
    if (dir) rmSync(dir, { recursive: true, force: true });
  });

  it('prints a URL whose server lists the running episode as live, its tick advancing, and serves its viewer', async () => {
    expect(existsSync(BIN), `build first (npm run build): ${BIN} is missing`).toBe(true);
    dir = mkdtempSync(join(tmpdir(), 'guildcraft-watch-cli-'));
    child = spawn(process.execPath, [BIN, 'run', TASK, '--agents', 'heuristic', '--seed', '1', '--out', dir, '--watch'], { cwd: ROOT, stdio: ['ignore', 'pipe', 'pipe'] });
    child.stdout!.resume();
    const [, origin, id] = await waitForStderr(child, /watch at (http:\/\/127\.0\.0\.1:\d+)\/viewer\?episode=([A-Za-z0-9_-]+)/, 60_000);
    const first = (await episodes(origin!)).find((e) => e.id === id);
    expect(first).toMatchObject({ source: 'live', task: 'fixtures/collect-4-logs-v1', architecture: 'heuristic' });
    // Paced at 20 ticks a second: within a few seconds the listed tick has moved on.
    let later = first!;
    const deadline = Date.now() + 20_000;
    while (Date.now() < deadline && later.ticks <= first!.ticks) {
      await new Promise((r) => setTimeout(r, 500));
      later = (await episodes(origin!)).find((e) => e.id === id) ?? later;
    }
    expect(later.ticks).toBeGreaterThan(first!.ticks);
    const page = await fetch(`${origin}/viewer?episode=${id}`);
    expect(page.status).toBe(200);
    expect(await page.text()).toContain('<canvas');
    const meta = await fetch(`${origin}/api/viewer/episodes/${id}`);
    expect(meta.status).toBe(200);
  }, 120_000);
});
