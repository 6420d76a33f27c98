/**
 * A short recorded 1,000-agent society episode (suites/society/village-1000-v1, two simulated seconds,
 * played by the society team as `npm run bench -- society --log` records it) opened in the viewer's
 * 2D map in real Chromium: zoomed out over the village, the map draws every agent the log places at
 * that tick, and the map is not blank. Plays the page as `npm run build` built it.
 */
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { basename, join } from 'node:path';
import { PNG } from 'pngjs';
import { chromium, type Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { playSociety } from '../../bench/society.js';
import { startServer, type RunningServer } from '../../src/server/app.js';
import { webBuildDir } from '../../src/server/cuisine-web/web-build.js';
import type { EpisodeList } from '../../src/server/viewer/protocol.js';
import { taskFile } from '../../src/tasks/task-files.js';
import { systemDep } from '../support/system-deps.js';

const CHROMIUM = '/usr/bin/chromium';
const chromiumDep = systemDep('chromium', CHROMIUM);

/** The agents the log's last positions record places (what the map must draw at the episode's end). */
function lastPositions(log: string): { tick: number; names: string[] } {
  let last: { tick: number; names: string[] } | null = null;
  for (const line of readFileSync(log, 'utf8').split('\n')) {
    if (!line.includes('"positions"')) continue;
    const r = JSON.parse(line) as { type: string; tick: number; agents: { name: string[] } };
    if (r.type === 'positions') last = { tick: r.tick, names: r.agents.name };
  }
  if (!last) throw new Error(`no positions record in ${log}`);
  return last;
}

/** Distinct colours in a PNG: a map of one colour (nothing drawn) has one or two. */
function colours(png: Buffer): number {
  const { data } = PNG.sync.read(png);
  const seen = new Set<number>();
  for (let i = 0; i < data.length; i += 4) seen.add((data[i]! << 16) | (data[i + 1]! << 8) | data[i + 2]!);
  return seen.size;
}

describe.skipIf(!chromiumDep.available)('a 1,000-agent society in the 2D map', () => {
  let server: RunningServer;
  let browser: Browser;
  let runsDir: string;
  let log: string;

  beforeAll(async () => {
    const page = join(webBuildDir(), 'viewer', 'index.html');
    if (!existsSync(page)) throw new Error(`the viewer page is not built (${page} is missing): run \`npm run build\` first`);
    runsDir = mkdtempSync(join(tmpdir(), 'guildcraft-society-'));
    const played = await playSociety({ task: 'society/village-1000-v1', seconds: 2, seed: '0', ticksPerStep: 20, logDir: join(runsDir, 'episodes') });
    expect(played.agents).toBe(1000);
    log = played.log!;
    server = await startServer({ host: '127.0.0.1', port: 0, runsDir, resolveTask: taskFile });
    browser = await chromium.launch({
      executablePath: CHROMIUM,
      headless: true,
      args: ['--no-sandbox', '--use-angle=swiftshader', '--enable-unsafe-swiftshader', '--disable-background-networking', '--disable-component-update', '--disable-sync'],
    });
  }, 600_000);

  afterAll(async () => {
    await browser?.close();
    await server?.close();
    if (runsDir) rmSync(runsDir, { recursive: true, force: true });
  });

  it('draws every agent of the village once zoomed out over it', async () => {
    const episodes = ((await (await fetch(`${server.url}/api/viewer/episodes`)).json()) as EpisodeList).episodes;
    const id = episodes.find((e) => e.path?.endsWith(basename(log)))!.id;
    const at = lastPositions(log);
    expect(at.names).toHaveLength(1000);
    const page = await browser.newPage({ viewport: { width: 1400, height: 860 } });
    const errors: string[] = [];
    page.on('pageerror', (e) => errors.push(e.message));
    await page.goto(`${server.url}/viewer?episode=${id}&tick=${at.tick}`);
    await page.waitForSelector(`body[data-shown-tick="${at.tick}"]`, { timeout: 120_000 });
    await page.selectOption('#view-mode', '2d');
    const map = page.locator('#map2d');
    await map.waitFor();
    // The map opens on the first agent, a corner of the village (216 blocks across): part of it is in view.
    await page.waitForSelector('#map2d[data-agents-drawn]');
    const near = Number(await map.getAttribute('data-agents-drawn'));
    expect(near).toBeGreaterThan(0);
    expect(near).toBeLessThan(at.names.length);
    // Zoomed out around the canvas's centre, the whole village is.
    const box = (await map.boundingBox())!;
    await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2);
    for (let i = 0; i < 8; i++) {
      await page.mouse.wheel(0, 100);
      await page.waitForTimeout(50);
    }
    await page.waitForTimeout(500);
    const drawn = Number(await map.getAttribute('data-agents-drawn'));
    expect(drawn).toBe(at.names.length);
    expect(colours(await map.screenshot())).toBeGreaterThan(20);
    expect(await page.textContent('#status')).toMatch(/map frame \d+\.\d ms/);
    expect(errors).toEqual([]);
    await page.close();
  }, 300_000);
});
