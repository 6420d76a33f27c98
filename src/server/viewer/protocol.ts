/**
 * The viewer protocol: every REST answer under /api/viewer/ and every WebSocket message of a live or replayed
 * episode, as zod schemas with their inferred types. The server validates what comes in (a page's messages) and
 * builds what goes out from these types; the page (web/viewer/) imports the types (`import type`), so a change here
 * is a type error there rather than a broken page. This file imports only zod and core schemas, nothing with Node in
 * it, so it could be bundled into a page as is.
 *
 * Conventions (docs/viewer.md describes them for readers of the wire format):
 * - Ticks are world ticks (20 per simulated second). Positions are blocks in the scenario's frame.
 * - A chunk is 16×16 columns of blocks from `minY` for `height` layers: `palette` names the block kinds present,
 *   `data` is base64 of a little-endian Uint16Array of palette indices, index = (y - minY) * 256 + z * 16 + x with
 *   x, z local to the chunk (0..15). Air is in the palette like any other block.
 * - Live entity updates are deltas against what the same socket was sent before, quantised so they never drift:
 *   positions in hundredths of a block, angles in tenths of a degree (see ENTITY_* below).
 */
import { z } from 'zod';
import { lowLevelActionSchema, skillActionSchema, vec3Schema } from '../../core/actions.js';

/** Bumped when a message changes in a way an older page would misread. */
export const VIEWER_PROTOCOL_VERSION = 1;

/** Positions travel as integers in these units per block (entity deltas). */
export const ENTITY_POSITION_SCALE = 100;
/** Angles travel as integers in these units per degree (entity deltas). */
export const ENTITY_ANGLE_SCALE = 10;
/** Numbers per agent in `entities.agentMoves`: agent index, dx, dy, dz, dyaw, dpitch. */
export const AGENT_MOVE_STRIDE = 6;
/** Numbers per mob in `entities.mobMoves`: mob id, dx, dy, dz. */
export const MOB_MOVE_STRIDE = 4;
/** Blocks per chunk side. */
export const CHUNK_SIZE = 16;

const tick = z.number().int().min(0);

// ---- episodes ---------------------------------------------------------------------------------

/** Where an episode comes from: a `run` log, a bench's episode log, or a run streaming now. */
export const episodeSourceSchema = z.enum(['run', 'bench', 'live']);

/** How an episode ended, from its last record; null while it runs or when the log was cut short. */
export const episodeOutcomeSchema = z.object({
  ended: z.string(),
  success: z.boolean(),
  score: z.number(),
  details: z.string(),
});

/** One row of the episodes page (GET /api/viewer/episodes). */
export const episodeSummarySchema = z.object({
  /** Opaque, URL-safe; the same id serves /state, /timeline, /senses and the socket. */
  id: z.string(),
  source: episodeSourceSchema,
  /** The log file, relative to the folder the server lists; null for a live run not written to disk. */
  path: z.string().nullable(),
  task: z.string(),
  taskType: z.string(),
  /** The architecture (`heuristic`, `s-agents`, …). */
  architecture: z.string(),
  /** The organisation (`tree`, `chain`, …), null when the team has none. */
  org: z.string().nullable(),
  /** The model of the episode's LLM calls, null when it made none (scripted and heuristic teams). */
  model: z.string().nullable(),
  mode: z.enum(['sync', 'async']),
  backend: z.string(),
  seed: z.string(),
  names: z.array(z.string()),
  outcome: episodeOutcomeSchema.nullable(),
  /** Ticks the episode ran (the last record's tick). */
  ticks: tick,
  costUsd: z.number().nullable(),
  /** When the log was last written, ms since the epoch. */
  modifiedMs: z.number(),
  sizeBytes: z.number().int().min(0),
});

export const episodeListSchema = z.object({
  episodes: z.array(episodeSummarySchema),
  /** Logs that could not be read as episodes (not a run log, an old schema), with why; the page may list them. */
  skipped: z.array(z.object({ path: z.string(), reason: z.string() })),
});

// ---- the world --------------------------------------------------------------------------------

export const chunkSchema = z.object({
  cx: z.number().int(),
  cz: z.number().int(),
  minY: z.number().int(),
  height: z.number().int().min(0),
  palette: z.array(z.string()),
  /** base64 of a little-endian Uint16Array of palette indices, length 256 * height. */
  data: z.string(),
});

export const blockChangeSchema = z.object({ x: z.number().int(), y: z.number().int(), z: z.number().int(), block: z.string() });

