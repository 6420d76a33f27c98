/**
 * Live episodes (`run --watch`): the runner's records and the embedded world's state streamed to every page that
 * opens the episode's socket, as deltas (protocol.ts), and people seated in the episode from those pages.
 *
 * The stream is a subscription, not a copy of the runner: the job's EpisodeWatch hook (runner/episode-job.ts) puts a
 * tee in front of the run log (records become timeline items as they are written), and a pump reads the world every
 * PUMP_MS of wall time: entities as quantised moves against what each socket was sent last, block changes from the
 * world's block watcher. A page that connects late gets the world near the agents and everything recorded so far.
 *
 * Seats: a page may take an agent's place (`join` with `agent`) or join as an extra player (`join` with `name`). The
 * team no longer decides for a seated agent; the page's controls, skills and chat go to the world as the agent's
 * actions. In sync mode the world waits after each step until every seated page has sent `step`; in async mode it
 * runs on.
 */
import { relative } from 'node:path';
import type { WebSocket } from 'ws';
import { InputError } from '../../core/errors.js';
import type { AgentAction } from '../../core/actions.js';
import type { Team } from '../../agents/team.js';
import { agentSpawnSchema } from '../../env/scenario.js';
import { SimEnv } from '../../env/sim/index.js';
import { chatSettingsOf } from '../../env/sim/skills/chat-settings.js';
import type { EpisodeWatch } from '../../runner/episode-job.js';
import type { LogRecord, RunLogSink } from '../../runner/run-log.js';
import type { RunRecord } from '../../core/run-records.js';
import type { World } from '../../world/index.js';
import { chunksAround, encodeChunk } from './chunks.js';
import { joinSpawn } from './join-spawn.js';
import { idOfPath } from './episode-index.js';
import { DEFAULT_CHUNK_RADIUS, MAX_CHUNKS_PER_ANSWER, orgTreeOf } from './replay-episode.js';
import {
  ENTITY_ANGLE_SCALE,
  ENTITY_POSITION_SCALE,
  VIEWER_PROTOCOL_VERSION,
  clientMessageSchema,
  type AgentState,
  type BlockChange,
  type ContainerState,
  type EpisodeMeta,
  type EpisodeSummary,
  type ItemState,
  type MobState,
  type ServerMessageOf,
  type TimelineItem,
} from './protocol.js';
import { errorMessage, safeJson, sendMessage } from './routes.js';
import { TimelineBuilder } from './timeline.js';

/** Wall-clock milliseconds between two pushes of world state to the pages (20 per second). */
export const PUMP_MS = 50;

export class LiveEpisodes {
  private readonly episodes = new Map<string, LiveEpisode>();

  /**
   * The episode while it streams. Once it has ended with its log on disk it is no longer live: the runs folder lists it
   * and the replay serves it (with every tick to scrub), like any recorded episode.
   */
  get(id: string): LiveEpisode | undefined {
    const ep = this.episodes.get(id);
    return ep && !(ep.finished && ep.summary.path !== null) ? ep : undefined;
  }

  summaries(): EpisodeSummary[] {
    return [...this.episodes.keys()].flatMap((id) => this.get(id)?.summary ?? []);
  }

  /**
   * The hook a job takes (`runEpisodeJob(o, limits, watch)`): registers the episode when it starts and streams it.
   * `onStart` hears the episode's id (the CLI prints the viewer's URL with it).
   */
  watch(o: { runsDir: string; humans: boolean; timeScale?: number; onStart?: (episode: LiveEpisode) => void }): EpisodeWatch {
    return {
      start: (info) => {
        if (!(info.backend instanceof SimEnv)) throw new InputError(`--watch streams embedded-world episodes; this one runs on '${info.backend.kind}'`, 'drop --watch, or run on --backend sim');
        const rel = info.logPath ? relative(o.runsDir, info.logPath) : `live-${this.episodes.size + 1}.jsonl`;
        const ep = new LiveEpisode(idOfPath(rel), info.logPath ? rel.split('\\').join('/') : null, info.backend, info.mode, info.org, o.humans, info.mode === 'sync' ? (o.timeScale ?? 1) : null);
        this.episodes.set(ep.id, ep);
        o.onStart?.(ep);
        return { log: ep.tee(info.log), team: (t) => ep.seatedTeam(t), afterStep: () => ep.afterStep() };
      },
    };
  }
}

