// docs/alex.md quotes the region below: an Alex team from code (its model, task and log come from the caller).
import type { EpisodeTask, LanguageModel, RunLogSink } from 'guildcraft';
declare const model: LanguageModel, task: EpisodeTask, log: RunLogSink;

// #region doc
import { createAlexTeam, runEpisode, SimEnv } from 'guildcraft';
const team = createAlexTeam({ model, skillMemoryDir: 'runs/alex-skills', personality: 'curious and helpful' });
const result = await runEpisode({ backend: new SimEnv(), task, team, seed: '1', log });
team.skills()?.list(); // what it learned; saved to runs/alex-skills/alex-skills.json at the end of each episode
// #endregion doc
