/**
 * The Minecraft backend's world events against an in-process flying-squid 1.16.5 server: what an
 * agent digs, picks up, places and kills arrives through `backend.onEvent` in the embedded world's
 * shapes, with the agent's id, so an EpisodeLog subscribed the way TaskRuntime does (after reset,
 * primed from the admin) scores the kill and the obtained item.
 */
import { describe, expect, it } from 'vitest';
import { compileTask } from '../../src/tasks/compile.js';
import { EpisodeLog, type WorldEventJson } from '../../src/tasks/goals/episode-log.js';
import { TaskRuntime } from '../../src/tasks/runtime.js';
import { parseTask } from '../../src/tasks/load.js';
import { GROUND_Y, agentAt, flatScenario, runSkill, skill, stepUntil } from '../../src/env/testing/backend-helpers.js';
import { useFlyingSquid } from './server-fixture.js';

const squid = useFlyingSquid();

/** Every event from now on, kept as is and fed to an EpisodeLog subscribed after reset and primed from the admin, as TaskRuntime.setup does. */
function recordEvents(env: ReturnType<typeof squid.backend>): { events: WorldEventJson[]; log: EpisodeLog } {
  const events: WorldEventJson[] = [];
  const log = new EpisodeLog();
  env.onEvent((e) => {
    events.push(e);
    log.record(e);
  });
  log.prime(env.admin);
  return { events, log };
}

/** A MineLand combat task as a user writes it: one agent, one zombie to kill. */
const COMBAT_TASK = `
task:
  type: combat
  goal: Kill the zombie
  mode: cooperative
  success: {type: combat, mob: zombie, count: 1}
agents:
  spawn:
    - {name: Alex, position: [0, 64, 0], inventory: [{name: stone_sword}]}
environment:
  max_steps: 200
  world: {world_type: flatgrass, difficulty: normal, time: midnight, gamerules: {doMobSpawning: false, doDaylightCycle: false}}
  entities:
    hostiles:
      - {type: zombie, position: [4, 64, 3], count: 1}
`;

