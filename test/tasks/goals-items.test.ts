import { describe, expect, it } from 'vitest';
import { craft, depositToContainer } from '../../src/world/index.js';
import { runtimeEpisode, taskYaml } from './sim-episode.js';

const two = `
- {name: Alice, position: [0, 64, 0]}
- {name: Bob, position: [2, 64, 0]}
`;

describe('chest_contains (mine vanishing blocks)', () => {
  const yaml = taskYaml({
    type: 'mine_vanishing_blocks',
    agents: two,
    success: 'type: chest_contains\nitems: [{name: gold_ore, count: 3}, {name: oak_log, count: 2}]',
    environment: 'max_steps: 50\nchest: {position: [0, 64, -2]}',
  });

  it('scores what the chest holds and credits each depositor', async () => {
    const { runtime, world, admin, player, step } = await runtimeEpisode(yaml);
    admin.give('Alice', 'gold_ore', 3);
    admin.give('Bob', 'oak_log', 2);
    expect(depositToContainer(world, player('Alice'), { x: 0, y: 64, z: -2 }, 'gold_ore', 2).ok).toBe(true);
    await step();
    let r = runtime.evaluate();
    expect(r.success).toBe(false);
    expect(r.score).toBeCloseTo((2 / 3 + 0) / 2);
    expect(r.perAgent?.Alice?.score).toBeCloseTo(1 / 3);
    expect(runtime.done().done).toBe(false);

    depositToContainer(world, player('Alice'), { x: 0, y: 64, z: -2 }, 'gold_ore', 1);
    depositToContainer(world, player('Bob'), { x: 0, y: 64, z: -2 }, 'oak_log', 2);
    await step();
    r = runtime.evaluate();
    expect(r).toMatchObject({ success: true, score: 1 });
    expect(r.perAgent).toMatchObject({ Alice: { score: 0.5 }, Bob: { score: 0.5 } });
    expect(runtime.done()).toMatchObject({ done: true, reason: 'success' });
  });
});

describe('inventory goals', () => {
  it('team_inventory_contains adds up the team; competitive harvest needs one agent to have it all', async () => {
    const coop = await runtimeEpisode(taskYaml({ type: 'harvest', agents: two, success: 'type: team_inventory_contains\nitems: [{name: wheat, count: 4}]' }));
    coop.admin.give('Alice', 'wheat', 2);
    coop.admin.give('Bob', 'wheat', 2);
    expect(coop.runtime.evaluate()).toMatchObject({ success: true, score: 1, perAgent: { Alice: { score: 0.5, success: false } } });

    const comp = await runtimeEpisode(
      taskYaml({ type: 'harvest', agents: two, success: 'type: harvest\nitem: wheat\ncount: 4' }).replace('goal: test', 'goal: test\n  mode: competitive'),
    );
    comp.admin.give('Alice', 'wheat', 2);
    comp.admin.give('Bob', 'wheat', 3);
    let r = comp.runtime.evaluate();
    expect(r.success).toBe(false);
    expect(r.score).toBeCloseTo(0.75);
    comp.admin.give('Bob', 'wheat', 1);
    r = comp.runtime.evaluate();
    expect(r).toMatchObject({ success: true, details: { winners: ['Bob'] }, perAgent: { Alice: { success: false }, Bob: { success: true, score: 1 } } });
  });

  it('competitive teams pool their members and are scored per team', async () => {
    const agents = `
- {name: Alice, position: [0, 64, 0], team: red}
- {name: Bob, position: [2, 64, 0], team: red}
- {name: Carol, position: [4, 64, 0], team: blue}
`;
    const yaml = taskYaml({ type: 'harvest', agents, success: 'type: harvest\nitem: wheat\ncount: 4' }).replace('goal: test', 'goal: test\n  mode: competitive');
    const { runtime, admin } = await runtimeEpisode(yaml);
    admin.give('Alice', 'wheat', 2);
    admin.give('Bob', 'wheat', 2);
    admin.give('Carol', 'wheat', 3);
    const r = runtime.evaluate();
    expect(r).toMatchObject({ success: true, details: { winners: ['red'] }, perTeam: { red: { success: true, score: 1 }, blue: { success: false } } });
    expect(r.perTeam!.blue!.score).toBeCloseTo(0.75);
    expect(r.perAgent).toMatchObject({ Alice: { score: 0.5 }, Carol: { score: 0.75 } });
  });

  it('S-Agents collection counts any of the listed names, in inventories and chests', async () => {
    const { runtime, world, admin, player } = await runtimeEpisode(
      taskYaml({
        type: 'collection',
        agents: two,
        success: 'type: collection\nitems: [{any_of: [oak_log, birch_log, spruce_log], count: 50}]',
        environment: 'max_steps: 50\nchest: {position: [1, 64, -2]}',
      }),
    );
    admin.give('Alice', 'oak_log', 30);
    admin.give('Bob', 'birch_log', 19);
    expect(runtime.evaluate().score).toBeCloseTo(49 / 50);
    admin.give('Bob', 'spruce_log', 1);
    depositToContainer(world, player('Bob'), { x: 1, y: 64, z: -2 }, 'birch_log', 10);
    expect(runtime.evaluate()).toMatchObject({ success: true, score: 1 });
  });

  it('tech_tree scores milestones ever held and succeeds with the tool', async () => {
    const { runtime, world, admin, player } = await runtimeEpisode(
      taskYaml({ type: 'tech_tree', agents: two, success: 'type: tech_tree\ntool: stone_pickaxe\npath: [crafting_table, wooden_pickaxe]' }),
    );
    expect(runtime.evaluate().score).toBe(0);
    admin.give('Alice', 'oak_planks', 4);
    expect(craft(world, player('Alice'), 'crafting_table').ok).toBe(true);
    admin.clearInventory('Alice'); // held once is enough
    let r = runtime.evaluate();
    expect(r.score).toBeCloseTo(1 / 3);
    expect(r.details.reached).toEqual(['crafting_table']);
    admin.give('Bob', 'stone_pickaxe', 1);
    r = runtime.evaluate();
    expect(r.success).toBe(true);
    expect(r.score).toBeCloseTo(2 / 3); // the wooden pickaxe was skipped
  });
});
