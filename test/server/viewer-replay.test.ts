/**
 * The viewer's recorded side: the episodes index, the world rebuilt at a tick (checked block for block against the
 * world the episode really ran in, floods included), entities at a tick, the timeline and the senses at a tick
 * (checked against the senses API asked in the real run at that tick).
 */
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { copyFileSync, mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SimEnv } from '../../src/env/sim/index.js';
import { simBodyPort, simViewer } from '../../src/env/sim/body-port.js';
import { runEpisodeJob } from '../../src/runner/episode-job.js';
import { readRunLog } from '../../src/runner/run-log.js';
import { WebSocket } from 'ws';
import { buildServer, startServer } from '../../src/server/app.js';
import { chunksAround, encodeChunk } from '../../src/server/viewer/chunks.js';
import { EpisodeIndex, idOfPath } from '../../src/server/viewer/episode-index.js';
import { decodeChunkData, episodeListSchema, sensesAtTickSchema, serverMessageSchema, stateAtTickSchema, timelineSchema, chunkIndex, VIEWER_ROUTES, type BlockChange, type Chunk, type ServerMessageOf } from '../../src/server/viewer/protocol.js';
import { ReplayEpisode } from '../../src/server/viewer/replay-episode.js';
import { visibleBlocks } from '../../src/skills/senses/index.js';
import { taskFile } from '../../src/tasks/task-files.js';
import type { World } from '../../src/world/index.js';

const fixtures = join(import.meta.dirname, '..', 'fixtures', 'run-logs');
const collectTask = join(fixtures, 'tasks', 'collect-4-logs-v1.yaml');
const resolveTask = (id: string): string => (id === 'fixtures/collect-4-logs-v1' ? collectTask : taskFile(id));

interface Ran {
  log: string;
  world: World;
  /** tick → what the first agent's senses returned then, asked in the real run. */
  senses: Map<number, number>;
}

/** Runs a job with a watch hook that keeps the real world and asks the senses after every step. */
async function runAndKeep(file: string, agents: string, seed: string, dir: string): Promise<Ran> {
  let env: SimEnv | null = null;
  let world: World | null = null;
  const senses = new Map<number, number>();
  const result = await runEpisodeJob({ file, seed, agents, logDir: dir }, {}, { watch: {
    start: (info) => {
      env = info.backend as SimEnv;
      return {
        log: info.log,
        afterStep: async () => {
          const w = env!.world;
          world = w; // the job closes the backend; the world object stays readable
          // Asked with the pose as the positions record rounds it (2 decimals, yaw/pitch to 0.1°), then put back.
          const first = [...w.players.values()][0]!;
          const pose = { ...first.pos, yaw: first.yaw, pitch: first.pitch };
          first.pos.x = Math.round(pose.x * 100) / 100;
          first.pos.y = Math.round(pose.y * 100) / 100;
          first.pos.z = Math.round(pose.z * 100) / 100;
          first.yaw = Math.round(pose.yaw * 10) / 10;
          first.pitch = Math.round(pose.pitch * 10) / 10;
          senses.set(w.tick, visibleBlocks(simBodyPort(w), simViewer(first)).length);
          Object.assign(first.pos, { x: pose.x, y: pose.y, z: pose.z });
          first.yaw = pose.yaw;
          first.pitch = pose.pitch;
        },
      };
    },
  } });
  return { log: (result as { log?: string }).log!, world: world!, senses };
}

let dir: string;
let heuristic: Ran;
let flood: Ran;

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'viewer-replay-'));
  heuristic = await runAndKeep(collectTask, 'heuristic', '1', join(dir, 'episodes'));
  flood = await runAndKeep(taskFile('tickingcollab/prepare-crisis-water-v1'), 'oracle', '1', join(dir, 'bench', 'tc', 'episodes'));
}, 120_000);

afterAll(() => undefined);

function replayOf(ran: Ran): ReplayEpisode {
  const index = new EpisodeIndex(dir);
  const summary = index.list().episodes.find((e) => join(dir, e.path!) === ran.log)!;
  return ReplayEpisode.load(ran.log, summary, resolveTask);
}