describe('world events on flying-squid', { retry: 1 }, () => {
  it('reports digging, pickup, placing and a kill with the agent id, and EpisodeLog scores them', async () => {
    const env = squid.backend();
    await env.reset({
      seed: 1,
      scenario: flatScenario([agentAt('ann', 0, 0, { inventory: [{ name: 'cobblestone', count: 2 }, { name: 'stone_sword', count: 1 }] })], {
        blocks: [{ pos: { x: 3, y: GROUND_Y, z: 0 }, block: 'oak_log' }],
      }),
    });
    const { events, log } = recordEvents(env);
    const ann = env.admin.entities({ type: 'player' }).find((p) => p.name === 'ann');
    expect(ann?.id).toBeGreaterThan(0);
    expect(log.nameOf(ann!.id)).toBe('ann');
    const of = (type: string) => events.filter((e) => e.type === type);

    const mined = await runSkill(env, 'ann', skill('mineBlocks', { positions: [{ x: 3, y: GROUND_Y, z: 0 }] }), 'mineBlocks', 600);
    expect(mined.report?.ok, JSON.stringify(mined.report?.result)).toBe(true);
    expect(of('block_broken')).toEqual([expect.objectContaining({ by: ann!.id, block: 'oak_log', pos: { x: 3, y: GROUND_Y, z: 0 }, drops: [{ name: 'oak_log', count: 1 }] })]);
    expect(of('item_picked_up')).toEqual([expect.objectContaining({ by: ann!.id, item: 'oak_log', count: 1 })]);

    const placed = await runSkill(env, 'ann', skill('place', { block: 'cobblestone', x: -2, y: GROUND_Y, z: 0 }), 'place', 600);
    expect(placed.report?.ok, JSON.stringify(placed.report?.result)).toBe(true);
    expect(of('block_placed')).toEqual([expect.objectContaining({ by: ann!.id, block: 'cobblestone', pos: { x: -2, y: GROUND_Y, z: 0 } })]);

    await runSkill(env, 'ann', skill('equip', { item: 'stone_sword' }), 'equip', 200);
    const [zombie] = env.admin.summon('zombie', { x: 3.5, y: GROUND_Y, z: -3.5 }, { persistent: true });
    await env.step({});
    const fight = await runSkill(env, 'ann', skill('attack', { type: 'zombie', timeoutTicks: 1200 }), 'attack', 1600);
    expect(fight.report?.ok, JSON.stringify(fight.report?.result)).toBe(true);
    // The death reaches every bot; give a slow machine a moment, then it must be there exactly once.
    await stepUntil(env, () => of('entity_died').length > 0, 10);
    expect(of('entity_died')).toEqual([expect.objectContaining({ entity: zombie, entityType: 'zombie', by: ann!.id, cause: 'player' })]);
    expect(of('entity_hurt').length).toBeGreaterThan(0);
    expect(of('entity_hurt').every((e) => e.entity === zombie && e.by === ann!.id)).toBe(true);

    expect(log.kills).toEqual([expect.objectContaining({ victim: zombie, victimType: 'zombie', by: 'ann' })]);
    expect(log.obtained.get('ann')?.has('oak_log')).toBe(true);
    expect(log.behaviours.map((b) => `${b.actor} ${b.action} ${b.object ?? ''}`.trim())).toEqual(['ann break oak_log', 'ann get oak_log', 'ann place cobblestone', 'zombie died', 'ann kill zombie']);

    await env.removeAgent('ann');
    expect(of('player_left')).toEqual([expect.objectContaining({ player: ann!.id, name: 'ann' })]);
  }, 180_000);

  it('reports a give as one item_given to the receiver, not as items it picked up', async () => {
    const env = squid.backend();
    await env.reset({ seed: 2, scenario: flatScenario([agentAt('gil', 0, 0, { inventory: [{ name: 'bread', count: 5 }] }), agentAt('rae', 4, 2)]) });
    const { events, log } = recordEvents(env);
    const id = (name: string) => env.admin.entities({ type: 'player' }).find((p) => p.name === name)!.id;
    await stepUntil(env, () => env.observe('gil').entities.some((e) => e.type === 'player' && e.name === 'rae'), 40);
    const { report } = await runSkill(env, 'gil', skill('give', { player: 'rae', item: 'bread', count: 2 }), 'give', 600);
    expect(report?.ok, JSON.stringify(report?.result)).toBe(true);
    await env.step({});
    expect(events.filter((e) => e.type === 'item_given')).toEqual([expect.objectContaining({ by: id('gil'), to: id('rae'), item: 'bread', count: 2 })]);
    expect(events.filter((e) => e.type === 'item_picked_up')).toEqual([]);
    expect(log.obtained.get('rae')?.has('bread')).toBe(true);
    expect(log.behaviours.map((b) => `${b.actor} ${b.action} ${b.object ?? ''}`.trim())).toEqual(['gil give bread', 'rae get bread']);
  }, 120_000);

  it('lets TaskRuntime score a MineLand combat goal from the kill', async () => {
    const parsed = parseTask(COMBAT_TASK, { file: 'test/minecraft/combat-one-zombie-v1.yaml' });
    if (!parsed.ok) throw new Error(parsed.issues.map((i) => `${i.path}: ${i.reason}`).join('\n'));
    const task = compileTask(parsed.spec, 1);
    // A task's flatgrass has its feet level at y = 64; the test server's superflat at y = 5.
    const env = squid.backend({}, { x: 0, y: 5 - 64, z: 0 });
    await env.reset({ seed: 1, scenario: task.scenario });
    const runtime = new TaskRuntime(task, env);
    runtime.setup();
    expect(runtime.evaluate().success).toBe(false);
    await runSkill(env, 'Alex', skill('equip', { item: 'stone_sword' }), 'equip', 200);
    const fight = await runSkill(env, 'Alex', skill('attack', { type: 'zombie', timeoutTicks: 1200 }), 'attack', 1600);
    expect(fight.report?.ok, JSON.stringify(fight.report?.result)).toBe(true);
    await stepUntil(env, () => runtime.evaluate().success, 10);
    const result = runtime.evaluate();
    expect(result.success).toBe(true);
    expect(result.details).toMatchObject({ kills: { Alex: 1 }, total: 1 });
  }, 120_000);
});
