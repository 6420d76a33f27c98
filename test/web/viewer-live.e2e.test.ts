/**
 * The viewer on a live episode in real Chromium: a `run --watch` episode (the watch server and its live pump, as the
 * CLI starts them) appears on the episodes page as live and its tick advances in the viewer; a person takes an agent's
 * seat from the page and holds W for one second of world time (20 ticks, stepped with the page's Step button in sync
 * mode), and the agent walks about 4.3 blocks in the world.
 */
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { chromium, type Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runEpisodeJob } from '../../src/runner/episode-job.js';
import type { LiveEpisode } from '../../src/server/viewer/live-episodes.js';
import { startWatchServer, type WatchServer } from '../../src/server/viewer/watch-server.js';
import { systemDep } from '../support/system-deps.js';

const CHROMIUM = '/usr/bin/chromium';
const chromiumDep = systemDep('chromium', CHROMIUM);
const fixtureTask = join(import.meta.dirname, '..', 'fixtures', 'run-logs', 'tasks', 'collect-4-logs-v1.yaml');

describe.skipIf(!chromiumDep.available)('a live episode in the viewer', () => {
  let dir: string;
  let watching: WatchServer;
  let browser: Browser;
  let longTask: string;

  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), 'viewer-live-page-'));
    watching = await startWatchServer({ runsDir: dir });
    // A goal the team cannot reach soon, so the episode still runs while the page watches and the person plays.
    longTask = join(dir, 'long-task.yaml');
    writeFileSync(longTask, readFileSync(fixtureTask, 'utf8').replace('id: fixtures/collect-4-logs-v1', 'id: fixtures/collect-many-logs-v1').replace('count: 4}', 'count: 400}'));
    browser = await chromium.launch({
      executablePath: CHROMIUM,
      headless: true,
      args: ['--no-sandbox', '--use-angle=swiftshader', '--enable-unsafe-swiftshader', '--disable-background-networking', '--disable-component-update', '--disable-sync'],
    });
  }, 60_000);

  afterAll(async () => {
    await browser?.close();
    await watching?.server.close();
    if (dir) rmSync(dir, { recursive: true, force: true });
  });

  function watchJob(timeScale: number): { started: Promise<LiveEpisode>; done: Promise<unknown> } {
    let started!: (e: LiveEpisode) => void;
    const startedP = new Promise<LiveEpisode>((r) => (started = r));
    const watch = watching.live.watch({ runsDir: dir, humans: true, timeScale, onStart: (ep) => started(ep) });
    const done = runEpisodeJob({ file: longTask, seed: '1', agents: 'heuristic', logDir: join(dir, 'episodes'), ticksPerStep: 5 }, {}, { watch });
    return { started: startedP, done };
  }

  it('lists the running episode as live and advances its tick in the viewer', async () => {
    const job = watchJob(1);
    const ep = await job.started;
    const page = await browser.newPage({ viewport: { width: 1200, height: 800 } });
    await page.goto(`${watching.server.url}/episodes`);
    const row = page.locator(`#episode-rows tr.live[data-id="${ep.id}"]`);
    await row.waitFor();
    await row.locator('a.open').click();
    await page.waitForSelector('body[data-shown-tick]', { timeout: 30_000 });
    expect(await page.textContent('#episode-title')).toContain('LIVE');
    const first = Number(await page.textContent('#tick'));
    await page.waitForTimeout(1500);
    const later = Number(await page.textContent('#tick'));
    expect(later).toBeGreaterThan(first + 10);
    expect(await page.textContent('#followed')).toMatch(/^Root at /);
    await page.close();
    await Promise.race([job.done, new Promise((r) => setTimeout(r, 2000))]);
  }, 90_000);

  it('lets a person take a seat; W held for 20 ticks walks the agent about 4.3 blocks', async () => {
    // Slowed to 2 ticks a second until the seat is taken, so the agent has not yet walked up to a tree it would bump into.
    const job = watchJob(0.1);
    const ep = await job.started;
    const page = await browser.newPage({ viewport: { width: 1200, height: 800 } });
    await page.goto(`${watching.server.url}/viewer?episode=${ep.id}`);
    await page.locator('#join:not([hidden])').waitFor({ timeout: 30_000 });
    await page.selectOption('#agent', 'Root');
    await page.uncheck('#auto-step'); // stepped by hand below, one step at a time
    await page.click('#join-seat');
    await page.locator('#seat', { hasText: 'your step at tick' }).waitFor({ timeout: 30_000 });
    const turnTick = async (): Promise<number> => Number(/tick (\d+)/.exec((await page.textContent('#seat')) ?? '')![1]);
    const t0 = await turnTick();
    const player = ep.world!.player('Root')!;
    const from = { ...player.pos };
    await page.keyboard.down('KeyW');
    let t = t0;
    while (t < t0 + 20) {
      await page.click('#step');
      await page.locator('#seat', { hasText: new RegExp(`tick (?!${t}\\b)\\d+`) }).waitFor({ timeout: 30_000 });
      t = await turnTick();
    }
    await page.keyboard.up('KeyW');
    const moved = Math.hypot(player.pos.x - from.x, player.pos.z - from.z);
    expect(t - t0).toBe(20);
    expect(moved).toBeGreaterThan(3.8);
    expect(moved).toBeLessThan(4.6);
    await page.click('#leave');
    await page.close();
    await Promise.race([job.done, new Promise((r) => setTimeout(r, 2000))]);
  }, 90_000);

  it("with auto-step on, a person joining as a new player plays on at the world's pace without pressing Step, and walks", async () => {
    const job = watchJob(1);
    const ep = await job.started;
    const page = await browser.newPage({ viewport: { width: 1200, height: 800 } });
    await page.goto(`${watching.server.url}/viewer?episode=${ep.id}`);
    await page.locator('#join:not([hidden])').waitFor({ timeout: 30_000 });
    expect(await page.isChecked('#auto-step')).toBe(true);
    await page.click('#join-extra');
    await page.locator('#seat', { hasText: 'your step at tick' }).waitFor({ timeout: 30_000 });
    const t0 = ep.tick;
    await page.waitForTimeout(3000);
    // About 20 ticks a wall second (each 5-tick step answered after 250 ms), less the page's and the server's turns.
    expect(ep.tick - t0).toBeGreaterThan(20);
    expect(ep.tick - t0).toBeLessThan(80);
    // The new player stands free (not in a block beside the first agent) and walks at about 4.3 blocks a second of
    // world time while W is held.
    const me = ep.world!.player((/^(\S+):/.exec((await page.textContent('#seat')) ?? '') ?? [])[1]!)!;
    const from = { ...me.pos };
    const w0 = ep.tick;
    await page.keyboard.down('KeyW');
    await page.waitForTimeout(1500);
    await page.keyboard.up('KeyW');
    const walked = Math.hypot(me.pos.x - from.x, me.pos.z - from.z);
    const seconds = (ep.tick - w0) / 20;
    expect(walked).toBeGreaterThan(2);
    expect(walked / seconds).toBeLessThan(4.6);
    // The page follows the newcomer where the world has them (it learnt the new name, so its moves arrive).
    expect(await page.locator('#agent option').allTextContents()).toContain(me.name);
    await page.waitForTimeout(300);
    const shownAt = /at (-?[\d.]+), (-?[\d.]+), (-?[\d.]+)/.exec((await page.textContent('#followed')) ?? '')!;
    expect(Math.hypot(Number(shownAt[1]) - me.pos.x, Number(shownAt[3]) - me.pos.z)).toBeLessThan(0.5);
    await page.click('#leave');
    await page.close();
    await Promise.race([job.done, new Promise((r) => setTimeout(r, 2000))]);
  }, 90_000);
});
