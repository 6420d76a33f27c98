// docs/tickingcollab-agents.md quotes the region below: the two TickingCollab baselines from code.
import type { EpisodeTask, LanguageModel, LlmRun, RunLogSink } from 'guildcraft';
declare const run: LlmRun, myModel: LanguageModel, task: EpisodeTask, log: RunLogSink;

// #region doc
import { CentralizedTeam, createDistributedTeam, runEpisode, SimEnv } from 'guildcraft';
const central = new CentralizedTeam({ modelSpec: 'openai:gpt-4o-mini', llm: run, latency: 'normal:2000,500', seed: '1' });
const peers = createDistributedTeam({ model: myModel, proposalWaitTicks: 100 });
await runEpisode({ backend: new SimEnv(), task, team: central, seed: '1', log, mode: 'async', timeScale: 1 });
// #endregion doc