/** Every chunk near the agents, as the real world has it at the end and as the replay rebuilds it. */
async function expectSameBlocksAtEnd(ran: Ran): Promise<number> {
  const ep = replayOf(ran);
  const rw = await ep.replayWorld();
  rw.seek(ep.lastTick);
  const agents = [...ran.world.players.values()].map((p) => ({ x: p.pos.x, z: p.pos.z }));
  let compared = 0;
  for (const c of chunksAround(agents, 2, 100)) {
    expect(encodeChunk(rw.world, c.cx, c.cz), `chunk ${c.cx},${c.cz}`).toEqual(encodeChunk(ran.world, c.cx, c.cz));
    compared++;
  }
  return compared;
}

describe('episodes index', () => {
  it('lists every episode log under the runs folder with its task, team, outcome and source, and nothing else', () => {
    mkdirSync(join(dir, 'human'), { recursive: true });
    writeFileSync(join(dir, 'human', 'game.jsonl'), '{"type":"human_step","step":1}\n');
    mkdirSync(join(dir, 'old'), { recursive: true });
    copyFileSync(join(fixtures, 'v1-s-agents-scripted-collect-4-logs-seed1.jsonl'), join(dir, 'old', 'sagents.jsonl'));
    writeFileSync(join(dir, 'old', 'torn.jsonl'), '{"type":"episode_st');
    const list = episodeListSchema.parse(new EpisodeIndex(dir).list());
    const byPath = new Map(list.episodes.map((e) => [e.path, e]));
    expect([...byPath.keys()].sort()).toEqual(['bench/tc/episodes/tickingcollab_prepare-crisis-water-v1-oracle-centralized-seed1.jsonl', 'episodes/fixtures_collect-4-logs-v1-heuristic-centralized-seed1.jsonl', 'old/sagents.jsonl']);
    const h = byPath.get('episodes/fixtures_collect-4-logs-v1-heuristic-centralized-seed1.jsonl')!;
    expect(h).toMatchObject({ source: 'run', task: 'fixtures/collect-4-logs-v1', architecture: 'heuristic', mode: 'sync', backend: 'sim', seed: '1', model: null, names: ['Root', 'Leaf1'] });
    expect(h.outcome?.ended).toMatch(/success|failure|max_ticks/);
    expect(h.ticks).toBeGreaterThan(0);
    expect(byPath.get('bench/tc/episodes/tickingcollab_prepare-crisis-water-v1-oracle-centralized-seed1.jsonl')).toMatchObject({ source: 'bench', architecture: 'oracle' });
    // The scripted S-Agents log names its model from its first LLM call.
    expect(byPath.get('old/sagents.jsonl')!.model).toMatch(/scripted/);
    expect(list.skipped).toEqual([{ path: 'old/torn.jsonl', reason: expect.stringContaining('first line') }]);
  });

  it('finds a log by its id and refuses ids that point outside the runs folder', () => {
    const index = new EpisodeIndex(dir);
    expect(index.fileOf(idOfPath('episodes/fixtures_collect-4-logs-v1-heuristic-centralized-seed1.jsonl'))).toBe(heuristic.log);
    expect(index.fileOf(idOfPath('../outside.jsonl'))).toBeNull();
    expect(index.fileOf('not base64!')).toBeNull();
  });
});