/** What one socket was sent last, so the next push carries only what changed. */
interface Client {
  readonly socket: WebSocket;
  greeted: boolean;
  /** Index into the episode's timeline items: what this socket has. */
  itemsSent: number;
  /** agent name → [x, y, z, yaw, pitch] as quantised integers. */
  readonly agents: Map<string, number[]>;
  /** agent name → health, held item and skill as last sent. */
  readonly agentLook: Map<string, string>;
  readonly mobs: Map<number, number[]>;
  readonly mobLook: Map<number, string>;
  readonly items: Set<number>;
  seat: string | null;
  /** Sync mode: resolves the world's wait for this page's step. */
  stepped: (() => void) | null;
  wantsStep: boolean;
}

export class LiveEpisode {
  readonly summary: EpisodeSummary;
  private readonly clients = new Set<Client>();
  private readonly items: TimelineItem[] = [];
  private readonly builder = new TimelineBuilder();
  private pendingBlocks: BlockChange[] = [];
  /** `x,y,z` → the chest as its last `chest` record left it; `containersChanged` until the pages have it. */
  private readonly containers = new Map<string, ContainerState>();
  private containersChanged = false;
  private watchedWorld: World | null = null;
  private offBlocks: (() => void) | null = null;
  private readonly pump: ReturnType<typeof setInterval>;
  private ended: ServerMessageOf<'end'> | null = null;
  /** agent name → the seated page. */
  private readonly seats = new Map<string, Client>();
  private readonly wallStart = performance.now();
  private tick0: number | null = null;

  constructor(
    readonly id: string,
    path: string | null,
    private readonly env: SimEnv,
    readonly mode: 'sync' | 'async',
    org: string | null,
    private readonly humans: boolean,
    /** Sync mode paces the world to the wall clock at this speed (20 ticks/s at 1) so people can watch it. */
    private readonly pace: number | null,
  ) {
    this.summary = {
      id,
      source: 'live',
      path,
      task: '',
      taskType: '',
      architecture: '',
      org,
      model: null,
      mode,
      backend: env.kind,
      seed: '',
      names: [],
      outcome: null,
      ticks: 0,
      costUsd: null,
      modifiedMs: Date.now(),
      sizeBytes: 0,
    };
    this.pump = setInterval(() => this.push(), PUMP_MS);
    this.pump.unref();
  }

  get world(): World | null {
    try {
      return this.env.world;
    } catch {
      return null; // not reset yet
    }
  }

  get tick(): number {
    // After the end the job closes the world; the episode stays at the tick it ended at.
    return this.ended?.tick ?? this.env.tick;
  }

  get finished(): boolean {
    return this.ended !== null;
  }

  meta(): EpisodeMeta {
    const w = this.world;
    const perceptionRange: Record<string, number> = {};
    for (const n of this.summary.names) {
      const p = w?.player(n);
      if (p) perceptionRange[n] = p.perceptionRange;
    }
    const range = w ? chatSettingsOf(w).range : Infinity;
    const chatRange = Number.isFinite(range) ? range : null;
    return {
      episode: { ...this.summary, ticks: this.tick },
      live: !this.ended,
      ticksPerSecond: 20,
      firstTick: 0,
      lastTick: this.tick,
      org: orgTreeOf(this.summary.org, this.summary.names),
      perceptionRange,
      chatRange,
      joinable: this.humans && !this.ended,
    };
  }

  /** The run log with the stream in front of it: every record still reaches `inner`. */
  tee(inner: RunLogSink): RunLogSink {
    return {
      write: (record: RunRecord) => {
        inner.write(record);
        this.record(record as LogRecord);
      },
      close: () => {
        inner.close();
        this.finish();
      },
    };
  }

  /** The team with seated agents taken out: it decides for the others only. */
  seatedTeam(team: Team): Team {
    return {
      ...team,
      architecture: team.architecture,
      start: (s) => team.start(s),
      decide: async (obs, signal) => {
        if (this.seats.size === 0) return team.decide(obs, signal);
        const rest = Object.fromEntries(Object.entries(obs).filter(([n]) => !this.seats.has(n)));
        return Object.keys(rest).length > 0 ? team.decide(rest, signal) : {};
      },
    };
  }

  /** After each sync step: wait for every seated page's step, else keep the world at watching speed. */
  async afterStep(): Promise<void> {
    const seated = [...this.seats.values()];
    if (seated.length > 0) {
      this.push();
      await Promise.all(
        seated.map(
          (c) =>
            new Promise<void>((resolve) => {
              c.stepped = resolve;
              c.wantsStep = true;
              sendMessage(c.socket, { type: 'yourTurn', agent: c.seat ?? '', tick: this.tick });
            }),
        ),
      );
      return;
    }
    if (this.pace === null) return;
    this.tick0 ??= this.tick;
    const due = this.wallStart + ((this.tick - this.tick0) / (20 * this.pace)) * 1000;
    const wait = due - performance.now();
    if (wait > 1) await new Promise((r) => setTimeout(r, wait));
    // Behind the clock (a world slower than real time, e.g. 1,000 agents on a busy machine), still let
    // the server's sockets and pages have a turn each step: a step's awaits are microtasks only.
    else await new Promise((r) => setImmediate(r));
  }

