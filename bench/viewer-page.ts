/**
 * The viewer page in headless Chromium (the flags the e2e tests use: WebGL through SwiftShader), against the real
 * server, on episodes the real runner records here:
 *
 * (a) a 10-minute (12,000-tick), 8-agent heuristic tree-chopping episode: the page opens it at tick 0, then the
 *     scrubber jumps to its middle; the figure is the wall time from the jump to the first frame drawn after the page
 *     shows that tick (body[data-shown-tick]). The first jump makes the server run the rebuilt world up to the middle;
 *     later jumps to other ticks only apply or undo block changes, so they are timed too (median). Target (issue 15):
 *     under 1 s.
 * (b) a 1,000-agent episode in the 2D map: the page plays it at 1× while the bench pans (drags) and zooms (wheel)
 *     every frame; the figures are the frame times (requestAnimationFrame to requestAnimationFrame, median and p95) and
 *     the map's own draw times, beside the frame time of the same page paused and untouched (what the browser reaches
 *     on this machine with nothing to do). "Stays interactive": frames near the display's 16.7 ms.
 *
 * It also prints the size on the wire of a state answer (JSON, gzip, brotli) and the machine's load average: frame
 * times on a busy shared machine measure the machine as much as the page.
 *
 * Flags: --ticks (12000) and --agents (8) of episode (a); --map-agents (1000), --map-ticks (600), --map-arch
 * (heuristic) of episode (b), or --map-log <log.jsonl> with --map-task <task.yaml> to open a recorded one instead (e.g.
 * a society episode); --frames (240) timed in the map; --json for one JSON line.
 */
