/**
 * A sight worker's thread: it holds a copy of the main thread's block store and entities as of the
 * last hand-over (`BlockReplica`, `EntitySnapshot`; the main thread may be stepping the next tick
 * meanwhile) and answers batches of block summaries and entity lists with the observation's own
 * code (`observedBlocks`, `observedEntities`), over a body port of its own. Its caches (exposed
 * blocks, column tops, each agent's last summary) are its own and are kept
 * current by the batch's block changes, written to the copy and replayed to its watchers before
 * anything is computed, exactly as the world's block watcher feeds the main thread's caches.
 */
import { parentPort, workerData } from 'node:worker_threads';
import type { MessagePort } from 'node:worker_threads';
import { Registry } from '../../world/index.js';
import { BlockReplica, ColumnNotShared } from '../../world/parallel/block-replica.js';
import { EntitySnapshot } from '../../world/parallel/entity-snapshot.js';
import type { BlockChangeWatcher, BodyEntity, BodyPort, Viewer } from '../body-port.js';
import { observedBlocks, observedEntities } from '../observe/observe.js';
import type { SightAnswer, SightBatch, SightRequest, SightWorkerData } from './protocol.js';

const data = workerData as SightWorkerData;
const control = new Int32Array(data.control);
const replica = new BlockReplica();
const entities = new EntitySnapshot();
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
  // The entities of the hand-over's tick, as the main thread's index held them.
  forEachNear(p, radius, visit) {
    entities.forEachNear(p, radius, visit);
  },
  entities: { values: (): Iterable<BodyEntity> => entities.values() },
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

function factsOf(id: number) {
  const e = entities.entity(id);
  if (!e) throw new Error(`entity ${id} was seen but is not in the snapshot`);
  return e;
}

function answer(batch: SightBatch): SightAnswer {
  const t0 = performance.now();
  replica.apply(batch.update, (x, y, z, before, after) => {
    for (const w of watchers) w(x, y, z, before, after);
  });
  if (batch.entities) entities.apply(batch.entities);
  const seen = batch.requests.map((r) => {
    const viewer = viewerOf(r);
    try {
      return {
        nearbyBlocks: observedBlocks(port, viewer, { omniscient: r.omniscient, maxBlockTypes: r.maxBlockTypes, maxRays: r.maxRays }),
        entities: batch.entities ? observedEntities(port, viewer, { omniscient: r.omniscient, maxEntities: r.maxEntities }, factsOf) : null,
      };
    } catch (err) {
      if (err instanceof ColumnNotShared) return null;
      throw err;
    }
  });
  return { seq: batch.seq, seen, busyMs: performance.now() - t0 };
}

const channel: MessagePort = data.port;
channel.on('message', (batch: SightBatch) => {
  let out: SightAnswer;
  try {
    out = answer(batch);
  } catch (err) {
    out = { seq: batch.seq, seen: [], busyMs: 0, error: err instanceof Error ? (err.stack ?? err.message) : String(err) };
  }
  channel.postMessage(out);
  // The main thread may be blocked in Atomics.wait: the answer is on the port before it wakes.
  Atomics.store(control, 0, batch.seq);
  Atomics.notify(control, 0);
});
parentPort?.postMessage('ready');
