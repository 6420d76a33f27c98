/**
 * A person's game, played in real Chromium by clicking: level 1 alone, one meatcake cooked from storage to serving table,
 * the rest of the 60 steps waited out, the survey answered, and the stored record checked on disk; then the team panel
 * with three AI cooks, and a game with an AI teammate on a token-protected server.
 * Plays the page as `npm run build` built it from web/ into dist/web/. Needs Debian's Chromium (`apt-get install -y chromium`). Set CUISINE_SCREENSHOT=/tmp/cuisine-page.png to keep a picture
 * of the page in play.
 */
import { existsSync } from 'node:fs';
import { systemDep } from '../support/system-deps.js';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { chromium, type Browser, type Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startServer, type RunningServer } from '../../src/server/app.js';
import { webBuildDir } from '../../src/server/cuisine-web/web-build.js';
import type { HumanRecord } from '../../src/server/cuisine/human-game.js';
import { serve } from '../../src/cli/commands/serve.js';
import { FakeLlmServer } from '../llm/fake-llm-server.js';

const CHROMIUM = '/usr/bin/chromium';
const chromiumDep = systemDep('chromium', CHROMIUM);

describe.skipIf(!chromiumDep.available)('CuisineWorld human play in Chromium', () => {
  let server: RunningServer;
  let browser: Browser;
  let runsDir: string;

  beforeAll(async () => {
    const page = join(webBuildDir(), 'cuisine', 'index.html');
    if (!existsSync(page)) throw new Error(`the human-play page is not built (${page} is missing): run \`npm run build\` first`);
    runsDir = await mkdtemp(join(tmpdir(), 'guildcraft-human-'));
    server = await startServer({ host: '127.0.0.1', port: 0, runsDir });
    browser = await chromium.launch({
      executablePath: CHROMIUM,
      headless: true,
      args: ['--no-sandbox', '--disable-background-networking', '--disable-component-update', '--disable-sync'],
    });
  });

  afterAll(async () => {
    await browser?.close();
    await server?.close();
    if (runsDir) await rm(runsDir, { recursive: true, force: true });
  });

  /** Waits until the page's step counter shows `n` (the page has re-rendered after the step). */
  async function waitForStep(page: Page, n: number): Promise<void> {
    // A locator, not waitForFunction: the page's CSP forbids evaluating strings (and the tests have no DOM types).
    await page.locator('#step', { hasText: new RegExp(`^${n}$`) }).waitFor();
  }

  /** Clicks the button for `command` and waits until the step counter shows the next step. */
  async function play(page: Page, command: string): Promise<void> {
    const before = Number(await page.textContent('#step'));
    await page.click(`button[data-command="${command}"]`);
    await waitForStep(page, before + 1);
  }

  async function takeFromStorage(page: Page, item: string): Promise<void> {
    const before = Number(await page.textContent('#step'));
    await page.selectOption('#ingredient', item);
    await page.click('#take-from-storage');
    await waitForStep(page, before + 1);
    expect(await page.textContent('#holding')).toBe(item);
  }

  it('plays level 1 alone, serves a dish, answers the survey and stores the record', async () => {
    const page = await browser.newPage({ viewport: { width: 1400, height: 1000 } });
    const pageErrors: string[] = [];
    page.on('pageerror', (e) => pageErrors.push(e.message));
    await page.goto(`${server.url}/`);
    await page.waitForSelector('#level option[value="1"]', { state: 'attached' });
    await page.selectOption('#level', '1');
    await page.selectOption('#ai-agents', '0');
    await page.selectOption('#alpha', '2.2');
    await page.click('#start');
    await page.waitForSelector('#game', { state: 'visible' });
    expect(await page.textContent('#step')).toBe('0');
    expect(await page.textContent('#max-steps')).toBe('60');

    const dish = await page.locator('#orders li').first().getAttribute('data-dish');
    expect(dish).toMatch(/^(salmon|lamb|lobster)Meatcake$/);
    const meat = dish!.replace('Meatcake', '');
    expect(await page.textContent('#orders li')).toContain('17 steps left');

    await play(page, 'goto_agent0_storage0');
    await takeFromStorage(page, meat);
    await play(page, 'goto_agent0_blender0');
    await play(page, 'put_agent0_blender0');
    expect(await page.textContent('[data-loc="blender0"] .contents')).toContain(meat);
    await play(page, 'goto_agent0_storage0');
    await takeFromStorage(page, 'flour');
    await play(page, 'goto_agent0_blender0');
    await play(page, 'put_agent0_blender0');
    await play(page, 'activate_agent0_blender0');
    // The blender stays busy one more step: taking the dish out now fails, and the page says why before it is tried.
    const get = page.locator('button[data-command="get_agent0_blender0"]');
    expect(await get.getAttribute('class')).toContain('would-fail');
    expect(await page.textContent('[data-loc="blender0"]')).toContain('blender0 is occupied');
    if (process.env.CUISINE_SCREENSHOT) await page.screenshot({ path: process.env.CUISINE_SCREENSHOT, fullPage: true });
    // Trying it anyway spends the step and shows the game's own message.
    await play(page, 'get_agent0_blender0');
    expect(await page.textContent('#feedback')).toContain('blender0 is occupied, therefore agent0 cannot get objects from the tool');
    await play(page, 'get_agent0_blender0');
    expect(await page.textContent('#holding')).toBe(dish);
    await play(page, 'goto_agent0_servingtable0');
    await play(page, 'put_agent0_servingtable0');
    expect(await page.textContent('#completed')).toBe('1');
    expect(await page.textContent('#feedback')).toContain(`Served ${dish}!`);

    // Wait out the episode.
    while (Number(await page.textContent('#step')) < 60) await play(page, 'noop_agent0');
    await page.waitForSelector('#end', { state: 'visible' });
    expect(await page.textContent('#step')).toBe('60');
    expect(await page.textContent('#result')).toContain('You served 1 order');

    // Alone: only the questions that are not about AI teammates.
    const questions = await page.locator('#questions fieldset').evaluateAll((fs) => fs.map((f) => f.getAttribute('data-question')));
    expect(questions).toEqual(['enjoyment', 'productivity']);
    if (process.env.CUISINE_SCREENSHOT) await page.screenshot({ path: process.env.CUISINE_SCREENSHOT.replace(/\.png$/, '-end.png'), fullPage: true });
    await page.click('#enjoyment-4');
    await page.click('#productivity-2');
    await page.fill('#comment', 'the blender wait caught me out');
    await page.click('#submit-survey');
    await page.waitForSelector('#stored', { state: 'visible' });
    const storedText = (await page.textContent('#stored'))!;
    const rel = /saved as (human\/\S+\.json)/.exec(storedText)?.[1];
    expect(rel).toBeDefined();
    expect(pageErrors).toEqual([]);

    const record = JSON.parse(await readFile(join(runsDir, rel!), 'utf8')) as HumanRecord;
    expect(record.settings).toMatchObject({ level: 'level_1', agents: 1, ai: null, alpha: 2.2, humanAgent: 'agent0' });
    expect(record.trace).toHaveLength(60);
    expect(record.trace[0]!.human).toBe('goto_agent0_storage0');
    expect(record.trace.find((s) => s.completed.includes(dish!))?.human).toBe('put_agent0_servingtable0');
    expect(record.trace[9]).toMatchObject({ human: 'get_agent0_blender0', success: [false] });
    expect(record.trace[10]).toMatchObject({ human: 'get_agent0_blender0', success: [true] });
    expect(record.score.completed).toBe(1);
    expect(record.final.step).toBe(60);
    expect(record.survey).toEqual({ enjoyment: 4, productivity: 2, comment: 'the blender wait caught me out' });
    await page.close();
  });

  it('shows each cook its own last command in the team panel, though the AI cooks act out of agent order', async () => {
    const page = await browser.newPage({ viewport: { width: 1400, height: 1000 } });
    const pageErrors: string[] = [];
    page.on('pageerror', (e) => pageErrors.push(e.message));
    // Pin the game's seed (the page lets the server pick one) so the steps below are the same every run.
    await page.route('**/api/cuisine/games', (route) =>
      route.continue({ postData: JSON.stringify({ ...(route.request().postDataJSON() as object), seed: 1 }) }),
    );
    try {
      await page.goto(`${server.url}/cuisine`);
      await page.waitForSelector('#level option[value="1"]', { state: 'attached' });
      await page.selectOption('#level', '1');
      await page.selectOption('#ai-agents', '3');
      await page.click('#start');
      await page.waitForSelector('#game', { state: 'visible' });
      const agents = ['agent0', 'agent1', 'agent2', 'agent3'];
      expect(await page.locator('#team li').evaluateAll((lis) => lis.map((li) => li.getAttribute('data-agent')))).toEqual(agents);
      expect(await page.locator('#team .last').count()).toBe(0);

      let outOfOrder = 0;
      for (let n = 0; n < 5; n++) {
        await play(page, 'noop_agent0');
        for (const agent of agents) {
          expect(await page.textContent(`#team li[data-agent="${agent}"] .last`)).toMatch(new RegExp(`^last: [a-z]+_${agent}(_\\w+)?( \\(failed\\))?$`));
        }
        // The newest log line lists the step's commands in the order the game ran them.
        const ran = await page.locator('#log li').first().locator('.cmd').allTextContents();
        expect(ran).toHaveLength(4);
        if (ran.map((c) => /_(agent\d+)/.exec(c)?.[1]).join() !== agents.join()) outOfOrder++;
      }
      // Level 1, seed 1: at step 5 agent3 activates the blender before agents 1 and 2 move, so the panel was put to the test.
      expect(outOfOrder).toBeGreaterThan(0);
      expect(await page.textContent('#team li[data-agent="agent3"] .last')).toBe('last: activate_agent3_blender0');
      expect(await page.textContent('#team li[data-agent="agent0"] .last')).toBe('last: noop_agent0');
      if (process.env.CUISINE_SCREENSHOT) await page.screenshot({ path: process.env.CUISINE_SCREENSHOT.replace(/\.png$/, '-team.png'), fullPage: true });
      expect(pageErrors).toEqual([]);
    } finally {
      await page.close();
    }
  });

  it('plays with an AI teammate on a token-protected server, the token coming from the page link', async () => {
    const token = 'e2e-secret-token';
    const guarded = await startServer({ host: '127.0.0.1', port: 0, runsDir, token });
    const page = await browser.newPage({ viewport: { width: 1400, height: 1000 } });
    try {
      await page.goto(`${guarded.url}/?token=${token}`);
      await page.waitForSelector('#level option[value="5"]', { state: 'attached' });
      await page.selectOption('#level', '5');
      await page.selectOption('#ai-agents', '1');
      await page.click('#start');
      await page.waitForSelector('#game', { state: 'visible' });
      await play(page, 'goto_agent0_storage0');
      await takeFromStorage(page, 'tomato');
      const team = await page.textContent('#team');
      expect(team).toContain('AI 1 (agent1)');
      expect(team).toMatch(/last: \w+_agent1/);
      expect(await page.textContent('#team li[data-agent="agent0"] .last')).toBe('last: get_agent0_tomato_storage0');
      expect(await page.textContent('#team li[data-agent="agent1"] .last')).toMatch(/^last: [a-z]+_agent1(_|$)/);
      expect(await page.textContent('#log')).toContain('get_agent0_tomato_storage0');
      expect(await page.isVisible('#error')).toBe(false);
      if (process.env.CUISINE_SCREENSHOT) await page.screenshot({ path: process.env.CUISINE_SCREENSHOT.replace(/\.png$/, '-ai.png'), fullPage: true });
    } finally {
      await page.close();
      await guarded.close();
    }
  });

  it('plays beside an LLM teammate: the server started with --model offers it, its commands come from the model', async () => {
    // A recorded model: whatever the kitchen, the LLM dispatcher's reply sends agent1 to the storage (MindAgent's
    // extraction finds the command in free text).
    const model = new FakeLlmServer('openai', () => ({ kind: 'answer', text: 'Plan: goto_agent1_storage0' }));
    const base = await model.start();
    const withLlm = await serve(
      { port: '0', host: '127.0.0.1', runs: runsDir, model: `openai-compatible:${base}#recorded-cook`, llmCache: 'off' },
      { env: { GUILDCRAFT_LLM_MAX_RETRIES: '0' }, configFile: false },
    );
    const page = await browser.newPage({ viewport: { width: 1400, height: 1000 } });
    try {
      await page.goto(`${withLlm.url}/cuisine`);
      await page.waitForSelector('#ai-kind option[value="llm"]', { state: 'attached' });
      expect(await page.textContent('#ai-kind option[value="llm"]')).toContain('recorded-cook');
      await page.waitForSelector('#level option[value="1"]', { state: 'attached' });
      await page.selectOption('#level', '1');
      await page.selectOption('#ai-agents', '1');
      await page.selectOption('#ai-kind', 'llm');
      await page.click('#start');
      await page.waitForSelector('#game', { state: 'visible' });
      await play(page, 'goto_agent0_storage0');
      expect(await page.textContent('#team li[data-agent="agent1"] .last')).toBe('last: goto_agent1_storage0');
      expect(await page.isVisible('#error')).toBe(false);
      // The model was asked with MindAgent's dispatcher prompt, and the game's view names it.
      expect(model.received.length).toBeGreaterThan(0);
      expect(JSON.stringify(model.received[0]!.body.messages)).toContain('agent1');
    } finally {
      await page.close();
      await withLlm.close();
      await model.stop();
    }
  });
});