import { existsSync, mkdirSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { request } from 'node:http';
import { availableParallelism, loadavg, tmpdir } from 'node:os';
import { basename, dirname, join, resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { chromium, type Browser, type Page } from 'playwright-core';
import { runEpisodeJob } from '../src/runner/episode-job.js';
import { readRunLog } from '../src/runner/run-log.js';
import { startServer } from '../src/server/app.js';
import type { EpisodeList } from '../src/server/viewer/protocol.js';
import { taskFile } from '../src/tasks/task-files.js';

const CHROMIUM = '/usr/bin/chromium';
const CHROMIUM_ARGS = ['--no-sandbox', '--use-angle=swiftshader', '--enable-unsafe-swiftshader', '--disable-background-networking', '--disable-component-update', '--disable-sync'];

/** A tree-chopping task (S-Agents' collection layout) with `agents` agents and a goal they cannot reach in `ticks`. */
function choppingTask(id: string, agents: number, ticks: number, spacing: number): string {
  const side = Math.ceil(Math.sqrt(agents));
  const spawn = Array.from({ length: agents }, (_, i) => `    - {name: A${i}, position: [${(i % side) * spacing}, 64, ${Math.floor(i / side) * spacing}]}`);
  // Trees on a grid over the agents' square and a margin: enough wood that nobody runs out early.
  const extent = side * spacing + 24;
  const trees: string[] = [];
  for (let z = -12; z < extent; z += 9) {
    for (let x = -12; x < extent; x += 9) {
      const kind = (x + z) % 2 === 0 ? 'oak' : 'birch';
      trees.push(`      - {block: ${kind}_leaves, position: [${x - 1}, 67, ${z - 1}], width: 3, height: 3, depth: 3}`, `      - {block: ${kind}_log, position: [${x}, 64, ${z}], height: 5}`);
    }
  }
  return [
    `id: ${id}`,
    'task:',
    '  type: collection',
    `  goal: "Mine logs as a team, more than there are"`,
    '  success:',
    '    type: collection',
    '    items:',
    '      - {any_of: [oak_log, birch_log], count: 100000}',
    'agents:',
    `  count: ${agents}`,
    '  spawn:',
    ...spawn,
    'environment:',
    `  max_steps: ${Math.ceil(ticks / 20)}`,
    '  chat_range: null',
    '  world: {world_type: flatgrass, difficulty: peaceful, time: day, gamerules: {doMobSpawning: false, doDaylightCycle: false}}',
    '  materials:',
    '    grid:',
    ...trees,
    '',
  ].join('\n');
}

/**
 * Records an episode of `task` with the real runner into `dir`/episodes, or reuses the log already there (a kept
 * --runs folder); returns the log's path.
 */
async function record(dir: string, file: string, agents: string): Promise<{ log: string; seconds: number; reused: boolean }> {
  const episodes = join(dir, 'episodes');
  const kept = existsSync(episodes) ? readdirSync(episodes).find((f) => f.endsWith('.jsonl')) : undefined;
  if (kept) return { log: join(episodes, kept), seconds: 0, reused: true };
  const t0 = performance.now();
  const result = await runEpisodeJob({ file, seed: '1', agents, logDir: episodes });
  const log = (result as { log?: string }).log;
  if (!log) throw new Error(`the episode of ${file} wrote no log`);
  return { log, seconds: (performance.now() - t0) / 1000, reused: false };
}

/*
 * The in-page halves of the measurements, as page script (this file is compiled without the DOM's types).
 */

/** Wall time (ms) from moving the scrubber to tick `t` until the first frame after the page shows that tick. */
const JUMP_SCRIPT = `(t) => new Promise((done) => {
  const scrubber = document.getElementById('scrubber');
  const t0 = performance.now();
  const shown = () => {
    if (document.body.dataset.shownTick !== String(t)) return;
    observer.disconnect();
    requestAnimationFrame(() => requestAnimationFrame(() => done(performance.now() - t0)));
  };
  const observer = new MutationObserver(shown);
  observer.observe(document.body, { attributes: true, attributeFilter: ['data-shown-tick'] });
  scrubber.value = String(t);
  scrubber.dispatchEvent(new Event('input'));
  shown();
})`;

/** The next `n` frames: their intervals and the 2D map's draw time in each (the page's status line keeps it). */
const FRAMES_SCRIPT = `(n) => new Promise((done) => {
  const intervals = [];
  const draws = [];
  let last = performance.now();
  const frame = (now) => {
    intervals.push(now - last);
    last = now;
    const ms = Number(document.getElementById('status')?.dataset.mapDrawMs ?? NaN);
    if (Number.isFinite(ms)) draws.push(ms);
    if (intervals.length < n) requestAnimationFrame(frame);
    else done({ intervals, draws });
  };
  requestAnimationFrame(frame);
})`;

async function jumpTime(page: Page, tick: number): Promise<number> {
  return page.evaluate<number>(`(${JUMP_SCRIPT})(${tick})`);
}

/**
 * Plays the episode at 1× in the 2D map and pans and zooms every frame for `frames` frames; returns the frame
 * intervals and the map's draw times read from the page (ms).
 */
async function mapFrames(page: Page, frames: number): Promise<{ intervals: number[]; draws: number[]; idle: number[] }> {
  await page.selectOption('#view-mode', '2d');
  // The same page paused and untouched: the frame rate the browser reaches on this machine with nothing to do.
  const idle = (await page.evaluate<{ intervals: number[] }>(`(${FRAMES_SCRIPT})(60)`)).intervals;
  await page.click('#play');
  const box = (await page.locator('#map2d').boundingBox())!;
  const cx = box.x + box.width / 2;
  const cy = box.y + box.height / 2;
  await page.mouse.move(cx, cy);
  await page.mouse.down();
  // The pointer's moves and wheel turns come from the bench process while the page counts frames.
  const counting = page.evaluate<{ intervals: number[]; draws: number[] }>(`(${FRAMES_SCRIPT})(${frames})`);
  let done = false;
  void counting.finally(() => (done = true));
  for (let i = 0; !done; i++) {
    const a = (i / 30) * Math.PI;
    await page.mouse.move(cx + Math.cos(a) * 120, cy + Math.sin(a) * 80);
    if (i % 10 === 5) {
      await page.mouse.up();
      await page.mouse.wheel(0, i % 20 === 5 ? -120 : 120);
      await page.mouse.down();
    }
  }
  await page.mouse.up();
  return { ...(await counting), idle };
}

/** Bytes on the wire of a GET of `url` asking for `encoding` (identity: none), and the time to the last byte (ms). */
function wireBytes(url: string, encoding: 'identity' | 'gzip' | 'br'): Promise<{ bytes: number; ms: number }> {
  return new Promise((done, fail) => {
    const t0 = performance.now();
    request(url, { headers: { 'accept-encoding': encoding } }, (res) => {
      let bytes = 0;
      res.on('data', (b: Buffer) => (bytes += b.length));
      res.on('end', () => done({ bytes, ms: performance.now() - t0 }));
      res.on('error', fail);
    })
      .on('error', fail)
      .end();
  });
}

/** Opens the viewer at `url` and waits until it shows `tick`; a page error or the page's error box fails the bench. */
async function openAt(browser: Browser, url: string, tick: number): Promise<Page> {
  const page = await browser.newPage({ viewport: { width: 1400, height: 860 } });
  const errors: string[] = [];
  page.on('pageerror', (e) => errors.push(e.message));
  await page.goto(url);
  try {
    await page.waitForSelector(`body[data-shown-tick="${tick}"]`, { timeout: 180_000 });
  } catch (e) {
    const shown = await page.locator('#error').textContent();
    throw new Error(`the viewer did not show tick ${tick} of ${url}: ${[shown, ...errors].filter(Boolean).join('; ') || (e as Error).message}`, { cause: e });
  }
  return page;
}

function quantile(values: readonly number[], q: number): number {
  const s = [...values].sort((a, b) => a - b);
  return s.length === 0 ? NaN : s[Math.min(s.length - 1, Math.floor(q * s.length))]!;
}
const round1 = (v: number): number => Math.round(v * 10) / 10;

export async function run(argv: string[]): Promise<void> {
  const { values } = parseArgs({
    args: argv,
    options: {
      ticks: { type: 'string', default: '12000' },
      agents: { type: 'string', default: '8' },
      'map-agents': { type: 'string', default: '1000' },
      'map-ticks': { type: 'string', default: '600' },
      'map-arch': { type: 'string', default: 'heuristic' },
      'map-log': { type: 'string' },
      'map-task': { type: 'string' },
      frames: { type: 'string', default: '240' },
      runs: { type: 'string' },
      json: { type: 'boolean', default: false },
    },
  });
  if (values['map-log'] && !values['map-task']) throw new Error('--map-log needs --map-task <task.yaml> (the task the episode ran, to rebuild its world)');
  const say = (line: string): void => {
    if (!values.json) console.log(line);
  };
  // A --runs folder is kept, and the episodes recorded in it are reused by the next run with the same sizes.
  const dir = values.runs ? resolve(values.runs) : mkdtempSync(join(tmpdir(), 'bench-viewer-page-'));
  const tasks = new Map<string, string>();
  try {
    // (a) the long episode.
    const ticks = Number(values.ticks);
    const agents = Number(values.agents);
    const longDir = join(dir, `long-${ticks}t-${agents}a`);
    const longFile = join(longDir, 'task.yaml');
    mkdirSync(longDir, { recursive: true });
    writeFileSync(longFile, choppingTask('bench/viewer-long-v1', agents, ticks, 3));
    tasks.set('bench/viewer-long-v1', longFile);
    say(`recording a ${ticks}-tick, ${agents}-agent heuristic episode…`);
    const long = await record(longDir, longFile, 'heuristic');
    const longLog = readRunLog(long.log).records;
    say(`  ${long.reused ? 'reused' : `${round1(long.seconds)} s`}, ${longLog.length} records`);

    // (b) the crowd: recorded here unless a log is given.
    let mapLog: string;
    let mapAgents: number;
    if (values['map-log']) {
      const src = resolve(values['map-log']);
      mapLog = join(dir, 'given', 'episodes', basename(src));
      mkdirSync(dirname(mapLog), { recursive: true });
      writeFileSync(mapLog, readRunLog(src).records.map((r) => JSON.stringify(r)).join('\n') + '\n');
      const start = readRunLog(src).records[0]!;
      tasks.set(String(start.task), resolve(values['map-task']!));
      mapAgents = Array.isArray(start.names) ? start.names.length : NaN;
    } else {
      mapAgents = Number(values['map-agents']);
      const arch = values['map-arch'] ?? 'heuristic';
      const crowdDir = join(dir, `crowd-${values['map-ticks']}t-${mapAgents}a-${arch}`);
      const crowdFile = join(crowdDir, 'task.yaml');
      mkdirSync(crowdDir, { recursive: true });
      writeFileSync(crowdFile, choppingTask('bench/viewer-crowd-v1', mapAgents, Number(values['map-ticks']), 4));
      tasks.set('bench/viewer-crowd-v1', crowdFile);
      say(`recording a ${values['map-ticks']}-tick, ${mapAgents}-agent ${arch} episode…`);
      const crowd = await record(crowdDir, crowdFile, arch);
      mapLog = crowd.log;
      say(`  ${crowd.reused ? 'reused' : `${round1(crowd.seconds)} s`}`);
    }

    const server = await startServer({ host: '127.0.0.1', port: 0, runsDir: dir, resolveTask: (id) => tasks.get(id) ?? taskFile(id) });
    const browser = await chromium.launch({ executablePath: CHROMIUM, headless: true, args: CHROMIUM_ARGS });
    try {
      const list = (await (await fetch(`${server.url}/api/viewer/episodes`)).json()) as EpisodeList;
      const idOf = (log: string): { id: string; ticks: number } => {
        const e = list.episodes.find((x) => typeof x.path === 'string' && join(dir, x.path) === log);
        if (!e) throw new Error(`the server does not list ${log}`);
        return { id: e.id, ticks: e.ticks };
      };

      const longEp = idOf(long.log);
      // The state answer's size on the wire (the whole world near the agents at the middle tick), as sent to a client
      // that takes no compression, gzip, or brotli (what Chromium asks for).
      const stateUrl = `${server.url}/api/viewer/episodes/${longEp.id}/state?tick=${Math.floor(longEp.ticks / 2)}`;
      const wire = { identity: await wireBytes(stateUrl, 'identity'), gzip: await wireBytes(stateUrl, 'gzip'), br: await wireBytes(stateUrl, 'br') };
      say(`state answer at the middle tick: ${wire.identity.bytes} B as JSON, ${wire.gzip.bytes} B gzip, ${wire.br.bytes} B brotli (${Math.round(wire.br.ms)} ms)`);
      const t0 = performance.now();
      const page = await openAt(browser, `${server.url}/viewer?episode=${longEp.id}&tick=0`, 0);
      const openMs = performance.now() - t0;
      const middle = Math.floor(longEp.ticks / 2);
      const firstJumpMs = await jumpTime(page, middle);
      const later: number[] = [];
      for (const f of [0.1, 0.9, 0.3, 0.7, 0.45, 0.55, 0.2, 0.8]) later.push(await jumpTime(page, Math.floor(longEp.ticks * f)));
      const backToMiddleMs = await jumpTime(page, middle + 1);
      await page.close();
      say(`(a) ${longEp.ticks}-tick ${agents}-agent episode: opened at tick 0 in ${Math.round(openMs)} ms; jump to the middle (tick ${middle}) shown in ${Math.round(firstJumpMs)} ms (target < 1000); later jumps median ${Math.round(quantile(later, 0.5))} ms, max ${Math.round(Math.max(...later))} ms`);

      const crowdEp = idOf(mapLog);
      const mapPage = await openAt(browser, `${server.url}/viewer?episode=${crowdEp.id}&tick=0`, 0);
      const frames = await mapFrames(mapPage, Number(values.frames));
      await mapPage.close();
      const out = {
        // The machine's load while measuring: on a shared machine frame times say as much about it as about the page.
        loadAverage1m: Math.round(loadavg()[0]! * 10) / 10,
        stateBytes: { json: wire.identity.bytes, gzip: wire.gzip.bytes, brotli: wire.br.bytes },
        jump: { ticks: longEp.ticks, agents, logRecords: longLog.length, openMs: Math.round(openMs), middleTick: middle, firstJumpToMiddleMs: Math.round(firstJumpMs), laterJumpsMedianMs: Math.round(quantile(later, 0.5)), laterJumpsMaxMs: Math.round(Math.max(...later)), jumpBackToMiddleMs: Math.round(backToMiddleMs), targetMs: 1000 },
        map: { agents: mapAgents, ticks: crowdEp.ticks, frames: frames.intervals.length, frameMedianMs: round1(quantile(frames.intervals, 0.5)), frameP95Ms: round1(quantile(frames.intervals, 0.95)), idleFrameMedianMs: round1(quantile(frames.idle, 0.5)), drawMedianMs: round1(quantile(frames.draws, 0.5)), drawP95Ms: round1(quantile(frames.draws, 0.95)) },
      };
      say(`(b) ${mapAgents}-agent episode in the 2D map, playing at 1× while panning and zooming: frame median ${out.map.frameMedianMs} ms, p95 ${out.map.frameP95Ms} ms over ${out.map.frames} frames (the paused, untouched page: ${out.map.idleFrameMedianMs} ms); map draw median ${out.map.drawMedianMs} ms, p95 ${out.map.drawP95Ms} ms`);
      say(`load average (1 min) ${out.loadAverage1m} on ${availableParallelism()} cores`);
      if (values.json) console.log(JSON.stringify(out));
    } finally {
      await browser.close();
      await server.close();
    }
  } finally {
    if (!values.runs) rmSync(dir, { recursive: true, force: true });
  }
}
