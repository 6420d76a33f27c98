/**
 * The contract of one dynamic event action (progressive fill, block wave, boss, …). An action is
 * stepped once per task step by the EventManager and told whether its trigger fires this step; it
 * changes the world only through WorldAdmin, so the same action runs on the sim and Minecraft backends.
 */
import type { Vec3 } from '../../core/vec3.js';
import type { AdminPlayerInfo, WorldAdmin } from '../../env/world-admin.js';
import type { Registry, Rng } from '../../world/index.js';

export interface EventStepContext {
  admin: WorldAdmin;
  /** The task step being processed (0-based). */
  step: number;
  /** The trigger fires this step (at `start`, then every `interval` until `end`). */
  firing: boolean;
  /** How many times the trigger fired before this step. */
  firedBefore: number;
  /** start <= step <= end. */
  active: boolean;
  /** Steps since the trigger started (negative before it). */
  sinceStart: number;
  ticksPerStep: number;
  stepSeconds: number;
  /** This action's own random stream, derived from the episode seed and the event id. */
  rng: Rng;
  registry: Registry;
  /** Players as the admin sees them, read once per step. */
  players(): AdminPlayerInfo[];
  notify(kind: string, data: Record<string, unknown>): void;
}

export interface EventAction {
  step(ctx: EventStepContext): void;
}

/**
 * What the event manager tells the rest of the system (run logs, the oracle agent that TickingCollab
 * gives "real-time object spawn/despawn events"): plain JSON, stamped with step and tick.
 */
export interface TaskNotice {
  step: number;
  tick: number;
  event: string;
  kind: string;
  [key: string]: unknown;
}

export interface PlacedBlock {
  pos: Vec3;
  block: string;
}
