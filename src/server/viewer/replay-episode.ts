/**
 * One recorded episode as the viewer serves it: its meta (the socket's hello), the world near the agents at any tick,
 * the timeline, and what an agent's senses returned at a tick. Built from the log once and kept (routes.ts caches a
 * few); the world rebuild (replay-world.ts) happens on the first question that needs blocks.
 */
import { InputError } from '../../core/errors.js';
import { simBodyPort, simViewer } from '../../env/sim/body-port.js';
import { buildTopology } from '../../orgs/index.js';
import { readRunLog, type LogRecord } from '../../runner/run-log.js';
import { visibleBlocks, visibleEntities } from '../../skills/senses/index.js';
import { spawnMob, type Entity } from '../../world/index.js';
import { chunksAround, encodeChunk } from './chunks.js';
import { CHUNK_SIZE, type ContainerState, type EntitySnapshot, type EpisodeMeta, type EpisodeSummary, type OrgTree, type SensesAtTick, type StateAtTick, type TimelineItem, type TimelineItemOf } from './protocol.js';
import { ReplayChests } from './replay-chests.js';
import { ReplayEntities } from './replay-entities.js';
import { ReplayWorld, type TaskResolver } from './replay-world.js';
import { timelineOf } from './timeline.js';

/** Chunks around each agent a state answer carries by default (radius 2: 5×5 chunks, 80 blocks across). */
export const DEFAULT_CHUNK_RADIUS = 2;
/** Most chunks one answer carries (a crowd spread over a large world is sent in the page's own chunk requests). */
export const MAX_CHUNKS_PER_ANSWER = 256;

export class ReplayEpisode {
  readonly timeline: TimelineItem[];
  readonly entities: ReplayEntities;
  readonly chests: ReplayChests;
  private world: Promise<ReplayWorld> | null = null;
  /** Logged mob id → the stand-in entity placed in the rebuilt world for the senses. */
  private readonly standIns = new Map<number, Entity>();

  private constructor(
    readonly summary: EpisodeSummary,
    readonly records: readonly LogRecord[],
    private readonly resolveTask: TaskResolver,
  ) {
    this.timeline = timelineOf(records);
    this.entities = new ReplayEntities(records, this.timeline.filter((i): i is TimelineItemOf<'span'> => i.kind === 'span'));
    this.chests = new ReplayChests(records);
  }

  static load(file: string, summary: EpisodeSummary, resolveTask: TaskResolver): ReplayEpisode {
    return new ReplayEpisode(summary, readRunLog(file).records, resolveTask);
  }

  static fromRecords(records: readonly LogRecord[], summary: EpisodeSummary, resolveTask: TaskResolver): ReplayEpisode {
    return new ReplayEpisode(summary, records, resolveTask);
  }

  get lastTick(): number {
    return this.summary.ticks;
  }

  /** The rebuilt world (once per episode; later calls share it). */
  replayWorld(): Promise<ReplayWorld> {
    if (!this.world) {
      this.world = ReplayWorld.build(this.records, this.resolveTask);
      this.world.then(warmUp, () => undefined);
    }
    return this.world;
  }

  async meta(): Promise<EpisodeMeta> {
    const rw = this.summary.backend === 'sim' ? await this.replayWorld().catch(() => null) : null;
    const perceptionRange: Record<string, number> = {};
    for (const name of this.summary.names) {
      const p = rw?.world.player(name);
      if (p) perceptionRange[name] = p.perceptionRange;
    }
    return {
      episode: this.summary,
      live: false,
      ticksPerSecond: 20,
      firstTick: 0,
      lastTick: this.lastTick,
      org: orgTreeOf(this.summary.org, this.summary.names),
      perceptionRange,
      chatRange: rw ? rw.scenario.chatRange : null,
      joinable: false,
    };
  }

  /**
   * The world near the agents at `tick`. With `since` (the tick whose state the page already holds, chunks included),
   * the answer is a delta: `changes`, the blocks that differ between `since` and `tick`, and only the chunks near the
   * agents at `tick` that were not near them at `since`. Playing or scrubbing then moves kilobytes, not the ~100 KB of
   * every chunk around every agent.
   */
  async state(tick: number, radius = DEFAULT_CHUNK_RADIUS, since?: number): Promise<StateAtTick> {
    const t = this.clampTick(tick);
    const entities = this.entities.at(t);
    const rw = await this.replayWorld();
    const around = this.chunksNear(entities, radius);
    if (since === undefined) {
      rw.seek(t);
      return { tick: t, since: null, changes: [], chunks: around.map((c) => encodeChunk(rw.world, c.cx, c.cz)), entities, containers: this.containers(rw, t) };
    }
    const s = this.clampTick(since);
    const held = new Set(this.chunksNear(this.entities.at(s), radius).map((c) => `${c.cx},${c.cz}`));
    const { changes, regrown } = rw.changesBetween(s, t);
    const fresh = around.filter((c) => !held.has(`${c.cx},${c.cz}`) || regrown.has(`${c.cx},${c.cz}`));
    // A chunk sent whole needs none of its changes.
    const whole = new Set(fresh.map((c) => `${c.cx},${c.cz}`));
    const needed = changes.filter((c) => !whole.has(`${Math.floor(c.x / CHUNK_SIZE)},${Math.floor(c.z / CHUNK_SIZE)}`));
    return { tick: t, since: s, changes: needed, chunks: fresh.map((c) => encodeChunk(rw.world, c.cx, c.cz)), entities, containers: this.containers(rw, t) };
  }

