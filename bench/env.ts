/**
 * Sim Env throughput: N agents in one SimEnv, each walking to random points (skill actions, or
 * code actions with --code), stepped in sync mode. Every step observes every agent (senses,
 * events, text rendering), as an agent loop would. Prints
 * {"agents","ticksPerStep","steps","ticksPerSecond","agentTicksPerSecond","observationsPerSecond",
 *  "usPerObservation","textCharsPerObservation","realTimeFactor"} (one JSON line with --json).
 */
import { parseArgs } from 'node:util';
import type { AgentAction } from '../src/core/actions.js';
import { SimEnv } from '../src/env/sim/index.js';
import { renderObservationText } from '../src/skills/observe/index.js';

export async function run(argv: string[]): Promise<void> {
  const { values } = parseArgs({
    args: argv,
    options: {
      agents: { type: 'string', default: '100' },
      steps: { type: 'string', default: '30' },
      'ticks-per-step': { type: 'string', default: '20' },
      range: { type: 'string', default: '16' },
      code: { type: 'boolean', default: false },
      json: { type: 'boolean', default: false },
    },
  });
  const n = Number(values.agents);
  const steps = Number(values.steps);
  const ticksPerStep = Number(values['ticks-per-step']);
  const side = Math.ceil(Math.sqrt(n));
  const env = new SimEnv({ ticksPerStep });
  await env.reset({
    seed: 'bench-env',
    scenario: {
      world: { terrain: { type: 'flat' }, difficulty: 'peaceful', timeOfDay: 6000, gamerules: { doMobSpawning: false, doDaylightCycle: false } },
      agents: Array.from({ length: n }, (_, i) => ({
        name: `a${i}`,
        position: { x: (i % side) * 4 + 0.5, y: -60, z: Math.floor(i / side) * 4 + 0.5 },
        capabilities: { perceptionRange: Number(values.range), effects: [] },
      })),
      chatRange: 16,
      maxTicks: 1e9,
    },
  });
  // A fixed stream of targets (no Math.random: runs compare).
  let s = 12345;
  const rand = (k: number) => ((s = (s * 1103515245 + 12345) & 0x7fffffff) % k);
  const actionFor = (name: string, i: number): AgentAction => {
    const x = rand(side * 4) + 0.5;
    const z = rand(side * 4) + 0.5;
    return values.code
      ? { type: 'code', source: `const r = await moveTo({x: ${x}, y: -60, z: ${z}}); if (r.ok) say('at ${x},${z}'); return r.ok;` }
      : i % 5 === 0
        ? { type: 'skill', name: 'say', params: { message: `${name} here` } }
        : { type: 'skill', name: 'moveTo', params: { x, y: -60, z } };
  };
  let observations = 0;
  let textChars = 0;
  const t0 = process.hrtime.bigint();
  for (let step = 0; step < steps; step++) {
    const actions: Record<string, AgentAction> = {};
    env.agents.forEach((name, i) => {
      if ((step + i) % 4 === 0) actions[name] = actionFor(name, i);
    });
    const r = await env.step(actions);
    for (const obs of Object.values(r.observations)) {
      textChars += renderObservationText(obs).length;
      observations++;
    }
  }
  const seconds = Number(process.hrtime.bigint() - t0) / 1e9;
  const ticks = steps * ticksPerStep;
  const out = {
    agents: n,
    ticksPerStep,
    steps,
    code: values.code,
    ticksPerSecond: round(ticks / seconds),
    agentTicksPerSecond: round((ticks * n) / seconds),
    observationsPerSecond: round(observations / seconds),
    usPerStepPerAgent: round((seconds * 1e6) / (steps * n)),
    textCharsPerObservation: round(textChars / observations),
    realTimeFactor: round(ticks / 20 / seconds),
  };
  await env.close();
  if (values.json) console.log(JSON.stringify(out));
  else console.log(Object.entries(out).map(([k, v]) => `${k}: ${v}`).join('\n'));
}

const round = (x: number): number => Math.round(x * 10) / 10;
