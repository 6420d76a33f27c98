/**
 * Rewards of a task environment, the same rule for every goal type: each step, an agent's reward is
 * the change in its share of the task's own score since the last step, and the step that decides the
 * task adds a terminal bonus (+1 on success, 0 on failure or when time runs out). So the rewards an
 * agent collects over an episode add up to its final score plus 1 if it succeeded, and a policy that
 * makes progress sees it as it happens.
 *
 * Whose score: in cooperative tasks the team's score, which every agent shares (a goal's per-agent
 * figures there are contributions, and rewarding shares would make teammates rivals); in competitive
 * tasks each agent's own result. docs/task-env.md tabulates what "score" means for each goal type.
 */
import type { AgentScore, GoalResult } from './goals/goal-evaluator.js';

export const SUCCESS_BONUS = 1;

export interface ScoreView {
  score: number;
  success: boolean;
  perAgent?: Record<string, AgentScore>;
}

export type TaskMode = 'cooperative' | 'competitive';

/** One agent's score and success in a goal result. */
export function agentScore(result: ScoreView, agent: string, mode: TaskMode): AgentScore {
  const own = mode === 'competitive' ? result.perAgent?.[agent] : undefined;
  return own ?? { score: result.score, success: result.success };
}

/**
 * Rewards for one step. `previous` holds each agent's score after the last step (updated in place);
 * `decided` is true on the step that ends the task by success or failure.
 */
export function stepRewards(result: GoalResult | ScoreView, mode: TaskMode, agents: readonly string[], previous: Map<string, number>, decided: boolean): Record<string, number> {
  const rewards: Record<string, number> = {};
  for (const agent of agents) {
    const now = agentScore(result, agent, mode);
    const before = previous.get(agent) ?? 0;
    previous.set(agent, now.score);
    rewards[agent] = now.score - before + (decided && now.success ? SUCCESS_BONUS : 0);
  }
  return rewards;
}
