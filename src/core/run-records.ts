/**
 * The records of an episode's run log (one JSON object per JSONL line), as one discriminated union
 * on `type`, zod-backed so a reader can check a log against the version that wrote it.
 *
 * - The first record of a log is `episode_start`, which states `schemaVersion` (RUN_LOG_SCHEMA_VERSION).
 *   Logs from before versioning have no `schemaVersion`: they count as version 0 and are read leniently.
 * - Every record carries the `tick` it belongs to (LLM calls included).
 * - Records made by an LLM call or an agent module carry the `role` that made it (monitor, task
 *   planner, action planner, critic, planner, writer…).
 * - `world` records are the backend-neutral world events (core/world-event.ts), flattened: the
 *   event's own `type` is in `event`, its fields beside it.
 * - `positions` records sample where every agent and mob is (see PositionsRecord) so a viewer can
 *   rebuild any moment of an episode.
 *
 * Runner records are exact; agent records are open (`looseObject`) beyond the fields listed here,
 * because an architecture may add detail to its own records without a schema bump.
 */
import { z } from 'zod';
import { vec3Schema } from './actions.js';
import { worldEventSchema, type WorldEvent } from './world-event.js';

/** The version this code writes; bump it when a record changes in a way an old reader would misread. */
export const RUN_LOG_SCHEMA_VERSION = 1;

const tick = z.number();
const rec = <T extends string, S extends z.ZodRawShape>(type: T, shape: S) => z.object({ type: z.literal(type), tick, ...shape });
/** An agent's record: the listed fields, plus whatever detail the architecture adds. */
const agentRec = <T extends string, S extends z.ZodRawShape>(type: T, shape: S) => z.looseObject({ type: z.literal(type), tick, ...shape });
/** A record made by an LLM call or an agent module: it names the role that made it. */
const roleRec = <T extends string, S extends z.ZodRawShape>(type: T, shape: S) => agentRec(type, { role: z.string(), ...shape });

// ---- runner records ---------------------------------------------------------------------------

export const episodeStartRecord = rec('episode_start', {
  schemaVersion: z.literal(RUN_LOG_SCHEMA_VERSION),
  task: z.string(),
  taskType: z.string(),
  seed: z.string(),
  /** The architecture (`oracle`, `s-agents`, …). */
  agents: z.string(),
  mode: z.enum(['sync', 'async']),
  backend: z.string(),
  names: z.array(z.string()),
});

/**
 * A world event, flattened: `{type: 'world', event: <event type>, tick, ...its fields}`. The fields
 * are checked against the event union (core/world-event.ts); `worldEventOf` gives the typed event back.
 */
export const worldRecord = z.looseObject({ type: z.literal('world'), tick, event: z.string() }).superRefine((r, ctx) => {
  const parsed = worldEventSchema.safeParse(worldEventFields(r));
  if (!parsed.success) {
    for (const issue of parsed.error.issues) ctx.addIssue({ code: 'custom', message: `world event '${r.event}': ${issue.message}`, path: issue.path });
  }
});

/** The world event a `world` record carries, or null when its fields do not match the union. */
export function worldEventOf(r: { event: unknown } & Record<string, unknown>): WorldEvent | null {
  const parsed = worldEventSchema.safeParse(worldEventFields(r));
  return parsed.success ? parsed.data : null;
}

function worldEventFields(r: Record<string, unknown>): Record<string, unknown> {
  const { type: _record, event, ...fields } = r;
  return { ...fields, type: event };
}

export const actionRecord = rec('action', { agent: z.string(), action: z.unknown() });

export const skillResultRecord = rec('skill_result', {
  agent: z.string(),
  skill: z.string(),
  params: z.unknown(),
  /** The skill's typed result (`ok` and its fields, or `ok: false` with reason and details). */
  result: z.record(z.string(), z.unknown()),
  /** Ticks the skill ran; it started at `tick - ticks`. */
  ticks: z.number(),
});

/**
 * Where every agent and mob is at `tick`: one record per sample, the entities as parallel arrays
 * (ids, then x/y/z rounded to 2 decimals), written at least once per simulated second and on every
 * skill start and end. Agents also carry yaw/pitch (degrees), health and the held item.
 */
export const positionsRecord = rec('positions', {
  /** Why this sample: `second` (the periodic one), `skill_start`, `skill_end`, `start` or `end`. */
  reason: z.enum(['start', 'second', 'skill_start', 'skill_end', 'end']),
  agents: z.object({
    name: z.array(z.string()),
    x: z.array(z.number()),
    y: z.array(z.number()),
    z: z.array(z.number()),
    yaw: z.array(z.number()),
    pitch: z.array(z.number()),
    health: z.array(z.number()),
    held: z.array(z.string().nullable()),
  }),
  mobs: z.object({
    id: z.array(z.number()),
    type: z.array(z.string()),
    x: z.array(z.number()),
    y: z.array(z.number()),
    z: z.array(z.number()),
    health: z.array(z.number().nullable()),
  }),
});

/**
 * What a chest (or barrel) holds after a change (runner/chest-recorder.ts): the whole contents as item counts, so
 * any one record gives the chest at its tick (a viewer needs no earlier record). `items` is null when the block is
 * no longer a container (broken). Written only when the contents changed; a container has at most 54 slots, so a
 * record stays small. Two records of one chest at one tick: the later one counts.
 */
export const chestRecord = rec('chest', { pos: vec3Schema, items: z.array(z.object({ name: z.string(), count: z.number() })).nullable() });

export const episodeStoppedRecord = rec('episode_stopped', { reason: z.string() });
export const episodeErrorRecord = rec('episode_error', { fault: z.string(), message: z.string() });
/**
 * The log reached its byte budget (runner/log-budget.ts): from here on only the records that say how
 * the episode went are written. Written once when the first record is dropped and once more on close,
 * with the records dropped so far by type.
 */
