/**
 * What the main thread and a sight worker say to each other. Everything here crosses a thread
 * boundary (structured clone; section arrays are shared memory), so it is plain data.
 */
import type { VisibleBlockSummary } from '../../core/observation.js';
import type { MessagePort } from 'node:worker_threads';
import type { EntityKind } from '../../world/index.js';
import type { BlockFeedUpdate } from '../../world/parallel/block-feed.js';

/** One agent's block summary to compute: its body as the senses read it, and the observation's query. */
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
  requests: SightRequest[];
}

export interface SightAnswer {
  seq: number;
  /** Per request, in order: the summary, or null when it needed blocks the worker does not hold (redo it on the main thread). */
  summaries: Array<VisibleBlockSummary[] | null>;
  /** Milliseconds the worker spent on the batch (the main thread balances the work by it). */
  busyMs: number;
  /** Set when the worker failed: the message, for an InternalError on the main thread. */
  error?: string;
}
