import { describe, expect, it } from 'vitest';
import { HeuristicTeam } from '../../../src/agents/heuristic/heuristic-team.js';
import { taskFile } from '../../../src/tasks/task-files.js';
import { runTaskFile } from '../oracle/episode-helpers.js';

describe('heuristic team, end to end on SimEnv under the senses limits', () => {
  it('S-Agents collection: two agents split 50 logs and reach the team total', { timeout: 180_000 }, async () => {
    const { result, log } = await runTaskFile(taskFile('sagents/mine-50-logs-1-leaf-v1'), new HeuristicTeam());
    expect(result.ended).toBe('success');
    const collectors = new Set(log.records.filter((r) => r.type === 'action' && (r.action as { name: string }).name === 'collect').map((r) => r.agent));
    expect(collectors).toEqual(new Set(['Root', 'Leaf1']));
  });

  it('S-Agents iron: from empty inventories, the team strip-mines the buried veins to 50 iron', { timeout: 300_000 }, async () => {
    const { result, log } = await runTaskFile(taskFile('sagents/mine-50-iron-2-leaves-v1'), new HeuristicTeam());
    expect(result.ended).toBe('success');
    // The work is shared: more than one agent found ore through its own tunnels and mined it.
    const miners = new Set(log.records.filter((r) => r.type === 'skill_result' && r.skill === 'collect' && (r.params as { block: string }).block === 'iron_ore' && Number((r.result as { collected?: number }).collected ?? 0) > 0).map((r) => r.agent));
    expect(miners.size).toBeGreaterThanOrEqual(2);
  });

  it('MineLand harvest: obtains 8 oak logs', async () => {
    const { result } = await runTaskFile(taskFile('mineland/harvest-oak-logs-v1'), new HeuristicTeam());
    expect(result.ended).toBe('success');
  });

  it('MineLand combat: kills 3 zombies and stops counting a shared kill twice', async () => {
    const { result, log } = await runTaskFile(taskFile('mineland/combat-zombies-cooperative-v1'), new HeuristicTeam());
    expect(result.ended).toBe('success');
    expect(log.records.some((r) => r.type === 'action' && (r.action as { name: string }).name === 'attack')).toBe(true);
  });

  it('MineLand survival: lives through a day with mobs, closing itself into a pit for the night', { timeout: 120_000 }, async () => {
    const { result, log } = await runTaskFile(taskFile('mineland/survive-1-day-v1'), new HeuristicTeam());
    expect(result.ended).toBe('success');
    const closed = log.records.find((r) => r.type === 'skill_result' && r.skill === 'place' && (r.result as { ok: boolean }).ok);
    expect(closed).toBeDefined();
  });

  it('MineLand stage performance: plays "Cook food" in the script\'s order (the pig dies, porkchop, cooked porkchop, eaten)', async () => {
    const { result, log } = await runTaskFile(taskFile('mineland/stage-cook-food-v1'), new HeuristicTeam());
    expect(result.ended).toBe('success');
    const done = log.records.filter((r) => r.type === 'skill_result' && (r.result as { ok: boolean }).ok).map((r) => r.skill);
    expect(done.indexOf('attack')).toBeLessThan(done.indexOf('smelt'));
    expect(done.indexOf('smelt')).toBeLessThan(done.indexOf('eat'));
  });

  it('MineLand construction: fetches the materials from the chest in sight, then builds the blueprint', async () => {
    const { result, log } = await runTaskFile(taskFile('mineland/construction-monument-supplied-a3-coop-v1'), new HeuristicTeam());
    expect(result.ended).toBe('success');
    const fetched = log.records.filter((r) => r.type === 'skill_result' && r.skill === 'getFromChest' && (r.result as { ok: boolean }).ok);
    expect(fetched.length).toBeGreaterThan(0);
  });

  it('MineLand tech tree: crafts up to a stone pickaxe, digging down for stone on flat land', { timeout: 120_000 }, async () => {
    const { result, log } = await runTaskFile(taskFile('mineland/tech-tree-stone-pickaxe-v1'), new HeuristicTeam());
    expect(result.ended).toBe('success');
    const crafted = log.records.filter((r) => r.type === 'skill_result' && r.skill === 'craft' && (r.result as { ok: boolean }).ok).map((r) => (r.params as { item: string }).item);
    expect(crafted).toEqual(expect.arrayContaining(['crafting_table', 'wooden_pickaxe', 'stone_pickaxe']));
  });
});
