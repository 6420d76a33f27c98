/**
 * What an agent can send to an Env in one step. Every backend (sim, minecraft) accepts the same
 * actions, so an agent written once runs anywhere. Actions are untrusted input (they may come from
 * an LLM): the schema is the first gate, and backends answer a bad action with a failure result.
 */
import { z } from 'zod';

export const vec3Schema = z.object({ x: z.number(), y: z.number(), z: z.number() });

/** Start a named skill. It pre-empts the running skill (MineLand's NEW gate) unless `queue` is set. */
export const skillActionSchema = z.object({
  type: z.literal('skill'),
  name: z.string().min(1),
  params: z.record(z.string(), z.unknown()).default({}),
  /** Wait for the running skill to finish instead of pre-empting it (MineLand's RESUME). */
  queue: z.boolean().optional(),
});

/** Run JavaScript that calls the skills (`await mineBlocks({...})`) inside the QuickJS sandbox. */
export const codeActionSchema = z.object({
  type: z.literal('code'),
  source: z.string().min(1),
});

/** Stop the running skill or code action. */
export const cancelActionSchema = z.object({ type: z.literal('cancel') });

/** Do nothing new this step; a running skill keeps running. */
export const noopActionSchema = z.object({ type: z.literal('noop') });

/**
 * Per-tick controls for reinforcement learning. They replace any running skill and hold until the
 * next action: `forward`/`strafe` in -1…1, angles in degrees, `slot` selects a hotbar slot 0–8.
 */
export const lowLevelActionSchema = z.object({
  type: z.literal('low_level'),
  forward: z.number().min(-1).max(1).default(0),
  strafe: z.number().min(-1).max(1).default(0),
  jump: z.boolean().default(false),
  sneak: z.boolean().default(false),
  sprint: z.boolean().default(false),
  /** Turn by these many degrees this step. */
  yawDelta: z.number().default(0),
  pitchDelta: z.number().default(0),
  attack: z.boolean().default(false),
  use: z.boolean().default(false),
  slot: z.number().int().min(0).max(8).optional(),
  drop: z.boolean().default(false),
});

export const agentActionSchema = z.discriminatedUnion('type', [
  skillActionSchema,
  codeActionSchema,
  cancelActionSchema,
  noopActionSchema,
  lowLevelActionSchema,
]);

export type AgentAction = z.input<typeof agentActionSchema>;
export type ParsedAgentAction = z.output<typeof agentActionSchema>;
export type SkillAction = z.output<typeof skillActionSchema>;
export type LowLevelAction = z.output<typeof lowLevelActionSchema>;
