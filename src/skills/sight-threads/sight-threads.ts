/**
 * Observations of many agents at once, with their sight (the block summary, most of an
 * observation's cost, and with `entitiesOnWorkers` the entity list) computed on the main thread and
 * on worker threads together.
 *
 * Which thread computes an agent's sight follows from its id and a share re-balanced by the
 * measured costs, never from the world; every thread runs the same code (`observedBlocks`,
 * `observedEntities`) over the same world (a worker over its copies as of the hand-over:
 * `BlockReplica`, `EntitySnapshot`), each cache returning only what a fresh scan would, so what an
 * agent sees is the same whichever thread computed it and however many threads there are.
 *
 * `begin` hands the workers their agents (with the blocks changed since the last hand-over and the
 * entities now), builds this thread's agents' whole observations, and the workers' agents'
 * observations but for their sight; `finish` waits for the workers without returning to the event
 * loop (`Atomics.wait` on a shared word the worker bumps, then `receiveMessageOnPort`) and fills
 * their sight in. Two ways to call them:
 * - `observe` (begin, then finish at once): the world stands still between them, and the caller
 *   gets the observations of this tick, as on a single thread.
 * - pipelined: the caller steps the world between `begin` at tick t and `finish` at tick t + 1, so
 *   the workers compute tick t's sight while this thread computes tick t + 1: the observations
 *   describe tick t and arrive one tick later (a real client's perception latency). With no worker
 *   the same calls give the same observations at the same ticks, so results never depend on the
 *   thread count.
 */
import { MessageChannel, receiveMessageOnPort, type MessagePort, type ResourceLimits, type Worker } from 'node:worker_threads';
import { InternalError } from '../../core/errors.js';
import type { ObservedEntity, VisibleBlockSummary } from '../../core/observation.js';
import type { Player, World } from '../../world/index.js';
import { BlockFeed } from '../../world/parallel/block-feed.js';
import { EntitySnapshotWriter, type SnapshotArea } from '../../world/parallel/entity-snapshot.js';
import { observedBlocks, observedEntities, type ObserverState, type SightAhead } from '../observe/observe.js';
import { ENTITY_SEARCH_MARGIN } from '../senses/perception.js';
import type { SightAnswer, SightBatch, SightRequest, SightSeen, SightWorkerData } from './protocol.js';
import { siblingModule, startWorker } from './start-worker.js';

/** What an observation asks of sight (the observer's options). */
export interface SightQuery {
  omniscient: boolean;
  maxBlockTypes: number;
  maxEntities: number;
  maxRays: number | undefined;
}

/** What `observe` asks of sight for an observer with these options. */
export const sightQueryOf = (state: ObserverState): SightQuery => ({
  omniscient: state.omniscient,
  maxBlockTypes: state.options.maxBlockTypes,
  maxEntities: state.options.maxEntities,
  maxRays: state.options.maxRays,
});

/** Chunk columns generated around a viewer before a worker reads there (the senses read within range + 2, and one block beyond each section). */
const MARGIN_BLOCKS = 20;
/** A worker that has not answered in this long is taken for dead. */
const ANSWER_TIMEOUT_MS = 120_000;

interface SightWorker {
  worker: Worker;
  port: MessagePort;
  control: Int32Array;
  feed: BlockFeed;
  entities: EntitySnapshotWriter;
  seq: number;
}

/** What `build` makes of an agent: anything holding what it sees (an `Observation`). */
export interface Sighted {
  nearbyBlocks: VisibleBlockSummary[];
  entities: ObservedEntity[];
}

export interface SightThreadsOptions {
  /**
   * The caller steps the world between `begin` and `finish` (see the file's comment), and the share
   * given to the workers counts what this thread does meanwhile. Default false.
   */
  pipelined?: boolean;
  /**
   * Whether the workers list their agents' visible entities too (from an entity snapshot per
   * hand-over), or this thread does. Default false: while the block summaries hold the workers
   * longer than this thread's step, moving the entities only adds the snapshots; it pays once the
   * summaries are cheap enough that this thread would be the slower side (docs/world-performance.md, "Overlap").
   */
  entitiesOnWorkers?: boolean;
  /** Terrain generated beyond each given-away agent's perception range (tests shrink it to make a worker meet a column it does not hold). */
  marginBlocks?: number;
  /**
   * The most each worker's young generation (the collector's nursery) may grow to, in MB (default
   * DEFAULT_WORKER_YOUNG_MB; 0 for V8's own). Most of what a worker allocates dies within its batch,
   * and at 10,000 agents its nursery at V8's default size was ~170 MB of the process's RSS
   * (docs/world-performance.md, "The main thread at range 16").
   */
  workerYoungGenerationMb?: number;
}

