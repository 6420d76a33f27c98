/**
 * The viewer's live side: a watched run (`run --watch`'s server and hook) appears in the episodes list as live, its
 * socket greets a page with the world and streams entity deltas whose tick advances, and a person who takes an agent's
 * seat and holds forward for one second of world time walks it about 4.3 blocks (sync mode: the world waits for them).
 */
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { WebSocket } from 'ws';
import { runEpisodeJob } from '../../src/runner/episode-job.js';
import { readRunLog } from '../../src/runner/run-log.js';
import { taskFile } from '../../src/tasks/task-files.js';
import type { LiveEpisode } from '../../src/server/viewer/live-episodes.js';
import { episodeListSchema, episodeMetaSchema, serverMessageSchema, VIEWER_ROUTES, type ClientMessage, type ServerMessage } from '../../src/server/viewer/protocol.js';
import { startWatchServer, type WatchServer } from '../../src/server/viewer/watch-server.js';

const fixtureTask = join(import.meta.dirname, '..', 'fixtures', 'run-logs', 'tasks', 'collect-4-logs-v1.yaml');

let dir: string;
let watching: WatchServer;

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'viewer-live-'));
  watching = await startWatchServer({ runsDir: dir });
});

afterAll(async () => {
  await watching.server.close();
});

/** A socket whose messages are checked against the protocol and queued for `next`. */
function open(id: string): { ws: WebSocket; messages: ServerMessage[]; next(pred: (m: ServerMessage) => boolean, ms?: number): Promise<ServerMessage>; send(m: ClientMessage): void } {
  const ws = new WebSocket(`${watching.server.url.replace('http', 'ws')}${VIEWER_ROUTES.socket(id)}`);
  const messages: ServerMessage[] = [];
  const waiters: { pred: (m: ServerMessage) => boolean; resolve: (m: ServerMessage) => void }[] = [];
  ws.on('message', (data) => {
    const m = serverMessageSchema.parse(JSON.parse(data.toString()));
    messages.push(m);
    for (const w of [...waiters]) {
      if (w.pred(m)) {
        waiters.splice(waiters.indexOf(w), 1);
        w.resolve(m);
      }
    }
  });
  return {
    ws,
    messages,
    next: (pred, ms = 20_000) =>
      new Promise((resolve, reject) => {
        const hit = messages.find(pred);
        if (hit) return resolve(hit);
        const t = setTimeout(() => reject(new Error(`no matching message in ${ms} ms; got ${messages.map((m) => m.type).join(',')}`)), ms);
        waiters.push({ pred, resolve: (m) => (clearTimeout(t), resolve(m)) });
      }),
    send: (m) => ws.send(JSON.stringify(m)),
  };
}

function watchJob(file: string, timeScale: number, agents = 'heuristic'): { started: Promise<LiveEpisode>; done: Promise<unknown> } {
  let started!: (e: LiveEpisode) => void;
  const startedP = new Promise<LiveEpisode>((r) => (started = r));
  const watch = watching.live.watch({ runsDir: dir, humans: true, timeScale, onStart: (ep) => started(ep) });
  const done = runEpisodeJob({ file, seed: '1', agents, logDir: join(dir, 'episodes'), ticksPerStep: 5 }, {}, { watch });
  return { started: startedP, done };
}

