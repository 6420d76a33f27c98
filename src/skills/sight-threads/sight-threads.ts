/**
 * Block summaries for many agents at once, on the main thread and on worker threads together. The
 * caller holds the world still while a batch runs (between two ticks), so every thread reads the
 * blocks of exactly that tick: the workers read the main thread's own section arrays (shared
 * memory), not a copy.
 *
 * Each agent is given to one thread the first time it is asked for, in turn, and stays there, so
 * the senses' per-agent cache (its last summary) keeps working. Every thread runs the same code
 * (`observedBlocks`) over the same blocks, and each cache returns only what a fresh scan would, so
 * the summaries are the same whichever thread computed them and however many threads there are.
 *
 * The main thread hands a worker its batch, computes its own share, then waits for the worker's
 * answer without returning to the event loop (`Atomics.wait` on a shared word the worker bumps,
 * then `receiveMessageOnPort`), so a caller stays synchronous like the single-threaded path.
 */
import { MessageChannel, receiveMessageOnPort, type MessagePort, type Worker } from 'node:worker_threads';
import { InternalError } from '../../core/errors.js';
import type { VisibleBlockSummary } from '../../core/observation.js';
import { BlockFeed, type Player, type World } from '../../world/index.js';
import { observedBlocks, type ObserverState } from '../observe/observe.js';
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
  /** Agent id → thread: 0 is this thread, k is workers[k - 1]. */
  private readonly threadOf = new Map<number, number>();
  private nextThread = 0;
  /** Summaries the workers computed, and those a worker could not (a column it did not hold) that were redone here. */
  byWorkers = 0;
  redone = 0;
  /** Milliseconds this thread spent on its own share, and waiting for the workers after it: how well the work is split. */
  ownMs = 0;
  waitMs = 0;

  /** `workers` worker threads beside this one (0: everything on this thread, as without this class). */
  constructor(private readonly world: World, workers: number) {
    for (let k = 0; k < workers; k++) this.workers.push(this.start());
  }

  get threads(): number {
    return this.workers.length + 1;
  }

  /**
   * The block summary of each player, in order, as `observedBlocks(world, player, query)` gives it.
   * The world must not change until this returns.
   */
  summarize(players: readonly Player[], queries: readonly SightQuery[]): VisibleBlockSummary[][] {
    const out: VisibleBlockSummary[][] = new Array(players.length);
    const mine: number[] = [];
    const theirs: number[][] = this.workers.map(() => []);
    for (let i = 0; i < players.length; i++) {
      const t = this.thread(players[i]!.id);
      if (t === 0) mine.push(i);
      else theirs[t - 1]!.push(i);
    }
    // Terrain the workers will read is generated here first: only this thread writes the store.
    for (const list of theirs) for (const i of list) this.generateAround(players[i]!);
    const sent = this.workers.map((w, k) => this.send(w, theirs[k]!.map((i) => requestOf(players[i]!, queries[i]!))));
    const t0 = performance.now();
    for (const i of mine) out[i] = observedBlocks(this.world, players[i]!, queries[i]!);
    const t1 = performance.now();
    this.ownMs += t1 - t0;
    for (let k = 0; k < this.workers.length; k++) {
      const answer = this.receive(this.workers[k]!, sent[k]!);
      if (k === this.workers.length - 1) this.waitMs += performance.now() - t1;
      let lost = false;
      theirs[k]!.forEach((i, j) => {
        const s = answer.summaries[j];
        if (s) {
          out[i] = s;
          this.byWorkers++;
          return;
        }
        // The worker met a column it did not hold: its scratch state may be half-updated, so it is
        // replaced, and this summary is computed here (same code, same blocks, same answer).
        lost = true;
        this.redone++;
        out[i] = observedBlocks(this.world, players[i]!, queries[i]!);
      });
      if (lost) this.restart(k);
    }
    return out;
  }

  /** Stops the workers. */
  close(): void {
    for (const w of this.workers) this.stop(w);
    this.workers.length = 0;
  }

  private thread(id: number): number {
    let t = this.threadOf.get(id);
    if (t === undefined) {
      t = this.nextThread;
      this.nextThread = (this.nextThread + 1) % this.threads;
      this.threadOf.set(id, t);
    }
    return t;
  }

  private generateAround(p: Player): void {
    const r = Math.ceil(p.perceptionRange) + MARGIN_BLOCKS;
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
