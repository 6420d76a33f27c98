// An S-Agents team in a tree, on a small collection task, with the offline scripted policy: the kind of
// episode test docs/add-an-agent.md asks of every architecture.
import { MemoryRunLog, SimEnv, agentActionSchema, createSAgentsTeam, runEpisode } from 'guildcraft';
import { createScriptedSAgentsModel } from '../src/agents/s-agents/scripted-policy.js';
import { collectionTask } from '../src/orgs/collection-task.js';

// #region doc
const log = new MemoryRunLog();
const team = createSAgentsTeam({ org: 'tree', model: createScriptedSAgentsModel(), seed: '1' });
// or, for any architecture in any of its organisations, as the CLI builds it:
// const team = composeTeam('alex', { org: 'tree', languageModel: scriptedModel, seed: '1' });
const task = collectionTask({ agents: ['leader', 'alice', 'bob'], target: 4, maxTicks: 2400 });
const r = await runEpisode({ backend: new SimEnv({ ticksPerStep: 10 }), task, team, seed: '1', log });
console.log('ended:', r.ended); // in a test: expect(r.ended).toBe('success')
const actions = log.records.filter((x) => x.type === 'action');
console.log('valid actions:', actions.every((x) => agentActionSchema.safeParse(x.action).success), actions.length);
// #endregion doc