/** An agent as drawn: absolute values (a snapshot, or an agent whose health or held item changed). */
export const agentStateSchema = z.object({
  name: z.string(),
  x: z.number(),
  y: z.number(),
  z: z.number(),
  yaw: z.number(),
  pitch: z.number(),
  health: z.number(),
  held: z.string().nullable(),
  /** The skill it runs now, when known. */
  skill: z.string().nullable(),
});

export const mobStateSchema = z.object({
  id: z.number().int(),
  type: z.string(),
  x: z.number(),
  y: z.number(),
  z: z.number(),
  health: z.number().nullable(),
});

/** A dropped item lying in the world. */
export const itemStateSchema = z.object({ id: z.number().int(), item: z.string(), count: z.number().int(), x: z.number(), y: z.number(), z: z.number() });

/**
 * A chest or barrel and what it holds at the tick of the answer, from the log's `chest` records (a recorded episode)
 * or the run's (a live one). A container block the page holds but no answer lists: its contents were not recorded.
 */
export const containerStateSchema = z.object({
  x: z.number().int(),
  y: z.number().int(),
  z: z.number().int(),
  block: z.string(),
  items: z.array(z.object({ name: z.string(), count: z.number().int() })),
});

/** Every drawn entity at one tick (a snapshot). */
export const entitySnapshotSchema = z.object({
  agents: z.array(agentStateSchema),
  mobs: z.array(mobStateSchema),
  items: z.array(itemStateSchema),
});

// ---- the timeline -----------------------------------------------------------------------------

/**
 * One thing that happened, as the panels show it. The REST timeline lists them all; the live socket sends each as it
 * happens (a skill span first with `end: null` when it starts, then again with its end and result).
 */
export const timelineItemSchema = z.discriminatedUnion('kind', [
  z.object({
    kind: z.literal('span'),
    agent: z.string(),
    skill: z.string(),
    params: z.unknown(),
    start: tick,
    /** null while the skill still runs. */
    end: tick.nullable(),
    ok: z.boolean().nullable(),
    /** A failed skill's reason (or a finished skill's summary), when it gave one. */
    reason: z.string().nullable(),
  }),
  z.object({ kind: z.literal('chat'), tick, from: z.string(), message: z.string(), heardBy: z.array(z.string()).nullable() }),
  /** A message between team members (the organisation's channel), drawn along the org tree's edges. */
  z.object({ kind: z.literal('message'), tick, from: z.string(), to: z.array(z.string()), text: z.string() }),
  z.object({
    kind: z.literal('llm_call'),
    tick,
    seq: z.number().int(),
    agent: z.string().nullable(),
    role: z.string(),
    modelId: z.string(),
    promptTokens: z.number(),
    completionTokens: z.number(),
    latencyMs: z.number(),
    costUsd: z.number(),
    ok: z.boolean(),
    error: z.string().nullable(),
    /** The prompt and response text when the log kept them (cut to a cap; see docs/run-logs.md), else null. */
    prompt: z.string().nullable(),
    response: z.string().nullable(),
  }),
  z.object({ kind: z.literal('score'), tick, score: z.number(), success: z.boolean(), details: z.string() }),
  /** A world event (block broken, entity died, …): its type and a one-line description. */
  z.object({ kind: z.literal('event'), tick, event: z.string(), summary: z.string(), pos: vec3Schema.nullable() }),
  /** An agent module's own note (plans, critiques, assignments): the record type and a short text. */
  z.object({ kind: z.literal('note'), tick, agent: z.string().nullable(), note: z.string(), text: z.string() }),
]);

// ---- episode meta (REST and the socket's hello) -----------------------------------------------

/** The organisation as drawn: its kind and the command edges `[commander, subordinate]`. */
export const orgTreeSchema = z.object({ kind: z.string(), edges: z.array(z.tuple([z.string(), z.string()])) });

export const episodeMetaSchema = z.object({
  episode: episodeSummarySchema,
  live: z.boolean(),
  ticksPerSecond: z.number(),
  /** The ticks this episode covers so far (a live one's `last` grows). */
  firstTick: tick,
  lastTick: tick,
  org: orgTreeSchema.nullable(),
  /** Each agent's perception range in blocks (what its senses reach). */
  perceptionRange: z.record(z.string(), z.number()),
  /** Blocks a chat line carries; null: heard everywhere. */
  chatRange: z.number().nullable(),
  /** Whether a page may take a seat (a live embedded-world episode served with humans allowed). */
  joinable: z.boolean(),
});