export const logTruncatedRecord = rec('log_truncated', { budgetBytes: z.number(), dropped: z.record(z.string(), z.number()) });
/** The last record: the episode's result (runner/episode-result.ts `EpisodeResult`). */
export const episodeEndRecord = rec('episode_end', { result: z.object({ success: z.boolean(), score: z.number(), ended: z.string(), details: z.string() }) });

/**
 * One LLM call, from the episode's ledger: llm/accountant.ts `LlmCallRecord` plus the tick it
 * finished at, the agent that asked (when known) and the simulated latency (reported apart from the
 * transport's `latencyMs`).
 */
export const llmCallRecord = rec('llm_call', {
  seq: z.number(),
  role: z.string(),
  kind: z.enum(['chat', 'embed']),
  modelId: z.string(),
  promptTokens: z.number(),
  completionTokens: z.number(),
  tokensEstimated: z.boolean(),
  latencyMs: z.number(),
  costUsd: z.number(),
  priced: z.boolean(),
  retries: z.number(),
  cached: z.boolean(),
  ok: z.boolean(),
  finishReason: z.enum(['stop', 'length', 'content-filter', 'other']).optional(),
  error: z.string().optional(),
  agent: z.string().optional(),
  simulatedLatencyMs: z.number().optional(),
  /** A chat call's prompt messages and response, each cut to a cap with a marker (llm/call-transcript.ts). */
  prompt: z.string().optional(),
  response: z.string().optional(),
  transcriptCharsCut: z.number().optional(),
});

// ---- agent records ----------------------------------------------------------------------------

const agent = z.string();

export const agentRecords = [
  // every architecture
  /** Written by an agent only where no ledger records its calls (the ledger is the source otherwise). */
  llmCallRecord,
  agentRec('org', { org: z.string() }),
  agentRec('model_fault', { fault: z.string(), message: z.string(), role: z.string() }),
  agentRec('message', { from: z.string(), to: z.unknown(), text: z.string() }),
  // an architecture seated in an organisation (agents/organised-team.ts)
  /** A seated member's own team record, kept apart from the organisation's `org`. */
  agentRec('member_org', { org: z.string(), member: z.string() }),
  agentRec('assignment', { agent, from: z.string(), task: z.string() }),
  // S-Agents (hourglass)
  roleRec('sagents_monitor', { agent, status: z.string() }),
  roleRec('sagents_plan', { agent, taskAtHand: z.string().nullable() }),
  roleRec('sagents_queue', { agent, queue: z.array(z.unknown()) }),
  /** The hourglass's own view of a ledgered call; written by older versions, kept readable. */
  roleRec('sagents_call', { agent }),
  // TickingCollab
  roleRec('plan', { planner: z.enum(['centralized', 'distributed']) }),
  agentRec('node_start', { agent, node: z.unknown(), skill: z.string() }),
  agentRec('node_end', { agent, node: z.unknown(), skill: z.string(), ok: z.boolean() }),
  agentRec('message_heard', { agent, from: z.string(), message: z.string() }),
  agentRec('negotiation', { agent, outcome: z.string() }),
  // Alex
  roleRec('alex_interrupt', { agent }),
  roleRec('alex_chat_reply', { agent, message: z.string() }),
  agentRec('alex_resume', { agent }),
  agentRec('alex_urgent_done', { agent, ok: z.boolean() }),
  roleRec('alex_critic', { agent, success: z.boolean() }),
  agentRec('alex_skill_stored', { agent, skill: z.string() }),
  roleRec('alex_long_term_plan', { agent }),
  roleRec('alex_short_term_plan', { agent }),
  // code as action
  roleRec('code_program', { agent }),
  agentRec('code_result', { agent, ok: z.boolean() }),
  agentRec('code_done', { agent }),
  agentRec('code_gave_up', { agent }),
  agentRec('code_task_abandoned', { agent }),
  agentRec('skill_stored', { agent, name: z.string() }),
  // oracle, heuristic, cooking, human
  agentRec('oracle_start', { planner: z.string() }),
  agentRec('oracle_plan', { agent, plan: z.string() }),
  agentRec('oracle_note', { agent, note: z.string() }),
  agentRec('heuristic_start', {}),
  agentRec('heuristic_note', { note: z.string() }),
  agentRec('cooking_start', {}),
  agentRec('cook_plan', { agent, note: z.string() }),
  agentRec('human_command', { agent, line: z.string() }),
  agentRec('human_input_error', { agent, line: z.string(), message: z.string() }),
  agentRec('human_left', { agent }),
] as const;

/** Any record a team writes through `TeamSetup.log` (the episode adds the tick). */
export const agentRecordSchema = z.discriminatedUnion('type', agentRecords);
export type AgentRecord = z.infer<typeof agentRecordSchema>;

export const runRecordSchema = z.discriminatedUnion('type', [
  episodeStartRecord,
  worldRecord,
  actionRecord,
  skillResultRecord,
  positionsRecord,
  chestRecord,
  episodeStoppedRecord,
  episodeErrorRecord,
  episodeEndRecord,
  logTruncatedRecord,
  ...agentRecords,
]);

export type RunRecord = z.infer<typeof runRecordSchema>;
export type RunRecordType = RunRecord['type'];
export type RunRecordOf<T extends RunRecordType> = Extract<RunRecord, { type: T }>;
export type WorldRecord = z.infer<typeof worldRecord>;
export type PositionsRecord = z.infer<typeof positionsRecord>;
export type ChestRecord = z.infer<typeof chestRecord>;
export type LlmCallRunRecord = z.infer<typeof llmCallRecord>;
