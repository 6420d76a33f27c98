// docs/code-as-action.md quotes the region below: a code-as-action team whose skill library persists.
import type { LanguageModel, LlmRun } from 'guildcraft';
declare const model: LanguageModel, run: LlmRun;

// #region doc
import { createCodeAsActionTeam, SkillLibrary } from 'guildcraft';
const team = createCodeAsActionTeam({ modelSpec: 'openai:gpt-4o-mini', llm: run, skillLibraryDir: 'runs/skills' });
// or share a library object across episodes:
const library = await SkillLibrary.open('runs/skills');
const team2 = createCodeAsActionTeam({ model, library });
// #endregion doc