// ---- REST answers -----------------------------------------------------------------------------

/**
 * GET /api/viewer/episodes/:id/state?tick=T[&radius=R][&since=S]: the world near the agents at T. Without `since`,
 * every chunk near the agents; with it (the page holds the state of tick S), a delta: `changes` turns the page's
 * blocks from S into T, and `chunks` are only those near the agents at T that were not near them at S.
 */
export const stateAtTickSchema = z.object({
  tick,
  since: tick.nullable(),
  changes: z.array(blockChangeSchema),
  chunks: z.array(chunkSchema),
  entities: entitySnapshotSchema,
  containers: z.array(containerStateSchema),
});

/** GET /api/viewer/episodes/:id/timeline: everything that happened, in tick order. */
export const timelineSchema = z.object({ items: z.array(timelineItemSchema) });

/** GET /api/viewer/episodes/:id/senses?agent=A&tick=T: what that agent's senses returned at T. */
export const sensesAtTickSchema = z.object({
  agent: z.string(),
  tick,
  pos: vec3Schema,
  perceptionRange: z.number(),
  chatRange: z.number().nullable(),
  blocks: z.array(z.object({ x: z.number().int(), y: z.number().int(), z: z.number().int(), name: z.string() })),
  entities: z.array(z.object({ id: z.number().int(), type: z.string(), name: z.string().nullable(), x: z.number(), y: z.number(), z: z.number() })),
});

// ---- the socket: server → page ----------------------------------------------------------------

export const serverMessageSchema = z.discriminatedUnion('type', [
  /** The meta, first; sent again whenever the agents' names change (a person joined as a new player). */
  z.object({ type: z.literal('hello'), protocol: z.literal(VIEWER_PROTOCOL_VERSION), meta: episodeMetaSchema }),
  z.object({ type: z.literal('chunks'), tick, chunks: z.array(chunkSchema) }),
  z.object({ type: z.literal('blockDeltas'), tick, changes: z.array(blockChangeSchema) }),
  /**
   * Entity updates. `full`: the arrays are the whole picture (drop whatever is not listed). Otherwise deltas:
   * `agentMoves` are groups of AGENT_MOVE_STRIDE integers (index into meta.episode.names, dx, dy, dz in
   * 1/ENTITY_POSITION_SCALE blocks, dyaw, dpitch in 1/ENTITY_ANGLE_SCALE degrees) for agents that moved;
   * `mobMoves` groups of MOB_MOVE_STRIDE (mob id, dx, dy, dz); `agents`/`mobs`/`items` carry whole states of
   * new entities and of those whose other fields changed; `gone` lists mobs and items that left.
   */
  z.object({
    type: z.literal('entities'),
    tick,
    full: z.boolean(),
    agentMoves: z.array(z.number().int()),
    mobMoves: z.array(z.number().int()),
    agents: z.array(agentStateSchema),
    mobs: z.array(mobStateSchema),
    items: z.array(itemStateSchema),
    gone: z.object({ mobs: z.array(z.number().int()), items: z.array(z.number().int()) }),
  }),
  z.object({ type: z.literal('records'), items: z.array(timelineItemSchema) }),
  /** Every chest the run has recorded, with its contents now (the whole picture: sent when one changes). */
  z.object({ type: z.literal('containers'), tick, containers: z.array(containerStateSchema) }),
  /** The live episode's tick moved on (sent at most a few times per second, so a page's clock keeps up). */
  z.object({ type: z.literal('tick'), tick }),
  /** A seat was granted: from now on this page acts for `agent`. */
  z.object({ type: z.literal('joined'), agent: z.string(), mode: z.enum(['sync', 'async']) }),
  /** A sync-mode episode waits for this page's step for `agent`. */
  z.object({ type: z.literal('yourTurn'), agent: z.string(), tick }),
  z.object({ type: z.literal('end'), tick, outcome: episodeOutcomeSchema }),
  /** Something the page sent was refused, or the server failed; `fault` says whose it is. */
  z.object({ type: z.literal('error'), fault: z.enum(['user', 'model', 'environment', 'internal']), message: z.string(), hint: z.string().nullable() }),
]);

// ---- the socket: page → server ----------------------------------------------------------------