/**
 * The workers' nursery bound by default. At 10,000 agents observed every 100 ticks at range 16 with one
 * pipelined worker, V8's own size left RSS at 946–1,052 MB and the speed at 18.0–21.9 ticks/s over
 * four runs; 16 MB gave 843–849 MB and 20.8–21.4 (docs/world-performance.md, "Where it stands").
 */
export const DEFAULT_WORKER_YOUNG_MB = 16;

/** A batch between `begin` and `finish`. */
interface Pending<T extends Sighted> {
  tick: number;
  players: readonly Player[];
  queries: readonly SightQuery[];
  out: T[];
  /** Per worker: the batch's sequence number and the indices of the players it got. */
  sent: Array<{ seq: number; indices: number[] }>;
  /** Milliseconds per player of this thread's own players' whole observations, and of its other work while the workers ran. */
  mainPerAgent: number;
  overlapMs: number;
  /** When `begin` returned: in pipelined mode the time until `finish` is this thread's other work too. */
  startedAt: number;
}

export class SightThreads {
  private readonly workers: SightWorker[] = [];
  private readonly pipelined: boolean;
  private readonly entitiesOnWorkers: boolean;
  private readonly marginBlocks: number;
  private readonly workerYoungGenerationMb: number | undefined;
  /**
   * The fraction of agents whose sight goes to the workers, re-balanced after each batch so this
   * thread (its own agents' whole observations, and in pipelined mode the world's step) and the
   * workers (their agents' sight) finish together. An agent's thread follows from a fixed hash of
   * its id and this fraction, so most agents keep their thread (and the senses' per-agent cache
   * there) while it moves a little.
   */
  private share: number;
  /** Smoothed milliseconds per agent: a whole observation on this thread, its sight on a worker. */
  private mainCost = 0;
  private workerCost = 0;
  /** Smoothed milliseconds per batch this thread spends on other things while the workers run. */
  private overlapCost = 0;
  private pending: Pending<Sighted> | null = null;
  /** Agents' sight the workers computed, and those a worker could not (a column it did not hold) that were redone here. */
  byWorkers = 0;
  redone = 0;
  /** Milliseconds this thread spent on its own agents, and waiting for the workers in `finish`: how well the work is split. */
  ownMs = 0;
  waitMs = 0;
  /** Milliseconds this thread spent on the workers' agents' observations but for their sight (body, inbox, touch). */
  restMs = 0;
  /** Milliseconds the workers spent on their batches (all workers together). */
  workerBusyMs = 0;

  /** `workers` worker threads beside this one (0: everything on this thread, the same observations). */
  constructor(private readonly world: World, workers: number, options: SightThreadsOptions = {}) {
    this.pipelined = options.pipelined ?? false;
    this.entitiesOnWorkers = options.entitiesOnWorkers ?? false;
    this.marginBlocks = options.marginBlocks ?? MARGIN_BLOCKS;
    const young = options.workerYoungGenerationMb ?? DEFAULT_WORKER_YOUNG_MB;
    this.workerYoungGenerationMb = young > 0 ? young : undefined;
    for (let k = 0; k < workers; k++) this.workers.push(this.start());
    this.share = workers / (workers + 1);
  }

  get threads(): number {
    return this.workers.length + 1;
  }

  /** Each worker's heap bounds as Node reports them (for tests and benches). */
  get workerLimits(): ResourceLimits[] {
    return this.workers.map((w) => w.worker.resourceLimits ?? {});
  }

  /** The fraction of agents whose sight the workers compute now. */
  get workerShare(): number {
    return this.workers.length === 0 ? 0 : this.share;
  }

  /**
   * Observes each player once, now, and returns the observations in the order of `players`. `build(i,
   * sight)` must build player i's observation: looking itself when `sight` is undefined (as `observe`
   * does by itself), else listing the arrays given, which this fills in before returning (`observe(world,
   * player, state, sight)` does both). The world must not change until this returns.
   */
  observe<T extends Sighted>(players: readonly Player[], queries: readonly SightQuery[], build: (i: number, sight: SightAhead | undefined) => T): T[] {
    this.begin(players, queries, build);
    return this.finish();
  }

