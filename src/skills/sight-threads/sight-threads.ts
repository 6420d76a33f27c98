/**
 * Observations of many agents at once, with the block summaries (most of an observation's cost)
 * computed on the main thread and on worker threads together. The caller holds the world still
 * while a batch runs (between two ticks), so every thread reads the blocks of exactly that tick:
 * the workers read the main thread's own section arrays (shared memory), not a copy.
 *
 * Which thread computes an agent's summary follows from its id and a share re-balanced by the
 * measured costs, never from the world: and every thread runs the same code (`observedBlocks`)
 * over the same blocks, each cache returning only what a fresh scan would, so the summaries are
 * the same whichever thread computed them and however many threads there are.
 *
 * The main thread hands the workers their agents, builds its own agents' observations, then waits
 * for the workers' answers without returning to the event loop (`Atomics.wait` on a shared word the worker bumps,
 * then `receiveMessageOnPort`), so a caller stays synchronous like the single-threaded path.
 */
import { MessageChannel, receiveMessageOnPort, type MessagePort, type Worker } from 'node:worker_threads';
import { InternalError } from '../../core/errors.js';
import type { VisibleBlockSummary } from '../../core/observation.js';
import type { Player, World } from '../../world/index.js';
import { BlockFeed } from '../../world/parallel/block-feed.js';
import type { ObserverState } from '../observe/observe.js';
import type { SightAnswer, SightBatch, SightRequest, SightWorkerData } from './protocol.js';
import { siblingModule, startWorker } from './start-worker.js';

/** What an observation asks of sight (the observer's options). */
export interface SightQuery {
  omniscient: boolean;
  maxBlockTypes: number;
  maxRays: number | undefined;
}

/** What `observe` asks of sight for an observer with these options. */
export const sightQueryOf = (state: ObserverState): SightQuery => ({
  omniscient: state.omniscient,
  maxBlockTypes: state.options.maxBlockTypes,
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
  seq: number;
}

export class SightThreads {
  private readonly workers: SightWorker[] = [];
  /**
   * The fraction of agents whose summaries go to the workers, re-balanced after each batch so the
   * main thread (its own agents' whole observations) and the workers (their summaries) finish
   * together. An agent's thread follows from a fixed hash of its id and this fraction, so most
   * agents keep their thread (and the senses' per-agent cache there) while it moves a little.
   */
  private share: number;
  /** Smoothed milliseconds per agent: a whole observation on this thread, a summary on a worker. */
  private mainCost = 0;
  private workerCost = 0;
  /** Summaries the workers computed, and those a worker could not (a column it did not hold) that were redone here. */
  byWorkers = 0;
  redone = 0;
  /** Milliseconds this thread spent on its own agents, and waiting for the workers after them: how well the work is split. */
  ownMs = 0;
  waitMs = 0;

  /**
   * `workers` worker threads beside this one (0: everything on this thread, as without this class).
   * `marginBlocks`: terrain generated beyond each given-away agent's perception range (tests shrink it
   * to make a worker meet a column it does not hold).
   */
  constructor(private readonly world: World, workers: number, private readonly marginBlocks = MARGIN_BLOCKS) {
    for (let k = 0; k < workers; k++) this.workers.push(this.start());
    this.share = workers / (workers + 1);
  }

  get threads(): number {
    return this.workers.length + 1;
  }

  /** The fraction of agents whose block summaries the workers compute now. */
  get workerShare(): number {
    return this.workers.length === 0 ? 0 : this.share;
  }

  /**
   * Observes each player once: `build(i, nearbyBlocks)` must build player i's observation, with
   * `nearbyBlocks` its block summary when a worker computed it (undefined: `build` scans here, as
   * `observe` does by itself). The workers get their share first, this thread then builds its own
   * players' observations, then the workers' players' ones with their summaries. The order of the
   * `build` calls is therefore not the order of `players`; every observation is the same as
   * `observedBlocks(world, player, query)` would make it. The world must not change until this returns.
   */
  observe(players: readonly Player[], queries: readonly SightQuery[], build: (i: number, nearbyBlocks: VisibleBlockSummary[] | undefined) => void): void {
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
    const sent = this.workers.map((w, j) => this.send(w, theirs[j]!.map((i) => requestOf(players[i]!, queries[i]!))));
    const t0 = performance.now();
    for (const i of mine) build(i, undefined);
    const t1 = performance.now();
    this.ownMs += t1 - t0;
    let slowestWorker = 0;
    let sentToWorkers = 0;
    for (let j = 0; j < k; j++) {
      const answer = this.receive(this.workers[j]!, sent[j]!);
      if (j === k - 1) this.waitMs += performance.now() - t1;
      slowestWorker = Math.max(slowestWorker, answer.busyMs / Math.max(1, theirs[j]!.length));
      sentToWorkers += theirs[j]!.length;
      let lost = false;
      theirs[j]!.forEach((i, n) => {
        const summary = answer.summaries[n];
        if (summary) {
          this.byWorkers++;
          build(i, summary);
          return;
        }
        // The worker met a column it did not hold: its scratch state may be half-updated, so it is
        // replaced, and this observation scans here (same code, same blocks, same answer).
        lost = true;
        this.redone++;
        build(i, undefined);
      });
      if (lost) this.restart(j);
    }
    if (k > 0) this.rebalance(mine.length > 0 ? (t1 - t0) / mine.length : 0, sentToWorkers > 0 ? slowestWorker : 0);
  }

  /** Stops the workers. */
  close(): void {
    for (const w of this.workers) this.stop(w);
    this.workers.length = 0;
  }

  /**
   * Moves the share toward the split where both sides finish together: this thread's n·(1 − s)
   * observations against each worker's n·s/k summaries.
   */
  private rebalance(mainPerAgent: number, workerPerAgent: number): void {
    const smooth = (old: number, now: number) => (now <= 0 ? old : old === 0 ? now : old * 0.8 + now * 0.2);
    this.mainCost = smooth(this.mainCost, mainPerAgent);
    this.workerCost = smooth(this.workerCost, workerPerAgent);
    if (this.mainCost === 0 || this.workerCost === 0) return;
    const k = this.workers.length;
    const target = this.mainCost / (this.mainCost + this.workerCost / k);
    this.share = Math.min(0.95, Math.max(0.05, target));
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
    const worker = startWorker(siblingModule(import.meta.url, 'sight-worker'), { ...data }, [port2]);
    worker.unref();
    port1.unref();
    return { worker, port: port1, control: new Int32Array(controlBuffer), feed: new BlockFeed(this.world), seq: 0 };
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
    const batch: SightBatch = { seq: ++w.seq, update: w.feed.take(), requests };
    w.port.postMessage(batch);
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
    maxRays: q.maxRays,
  };
}
