/**
 * TickingCollabAgent-distributed as a Team: one DistributedAgent per member, each with its own
 * planner calls, negotiating over the world's chat (see distributed-agent.ts). There is no shared
 * state between members: what one knows of another it heard within chat range.
 */
import type { LanguageModel } from '../../llm/index.js';
import { teamOfAgents, type Team, type TeamStats } from '../team.js';
import { DistributedAgent, type DistributedAgentOptions } from './distributed-agent.js';
import { teamModel, type TeamModelOptions } from './team-model.js';

export interface DistributedTeamOptions extends TeamModelOptions, Omit<DistributedAgentOptions, 'name' | 'model'> {}

export function createDistributedTeam(o: DistributedTeamOptions = {}): Team {
  let model: LanguageModel | null = null;
  const inner = teamOfAgents('tickingcollab-distributed', (name) => {
    // One model object for the team: accounting and the simulated-latency stream are shared.
    model ??= teamModel(o, 'planner');
    return new DistributedAgent({ ...o, name, model });
  });
  return {
    architecture: inner.architecture,
    async start(setup) {
      setup.log({ type: 'org', org: 'distributed', architecture: inner.architecture, agents: setup.agents });
      await inner.start(setup);
    },
    decide: (observations, signal) => inner.decide(observations, signal),
    stats(): Partial<TeamStats> {
      const s = inner.stats?.() ?? {};
      return o.llm ? { ...s, costUsd: o.llm.accountant.totals().costUsd } : s;
    },
  };
}
