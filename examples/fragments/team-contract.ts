// docs/add-an-agent.md quotes the region below: the Team contract, checked against the package's own.
import type { AgentAction, LlmRun, Observation, Team as PackageTeam, TeamSetup } from 'guildcraft';
import type { TeamStats } from '../../src/agents/team.js';
import type { Same } from './same-type.js';

// #region doc
interface Team {
  readonly architecture: string; // the --agents name
  readonly omniscient?: boolean; // only the oracle
  start(setup: TeamSetup): Promise<void>; // task brief, agent names, seed, skill list, log(record), seat (when seated)
  decide(observations: Readonly<Record<string, Observation>>, signal?: AbortSignal): Promise<Partial<Record<string, AgentAction>>>;
  stop?(): Promise<void>;
  readonly llm?: LlmRun; // an LLM team's run: its ledger counts calls, tokens, cost
  stats?(): Partial<TeamStats>; // messages, prompts, modelFaults
}
// #endregion doc

export const docTeamIsThePackages: Same<Team, PackageTeam> = true;
