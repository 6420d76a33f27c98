/**
 * The remote environment protocol: JSON messages over one WebSocket, each request answered by one
 * reply with the same `id`. Versioned: a client states the version it speaks in `hello`, and a
 * server refuses one it does not. Every message is validated here, on the way in; a bad one gets an
 * error reply saying who is at fault, and the connection keeps serving. docs/python.md documents the
 * protocol for clients in other languages.
 */
import { z } from 'zod';
import { agentActionSchema } from '../../core/actions.js';

export const PROTOCOL_VERSION = 1;

/** How observations travel: the JSON object, the compact text agents read, or both. */
export const observationFormatSchema = z.enum(['json', 'text', 'both']);
export type ObservationFormat = z.infer<typeof observationFormatSchema>;

const seedSchema = z.union([z.number().int(), z.string().max(200)]);
const envIdSchema = z.string().min(1).max(64);
const actionsSchema = z.record(z.string().max(100), agentActionSchema);

const viewsSchema = z.object({
  firstPerson: z.object({ width: z.number().int().min(8).max(512), height: z.number().int().min(8).max(512), fovDegrees: z.number().min(10).max(170).optional() }).optional(),
  topDown: z.object({ radius: z.number().int().min(4).max(128) }).optional(),
});

export const requestSchema = z.discriminatedUnion('op', [
  z.object({ id: z.number().int(), op: z.literal('hello'), version: z.number().int() }),
  z.object({
    id: z.number().int(),
    op: z.literal('make'),
    /** A task id (`suite/name-vN`) or, with `taskYaml`, nothing. */
    task: z.string().min(1).max(300).optional(),
    /** The text of a task file, for tasks that are not in the installed suites. */
    taskYaml: z.string().min(1).max(200_000).optional(),
    backend: z.literal('sim').default('sim'),
    seed: seedSchema.optional(),
    observation: observationFormatSchema.default('json'),
    permadeath: z.boolean().default(false),
    views: viewsSchema.optional(),
    /** A built-in team (no model) that drives these agents; the client acts for the others. */
    team: z.object({ architecture: z.string().min(1).max(100), agents: z.array(z.string().min(1).max(100)).min(1).max(64) }).optional(),
  }),
  z.object({ id: z.number().int(), op: z.literal('reset'), env: envIdSchema, seed: seedSchema.optional() }),
  z.object({ id: z.number().int(), op: z.literal('step'), env: envIdSchema, actions: actionsSchema }),
  z.object({
    id: z.number().int(),
    op: z.literal('step_batch'),
    /** Several environments stepped in one round trip (vectorised RL); each entry gets its own result or error. */
    steps: z.array(z.object({ env: envIdSchema, actions: actionsSchema })).min(1).max(256),
  }),
  z.object({ id: z.number().int(), op: z.literal('render'), env: envIdSchema }),
  z.object({ id: z.number().int(), op: z.literal('close'), env: envIdSchema }),
]);
export type Request = z.infer<typeof requestSchema>;
export type RequestOf<Op extends Request['op']> = Extract<Request, { op: Op }>;

export interface ErrorBody {
  /** Who is at fault: `user` (the request), `model`, `environment`, `internal` (a bug to report). */
  fault: 'user' | 'model' | 'environment' | 'internal';
  message: string;
  hint: string;
}

export type Reply = { id: number | null; ok: true; result: unknown } | { id: number | null; ok: false; error: ErrorBody };
