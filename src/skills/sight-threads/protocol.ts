/**
 * What the main thread and a sight worker say to each other. Everything here crosses a thread
 * boundary (structured clone; the block feed's section copies and the entity snapshot's numbers are
 * transferred, not shared: the worker keeps its own), so it is plain data.
 */
import type { ObservedEntity, VisibleBlockSummary } from '../../core/observation.js';
import type { MessagePort } from 'node:worker_threads';
import type { EntityKind } from '../../world/index.js';
import type { BlockFeedUpdate } from '../../world/parallel/block-feed.js';
import type { EntitySnapshotData } from '../../world/parallel/entity-snapshot.js';

/** One agent's sight to compute (block summary and entity list): its body as the senses read it, and the observation's query. */
export interface SightRequest {
  id: number;
  kind: EntityKind;
  type: string;
  pos: { x: number; y: number; z: number };
  height: number;
  yaw: number;
  pitch: number;
  perceptionRange: number;
  fovDegrees: number | undefined;
  omniscient: boolean;
  maxBlockTypes: number;
  maxEntities: number;
  maxRays: number | undefined;
}

/** Set once in the worker's data: the registry's version and the word the two threads wait on. */
export interface SightWorkerData {
  version: string;
  /** Int32Array over it: [0] is the sequence number of the last batch the worker finished. */
  control: SharedArrayBuffer;
  port: MessagePort;
}

export interface SightBatch {
  seq: number;
  update: BlockFeedUpdate;
  /** The world's entities at the hand-over (null when the batch has no request or the entities stay on the main thread). */
  entities: EntitySnapshotData | null;
  requests: SightRequest[];
}

/** One agent's sight as the worker saw it. */
export interface SightSeen {
  nearbyBlocks: VisibleBlockSummary[];
  /** Null when the batch carried no entities (they stay on the main thread). */
  entities: ObservedEntity[] | null;
}

export interface SightAnswer {
  seq: number;
  /** Per request, in order: what it sees, or null when it needed blocks the worker does not hold (redo it on the main thread). */
  seen: Array<SightSeen | null>;
  /** Milliseconds the worker spent on the batch (the main thread balances the work by it). */
  busyMs: number;
  /** Set when the worker failed: the message, for an InternalError on the main thread. */
  error?: string;
}