  /** Every recorded chest at `tick` with its contents; the block is the rebuilt world's, which stands at `tick`. */
  private containers(rw: ReplayWorld, tick: number): ContainerState[] {
    return this.chests.at(tick).map((c) => ({ x: c.x, y: c.y, z: c.z, block: rw.world.blockAt(c), items: [...c.items] }));
  }

  private chunksNear(entities: EntitySnapshot, radius: number): { cx: number; cz: number }[] {
    return chunksAround(entities.agents.length > 0 ? entities.agents : [{ x: 0, z: 0 }], radius, MAX_CHUNKS_PER_ANSWER);
  }

  /** Chunks at a tick, by coordinates (the page's own requests as it looks around). */
  async chunks(tick: number, at: readonly { cx: number; cz: number }[]): Promise<StateAtTick['chunks']> {
    const rw = await this.replayWorld();
    rw.seek(this.clampTick(tick));
    return at.slice(0, MAX_CHUNKS_PER_ANSWER).map((c) => encodeChunk(rw.world, c.cx, c.cz));
  }

  /**
   * What `agent`'s senses returned at `tick`: the rebuilt world at that tick, the agent and the mobs placed where the
   * log says, and the real senses (skills/senses: perception range, field of view, line of sight) asked as the body
   * asks them. The agent's own capabilities (range, field of view) come from the task, as in the run.
   */
  async senses(agent: string, tick: number): Promise<SensesAtTick> {
    const t = this.clampTick(tick);
    const rw = await this.replayWorld();
    const player = rw.world.player(agent);
    if (!player) throw new InputError(`no agent '${agent}' in this episode`, `pick one of: ${this.summary.names.join(', ')}`);
    const at = this.entities.at(t);
    const me = at.agents.find((a) => a.name === agent);
    if (!me) throw new InputError(`agent '${agent}' has no recorded position at tick ${t}`, 'pick a tick while the agent was in the episode');
    rw.seek(t);
    const placed = new Map<number, number>(); // rebuilt-world entity id → logged id
    for (const a of at.agents) {
      const p = rw.world.player(a.name);
      if (!p) continue;
      place(rw, p, a);
      p.yaw = a.yaw;
      p.pitch = a.pitch;
      placed.set(p.id, p.id);
    }
    for (const m of at.mobs) {
      let e = this.standIns.get(m.id);
      if (!e) {
        try {
          e = spawnMob(rw.world, m.type, { x: m.x, y: m.y, z: m.z });
        } catch {
          continue; // a mob type this registry does not know: it cannot be seen
        }
        this.standIns.set(m.id, e);
      }
      place(rw, e, m);
      placed.set(e.id, m.id);
    }
    const port = simBodyPort(rw.world);
    const viewer = simViewer(player);
    const blocks = visibleBlocks(port, viewer).map((b) => ({ ...b.pos, name: b.name }));
    const entities = visibleEntities(port, viewer)
      .filter((e) => placed.has(e.id))
      .map((e) => ({ id: placed.get(e.id)!, type: e.type, name: e.name, x: e.pos.x, y: e.pos.y, z: e.pos.z }));
    return { agent, tick: t, pos: { x: me.x, y: me.y, z: me.z }, perceptionRange: player.perceptionRange, chatRange: rw.scenario.chatRange, blocks, entities };
  }

  private clampTick(tick: number): number {
    return Math.max(0, Math.min(Math.round(tick), this.lastTick));
  }
}

/** Moves an entity of the rebuilt world and keeps the world's spatial index in step. */
function place(rw: ReplayWorld, e: Entity, at: { x: number; y: number; z: number }): void {
  e.pos.x = at.x;
  e.pos.y = at.y;
  e.pos.z = at.z;
  rw.world.index.update(e);
}

/** The organisation's command edges, when the episode names a standard organisation. */
export function orgTreeOf(kind: string | null, names: readonly string[]): OrgTree | null {
  if (!kind || names.length === 0) return null;
  try {
    const t = buildTopology(kind, names);
    return { kind: t.kind, edges: t.edges.map(([a, b]) => [a, b] as [string, string]) };
  } catch {
    return { kind, edges: [] }; // an organisation this build does not know: named, not drawn
  }
}

/** Ticks of the rebuilt world run per slice of the background warm-up: a few milliseconds, so requests wait little. */
const WARM_UP_TICKS_PER_SLICE = 200;

/**
 * Runs a rebuilt world on to the episode's end in small slices between requests, so the first jump to a late tick
 * applies known changes instead of running the fluid rule through every tick before it (which took over a second for
 * the middle of a 12,000-tick episode on a busy machine). The slices do not keep the process alive.
 */
function warmUp(rw: ReplayWorld): void {
  const slice = (): void => {
    if (rw.simulateAhead(WARM_UP_TICKS_PER_SLICE)) setImmediate(slice).unref();
  };
  setImmediate(slice).unref();
}
