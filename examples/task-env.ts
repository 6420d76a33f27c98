// A task as a PettingZoo-style parallel environment: every agent attacks the nearest zombie (the boss
// and its minions) until the task is decided or its time runs out. docs/task-env.md explains the API.
import { TaskEnv, type AgentAction } from 'guildcraft';

const env = await TaskEnv.make('tickingcollab/raid-boss-v1');
const { observations } = await env.reset({ seed: 0 });
console.log(`agents: ${Object.keys(observations).join(', ')}`);
const returns: Record<string, number> = {};
while (env.agents.length > 0) {
  const attack: AgentAction = { type: 'skill', name: 'attack', params: { type: 'zombie' } };
  const { rewards } = await env.step(Object.fromEntries(env.agents.map((a) => [a, attack])));
  for (const [agent, reward] of Object.entries(rewards)) returns[agent] = (returns[agent] ?? 0) + reward;
}
const outcome = env.outcome();
console.log(`ended: ${outcome.reason}, score ${outcome.score.toFixed(2)}, returns ${JSON.stringify(returns)}`);
await env.close();
