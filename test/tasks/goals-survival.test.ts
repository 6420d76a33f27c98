import { describe, expect, it } from 'vitest';
import { applyDamage, damageAfterArmor } from '../../src/world/index.js';
import { runtimeEpisode, taskYaml } from './sim-episode.js';

const two = `
- {name: Alice, position: [0, 64, 0]}
- {name: Bob, position: [2, 64, 0]}
`;

describe('combat and bosses', () => {
  it('combat counts kills of the mob type by agents, per agent and for the team', async () => {
    const { runtime, world, admin, player } = await runtimeEpisode(taskYaml({ type: 'combat', agents: two, success: 'type: combat\nmob: zombie\ncount: 2' }));
    const kill = (id: number, by: number | null) => applyDamage(world, world.entity(id) as never, 1000, by === null ? 'lava' : 'player', by);
    const [z1, z2, z3] = admin.summon('zombie', { x: 5.5, y: 64, z: 5.5 }, { count: 3 });
    admin.summon('pig', { x: 8.5, y: 64, z: 8.5 });
    kill(z1!, player('Alice').id);
    kill(z2!, null); // lava: nobody's kill
    runtime.onTick();
    let r = runtime.evaluate();
    expect(r).toMatchObject({ success: false, score: 0.5, perAgent: { Alice: { score: 0.5 }, Bob: { score: 0 } } });
    kill(z3!, player('Bob').id);
    r = runtime.evaluate();
    expect(r).toMatchObject({ success: true, score: 1, details: { kills: { Alice: 1, Bob: 1 }, total: 2 } });
  });

  it('kill_boss scores the health taken, credits damage, succeeds on the kill', async () => {
    const ev = `
- id: boss
  trigger: {start: 0}
  actions:
    - {type: spawn_boss, mob: zombie, name: Warlord, position: [10, 64, 10], health: 200, damage: 4}
`;
    const { runtime, world, admin, player, step } = await runtimeEpisode(taskYaml({ type: 'raid_boss', agents: two, events: ev, environment: 'max_steps: 100\nworld: {time: midnight}' }));
    const bossId = admin.entities({ tag: 'boss' })[0]!.id;
    const boss = world.entity(bossId) as never;
    applyDamage(world, boss, 60, 'player', player('Alice').id);
    await step(); // past the boss's hurt cooldown, which would swallow a second hit in the same tick
    applyDamage(world, boss, 40, 'player', player('Bob').id);
    let r = runtime.evaluate();
    expect(r.success).toBe(false);
    // Half the boss's health, less what a zombie's natural 2 armor points absorb.
    expect(r.score).toBeCloseTo((damageAfterArmor(60, 2, 0) + damageAfterArmor(40, 2, 0)) / 200);
    // Shares of the damage the agents dealt (the world may trim a hit by a point: armor, rounding).
    expect(r.perAgent!.Alice!.score + r.perAgent!.Bob!.score).toBeCloseTo(1);
    expect(r.perAgent!.Alice!.score).toBeGreaterThan(0.59);
    await step();
    applyDamage(world, boss, 500, 'player', player('Bob').id);
    runtime.onTick();
    r = runtime.evaluate();
    expect(r).toMatchObject({ success: true, score: 1 });
    expect(runtime.done()).toMatchObject({ done: true, reason: 'success' });
  });

  it('kill_boss fails when every agent is dead', async () => {
    const ev = "- {id: boss, actions: {type: spawn_boss, mob: zombie, name: B, position: [30, 64, 30], health: 50, damage: 4}}";
    const { runtime, world, player } = await runtimeEpisode(taskYaml({ type: 'raid_boss', agents: two, events: ev }));
    applyDamage(world, player('Alice'), 1000, 'mob');
    runtime.onTick();
    expect(runtime.evaluate().failed).toBe(false);
    applyDamage(world, player('Bob'), 1000, 'mob');
    runtime.onTick();
    expect(runtime.done()).toMatchObject({ done: true, reason: 'failure' });
  });
});

describe('survival', () => {
  it('prepare_crisis: the agent without fire resistance dies in the lava and the task fails at once', async () => {
    const agents = `
- {name: Alice, position: [5, 64, 0]}
- name: Bob
  position: [5, 64, 2]
  capabilities: {effects: [fire_resistance]}
`;
    const ev = `
- id: lava_wave
  trigger: {start: 1, end: 50}
  actions:
    - {type: progressive_fill, block: lava, area: {min: [0, 64, -1], max: [9, 64, 3]}, direction: east, speed: 5}
`;
    const { runtime, step } = await runtimeEpisode(taskYaml({ type: 'prepare_crisis', agents, events: ev, environment: 'max_steps: 30' }));
    await step(1);
    expect(runtime.evaluate()).toMatchObject({ success: false, failed: false, score: 1 });
    for (let i = 0; i < 25 && !runtime.done().done; i++) await step();
    const r = runtime.evaluate();
    expect(runtime.done().reason).toBe('failure');
    expect(r).toMatchObject({ failed: true, score: 0.5, perAgent: { Alice: { success: false }, Bob: { success: true } } });
    expect(r.details.deaths).toEqual([expect.objectContaining({ name: 'Alice', cause: expect.stringMatching(/lava|fire/) })]);
  });

  it('all_survive succeeds only when the episode ends with everyone alive', async () => {
    const { runtime, step } = await runtimeEpisode(taskYaml({ type: 'prepare_crisis', agents: two, environment: 'max_steps: 3' }));
    await step(2);
    expect(runtime.evaluate().success).toBe(false);
    expect(runtime.done().done).toBe(false);
    await step(1);
    expect(runtime.done()).toMatchObject({ done: true, reason: 'success', step: 3 });
    expect(runtime.summary()).toMatchObject({ success: true, score: 1, steps: 3, ticks: 60 });
  });

  it('survive_days measures time alive against the days asked', async () => {
    // 0.005 days = 120 ticks = 6 steps of one second.
    const yaml = taskYaml({ type: 'survival', agents: two, success: 'type: survive_days\ndays: 0.005', environment: 'max_steps: 20' });
    const ok = await runtimeEpisode(yaml);
    await ok.step(3);
    expect(ok.runtime.evaluate().score).toBeCloseTo(0.5);
    await ok.step(3);
    expect(ok.runtime.done()).toMatchObject({ done: true, reason: 'success' });

    const bad = await runtimeEpisode(yaml);
    await bad.step(3);
    applyDamage(bad.world, bad.player('Bob'), 1000, 'starvation');
    await bad.step(1);
    expect(bad.runtime.done().reason).toBe('failure');
    expect(bad.runtime.evaluate().perAgent).toMatchObject({ Alice: { success: false }, Bob: { score: 0.5, success: false } });
  });
});