describe('run --watch', () => {
  it('lists the running episode as live and streams it: hello, the world, entity deltas with an advancing tick, records, end', async () => {
    const job = watchJob(fixtureTask, 4); // 80 ticks per wall-clock second
    const ep = await job.started;
    const list = episodeListSchema.parse(await (await fetch(`${watching.server.url}${VIEWER_ROUTES.episodes}`)).json());
    expect(list.episodes.filter((e) => e.id === ep.id).map((e) => e.source)).toEqual(['live']);
    const page = open(ep.id);
    const hello = await page.next((m) => m.type === 'hello');
    expect(hello.type === 'hello' && hello.meta.live).toBe(true);
    const chunks = await page.next((m) => m.type === 'chunks');
    expect(chunks.type === 'chunks' && chunks.chunks.length).toBeGreaterThan(0);
    const first = await page.next((m) => m.type === 'entities' && m.full);
    const later = await page.next((m) => m.type === 'entities' && !m.full && m.agentMoves.length > 0 && m.tick > (first as { tick: number }).tick + 20);
    expect(later.type === 'entities' && later.agentMoves.length % 6).toBe(0);
    await page.next((m) => m.type === 'records' && m.items.some((i) => i.kind === 'span'));
    await job.done;
    const end = await page.next((m) => m.type === 'end');
    expect(end.type === 'end' && end.outcome.ended).toMatch(/success|failure|max_ticks/);
    page.ws.close();
    // Ended, its log on disk: listed as a run, with every tick to scrub (the live meta said tick 0 once the world closed).
    const after = episodeListSchema.parse(await (await fetch(`${watching.server.url}${VIEWER_ROUTES.episodes}`)).json());
    expect(after.episodes.filter((e) => e.id === ep.id).map((e) => e.source)).toEqual(['run']);
    const meta = episodeMetaSchema.parse(await (await fetch(`${watching.server.url}${VIEWER_ROUTES.meta(ep.id)}`)).json());
    expect(meta.live).toBe(false);
    expect(meta.lastTick).toBe(end.type === 'end' ? end.tick : -1);
    expect(meta.lastTick).toBeGreaterThan(0);
  }, 60_000);

  it("streams a chest's contents as agents deposit into it, ending with what the log's last chest record says", async () => {
    const job = watchJob(taskFile('tickingcollab/mine-vanishing-blocks-v1'), 20, 'oracle'); // 400 ticks per second
    const ep = await job.started;
    const page = open(ep.id);
    const filled = await page.next((m) => m.type === 'containers' && m.containers.some((c) => c.x === 0 && c.y === 64 && c.z === 0 && c.items.length > 0));
    expect(filled.type === 'containers' && filled.containers.find((c) => c.z === 0)?.block).toBe('chest');
    const ran = (await job.done) as { log?: string };
    await page.next((m) => m.type === 'end');
    const lastRecord = readRunLog(ran.log!).records.filter((r) => r.type === 'chest').at(-1)!;
    const lastSent = page.messages.filter((m) => m.type === 'containers').at(-1);
    expect(lastSent?.type === 'containers' && lastSent.containers.map((c) => c.items)).toEqual([lastRecord.items]);
    page.ws.close();
  }, 60_000);

  it('answers pages while the world runs behind the clock (a paced step that need not wait still yields to the server)', async () => {
    const job = watchJob(fixtureTask, 1e6); // a million times real time: the world is always behind
    let ended = false;
    void job.done.then(() => (ended = true));
    const ep = await job.started;
    const list = episodeListSchema.parse(await (await fetch(`${watching.server.url}${VIEWER_ROUTES.episodes}`)).json());
    // Answered during the episode, not after it: the run is still listed as live.
    expect(ended).toBe(false);
    expect(list.episodes.filter((e) => e.id === ep.id).map((e) => e.source)).toEqual(['live']);
    await job.done;
  }, 60_000);
});

describe('a person joins from the page', () => {
  it('takes an agent\'s seat; holding forward for 20 ticks in sync mode walks it about 4.3 blocks', async () => {
    // The fixture task with a goal the team cannot reach soon, so the episode is still running while the person plays.
    const task = join(dir, 'long-task.yaml');
    writeFileSync(task, readFileSync(fixtureTask, 'utf8').replace('id: fixtures/collect-4-logs-v1', 'id: fixtures/collect-many-logs-v1').replace('count: 4}', 'count: 400}'));
    const job = watchJob(task, 1);
    const ep = await job.started;
    const page = open(ep.id);
    await page.next((m) => m.type === 'hello');
    page.send({ type: 'join', agent: 'Root' });
    const joined = await page.next((m) => m.type === 'joined');
    expect(joined).toMatchObject({ agent: 'Root', mode: 'sync' });
    let turns = 0;
    const turn = async (): Promise<number> => {
      const n = ++turns;
      const m = await page.next((x) => x.type === 'yourTurn' && page.messages.filter((y) => y.type === 'yourTurn').indexOf(x) === n - 1);
      return (m as { tick: number }).tick;
    };
    const t0 = await turn();
    const player = ep.world!.player('Root')!;
    const from = { ...player.pos };
    page.send({ type: 'control', action: { type: 'low_level', forward: 1 } });
    page.send({ type: 'step' });
    let t = t0;
    while (t < t0 + 20) {
      t = await turn();
      if (t < t0 + 20) page.send({ type: 'step' });
    }
    const moved = Math.hypot(player.pos.x - from.x, player.pos.z - from.z);
    expect(t - t0).toBe(20);
    expect(moved).toBeGreaterThan(3.8);
    expect(moved).toBeLessThan(4.6);
    // A page that leaves gives the agent back to its team, and the world runs on without waiting.
    page.send({ type: 'leave' });
    page.send({ type: 'step' });
    page.ws.close();
    ep.world!.player('Leaf1'); // still there
    await Promise.race([job.done, new Promise((r) => setTimeout(r, 500))]);
  }, 60_000);
});