  /**
   * Starts observing each player at this tick: hands the workers their share, builds this thread's
   * players' observations, then the workers' players' ones with empty sight arrays that `finish`
   * fills in (`build` as in `observe`). In pipelined mode the caller may step the world before
   * `finish`; otherwise it must not change it.
   */
  begin<T extends Sighted>(players: readonly Player[], queries: readonly SightQuery[], build: (i: number, sight: SightAhead | undefined) => T): void {
    if (this.pending) throw new InternalError('SightThreads.begin was called again before finish: a batch of observations would be lost');
    const mine: number[] = [];
    const theirs: number[][] = this.workers.map(() => []);
    const k = this.workers.length;
    for (let i = 0; i < players.length; i++) {
      const h = spread(players[i]!.id);
      if (k === 0 || h >= this.share) mine.push(i);
      else theirs[Math.min(k - 1, Math.floor((h / this.share) * k))]!.push(i);
    }
    // Terrain the workers will read is generated here first: only this thread writes the store.
    for (const list of theirs) for (const i of list) this.generateAround(players[i]!);
    const sent = this.workers.map((w, j) => ({ seq: this.send(w, theirs[j]!.map((i) => requestOf(players[i]!, queries[i]!))), indices: theirs[j]! }));
    const out: T[] = new Array<T>(players.length);
    const t0 = performance.now();
    for (const i of mine) out[i] = build(i, undefined);
    const t1 = performance.now();
    for (const list of theirs) for (const i of list) out[i] = build(i, this.entitiesOnWorkers ? { nearbyBlocks: [], entities: [] } : { nearbyBlocks: [] });
    const t2 = performance.now();
    this.ownMs += t1 - t0;
    this.restMs += t2 - t1;
    this.pending = {
      tick: this.world.tick,
      players,
      queries,
      out,
      sent,
      mainPerAgent: mine.length > 0 ? (t1 - t0) / mine.length : 0,
      overlapMs: t2 - t1,
      startedAt: t2,
    };
  }

  /**
   * Waits for the workers' answers to the batch `begin` started, fills them in, and returns the
   * batch's observations in the order of its players.
   */
  finish<T extends Sighted>(): T[] {
    const p = this.pending as Pending<T> | null;
    if (!p) throw new InternalError('SightThreads.finish was called with no batch started');
    this.pending = null;
    const t0 = performance.now();
    const overlapMs = p.overlapMs + (this.pipelined ? t0 - p.startedAt : 0);
    let slowestWorker = 0;
    let sentToWorkers = 0;
    const k = this.workers.length;
    for (let j = 0; j < k; j++) {
      const { seq, indices } = p.sent[j]!;
      const answer = this.receive(this.workers[j]!, seq);
      this.workerBusyMs += answer.busyMs;
      slowestWorker = Math.max(slowestWorker, answer.busyMs / Math.max(1, indices.length));
      sentToWorkers += indices.length;
      let lost = false;
      indices.forEach((i, n) => {
        const seen = answer.seen[n];
        if (seen) {
          this.byWorkers++;
          fill(p.out[i]!, seen);
          return;
        }
        // The worker met a column it did not hold: its scratch state may be half-updated, so it is
        // replaced, and the sight is computed here (same code, same world, same answer) if the
        // world is still that of the batch's tick.
        if (this.world.tick !== p.tick) {
          throw new InternalError(
            `a sight worker read a chunk column the main thread had not generated, and the world has moved on from tick ${p.tick}, so its sight cannot be redone here: the terrain generated around each agent given to a worker (SightThreads' margin) must cover what the senses read`,
          );
        }
        lost = true;
        this.redone++;
        fill(p.out[i]!, this.seenHere(p.players[i]!, p.queries[i]!));
      });
      if (lost) this.restart(j);
    }
    this.waitMs += performance.now() - t0;
    if (k > 0) this.rebalance(p.mainPerAgent, sentToWorkers > 0 ? slowestWorker : 0, p.players.length, overlapMs);
    return p.out;
  }

  /** Stops the workers. */
  close(): void {
    for (const w of this.workers) this.stop(w);
    this.workers.length = 0;
    this.pending = null;
  }

  /**
   * Moves the share s toward the split where both sides finish together: this thread's other work O
   * (the workers' agents' observations but for their sight; in pipelined mode the world's step
   * too) plus n·(1 − s) whole observations at m each, against each worker's n·s/k agents' sight at w:
   * O + n·(1 − s)·m = n·s·w/k, so s = (O + n·m) / (n·(m + w/k)).
   */
  private rebalance(mainPerAgent: number, workerPerAgent: number, n: number, overlapMs: number): void {
    const smooth = (old: number, now: number) => (now <= 0 ? old : old === 0 ? now : old * 0.8 + now * 0.2);
    this.mainCost = smooth(this.mainCost, mainPerAgent);
    this.workerCost = smooth(this.workerCost, workerPerAgent);
    this.overlapCost = smooth(this.overlapCost, overlapMs);
    if (this.mainCost === 0 || this.workerCost === 0 || n === 0) return;
    const k = this.workers.length;
    const target = (this.overlapCost + n * this.mainCost) / (n * (this.mainCost + this.workerCost / k));
    // Never all on this thread (the workers' cost would no longer be measured); all on the workers
    // is allowed (this thread's cost per agent is then the last one measured).
    this.share = Math.min(1, Math.max(0.05, target));
  }

