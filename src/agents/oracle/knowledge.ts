/**
 * What the oracle reads from the compiled task and the world admin (never writes): each agent's
 * capabilities as the task file states them, the task's material piles as block positions that are
 * still there, the current step. Planners build on these so none of them re-parses the spec.
 */
import type { Vec3 } from '../../core/vec3.js';
import type { WorldAdmin } from '../../env/world-admin.js';
import type { CompiledTask } from '../../tasks/compile.js';
import { DEFAULT_SPEED_BPS } from '../heuristic/item-facts.js';

export interface OracleContext {
  admin: WorldAdmin;
  task: CompiledTask;
  /** Writes a plan record to the run log. */
  log(record: { type: string } & Record<string, unknown>): void;
}

export interface AgentProfile {
  name: string;
  speedBps: number;
  maxHealth: number;
  /** Effects the agent has for the whole episode (`fire_resistance`, `water_breathing`, …). */
  permanentEffects: string[];
}

export function agentProfiles(task: CompiledTask): Map<string, AgentProfile> {
  const out = new Map<string, AgentProfile>();
  for (const a of task.scenario.agents) {
    const caps = a.capabilities;
    out.set(a.name, {
      name: a.name,
      speedBps: caps?.speedBps ?? DEFAULT_SPEED_BPS,
      maxHealth: caps?.maxHealth ?? 20,
      permanentEffects: (caps?.effects ?? []).filter((e) => e.durationTicks === undefined).map((e) => e.name),
    });
  }
  return out;
}

/** The task step now (triggers and lifetimes count steps). */
export const stepNow = (ctx: OracleContext): number => Math.floor(ctx.admin.tick / ctx.task.ticksPerStep);

/** Every position of the task's material piles and placed blocks that still holds its block. */
export function materialBlocks(ctx: OracleContext): { pos: Vec3; block: string }[] {
  const out: { pos: Vec3; block: string }[] = [];
  const seen = new Set<string>();
  const boxes = (ctx.task.scenario.blocks ?? []).map((b) => ({ min: b.pos, max: b.to ?? b.pos, block: b.block }));
  for (const b of boxes) {
    const [x0, x1] = order(b.min.x, b.max.x);
    const [y0, y1] = order(b.min.y, b.max.y);
    const [z0, z1] = order(b.min.z, b.max.z);
    for (let x = x0; x <= x1; x++) {
      for (let y = y0; y <= y1; y++) {
        for (let z = z0; z <= z1; z++) {
          const key = `${x},${y},${z}`;
          if (seen.has(key)) continue;
          seen.add(key);
          const now = ctx.admin.blockAt({ x, y, z });
          if (now !== 'air') out.push({ pos: { x, y, z }, block: now });
        }
      }
    }
  }
  return out;
}

const order = (a: number, b: number): [number, number] => (a <= b ? [a, b] : [b, a]);

export const posKey = (p: Vec3): string => `${Math.floor(p.x)},${Math.floor(p.y)},${Math.floor(p.z)}`;
