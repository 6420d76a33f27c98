// Two agents deciding against the clock: the world does not wait for a slow decision (docs/env.md).
import { SimEnv, type AgentAction, type Observation } from 'guildcraft';
const env = new SimEnv({ ticksPerStep: 20 });
await env.reset({
  seed: 1,
  scenario: {
    world: { terrain: { type: 'flat' } },
    agents: [{ name: 'alex', position: { x: 0.5, y: -60, z: 0.5 } }, { name: 'bo', position: { x: 4.5, y: -60, z: 0.5 } }],
  },
});
// A slow thinker (as a model would be: 200 ms a decision) and an instant scripted agent.
const llmAgent = { act: async (_obs: Observation): Promise<AgentAction> => (await new Promise((done) => setTimeout(done, 200)), { type: 'skill', name: 'wait', params: { ticks: 10 } }) };
const scripted = { decide: async (): Promise<AgentAction> => ({ type: 'skill', name: 'wait', params: { ticks: 10 } }) };
let fired = 0;
const events = { fire: (_tick: number) => void fired++ };

// #region doc
import { runAsync } from 'guildcraft';
const summary = await runAsync(env, {
  timeScale: 10, // 200 ticks per wall-clock second; 1 = 20 ticks per second, as in the game
  ticks: 20 * 20,
  agents: { alex: { decide: (obs) => llmAgent.act(obs) }, bo: scripted },
  onTick: (tick) => events.fire(tick),
});
const latency = summary.agents.alex!.meanLatencyTicks; // world time each decision cost
// #endregion doc
console.log('ticks:', summary.ticks, 'onTick calls:', fired);
console.log('latency ticks: alex', latency.toFixed(1), 'bo', summary.agents.bo!.meanLatencyTicks.toFixed(1));
await env.close();
