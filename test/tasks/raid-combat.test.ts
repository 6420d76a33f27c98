import { describe, expect, it } from 'vitest';
import { attack, equip, type MobEntity } from '../../src/world/index.js';
import { runtimeEpisode, taskYaml } from './sim-episode.js';

/** A raid whose boss (a spider: no natural armor) stands next to Alice; its minions come at step 1. */
const raid = (extra: { boss?: string; minion?: string }) => `
- id: raid
  trigger: {start: 0, interval: 1, end: 1}
  actions:
    - type: spawn_boss
      mob: spider
      name: Brood
      position: [0, 64, 2]
      health: 200
      damage: 1
      minion_radius: 1
      ${extra.boss ?? ''}
      minions:
        - {mob: spider, count: 1, health: 40, damage: 3${extra.minion ? `, ${extra.minion}` : ''}}
`;

describe('raid a boss: minion damage and weapon-type damage multipliers', () => {
  it("a minion hits with the task file's damage (3), not its base mob's", async () => {
    const ep = await runtimeEpisode(taskYaml({ type: 'raid_boss', events: raid({}), environment: 'max_steps: 100\nworld: {time: midnight, difficulty: normal}' }));
    await ep.step(2);
    const minion = ep.admin.entities({ tag: 'minion' })[0]!;
    // The boss leaves, so only the minion fights (its hits would otherwise share Alice's hurt window).
    ep.admin.remove(ep.admin.entities({ tag: 'boss' })[0]!.id);
    const hits: number[] = [];
    ep.world.on('entity_hurt', (e) => {
      if (e.by === minion.id && e.entity === ep.player('Alice').id) hits.push(e.amount);
    });
    for (let i = 0; i < 60 && hits.length === 0; i++) await ep.step();
    expect(hits.length).toBeGreaterThan(0);
    expect(hits[0]).toBe(3);
  });

  it('scales a hit by the boss and minion multipliers for the weapon in hand (item name before kind)', async () => {
    const ep = await runtimeEpisode(taskYaml({
      type: 'raid_boss',
      events: raid({ boss: 'damage_multipliers: {sword: 0.5, golden_sword: 3}', minion: 'damage_multipliers: {axe: 2}' }),
      environment: 'max_steps: 100\nworld: {time: midnight}',
    }));
    await ep.step(2);
    const { world } = ep;
    const alice = ep.player('Alice');
    alice.inventory.add({ name: 'iron_sword', count: 1 });
    alice.inventory.add({ name: 'golden_sword', count: 1 });
    alice.inventory.add({ name: 'iron_axe', count: 1 });
    const boss = world.entity(ep.admin.entities({ tag: 'boss' })[0]!.id) as MobEntity;
    const minion = world.entity(ep.admin.entities({ tag: 'minion' })[0]!.id) as MobEntity;
    const swingAt = (item: string, target: MobEntity) => {
      equip(world, alice, item);
      world.run(25); // full charge, and past the target's hurt window
      target.pos = { x: alice.pos.x, y: alice.pos.y, z: alice.pos.z + 1.2 };
      const r = attack(world, alice, target);
      if (!r.ok) throw new Error(r.reason);
      return r.damage;
    };
    expect(swingAt('iron_sword', boss)).toBe(6 * 0.5); // kind `sword`
    expect(swingAt('golden_sword', boss)).toBe(4 * 3); // the item name wins over its kind
    expect(swingAt('iron_axe', boss)).toBe(9); // no entry: x1
    expect(swingAt('iron_axe', minion)).toBe(9 * 2);
  });
});

describe('raid a boss: validating damage_multipliers', () => {
  it('rejects a multiplier key that is neither an item nor a weapon kind, naming the path', async () => {
    const { parseTask } = await import('../../src/tasks/load.js');
    const r = parseTask(taskYaml({ type: 'raid_boss', success: '{type: kill_boss}', events: raid({ boss: 'damage_multipliers: {swrod: 2}' }) }), { file: 'raid-v1.yaml' });
    expect(r.ok).toBe(false);
    const issues = r.ok ? [] : r.issues;
    expect(issues.some((i) => i.path.includes('damage_multipliers') && /swrod/.test(i.reason) && /sword/.test(i.reason))).toBe(true);
  });
});
