// One episode on the embedded world, stepped by hand: reset from a seed and a scenario, one skill
// action and one code action, then a look at what came back (docs/env.md).
import { SimEnv, renderObservationText } from 'guildcraft';

const env = new SimEnv({ ticksPerStep: 20 }); // one step = 1 s of game time
const obs = await env.reset({
  seed: 42,
  scenario: {
    world: { terrain: { type: 'flat' }, difficulty: 'easy' },
    agents: [
      { name: 'alex', position: { x: 0.5, y: -60, z: 0.5 }, inventory: [{ name: 'oak_log', count: 4 }] },
      { name: 'bo', position: { x: 6.5, y: -60, z: 0.5 }, capabilities: { perceptionRange: 16, effects: [] } },
    ],
    chatRange: 32,
  },
});
console.log(renderObservationText(obs.alex!));

const r = await env.step({
  alex: { type: 'skill', name: 'craft', params: { item: 'oak_planks', count: 4 } },
  bo: { type: 'code', source: `await moveTo({ x: 0, y: -60, z: 3 }); say('@alex here');` },
});
// [{ name: 'craft', ok: true, result: { ok: true, item, crafted }, ticks, ... }]
console.log('alex finished', JSON.stringify(r.observations.alex!.finishedSkills.map((s) => ({ name: s.name, ok: s.ok }))));
env.admin.give('bo', 'bread', 3); // privileged: tasks only, never agents
await env.close();