  connect(socket: WebSocket): void {
    const c: Client = { socket, greeted: false, itemsSent: 0, agents: new Map(), agentLook: new Map(), mobs: new Map(), mobLook: new Map(), items: new Set(), seat: null, stepped: null, wantsStep: false };
    this.clients.add(c);
    socket.on('message', (data) => this.onMessage(c, data.toString()));
    socket.on('close', () => this.leave(c));
    this.greet(c);
  }

  private record(r: LogRecord): void {
    if (r.type === 'episode_start') {
      Object.assign(this.summary, { task: String(r.task), taskType: String(r.taskType), architecture: String(r.agents), seed: String(r.seed), names: Array.isArray(r.names) ? r.names.map(String) : [] });
    } else if (r.type === 'llm_call' && this.summary.model === null && typeof r.modelId === 'string') {
      this.summary.model = r.modelId;
    } else if (r.type === 'episode_end') {
      const res = r.result as { ended: string; success: boolean; score: number; details: string; metrics?: { costUsd?: number } };
      this.summary.outcome = { ended: res.ended, success: res.success, score: res.score, details: res.details };
      this.summary.costUsd = res.metrics?.costUsd ?? null;
    } else if (r.type === 'chest') {
      this.recordChest(r);
    }
    if (typeof r.tick === 'number') this.summary.ticks = Math.max(this.summary.ticks, r.tick);
    this.items.push(...this.builder.add(r));
  }

  private recordChest(r: LogRecord): void {
    const pos = r.pos as { x: number; y: number; z: number };
    const key = `${pos.x},${pos.y},${pos.z}`;
    if (!Array.isArray(r.items)) this.containers.delete(key);
    else this.containers.set(key, { ...pos, block: this.world?.blockAt(pos) ?? 'chest', items: (r.items as ContainerState['items']).map((i) => ({ ...i })) });
    this.containersChanged = true;
  }

  private containersMessage(): ServerMessageOf<'containers'> {
    return { type: 'containers', tick: this.tick, containers: [...this.containers.values()] };
  }

  private finish(): void {
    if (this.ended) return;
    const o = this.summary.outcome ?? { ended: 'aborted', success: false, score: 0, details: 'the episode stopped without a result' };
    this.push();
    this.ended = { type: 'end', tick: this.tick, outcome: o };
    for (const c of this.clients) {
      if (c.greeted) sendMessage(c.socket, this.ended);
      c.stepped?.();
    }
    clearInterval(this.pump);
    this.offBlocks?.();
    this.seats.clear();
  }

  /** hello, the world near the agents, every entity, everything recorded so far. */
  private greet(c: Client): void {
    const w = this.world;
    if (!w || this.summary.names.length === 0) return; // greeted by the first push after the episode starts
    this.watchBlocks(w);
    c.greeted = true;
    sendMessage(c.socket, { type: 'hello', protocol: VIEWER_PROTOCOL_VERSION, meta: this.meta() });
    const agents = this.agentStates(w);
    const around = chunksAround(agents.length > 0 ? agents : [{ x: 0, z: 0 }], DEFAULT_CHUNK_RADIUS, MAX_CHUNKS_PER_ANSWER);
    sendMessage(c.socket, { type: 'chunks', tick: this.tick, chunks: around.map((p) => encodeChunk(w, p.cx, p.cz)) });
    sendMessage(c.socket, this.entitiesFor(c, w, true));
    if (this.containers.size > 0) sendMessage(c.socket, this.containersMessage());
    this.sendItems(c);
    if (this.ended) sendMessage(c.socket, this.ended);
  }

  private watchBlocks(w: World): void {
    if (this.watchedWorld === w) return;
    this.offBlocks?.();
    this.watchedWorld = w;
    this.offBlocks = w.watchBlocks((x, y, z, _before, after) => this.pendingBlocks.push({ x, y, z, block: w.registry.blockNameOfState(after) }));
  }

