/**
 * Parity: the same scripted agent plays the same small tasks — collect logs, place a block, fight a
 * zombie — on the embedded world and on a real protocol server (in-process flying-squid), and the
 * outcomes, the sequence of skill results and the sequence of world events evaluators score
 * (blocks broken and placed, items picked up, kills: type, actor name, block/item/mob) must agree.
 * Timing differs by design (real server time, flying-squid mobs have no AI), so ticks are not compared.
 */
import { describe, expect, it } from 'vitest';
import { worldEventSchema } from '../../src/core/world-event.js';
import type { WorldBackend } from '../../src/env/backend.js';
import { SimEnv } from '../../src/env/sim/index.js';
import type { Scenario } from '../../src/env/scenario.js';
import type { WorldEventJson } from '../../src/tasks/goals/episode-log.js';
import { GROUND_Y, agentAt, count, flatScenario, runSkill, skill, stepUntil } from '../../src/env/testing/backend-helpers.js';
import { useFlyingSquid } from './server-fixture.js';

const squid = useFlyingSquid();

const backends: [string, () => WorldBackend][] = [
  ['sim', () => new SimEnv({ ticksPerStep: 10 })],
  [
    'minecraft',
    () => {
      const env = squid.backend();
      return env;
    },
  ],
];

interface Outcome {
  results: [string, boolean][];
  logs: number;
  placed: string;
  zombieKilled: boolean;
  events: string[];
  /** Events that are not in the backend-neutral union (core/world-event.ts), as `type: issue`. */
  offUnion: string[];
}

/** The world events goal evaluators score, as `actor type object`, in arrival order. */
const SCORED = new Set(['block_broken', 'block_placed', 'item_picked_up', 'entity_died']);

function describeEvents(events: WorldEventJson[], names: Map<number, string>): string[] {
  const who = (id: unknown): string => (typeof id === 'number' ? (names.get(id) ?? `#${id}`) : 'nobody');
  const out: string[] = [];
  for (const e of events) {
    if (e.type === 'player_joined' && typeof e.player === 'number' && typeof e.name === 'string') names.set(e.player, e.name);
    if (!SCORED.has(e.type)) continue;
    const object = e.type === 'item_picked_up' ? e.item : e.type === 'entity_died' ? e.entityType : e.block;
    out.push(`${who(e.by)} ${e.type} ${String(object)}`);
    // flying-squid drops no mob loot; the sim's zombie may drop some for the agent to pick up.
    if (e.type === 'entity_died') break;
  }
  return out;
}

const scenario = (): Scenario =>
  flatScenario([agentAt('pat', 0, 0, { inventory: [{ name: 'cobblestone', count: 4 }, { name: 'stone_sword', count: 1 }] })], {
    blocks: [{ pos: { x: 3, y: GROUND_Y, z: 2 }, to: { x: 3, y: GROUND_Y + 1, z: 2 }, block: 'oak_log' }],
  });

/** The scripted agent: collect two logs, place a block, equip the sword, kill a zombie summoned by the task. */
async function play(env: WorldBackend): Promise<Outcome> {
  const events: WorldEventJson[] = [];
  const off = env.onEvent((e) => events.push(e));
  await env.reset({ seed: 5, scenario: scenario() });
  const names = new Map(env.admin.entities({ type: 'player' }).map((p) => [p.id, p.name ?? '?']));
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
  // Let the kill reach every connection before reading the stream.
  await stepUntil(env, () => events.some((e) => e.type === 'entity_died'), 6);
  off();
  return {
    events: describeEvents(events, names),
    offUnion: events.flatMap((e) => {
      const parsed = worldEventSchema.safeParse(e);
      return parsed.success ? [] : [`${e.type}: ${parsed.error.issues.map((i) => `${i.path.join('.')} ${i.message}`).join('; ')}`];
    }),
    results,
    logs: count(obs, 'oak_log'),
    placed: env.admin.blockAt({ x: -2, y: GROUND_Y, z: 0 }),
    zombieKilled: (fight?.result as { killed?: boolean } | undefined)?.killed === true,
  };
}

describe('parity: the same scripted agent on the embedded world and on a protocol server', { retry: 1 }, () => {
  it('reaches the same outcomes with the same sequences of skill results and scored world events', async () => {
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
    expect(sim.events).toEqual([
      'pat block_broken oak_log',
      'pat item_picked_up oak_log',
      'pat block_broken oak_log',
      'pat item_picked_up oak_log',
      'pat block_placed cobblestone',
      'pat entity_died zombie',
    ]);
    expect(mc.events).toEqual(sim.events);
    // Both backends emit exactly the one event union.
    expect({ sim: sim.offUnion, minecraft: mc.offUnion }).toEqual({ sim: [], minecraft: [] });
  }, 240_000);
});