describe('replay reconstruction', () => {
  it('rebuilds the blocks near the agents at the last tick exactly as the real world ended (logs chopped)', async () => {
    expect(await expectSameBlocksAtEnd(heuristic)).toBeGreaterThanOrEqual(25);
  });

  it('recomputes the flood the log does not record: the water episode ends with the same blocks as the real run', async () => {
    const ep = replayOf(flood);
    const rw = await ep.replayWorld();
    rw.seek(ep.lastTick);
    const waterChanges = readRunLog(flood.log).records.filter((r) => r.type === 'world' && String(r.event).startsWith('block') && JSON.stringify(r).includes('water')).length;
    // More block changes happened than the log holds: the rest is the fluid rule, recomputed.
    expect(rw.changeCount).toBeGreaterThan(waterChanges);
    expect(await expectSameBlocksAtEnd(flood)).toBeGreaterThanOrEqual(25);
  });

  it('goes back and forth in time: a tree block is there at the start and gone at the end', async () => {
    const ep = replayOf(heuristic);
    const broken = ep.records.find((r) => r.type === 'world' && r.event === 'block_broken' && String(r.block).endsWith('_log'))!;
    const pos = broken.pos as { x: number; y: number; z: number };
    const blockAt = async (tick: number): Promise<string> => {
      const s = await ep.state(tick, 0);
      const chunk = s.chunks.find((c) => c.cx === Math.floor(pos.x / 16) && c.cz === Math.floor(pos.z / 16));
      if (!chunk) {
        const rw = await ep.replayWorld();
        rw.seek(tick);
        return rw.world.registry.blockNameOfState(rw.world.stateAt(pos.x, pos.y, pos.z));
      }
      const idx = chunkIndex(chunk, pos.x - chunk.cx * 16, pos.y, pos.z - chunk.cz * 16);
      return chunk.palette[decodeChunkData(chunk)[idx]!]!;
    };
    expect(await blockAt(ep.lastTick)).toBe('air');
    expect(await blockAt(0)).toBe(String(broken.block));
    expect(await blockAt(broken.tick! + 1)).toBe('air');
    expect(await blockAt(Math.max(0, broken.tick! - 1))).toBe(String(broken.block));
  });

  it('answers a state asked with since= as a delta that turns the chunks held at that tick into those at the new one', async () => {
    /** A page's blocks: chunk key → block name by index, with changes applied where a chunk is held. */
    type Held = Map<string, { chunk: Chunk; names: string[] }>;
    const hold = (held: Held, chunks: readonly Chunk[]): void => {
      for (const c of chunks) held.set(`${c.cx},${c.cz}`, { chunk: c, names: [...decodeChunkData(c)].map((i) => c.palette[i]!) });
    };
    const apply = (held: Held, changes: readonly BlockChange[]): void => {
      for (const ch of changes) {
        const h = held.get(`${Math.floor(ch.x / 16)},${Math.floor(ch.z / 16)}`);
        if (h && ch.y >= h.chunk.minY && ch.y < h.chunk.minY + h.chunk.height) h.names[chunkIndex(h.chunk, ch.x - h.chunk.cx * 16, ch.y, ch.z - h.chunk.cz * 16)] = ch.block;
      }
    };
    for (const ran of [heuristic, flood]) {
      const ep = replayOf(ran);
      for (const [from, to] of [[0, ep.lastTick], [ep.lastTick, Math.floor(ep.lastTick / 3)]] as const) {
        const held: Held = new Map();
        hold(held, (await ep.state(from)).chunks);
        const delta = await ep.state(to, 2, from);
        expect(delta.since).toBe(from);
        apply(held, delta.changes);
        hold(held, delta.chunks);
        const full = await ep.state(to);
        expect(full.changes).toEqual([]);
        let compared = 0;
        for (const c of full.chunks) {
          const h = held.get(`${c.cx},${c.cz}`);
          expect(h, `chunk ${c.cx},${c.cz} held after the delta`).toBeDefined();
          const want = [...decodeChunkData(c)].map((i) => c.palette[i]!);
          // Same blocks over the full answer's height (a held chunk may span more empty sections).
          const off = (c.minY - h!.chunk.minY) * 256;
          const got = h!.names.slice(off, off + want.length);
          const wrong = want.flatMap((name, i) => (got[i] === name ? [] : [`y${c.minY + (i >> 8)} z${(i >> 4) & 15} x${i & 15}: ${got[i]} not ${name}`]));
          expect(wrong.slice(0, 5), `chunk ${c.cx},${c.cz} ${from}→${to}`).toEqual([]);
          compared++;
        }
        expect(compared).toBeGreaterThanOrEqual(25);
        // Chopping trees changes a few blocks: the delta moves far less than the full answer. A flood regrows most
        // chunks near it (sent whole), so its delta is smaller, not far smaller.
        expect(JSON.stringify(delta).length).toBeLessThan(JSON.stringify(full).length / (ran === heuristic ? 4 : 1));
        if (ran === heuristic) expect(delta.changes.length).toBeGreaterThan(0);
      }
    }
  });

  it('places agents where the positions records say, between samples on the line joining them', () => {
    const ep = replayOf(heuristic);
    const samples = ep.records.filter((r) => r.type === 'positions') as unknown as { tick: number; agents: { name: string[]; x: number[]; z: number[] } }[];
    const a = samples[3]!;
    const b = samples[4]!;
    const at = ep.entities.at(a.tick);
    expect(at.agents.map((g) => g.name)).toEqual(a.agents.name);
    expect(at.agents[0]!.x).toBe(a.agents.x[0]);
    const mid = ep.entities.at((a.tick + b.tick) / 2);
    expect(mid.agents[0]!.x).toBeCloseTo((a.agents.x[0]! + b.agents.x[0]!) / 2, 1);
  });
});

