// docs/s-agents.md quotes the region below: an S-Agents team from code (examples/s-agents-episode.ts runs one offline).
import type { EpisodeTask, LlmRun, RunLogSink } from 'guildcraft';
declare const llm: LlmRun, task: EpisodeTask, log: RunLogSink;

// #region doc
import { createSAgentsTeam, runEpisode, SimEnv } from 'guildcraft';
const team = createSAgentsTeam({ org: 'tree', modelSpec: 'openai:gpt-4o-mini', llm, seed: '1' });
// or a ready model (tests): createSAgentsTeam({ org: 'chain', model: new ScriptedModel(...), seed: '1' })
const result = await runEpisode({ backend: new SimEnv(), task, team, seed: '1', log });
// #endregion doc
