import { describe, expect, it } from 'vitest';
import { depositToContainer } from '../../../src/world/index.js';
import { parseTask } from '../../../src/tasks/load.js';
import { parseOrderMessage } from '../../../src/tasks/cooking/order-messages.js';
import { runtimeEpisode, taskYaml } from '../sim-episode.js';

const CHEST = { x: 0, y: 64, z: -2 };

function yaml(goal: string, environment = 'max_steps: 200\nchest: {position: [0, 64, -2]}') {
  return taskYaml({ type: 'cooking', success: `type: cooking_orders\n${goal}`, environment });
}

/** The server's order broadcasts so far, parsed. */
function notices(_world: unknown, lines: string[]) {
  return lines.map((l) => parseOrderMessage(l)).filter((n) => n !== null);
}

async function episode(goal: string, seed: number | string = 1) {
  const ep = await runtimeEpisode(yaml(goal), seed);
  const heard: string[] = [];
  ep.env.onEvent((e) => {
    if (e.type === 'chat' && e.from === null) heard.push(String(e.message));
  });
  return { ...ep, heard };
}

describe('cooking_orders on the sim backend', () => {
  it('announces orders, serves one when its dish is put into the counter and takes the dish out', async () => {
    const { runtime, world, admin, player, step, heard } = await episode('menu: [bread]\nalpha: 3');
    await step();
    const [first] = notices(world, heard);
    expect(first).toMatchObject({ kind: 'new', id: 1, dish: 'bread' });
    admin.give('Alice', 'bread', 1);
    admin.give('Alice', 'oak_log', 2);
    expect(depositToContainer(world, player('Alice'), CHEST, 'bread', 1).ok).toBe(true);
    expect(depositToContainer(world, player('Alice'), CHEST, 'oak_log', 2).ok).toBe(true);
    await step();
    const r = runtime.evaluate();
    expect(r.details).toMatchObject({ completed: 1, failed: 0, open: 0 });
    expect(r.score).toBe(1);
    // The dish is consumed; what is not a dish stays in the counter.
    expect(admin.chestContents(CHEST)).toEqual({ oak_log: 2 });
    expect(notices(world, heard)).toContainEqual({ kind: 'served', id: 1, dish: 'bread' });
  });

  it('fails every order that expires, and decides success only at the end', async () => {
    const { runtime, step, heard, world, task } = await episode('menu: [cooked_beef]\nalpha: 1\nthreshold: 0.5');
    await step(60);
    const r = runtime.evaluate();
    const d = r.details as { completed: number; failed: number; open: number; arrived: number };
    expect(d.completed).toBe(0);
    expect(d.failed).toBeGreaterThan(0);
    expect(d.failed + d.open).toBe(d.arrived);
    expect(notices(world, heard).filter((n) => n.kind === 'expired')).toHaveLength(d.failed);
    expect(r).toMatchObject({ success: false, failed: false, score: 0 });
    expect(runtime.done().done).toBe(false);
    expect(task.maxSteps).toBe(200);
  });

  it('summons an animal of the ordered kind in the pasture for each meat order', async () => {
    const { admin, step } = await episode('menu: [cooked_mutton]\nalpha: 1\npasture: {min: [5, 64, 5], max: [8, 64, 8]}');
    await step();
    const near = (p: { x: number; z: number }) => p.x >= 4 && p.x <= 10 && p.z >= 4 && p.z <= 10;
    let sheep = admin.entities({ type: 'sheep', tag: 'cooking_orders' });
    expect(sheep).toHaveLength(1);
    expect(near(sheep[0]!.pos)).toBe(true);
    await step(11);
    sheep = admin.entities({ type: 'sheep', tag: 'cooking_orders' });
    expect(sheep).toHaveLength(2);
  });

  it('gives the same orders for the same goal seed', async () => {
    const orders = async (seed: number) => {
      const { step, heard, world } = await episode(`menu: [cooked_beef, cooked_porkchop, bread]\nalpha: 1\nseed: ${seed}`);
      await step(40);
      return notices(world, heard).filter((n) => n.kind === 'new').map((n) => n.dish);
    };
    const a = await orders(4);
    expect(a.length).toBeGreaterThan(3);
    expect(await orders(4)).toEqual(a);
    expect(await orders(5)).not.toEqual(a);
  });

  it('draws the dishes from the episode seed when the goal names none (run --seed changes the orders)', async () => {
    const orders = async (episodeSeed: number, goalSeed = '') => {
      const { step, heard, world } = await episode(`menu: [cooked_beef, cooked_porkchop, bread]\nalpha: 1${goalSeed}`, episodeSeed);
      await step(40);
      return notices(world, heard).filter((n) => n.kind === 'new').map((n) => n.dish);
    };
    const a = await orders(7);
    expect(a.length).toBeGreaterThan(3);
    expect(await orders(7)).toEqual(a);
    expect(await orders(8)).not.toEqual(a);
    // A seed in the file wins over the episode's.
    expect(await orders(8, '\nseed: 3')).toEqual(await orders(7, '\nseed: 3'));
  });

  it('rejects a file with no counter chest or an unknown dish', () => {
    const noChest = parseTask(yaml('menu: [bread]', 'max_steps: 50'), { file: 'x-v1.yaml' });
    expect(noChest.ok).toBe(false);
    if (!noChest.ok) expect(noChest.issues.map((i) => i.reason).join()).toMatch(/cooking_orders needs a chest/);
    const badDish = parseTask(yaml('menu: [cake]'), { file: 'x-v1.yaml' });
    expect(badDish.ok).toBe(false);
  });
});
