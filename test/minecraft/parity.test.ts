/**
 * Parity: the same scripted agent plays the same small tasks — collect logs, place a block, fight a
 * zombie — on the embedded world and on a real protocol server (in-process flying-squid), and the
 * outcomes and the sequence of skill results must agree. Timing differs by design (real server time,
 * flying-squid mobs have no AI), so ticks are not compared.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { WorldBackend } from '../../src/env/backend.js';
import { MinecraftConnectionPool, createMinecraftBackend, resolveMinecraftOptions } from '../../src/env/minecraft/index.js';
import { SimEnv } from '../../src/env/sim/index.js';
import type { Scenario } from '../../src/env/scenario.js';
import { GROUND_Y, agentAt, count, flatScenario, runSkill, skill } from '../conformance/helpers.js';
import { FLAT_ORIGIN, startFlyingSquid, type TestServer } from './flying-squid-harness.js';

let server: TestServer | null = null;
let pool: MinecraftConnectionPool | null = null;
const open: WorldBackend[] = [];

const mcOptions = () => ({ host: server!.host, port: server!.port, version: server!.version, ticksPerStep: 10, commandTimeoutMs: 30_000, joinTimeoutMs: 60_000 });

beforeAll(async () => {
  server = await startFlyingSquid();
  pool = new MinecraftConnectionPool(resolveMinecraftOptions(mcOptions()));
}, 60_000);

afterAll(async () => {
  for (const env of open) await env.close();
  await pool?.close();
  await server?.close();
}, 30_000);

const backends: [string, () => WorldBackend][] = [
  ['sim', () => new SimEnv({ ticksPerStep: 10 })],
  [
    'minecraft',
    () => {
      const env = createMinecraftBackend(mcOptions(), { pool: pool!, origin: FLAT_ORIGIN });
      open.push(env);
      return env;
    },
  ],
];

interface Outcome {
  results: [string, boolean][];
  logs: number;
  placed: string;
  zombieKilled: boolean;
}

const scenario = (): Scenario =>
  flatScenario([agentAt('pat', 0, 0, { inventory: [{ name: 'cobblestone', count: 4 }, { name: 'stone_sword', count: 1 }] })], {
    blocks: [{ pos: { x: 3, y: GROUND_Y, z: 2 }, to: { x: 3, y: GROUND_Y + 1, z: 2 }, block: 'oak_log' }],
  });

/** The scripted agent: collect two logs, place a block, equip the sword, kill a zombie summoned by the task. */
async function play(env: WorldBackend): Promise<Outcome> {
  await env.reset({ seed: 5, scenario: scenario() });
  const results: [string, boolean][] = [];
  const run = async (name: string, params: Record<string, unknown>, maxTicks = 1200) => {
    const { report } = await runSkill(env, 'pat', skill(name, params), name, maxTicks);
    results.push([name, report?.ok ?? false]);
    return report;
  };
  await run('collect', { block: 'oak_log', count: 2, maxDistance: 12 }, 2400);
  await run('place', { block: 'cobblestone', x: -2, y: GROUND_Y, z: 0 });
  await run('equip', { item: 'stone_sword' });
  env.admin.summon('zombie', { x: 4.5, y: GROUND_Y, z: -3.5 }, { persistent: true });
  // Let the zombie appear to the agent before it looks for one.
  await env.step({});
  const fight = await run('attack', { type: 'zombie', timeoutTicks: 1200 }, 1600);
  const obs = env.observe('pat');
  return {
    results,
    logs: count(obs, 'oak_log'),
    placed: env.admin.blockAt({ x: -2, y: GROUND_Y, z: 0 }),
    zombieKilled: (fight?.result as { killed?: boolean } | undefined)?.killed === true,
  };
}

describe('parity: the same scripted agent on the embedded world and on a protocol server', { retry: 1 }, () => {
  it('reaches the same outcomes with the same sequence of skill results', async () => {
    const outcomes: Record<string, Outcome> = {};
    for (const [name, make] of backends) outcomes[name] = await play(make());
    const sim = outcomes.sim!;
    const mc = outcomes.minecraft!;
    expect(sim.results).toEqual([
      ['collect', true],
      ['place', true],
      ['equip', true],
      ['attack', true],
    ]);
    expect(mc.results).toEqual(sim.results);
    expect(mc.logs).toBe(sim.logs);
    expect(sim.logs).toBe(2);
    expect(mc.placed).toBe('cobblestone');
    expect(sim.placed).toBe('cobblestone');
    expect(mc.zombieKilled).toBe(true);
    expect(sim.zombieKilled).toBe(true);
  }, 240_000);
});