describe('chunk requests on a recorded episode', () => {
  it('answers at the tick the page names: a block broken at tick T is still there in a chunk loaded late before T', async () => {
    const server = await startServer({ host: '127.0.0.1', port: 0, runsDir: dir, resolveTask });
    const ws = new WebSocket(`${server.url.replace('http', 'ws')}${VIEWER_ROUTES.socket(replayOf(heuristic).summary.id)}`);
    try {
      const ep = replayOf(heuristic);
      const broken = ep.records.find((r) => r.type === 'world' && r.event === 'block_broken' && String(r.block).endsWith('_log'))!;
      const pos = broken.pos as { x: number; y: number; z: number };
      const at = { cx: Math.floor(pos.x / 16), cz: Math.floor(pos.z / 16) };
      const answers: ServerMessageOf<'chunks'>[] = [];
      let arrived: () => void = () => undefined;
      ws.on('message', (data) => {
        const m = serverMessageSchema.parse(JSON.parse(data.toString()));
        if (m.type === 'chunks') answers.push(m);
        arrived();
      });
      await new Promise((r) => ws.once('open', r));
      /** The broken block's name in the chunk the socket answers for `tick` (the episode's last tick when omitted). */
      const blockIn = async (tick?: number): Promise<{ tick: number; block: string }> => {
        const before = answers.length;
        ws.send(JSON.stringify({ type: 'chunks', at: [at], ...(tick === undefined ? {} : { tick }) }));
        while (answers.length === before) await new Promise<void>((r) => (arrived = r));
        const m = answers.at(-1)!;
        const chunk = m.chunks[0]!;
        return { tick: m.tick, block: chunk.palette[decodeChunkData(chunk)[chunkIndex(chunk, pos.x - at.cx * 16, pos.y, pos.z - at.cz * 16)]!]! };
      };
      expect(await blockIn(broken.tick! - 1)).toEqual({ tick: broken.tick! - 1, block: String(broken.block) });
      expect(await blockIn(broken.tick!)).toEqual({ tick: broken.tick!, block: 'air' });
      expect(await blockIn(0)).toEqual({ tick: 0, block: String(broken.block) });
      expect(await blockIn()).toEqual({ tick: ep.lastTick, block: 'air' });
    } finally {
      ws.close();
      await server.close();
    }
  });
});