  /** One push to every page: block changes, entity moves, new timeline items, else the tick. */
  private push(): void {
    const w = this.world;
    if (!w) return;
    const blocks = this.pendingBlocks;
    this.pendingBlocks = [];
    const containers = this.containersChanged ? this.containersMessage() : null;
    this.containersChanged = false;
    for (const c of this.clients) {
      if (!c.greeted) {
        this.greet(c);
        continue;
      }
      if (blocks.length > 0) sendMessage(c.socket, { type: 'blockDeltas', tick: this.tick, changes: blocks });
      if (containers) sendMessage(c.socket, containers);
      const ents = this.entitiesFor(c, w, false);
      const changed = ents.agentMoves.length + ents.mobMoves.length + ents.agents.length + ents.mobs.length + ents.items.length + ents.gone.mobs.length + ents.gone.items.length > 0;
      if (changed) sendMessage(c.socket, ents);
      const sentItems = this.sendItems(c);
      if (!changed && !sentItems && blocks.length === 0) sendMessage(c.socket, { type: 'tick', tick: this.tick });
    }
  }

  private sendItems(c: Client): boolean {
    if (c.itemsSent >= this.items.length) return false;
    sendMessage(c.socket, { type: 'records', items: this.items.slice(c.itemsSent) });
    c.itemsSent = this.items.length;
    return true;
  }

  private agentStates(w: World): AgentState[] {
    const out: AgentState[] = [];
    for (const p of w.players.values()) {
      if (p.removed) continue;
      out.push({ name: p.name, x: p.pos.x, y: p.pos.y, z: p.pos.z, yaw: p.yaw, pitch: p.pitch, health: p.health, held: p.inventory.held?.name ?? null, skill: this.runningSkill(p.name) });
    }
    return out;
  }

  /** From the records (an observation per agent per push would run every agent's senses 20 times a second). */
  private runningSkill(agent: string): string | null {
    return this.builder.runningSkill(agent);
  }

  /** The entities message for one page: everything (`full`) or what changed since its last one. */
  private entitiesFor(c: Client, w: World, full: boolean): ServerMessageOf<'entities'> {
    const msg: ServerMessageOf<'entities'> = { type: 'entities', tick: this.tick, full, agentMoves: [], mobMoves: [], agents: [], mobs: [], items: [], gone: { mobs: [], items: [] } };
    const names = this.summary.names;
    if (full) {
      c.agents.clear();
      c.agentLook.clear();
      c.mobs.clear();
      c.mobLook.clear();
      c.items.clear();
    }
    for (const a of this.agentStates(w)) {
      const q = [qp(a.x), qp(a.y), qp(a.z), qa(a.yaw), qa(a.pitch)];
      const look = `${a.health}|${a.held}|${a.skill}`;
      const last = c.agents.get(a.name);
      const index = names.indexOf(a.name);
      if (!last || index < 0 || c.agentLook.get(a.name) !== look) {
        msg.agents.push({ ...a, x: q[0]! / ENTITY_POSITION_SCALE, y: q[1]! / ENTITY_POSITION_SCALE, z: q[2]! / ENTITY_POSITION_SCALE, yaw: q[3]! / ENTITY_ANGLE_SCALE, pitch: q[4]! / ENTITY_ANGLE_SCALE });
      } else if (q.some((v, i) => v !== last[i])) {
        msg.agentMoves.push(index, ...q.map((v, i) => v - last[i]!));
      }
      c.agents.set(a.name, q);
      c.agentLook.set(a.name, look);
    }
    const seenMobs = new Set<number>();
    const seenItems = new Set<number>();
    for (const e of w.entities.values()) {
      if (e.removed) continue;
      if (e.kind === 'mob') {
        seenMobs.add(e.id);
        const q = [qp(e.pos.x), qp(e.pos.y), qp(e.pos.z)];
        const look = `${e.type}|${e.health}`;
        const last = c.mobs.get(e.id);
        if (!last || c.mobLook.get(e.id) !== look) {
          const m: MobState = { id: e.id, type: e.type, x: q[0]! / ENTITY_POSITION_SCALE, y: q[1]! / ENTITY_POSITION_SCALE, z: q[2]! / ENTITY_POSITION_SCALE, health: e.health };
          msg.mobs.push(m);
        } else if (q.some((v, i) => v !== last[i])) {
          msg.mobMoves.push(e.id, ...q.map((v, i) => v - last[i]!));
        }
        c.mobs.set(e.id, q);
        c.mobLook.set(e.id, look);
      } else if (e.kind === 'item') {
        seenItems.add(e.id);
        if (!c.items.has(e.id)) {
          const it: ItemState = { id: e.id, item: e.stack.name, count: e.stack.count, x: e.pos.x, y: e.pos.y, z: e.pos.z };
          msg.items.push(it);
          c.items.add(e.id);
        }
      }
    }
    for (const id of c.mobs.keys()) {
      if (seenMobs.has(id)) continue;
      c.mobs.delete(id);
      c.mobLook.delete(id);
      if (!full) msg.gone.mobs.push(id);
    }
    for (const id of c.items) {
      if (seenItems.has(id)) continue;
      c.items.delete(id);
      if (!full) msg.gone.items.push(id);
    }
    return msg;
  }

