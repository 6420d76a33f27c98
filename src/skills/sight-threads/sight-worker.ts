/**
 * A sight worker's thread: it holds a copy of the main thread's block store as of the last
 * hand-over (`BlockReplica`; the main thread may be writing the next tick meanwhile) and answers
 * batches of block summaries with the senses' own code (`observedBlocks`), over a body port of its
 * own. Its caches (exposed blocks, column tops, each agent's last summary) are its own and are kept
 * current by the batch's block changes, written to the copy and replayed to its watchers before
 * anything is computed, exactly as the world's block watcher feeds the main thread's caches.
 */
import { parentPort, workerData } from 'node:worker_threads';
import type { MessagePort } from 'node:worker_threads';
import { Registry } from '../../world/index.js';
import { BlockReplica, ColumnNotShared } from '../../world/parallel/block-replica.js';
import type { BlockChangeWatcher, BodyEntity, BodyPort, Viewer } from '../body-port.js';
import { observedBlocks } from '../observe/observe.js';
import type { SightAnswer, SightBatch, SightRequest, SightWorkerData } from './protocol.js';

const data = workerData as SightWorkerData;
const control = new Int32Array(data.control);
const replica = new BlockReplica();
let watchers: readonly BlockChangeWatcher[] = [];

const port: BodyPort = {
  registry: Registry.get(data.version),
  blocks: replica,
  watchBlocks(watcher) {
    watchers = [...watchers, watcher];
    return () => {
      watchers = watchers.filter((w) => w !== watcher);
    };
  },
  // Block summaries read blocks only; entities stay on the main thread.
  forEachNear() {
    throw new Error('a sight worker holds no entities');
  },
  entities: { values: (): Iterable<BodyEntity> => [] },
};

/** One long-lived viewer per agent: the senses remember an agent's last summary by its viewer object. */
const viewers = new Map<number, Viewer>();

function viewerOf(r: SightRequest): Viewer {
  let v = viewers.get(r.id);
  if (!v) {
    v = { id: r.id, kind: r.kind, type: r.type, pos: r.pos, height: r.height, removed: false, yaw: r.yaw, pitch: r.pitch, perceptionRange: r.perceptionRange };
    viewers.set(r.id, v);
  }
  v.pos = r.pos;
  v.height = r.height;
  v.yaw = r.yaw;
  v.pitch = r.pitch;
  v.perceptionRange = r.perceptionRange;
  if (r.fovDegrees === undefined) delete v.fovDegrees;
  else v.fovDegrees = r.fovDegrees;
  return v;
}

function answer(batch: SightBatch): SightAnswer {
  const t0 = performance.now();
  replica.apply(batch.update, (x, y, z, before, after) => {
    for (const w of watchers) w(x, y, z, before, after);
  });
  const summaries = batch.requests.map((r) => {
    try {
      return observedBlocks(port, viewerOf(r), { omniscient: r.omniscient, maxBlockTypes: r.maxBlockTypes, maxRays: r.maxRays });
    } catch (err) {
      if (err instanceof ColumnNotShared) return null;
      throw err;
    }
  });
  return { seq: batch.seq, summaries, busyMs: performance.now() - t0 };
}

const channel: MessagePort = data.port;
channel.on('message', (batch: SightBatch) => {
  let out: SightAnswer;
  try {
    out = answer(batch);
  } catch (err) {
    out = { seq: batch.seq, summaries: [], busyMs: 0, error: err instanceof Error ? (err.stack ?? err.message) : String(err) };
  }
  channel.postMessage(out);
  // The main thread may be blocked in Atomics.wait: the answer is on the port before it wakes.
  Atomics.store(control, 0, batch.seq);
  Atomics.notify(control, 0);
});
parentPort?.postMessage('ready');