  /** What a worker would have answered for `player`, computed here. */
  private seenHere(player: Player, q: SightQuery): SightSeen {
    const world = this.world;
    return {
      nearbyBlocks: observedBlocks(world, player, q),
      entities: this.entitiesOnWorkers ? observedEntities(world, player, q, (id) => world.entity(id)!) : null,
    };
  }

  private generateAround(p: Player): void {
    const r = Math.ceil(p.perceptionRange) + this.marginBlocks;
    const x = Math.floor(p.pos.x);
    const z = Math.floor(p.pos.z);
    for (let cx = (x - r) >> 4; cx <= (x + r) >> 4; cx++) {
      for (let cz = (z - r) >> 4; cz <= (z + r) >> 4; cz++) this.world.blocks.sectionsOf(cx, cz);
    }
  }

  private start(): SightWorker {
    const { port1, port2 } = new MessageChannel();
    const controlBuffer = new SharedArrayBuffer(Int32Array.BYTES_PER_ELEMENT);
    const data: SightWorkerData = { version: this.world.registry.version, control: controlBuffer, port: port2 };
    const limits = this.workerYoungGenerationMb === undefined ? undefined : { maxYoungGenerationSizeMb: this.workerYoungGenerationMb };
    const worker = startWorker(siblingModule(import.meta.url, 'sight-worker'), { ...data }, [port2], limits);
    worker.unref();
    port1.unref();
    return { worker, port: port1, control: new Int32Array(controlBuffer), feed: new BlockFeed(this.world), entities: new EntitySnapshotWriter(), seq: 0 };
  }

  private stop(w: SightWorker): void {
    w.feed.detach();
    w.port.close();
    void w.worker.terminate();
  }

  private restart(k: number): void {
    this.stop(this.workers[k]!);
    this.workers[k] = this.start();
  }

  private send(w: SightWorker, requests: SightRequest[]): number {
    const transfer: ArrayBuffer[] = [];
    const batch: SightBatch = { seq: ++w.seq, update: w.feed.take(transfer), entities: requests.length > 0 && this.entitiesOnWorkers ? w.entities.take(this.world, transfer, entityAreas(requests)) : null, requests };
    w.port.postMessage(batch, transfer);
    return batch.seq;
  }

  private receive(w: SightWorker, seq: number): SightAnswer {
    const deadline = Date.now() + ANSWER_TIMEOUT_MS;
    for (;;) {
      const done = Atomics.load(w.control, 0);
      if (done === seq) break;
      if (Date.now() > deadline) throw new InternalError(`a sight worker did not answer batch ${seq} within ${ANSWER_TIMEOUT_MS / 1000} s (it may have crashed while loading)`);
      Atomics.wait(w.control, 0, done, 1000);
    }
    const msg = receiveMessageOnPort(w.port);
    const answer = msg?.message as SightAnswer | undefined;
    if (!answer || answer.seq !== seq) throw new InternalError(`a sight worker's answer to batch ${seq} was missing or out of order`);
    if (answer.error !== undefined) throw new InternalError(`a sight worker failed: ${answer.error}`);
    return answer;
  }
}

/** Puts what a player sees into the arrays `begin` gave `build`, so the observation built around them holds it. */
function fill(o: Sighted, seen: SightSeen): void {
  o.nearbyBlocks.push(...seen.nearbyBlocks);
  if (seen.entities) o.entities.push(...seen.entities);
}

/**
 * Where the worker's entity queries for these requests reach (`visibleEntities` looks `perceptionRange`
 * plus its margin around the eyes, straight above the feet), so the snapshot holds only the entities
 * near them; undefined (every entity) when one is omniscient (it lists entities anywhere).
 */
function entityAreas(requests: readonly SightRequest[]): SnapshotArea[] | undefined {
  if (requests.some((r) => r.omniscient)) return undefined;
  return requests.map((r) => ({ x: r.pos.x, z: r.pos.z, radius: r.perceptionRange + ENTITY_SEARCH_MARGIN }));
}

/** A fixed pseudo-random number in [0, 1) per agent id (Knuth's multiplicative hash). */
const spread = (id: number): number => (Math.imul(id, 2654435761) >>> 0) / 4294967296;

function requestOf(p: Player, q: SightQuery): SightRequest {
  return {
    id: p.id,
    kind: p.kind,
    type: p.type,
    pos: { x: p.pos.x, y: p.pos.y, z: p.pos.z },
    height: p.height,
    yaw: p.yaw,
    pitch: p.pitch,
    perceptionRange: p.perceptionRange,
    fovDegrees: p.fovDegrees,
    omniscient: q.omniscient,
    maxBlockTypes: q.maxBlockTypes,
    maxEntities: q.maxEntities,
    maxRays: q.maxRays,
  };
}
