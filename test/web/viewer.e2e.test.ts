/**
 * The viewer and episodes pages in real Chromium (headless, WebGL through SwiftShader), against the real server with
 * recorded run logs from the corpus (test/fixtures/run-logs): the episodes list shows them, the 3D canvas shows a
 * textured scene (not blank) that changes with the tick, scrubbing places the followed agent where the log's positions
 * record says, the senses overlay draws as many blocks as the senses route returns, and the LLM inspector lists a
 * recorded call and shows a fresh scripted-model run's prompt and response, the Chat panel lists a heuristic team's
 * lines, and the task's chest is marked on the 2D map and counted in the overlay. Plays the pages as `npm run build` built them. Set VIEWER_SCREENSHOT=docs/img/viewer.png to keep a
 * picture of the viewer (the README's; the chat test takes it).
 */
import { copyFileSync, existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { PNG } from 'pngjs';
import { chromium, type Browser, type Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runEpisodeJob } from '../../src/runner/episode-job.js';
import { readRunLog } from '../../src/runner/run-log.js';
import { startServer, type RunningServer } from '../../src/server/app.js';
import { webBuildDir } from '../../src/server/cuisine-web/web-build.js';
import type { EpisodeList, SensesAtTick } from '../../src/server/viewer/protocol.js';
import { taskFile } from '../../src/tasks/task-files.js';
import { CHEST_MARKER } from '../../web/viewer/colors.js';
import { systemDep } from '../support/system-deps.js';

const CHROMIUM = '/usr/bin/chromium';
const chromiumDep = systemDep('chromium', CHROMIUM);
const fixtures = join(import.meta.dirname, '..', 'fixtures', 'run-logs');
const HEURISTIC_LOG = 'v1-heuristic-collect-4-logs-seed1.jsonl';
const SAGENTS_LOG = 'v1-s-agents-scripted-collect-4-logs-seed1.jsonl';
const resolveTask = (id: string): string => (id === 'fixtures/collect-4-logs-v1' ? join(fixtures, 'tasks', 'collect-4-logs-v1.yaml') : taskFile(id));

/** Luminance variance of a PNG: near 0 for a blank (one-colour) canvas. */
function variance(png: Buffer): number {
  const { data } = PNG.sync.read(png);
  let sum = 0;
  let sq = 0;
  const n = data.length / 4;
  for (let i = 0; i < data.length; i += 4) {
    const l = 0.299 * data[i]! + 0.587 * data[i + 1]! + 0.114 * data[i + 2]!;
    sum += l;
    sq += l * l;
  }
  return sq / n - (sum / n) ** 2;
}

/** Share of pixels that differ between two same-sized PNGs. */
function differingShare(a: Buffer, b: Buffer): number {
  const pa = PNG.sync.read(a).data;
  const pb = PNG.sync.read(b).data;
  if (pa.length !== pb.length) return 1;
  let diff = 0;
  for (let i = 0; i < pa.length; i += 4) if (Math.abs(pa[i]! - pb[i]!) + Math.abs(pa[i + 1]! - pb[i + 1]!) + Math.abs(pa[i + 2]! - pb[i + 2]!) > 30) diff++;
  return diff / (pa.length / 4);
}

/** The first positions record at or after `tick` in a run log: where the log says the agents were. */
function positionsAt(log: string, tick: number): { tick: number; name: string[]; x: number[]; y: number[]; z: number[] } {
  for (const line of readFileSync(log, 'utf8').split('\n')) {
    if (!line.includes('"positions"')) continue;
    const r = JSON.parse(line) as { type: string; tick: number; agents: { name: string[]; x: number[]; y: number[]; z: number[] } };
    if (r.type === 'positions' && r.tick >= tick) return { tick: r.tick, ...r.agents };
  }
  throw new Error(`no positions record at or after tick ${tick} in ${log}`);
}

describe.skipIf(!chromiumDep.available)('the viewer in Chromium', () => {
  let server: RunningServer;
  let browser: Browser;
  let runsDir: string;
  let episodes: EpisodeList['episodes'];

  beforeAll(async () => {
    const page = join(webBuildDir(), 'viewer', 'index.html');
    if (!existsSync(page)) throw new Error(`the viewer page is not built (${page} is missing): run \`npm run build\` first`);
    runsDir = mkdtempSync(join(tmpdir(), 'guildcraft-viewer-'));
    mkdirSync(join(runsDir, 'episodes'));
    for (const f of [HEURISTIC_LOG, SAGENTS_LOG]) copyFileSync(join(fixtures, f), join(runsDir, 'episodes', f));
    server = await startServer({ host: '127.0.0.1', port: 0, runsDir, resolveTask });
    episodes = ((await (await fetch(`${server.url}/api/viewer/episodes`)).json()) as EpisodeList).episodes;
    browser = await chromium.launch({
      executablePath: CHROMIUM,
      headless: true,
      args: ['--no-sandbox', '--use-angle=swiftshader', '--enable-unsafe-swiftshader', '--disable-background-networking', '--disable-component-update', '--disable-sync'],
    });
  }, 120_000);

  afterAll(async () => {
    await browser?.close();
    await server?.close();
    if (runsDir) rmSync(runsDir, { recursive: true, force: true });
  });

  const idOf = (file: string): string => episodes.find((e) => e.path?.endsWith(file))!.id;

  async function openViewer(file: string, tick?: number): Promise<{ page: Page; errors: string[] }> {
    const page = await browser.newPage({ viewport: { width: 1400, height: 860 } });
    const errors: string[] = [];
    page.on('pageerror', (e) => errors.push(e.message));
    await page.goto(`${server.url}/viewer?episode=${idOf(file)}${tick === undefined ? '' : `&tick=${tick}`}`);
    await page.waitForSelector('body[data-shown-tick]', { timeout: 60_000 });
    return { page, errors };
  }

  /** Waits until the page has drawn the state of `tick` (and a frame after it). */
  async function shown(page: Page, tick: number): Promise<void> {
    await page.waitForSelector(`body[data-shown-tick="${tick}"]`, { timeout: 60_000 });
    await page.waitForTimeout(300);
  }

  it('lists the recorded runs on the episodes page and opens one in the viewer', async () => {
    const page = await browser.newPage();
    await page.goto(`${server.url}/episodes`);
    await page.locator('#episode-rows tr').nth(1).waitFor();
    expect(await page.locator('#episode-rows tr').count()).toBe(2);
    const row = page.locator(`#episode-rows tr[data-id="${idOf(HEURISTIC_LOG)}"]`);
    expect(await row.textContent()).toContain('fixtures/collect-4-logs-v1');
    expect(await row.textContent()).toContain('heuristic');
    await page.selectOption('#f-arch', 'heuristic');
    await page.locator('#episode-rows tr').nth(1).waitFor({ state: 'detached' });
    expect(await page.locator('#episode-rows tr').count()).toBe(1);
    await row.locator('a.open').click();
    await page.waitForSelector('body[data-shown-tick]', { timeout: 60_000 });
    expect(await page.textContent('#episode-title')).toContain('fixtures/collect-4-logs-v1');
    await page.close();
  });

  it('draws a textured scene, not a blank canvas, and a different one at another tick', async () => {
    const { page, errors } = await openViewer(HEURISTIC_LOG, 0);
    await shown(page, 0);
    const first = await page.locator('#view3d').screenshot();
    expect(variance(first)).toBeGreaterThan(100);
    const last = episodes.find((e) => e.path?.endsWith(HEURISTIC_LOG))!.ticks;
    await page.locator('#scrubber').fill(String(last));
    await shown(page, last);
    const later = await page.locator('#view3d').screenshot();
    expect(variance(later)).toBeGreaterThan(100);
    expect(differingShare(first, later)).toBeGreaterThan(0.05);
    expect(errors).toEqual([]);
    await page.close();
  });

  it('places the followed agent where the log says after a scrub', async () => {
    const { page } = await openViewer(HEURISTIC_LOG, 0);
    const at = positionsAt(join(fixtures, HEURISTIC_LOG), 40);
    await page.locator('#scrubber').fill(String(at.tick));
    await shown(page, at.tick);
    const i = at.name.indexOf(await page.inputValue('#agent'));
    expect(i).toBeGreaterThanOrEqual(0);
    expect(await page.textContent('#followed')).toContain(`at ${at.x[i]!.toFixed(2)}, ${at.y[i]!.toFixed(2)}, ${at.z[i]!.toFixed(2)}`);
    await page.close();
  });

  it('loads the chunks around the camera as it flies, and forgets those it left far behind', async () => {
    const { page, errors } = await openViewer(HEURISTIC_LOG, 0);
    await shown(page, 0);
    const held = async (): Promise<{ camera: number[]; chunks: Set<string> }> => {
      const camera = (await page.getAttribute('body', 'data-camera-chunk'))!.split(',').map(Number);
      return { camera, chunks: new Set((await page.getAttribute('body', 'data-chunks'))!.split(' ')) };
    };
    /** Waits until every chunk within 3 (the loader's VIEW_CHUNKS) of the camera's chunk is held. */
    const aroundCamera = async (): Promise<{ camera: number[]; chunks: Set<string> }> => {
      for (let i = 0; ; i++) {
        const h = await held();
        const missing = [];
        for (let dx = -3; dx <= 3; dx++) for (let dz = -3; dz <= 3; dz++) if (!h.chunks.has(`${h.camera[0]! + dx},${h.camera[1]! + dz}`)) missing.push([dx, dz]);
        if (missing.length === 0) return h;
        if (i > 100) throw new Error(`chunks around the camera at ${h.camera.join(',')} never arrived: ${missing.length} missing`);
        await page.waitForTimeout(200);
      }
    };
    // The state answer brings 5×5 chunks around each agent; the 7×7 around the camera come from the chunk requests.
    const start = await aroundCamera();
    await page.selectOption('#camera-mode', 'free');
    await page.focus('#view3d');
    await page.keyboard.down('KeyW');
    for (let i = 0; i < 150; i++) {
      await page.waitForTimeout(200);
      const far = await held();
      if (Math.max(Math.abs(far.camera[0]! - start.camera[0]!), Math.abs(far.camera[1]! - start.camera[1]!)) >= 8) break;
    }
    await page.keyboard.up('KeyW');
    const there = await aroundCamera();
    expect(Math.max(Math.abs(there.camera[0]! - start.camera[0]!), Math.abs(there.camera[1]! - start.camera[1]!))).toBeGreaterThanOrEqual(8);
    // What is held is within 5 chunks (the loader's UNLOAD_CHUNKS) of the camera or 2 of an agent (paused at tick 0);
    // some of what was held at the start has been forgotten.
    const agents = positionsAt(join(fixtures, HEURISTIC_LOG), 0);
    const near = (key: string, cx: number, cz: number, r: number): boolean => {
      const [x, z] = key.split(',').map(Number);
      return Math.max(Math.abs(x! - cx), Math.abs(z! - cz)) <= r;
    };
    for (const k of there.chunks) {
      const kept = near(k, there.camera[0]!, there.camera[1]!, 5) || agents.x.some((x, i) => near(k, Math.floor(x / 16), Math.floor(agents.z[i]! / 16), 2));
      expect(kept, `chunk ${k} is held`).toBe(true);
    }
    expect([...start.chunks].filter((k) => !there.chunks.has(k)).length).toBeGreaterThan(0);
    expect(errors).toEqual([]);
    await page.close();
  }, 120_000);

  it('draws as many overlay blocks as the senses route returns for that agent at that tick', async () => {
    const tick = 60;
    const { page } = await openViewer(HEURISTIC_LOG, tick);
    await shown(page, tick);
    const agent = await page.inputValue('#agent');
    await page.check('#senses');
    await page.waitForSelector('#overlay-count[data-blocks]', { timeout: 60_000 });
    const senses = (await (await fetch(`${server.url}/api/viewer/episodes/${idOf(HEURISTIC_LOG)}/senses?agent=${agent}&tick=${tick}`)).json()) as SensesAtTick;
    expect(senses.blocks.length).toBeGreaterThan(0);
    expect(await page.getAttribute('#overlay-count', 'data-blocks')).toBe(String(senses.blocks.length));
    await page.close();
  });

  it('lists the recorded LLM calls in the inspector, with their role and tokens', async () => {
    const last = episodes.find((e) => e.path?.endsWith(SAGENTS_LOG))!.ticks;
    const { page } = await openViewer(SAGENTS_LOG, last);
    await shown(page, last);
    await page.click('button[data-panel="LLM calls"]');
    const rows = page.locator('.calls tr[data-seq]');
    await rows.first().waitFor();
    expect(await rows.count()).toBe(6);
    expect(await rows.first().textContent()).toContain('task planner');
    expect(await rows.first().textContent()).toContain('1399/80');
    await rows.first().click();
    expect(await page.textContent('.call-detail')).toContain('scripted:sagents');
    await page.close();
  });

  it("shows a recorded call's prompt and response in the inspector, as the run's log kept them", async () => {
    // A fresh run with a scripted model: its llm_call records carry the prompt (the corpus logs predate that).
    const dir = mkdtempSync(join(tmpdir(), 'guildcraft-viewer-llm-'));
    const ran = await runEpisodeJob({ file: resolveTask('fixtures/collect-4-logs-v1'), seed: '1', agents: 's-agents', model: 'scripted:sagents', llmCache: 'off', logDir: join(dir, 'episodes') });
    const calls = readRunLog(ran.log!).records.filter((r) => r.type === 'llm_call');
    expect(calls.length).toBeGreaterThan(0);
    const first = calls[0]!;
    expect(first.prompt).toMatch(/^\[system\]\n/);
    expect(first.prompt).toContain('[user]');
    const own = await startServer({ host: '127.0.0.1', port: 0, runsDir: dir, resolveTask });
    try {
      const [ep] = ((await (await fetch(`${own.url}/api/viewer/episodes`)).json()) as EpisodeList).episodes;
      const page = await browser.newPage({ viewport: { width: 1400, height: 860 } });
      await page.goto(`${own.url}/viewer?episode=${ep!.id}&tick=${ep!.ticks}`);
      await page.waitForSelector(`body[data-shown-tick="${ep!.ticks}"]`, { timeout: 60_000 });
      await page.click('button[data-panel="LLM calls"]');
      const row = page.locator(`.calls tr[data-seq="${String(first.seq)}"]`);
      await row.click();
      expect(await page.textContent('.call-detail pre.prompt')).toBe(first.prompt);
      expect(await page.textContent('.call-detail pre.response')).toBe(first.response);
      await page.close();
    } finally {
      await own.close();
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it("lists a heuristic team's chat in the Chat panel, marks the task's chest on the 2D map and counts it in the senses overlay", async () => {
    // The Done-when episode, recorded: the heuristic team says its shares and progress; the task's chest is at 0,64,-3.
    const dir = mkdtempSync(join(tmpdir(), 'guildcraft-viewer-chat-'));
    const ran = await runEpisodeJob({ file: taskFile('sagents/mine-50-logs-2-leaves-v1'), seed: '1', agents: 'heuristic', logDir: join(dir, 'episodes') });
    const chat = readRunLog(ran.log!).records.filter((r) => r.type === 'world' && r.event === 'chat');
    expect(chat.length).toBeGreaterThanOrEqual(3);
    const own = await startServer({ host: '127.0.0.1', port: 0, runsDir: dir, resolveTask });
    try {
      const [ep] = ((await (await fetch(`${own.url}/api/viewer/episodes`)).json()) as EpisodeList).episodes;
      const page = await browser.newPage({ viewport: { width: 1400, height: 860 } });
      const errors: string[] = [];
      page.on('pageerror', (e) => errors.push(e.message));
      await page.goto(`${own.url}/viewer?episode=${ep!.id}&tick=${ep!.ticks}`);
      await page.waitForSelector(`body[data-shown-tick="${ep!.ticks}"]`, { timeout: 60_000 });
      await page.click('button[data-panel="Chat"]');
      await page.locator('.messages li.chat').first().waitFor();
      const lines = await page.locator('.messages li.chat .text').allTextContents();
      expect(lines).toEqual(chat.map((r) => `: ${String(r.message)}`));
      expect(await page.locator('.messages li.chat .who').allTextContents()).toEqual(chat.map((r) => String(r.name)));

      // At the start, beside the chest: the senses overlay counts it among the blocks the senses route returns.
      await page.locator('#scrubber').fill('0');
      await shown(page, 0);
      const agent = await page.inputValue('#agent');
      await page.check('#senses');
      await page.waitForSelector('#overlay-count[data-chests]', { timeout: 60_000 });
      const senses = (await (await fetch(`${own.url}/api/viewer/episodes/${ep!.id}/senses?agent=${agent}&tick=0`)).json()) as SensesAtTick;
      const sensedChests = senses.blocks.filter((b) => b.name === 'chest');
      expect(sensedChests).toContainEqual({ x: 0, y: 64, z: -3, name: 'chest' });
      expect(await page.getAttribute('#overlay-count', 'data-chests')).toBe(String(sensedChests.length));
      expect(await page.textContent('#overlay-count')).toContain(`(${sensedChests.length} chest`);

      // The 2D map draws a chest marker over the chest's block, in the marker's colour.
      await page.selectOption('#view-mode', '2d');
      await page.waitForSelector('#map2d[data-chests*="0,64,-3@"]', { timeout: 10_000 });
      const marker = (await page.getAttribute('#map2d', 'data-chests'))!.split(' ').find((m) => m.startsWith('0,64,-3@'))!;
      const [px, py] = marker.split('@')[1]!.split(',').map(Number);
      const map = PNG.sync.read(await page.locator('#map2d').screenshot());
      const at = (py! * map.width + px!) * 4;
      const rgb = [...map.data.subarray(at, at + 3)];
      const fill = parseInt(CHEST_MARKER.fill.slice(1), 16);
      expect(rgb).toEqual([(fill >> 16) & 255, (fill >> 8) & 255, fill & 255]);
      if (process.env.VIEWER_SCREENSHOT) {
        // The README's picture: the Done-when episode at its last chat line, following its speaker with their senses
        // drawn, the team's chat beside.
        mkdirSync(dirname(process.env.VIEWER_SCREENSHOT), { recursive: true });
        const at = chat.at(-1)!.tick!;
        await page.selectOption('#view-mode', '3d');
        await page.selectOption('#agent', String(chat.at(-1)!.name));
        await page.locator('#scrubber').fill(String(at));
        await shown(page, at);
        await page.waitForSelector(`#overlay-count[data-blocks]`, { timeout: 60_000 });
        await page.waitForTimeout(500);
        writeFileSync(process.env.VIEWER_SCREENSHOT, await page.screenshot());
      }
      expect(errors).toEqual([]);
      await page.close();
    } finally {
      await own.close();
      rmSync(dir, { recursive: true, force: true });
    }
  }, 120_000);

  it("shows a chest's contents before and after the tick an agent deposits into it, and says when a log has none", async () => {
    // The oracle on mine-vanishing-blocks deposits its drops into the task's chest at 0,64,0.
    const dir = mkdtempSync(join(tmpdir(), 'guildcraft-viewer-chest-'));
    const ran = await runEpisodeJob({ file: taskFile('tickingcollab/mine-vanishing-blocks-v1'), seed: '1', agents: 'oracle', logDir: join(dir, 'episodes') });
    const records = readRunLog(ran.log!).records;
    const deposit = records.find((r) => r.type === 'world' && r.event === 'item_deposited')!;
    expect(deposit).toBeDefined();
    const t = deposit.tick!;
    const atT = records.filter((r) => r.type === 'chest' && r.tick === t).at(-1) as { items: { name: string; count: number }[] } | undefined;
    expect(atT?.items.length).toBeGreaterThan(0);
    // A log from before chest records: the water-crisis task's chest at 0,64,14 has no recorded contents.
    copyFileSync(join(fixtures, 'v1-oracle-prepare-crisis-water-seed1.jsonl'), join(dir, 'episodes', 'old.jsonl'));
    const own = await startServer({ host: '127.0.0.1', port: 0, runsDir: dir, resolveTask });
    try {
      const list = ((await (await fetch(`${own.url}/api/viewer/episodes`)).json()) as EpisodeList).episodes;
      const fresh = list.find((e) => e.path === `episodes/${ran.log!.split(/[\\/]/).at(-1)}`)!;
      const page = await browser.newPage({ viewport: { width: 1400, height: 860 } });
      await page.goto(`${own.url}/viewer?episode=${fresh.id}&tick=${t - 1}`);
      await page.waitForSelector(`body[data-shown-tick="${t - 1}"]`, { timeout: 60_000 });
      await page.click('button[data-panel="Chests"]');
      const row = page.locator('li[data-chest="0,64,0"]');
      expect(await row.locator('.contents').textContent()).toBe('empty');
      await page.locator('#scrubber').fill(String(t));
      await page.waitForSelector(`body[data-shown-tick="${t}"]`, { timeout: 60_000 });
      await page.waitForTimeout(400); // the panel redraws at most four times a second
      expect(await row.locator('.contents').textContent()).toBe(atT!.items.map((i) => `${i.count} ${i.name}`).join(', '));
      // Back before the deposit: empty again.
      await page.locator('#scrubber').fill(String(t - 1));
      await page.waitForSelector(`body[data-shown-tick="${t - 1}"]`, { timeout: 60_000 });
      await page.waitForTimeout(400);
      expect(await row.locator('.contents').textContent()).toBe('empty');
      // Picking the chest in the 3D view: its row points the camera at it, then a click on it (the view's centre)
      // from another tab brings the Chests panel back with that chest marked.
      await row.click();
      await page.click('button[data-panel="Events"]');
      const view = (await page.locator('#view3d').boundingBox())!;
      await page.mouse.click(view.x + view.width / 2, view.y + view.height / 2);
      await page.locator('button[data-panel="Chests"][aria-selected="true"]').waitFor({ timeout: 5000 });
      expect(await page.getAttribute('li[data-chest="0,64,0"]', 'class')).toContain('selected');
      const old = list.find((e) => e.path === 'episodes/old.jsonl')!;
      await page.goto(`${own.url}/viewer?episode=${old.id}&tick=0`);
      await page.waitForSelector('body[data-shown-tick="0"]', { timeout: 60_000 });
      await page.click('button[data-panel="Chests"]');
      expect(await page.locator('li[data-chest="0,64,14"] .contents').textContent()).toBe('contents not recorded');
      await page.close();
    } finally {
      await own.close();
      rmSync(dir, { recursive: true, force: true });
    }
  }, 120_000);
});