describe('viewer REST routes', () => {
  it('answers the index, the state at a tick, the timeline and the senses in the protocol shapes', async () => {
    const app = await buildServer({ runsDir: dir, resolveTask });
    try {
      const list = episodeListSchema.parse((await app.inject({ method: 'GET', url: '/api/viewer/episodes' })).json());
      const h = list.episodes.find((e) => e.task === 'fixtures/collect-4-logs-v1')!;
      const state = await app.inject({ method: 'GET', url: `/api/viewer/episodes/${h.id}/state?tick=${Math.floor(h.ticks / 2)}` });
      expect(state.statusCode).toBe(200);
      const s = stateAtTickSchema.parse(state.json());
      expect(s.chunks.length).toBeGreaterThan(0);
      expect(s.entities.agents.map((a) => a.name)).toEqual(['Root', 'Leaf1']);
      const tl = timelineSchema.parse((await app.inject({ method: 'GET', url: `/api/viewer/episodes/${h.id}/timeline` })).json());
      const spans = tl.items.filter((i) => i.kind === 'span' && i.end !== null);
      expect(spans.length).toBeGreaterThan(0);
      expect(tl.items.at(-1)).toMatchObject({ kind: 'score' });
      const senses = await app.inject({ method: 'GET', url: `/api/viewer/episodes/${h.id}/senses?agent=Root&tick=20` });
      expect(senses.statusCode).toBe(200);
      sensesAtTickSchema.parse(senses.json());
      const bad = await app.inject({ method: 'GET', url: `/api/viewer/episodes/${h.id}/senses?agent=Nobody&tick=20` });
      expect(bad.statusCode).toBe(400);
      expect(bad.json().error).toContain("no agent 'Nobody'");
      expect((await app.inject({ method: 'GET', url: '/api/viewer/episodes/bm9wZS5qc29ubA/state?tick=0' })).statusCode).toBe(404);
      // A bench's log sits three folders deep: its id is longer than a URL parameter's default limit.
      const benchLog = list.episodes.find((e) => e.source === 'bench')!;
      expect(benchLog.id.length).toBeGreaterThan(100);
      expect((await app.inject({ method: 'GET', url: `/api/viewer/episodes/${benchLog.id}` })).statusCode).toBe(200);
    } finally {
      await app.close();
    }
  });

  it('compresses a state answer for a client that accepts brotli or gzip, to the same JSON', async () => {
    const app = await buildServer({ runsDir: dir, resolveTask });
    try {
      const h = episodeListSchema.parse((await app.inject({ method: 'GET', url: '/api/viewer/episodes' })).json()).episodes.find((e) => e.task === 'fixtures/collect-4-logs-v1')!;
      const url = `/api/viewer/episodes/${h.id}/state?tick=${Math.floor(h.ticks / 2)}`;
      const plain = await app.inject({ method: 'GET', url });
      expect(plain.headers['content-encoding']).toBeUndefined();
      const br = await app.inject({ method: 'GET', url, headers: { 'accept-encoding': 'gzip, deflate, br' } });
      expect(br.headers['content-encoding']).toBe('br');
      expect(br.rawPayload.length).toBeLessThan(plain.rawPayload.length / 20);
      expect(JSON.parse(brotliDecompressSync(br.rawPayload).toString())).toEqual(plain.json());
      const gz = await app.inject({ method: 'GET', url, headers: { 'accept-encoding': 'gzip' } });
      expect(gz.headers['content-encoding']).toBe('gzip');
      expect(JSON.parse(gunzipSync(gz.rawPayload).toString())).toEqual(plain.json());
    } finally {
      await app.close();
    }
  });
});

describe('senses at a tick', () => {
  it("returns as many blocks as the senses API returned for that agent at that tick in the real run", async () => {
    const ep = replayOf(heuristic);
    const changeTicks = new Set(ep.records.filter((r) => r.type === 'world' && String(r.event).startsWith('block')).map((r) => r.tick));
    // Sampled ticks where the real run asked the senses and no block changed during the tick itself.
    const ticks = ep.records.filter((r) => r.type === 'positions' && heuristic.senses.has(r.tick!) && !changeTicks.has(r.tick)).map((r) => r.tick!);
    expect(ticks.length).toBeGreaterThan(3);
    for (const t of [ticks[1]!, ticks[Math.floor(ticks.length / 2)]!, ticks.at(-2)!]) {
      const s = await ep.senses('Root', t);
      expect(s.blocks.length, `tick ${t}`).toBe(heuristic.senses.get(t));
      expect(s.blocks.length).toBeGreaterThan(0);
    }
  });
});
