// Runs examples/code/gather-logs.js (the code action docs/env.md shows) as an agent's action on the
// embedded world, next to a few oak trunks, and prints how its program ended.
import { readFileSync } from 'node:fs';
import { SimEnv } from 'guildcraft';

const source = readFileSync(new URL('./code/gather-logs.js', import.meta.url), 'utf8');
const env = new SimEnv({ ticksPerStep: 20 });
await env.reset({
  seed: 3,
  scenario: {
    world: { terrain: { type: 'flat' } },
    agents: [{ name: 'alex', position: { x: 0.5, y: -60, z: 0.5 } }],
  },
});
for (let y = -60; y < -57; y++) for (const x of [3, 6]) env.admin.setBlock({ x, y, z: 3 }, 'oak_log');
let step = await env.step({ alex: { type: 'code', source } });
for (let i = 0; i < 120 && !step.observations.alex!.finishedSkills.some((s) => s.name === 'code'); i++) step = await env.step({});
const report = step.observations.alex!.finishedSkills.find((s) => s.name === 'code');
console.log('code ended:', JSON.stringify({ ok: report?.ok, value: report?.result.value }));
await env.close();