  private onMessage(c: Client, text: string): void {
    const parsed = clientMessageSchema.safeParse(safeJson(text));
    if (!parsed.success) {
      sendMessage(c.socket, { type: 'error', fault: 'user', message: `not a viewer message: ${parsed.error.issues.map((i) => `${i.path.join('.') || 'message'}: ${i.message}`).join('; ')}`, hint: 'send the messages of src/server/viewer/protocol.ts' });
      return;
    }
    const m = parsed.data;
    this.handle(c, m).catch((err: unknown) => sendMessage(c.socket, errorMessage(err)));
  }

  private async handle(c: Client, m: ReturnType<typeof clientMessageSchema.parse>): Promise<void> {
    const w = this.world;
    switch (m.type) {
      case 'chunks':
        if (w) sendMessage(c.socket, { type: 'chunks', tick: this.tick, chunks: m.at.map((p) => encodeChunk(w, p.cx, p.cz)) });
        return;
      case 'join':
        return this.join(c, m.agent, m.name);
      case 'leave':
        this.leave(c, false);
        return;
      case 'step':
        if (c.stepped) {
          const done = c.stepped;
          c.stepped = null;
          c.wantsStep = false;
          done();
        }
        return;
    }
    const agent = this.seatOf(c);
    let action: AgentAction;
    if (m.type === 'control') action = m.action;
    else if (m.type === 'skill') action = m.action;
    else if (m.type === 'cancel') action = { type: 'cancel' };
    else action = { type: 'skill', name: 'say', params: { message: m.text } };
    await this.env.applyActions({ [agent]: action });
  }

  private seatOf(c: Client): string {
    if (!c.seat) throw new InputError('this page has no seat in the episode', "send { type: 'join' } first");
    return c.seat;
  }

  private async join(c: Client, agent: string | undefined, name: string | undefined): Promise<void> {
    if (!this.humans) throw new InputError('this episode does not take human players', 'start it with `guildcraft run … --watch` (humans may join a watched sim episode) without --no-humans');
    if (this.ended) throw new InputError('the episode has ended', 'open a live episode');
    if (c.seat) throw new InputError(`this page already plays ${c.seat}`, "send { type: 'leave' } first");
    const w = this.world;
    if (!w) throw new InputError('the episode has not started yet', 'join again in a moment');
    let seat: string;
    if (agent !== undefined) {
      if (!w.player(agent)) throw new InputError(`no agent '${agent}' in this episode`, `pick one of: ${this.summary.names.join(', ')}`);
      if (this.seats.has(agent)) throw new InputError(`someone already plays ${agent}`, 'pick another agent, or join as an extra player');
      seat = agent;
      // The team's running skill for it stops: from now on the person acts.
      await this.env.applyActions({ [agent]: { type: 'cancel' } });
    } else {
      seat = name ?? `Human${this.seats.size + 1}`;
      if (w.player(seat)) throw new InputError(`the name '${seat}' is taken`, 'join with another name');
      const first = [...w.players.values()][0];
      const at = first ? joinSpawn(w, first.pos) : { x: 0, y: 64, z: 0 };
      await this.env.addAgent(agentSpawnSchema.parse({ name: seat, position: at }));
      this.summary.names = [...this.summary.names, seat];
      // Every page learns the new name: entity moves are sent by index into the names, and the agent list and the
      // timelines are drawn from them (without this the newcomer stood still on every page, its own too).
      for (const other of this.clients) if (other.greeted) sendMessage(other.socket, { type: 'hello', protocol: VIEWER_PROTOCOL_VERSION, meta: this.meta() });
    }
    c.seat = seat;
    this.seats.set(seat, c);
    sendMessage(c.socket, { type: 'joined', agent: seat, mode: this.mode });
  }

  private leave(c: Client, closing = true): void {
    if (c.seat) {
      this.seats.delete(c.seat);
      c.seat = null;
    }
    // A page that leaves never holds the world.
    c.stepped?.();
    c.stepped = null;
    if (closing) this.clients.delete(c);
  }
}

const qp = (v: number): number => Math.round(v * ENTITY_POSITION_SCALE);
const qa = (v: number): number => Math.round(v * ENTITY_ANGLE_SCALE);
