/**
 * The contract of one goal type's evaluator. Evaluators read the world only through WorldAdmin and
 * the episode's event log (fed by WorldBackend.onEvent), so they score the same on every backend.
 * `evaluate` may be called any number of times (each step, at the end); it returns the state now.
 */
import type { Vec3 } from '../../core/vec3.js';
import type { WorldAdmin } from '../../env/world-admin.js';
import type { EpisodeLog } from './episode-log.js';

export interface AgentScore {
  score: number;
  success: boolean;
}

export interface GoalResult {
  /** Competitive mode: per team (agents without a team are their own team). */
  perTeam?: Record<string, AgentScore>;
  /** The goal is met (for goals decided at the end, such as all_survive, only once the episode is final). */
  success: boolean;
  /** The goal can no longer be met (an agent died in a survive-the-crisis task). */
  failed: boolean;
  /** Progress in [0, 1]. */
  score: number;
  details: Record<string, unknown>;
  /** Per agent: contribution (cooperative) or own result (competitive). */
  perAgent?: Record<string, AgentScore>;
}

export interface GoalContext {
  admin: WorldAdmin;
  log: EpisodeLog;
  /** Current task step and world tick. */
  step: number;
  tick: number;
  /** Tick at which the task was set up (survival counts from here). */
  startTick: number;
  maxSteps: number;
  ticksPerStep: number;
  /** The episode is over (max_steps reached): goals decided at the end decide now. */
  final: boolean;
  mode: 'cooperative' | 'competitive';
  /** The task's agents, by name. */
  agents: readonly string[];
  /** Agent -> team; an agent without a team is its own team. */
  teams: Readonly<Record<string, string>>;
  chests: readonly Vec3[];
}

export interface GoalEvaluator {
  evaluate(ctx: GoalContext): GoalResult;
}

/** Team -> its agents, in agent order. */
export function teamMembers(ctx: Pick<GoalContext, 'agents' | 'teams'>): Map<string, string[]> {
  const out = new Map<string, string[]>();
  for (const a of ctx.agents) {
    const t = ctx.teams[a] ?? a;
    out.set(t, [...(out.get(t) ?? []), a]);
  }
  return out;
}

/** The competitive verdict over per-team results: the best score, and every team that succeeded. */
export function competitive(perTeam: Record<string, AgentScore>): { success: boolean; score: number; winners: string[] } {
  const winners = Object.entries(perTeam)
    .filter(([, t]) => t.success)
    .map(([t]) => t);
  return { success: winners.length > 0, score: Math.max(0, ...Object.values(perTeam).map((t) => t.score)), winners };
}

export const clamp01 = (x: number): number => (Number.isFinite(x) ? Math.min(1, Math.max(0, x)) : 0);
export const mean = (xs: readonly number[]): number => (xs.length === 0 ? 0 : xs.reduce((a, b) => a + b, 0) / xs.length);