export const clientMessageSchema = z.discriminatedUnion('type', [
  /**
   * Ask for chunks (the camera has moved near them); answered with `chunks`. At most 64 per request. `tick`: a recorded
   * episode answers with the blocks at that tick (the one the page shows; default its last); a live one at its tick now.
   */
  z.object({ type: z.literal('chunks'), at: z.array(z.object({ cx: z.number().int(), cz: z.number().int() })).max(64), tick: tick.optional() }),
  /** Take an agent's seat, or join as an extra player when `agent` is omitted (`name` then names the newcomer). */
  z.object({ type: z.literal('join'), agent: z.string().max(64).optional(), name: z.string().min(1).max(32).regex(/^[A-Za-z0-9_]+$/).optional() }),
  z.object({ type: z.literal('leave') }),
  /** The held controls (WASD, mouse look, attack, use): they hold until the next `control`. */
  z.object({ type: z.literal('control'), action: lowLevelActionSchema }),
  z.object({ type: z.literal('skill'), action: skillActionSchema }),
  /** Stop the seated agent's running skill. */
  z.object({ type: z.literal('cancel') }),
  z.object({ type: z.literal('chat'), text: z.string().min(1).max(256) }),
  /** Sync mode: the page's step for its agent is done (the controls as they stand count for the step). */
  z.object({ type: z.literal('step') }),
]);

// ---- types ------------------------------------------------------------------------------------

export type EpisodeSource = z.infer<typeof episodeSourceSchema>;
export type EpisodeOutcome = z.infer<typeof episodeOutcomeSchema>;
export type EpisodeSummary = z.infer<typeof episodeSummarySchema>;
export type EpisodeList = z.infer<typeof episodeListSchema>;
export type Chunk = z.infer<typeof chunkSchema>;
export type BlockChange = z.infer<typeof blockChangeSchema>;
export type AgentState = z.infer<typeof agentStateSchema>;
export type MobState = z.infer<typeof mobStateSchema>;
export type ItemState = z.infer<typeof itemStateSchema>;
export type ContainerState = z.infer<typeof containerStateSchema>;
export type EntitySnapshot = z.infer<typeof entitySnapshotSchema>;
export type TimelineItem = z.infer<typeof timelineItemSchema>;
export type TimelineItemOf<K extends TimelineItem['kind']> = Extract<TimelineItem, { kind: K }>;
export type OrgTree = z.infer<typeof orgTreeSchema>;
export type EpisodeMeta = z.infer<typeof episodeMetaSchema>;
export type StateAtTick = z.infer<typeof stateAtTickSchema>;
export type Timeline = z.infer<typeof timelineSchema>;
export type SensesAtTick = z.infer<typeof sensesAtTickSchema>;
export type ServerMessage = z.infer<typeof serverMessageSchema>;
export type ServerMessageOf<T extends ServerMessage['type']> = Extract<ServerMessage, { type: T }>;
/** What a page sends (the input side: defaults of the low-level controls may be left out). */
export type ClientMessage = z.input<typeof clientMessageSchema>;
export type ParsedClientMessage = z.output<typeof clientMessageSchema>;

/** The routes, in one place, so server and page spell them the same. */
export const VIEWER_ROUTES = {
  episodes: '/api/viewer/episodes',
  meta: (id: string) => `/api/viewer/episodes/${encodeURIComponent(id)}`,
  state: (id: string) => `/api/viewer/episodes/${encodeURIComponent(id)}/state`,
  timeline: (id: string) => `/api/viewer/episodes/${encodeURIComponent(id)}/timeline`,
  senses: (id: string) => `/api/viewer/episodes/${encodeURIComponent(id)}/senses`,
  /** The WebSocket: a live episode streams; a recorded one answers `hello` and chunk requests. */
  socket: (id: string) => `/api/viewer/episodes/${encodeURIComponent(id)}/socket`,
} as const;

/** Decodes a chunk's `data` into palette indices (for the page and the tests; atob exists in Node and browsers). */
export function decodeChunkData(chunk: Pick<Chunk, 'data'>): Uint16Array {
  const bin = atob(chunk.data);
  const bytes = new Uint8Array(bin.length);
  for (let i = 0; i < bin.length; i++) bytes[i] = bin.charCodeAt(i);
  const out = new Uint16Array(bytes.length >> 1);
  for (let i = 0; i < out.length; i++) out[i] = bytes[2 * i]! | (bytes[2 * i + 1]! << 8);
  return out;
}

/** The index of block (x, y, z) (chunk-local x and z) in a chunk's decoded data. */
export function chunkIndex(chunk: Pick<Chunk, 'minY'>, x: number, y: number, z: number): number {
  return (y - chunk.minY) * CHUNK_SIZE * CHUNK_SIZE + z * CHUNK_SIZE + x;
}
