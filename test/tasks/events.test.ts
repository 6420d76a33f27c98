import { describe, expect, it } from 'vitest';
import { EventManager } from '../../src/tasks/events/event-manager.js';
import type { SpawnBlocks } from '../../src/tasks/events/spawn-blocks.js';
import { simEpisode, taskYaml } from './sim-episode.js';

/** Steps the sim env one task step at a time and lets the manager act after each, like the runtime does. */
async function run(yaml: string, steps: number, seed: number | string = 1) {
  const { env, task } = await simEpisode(yaml, seed);
  const events = new EventManager(task.events, { seed, ticksPerStep: task.ticksPerStep });
  events.advanceTo(env.admin, 0);
  for (let s = 1; s < steps; s++) {
    await env.step({});
    events.advanceTo(env.admin, s);
  }
  return { env, task, events, admin: env.admin };
}

const lavaEast = `
- id: lava_wave
  trigger: {start: 2, end: 50}
  actions:
    - {type: progressive_fill, block: lava, area: {min: [0, 64, 10], max: [9, 64, 12]}, direction: east, speed: 2}
`;

describe('progressive_fill', () => {
  it('advances `speed` slices per step from `start`, only into air', async () => {
    const yaml = taskYaml({ events: lavaEast, environment: 'max_steps: 100\nblocks:\n  - {block: cobblestone, position: [3, 64, 11]}' });
    const { admin, events } = await run(yaml, 4); // steps 0..3: fill starts at 2 -> 2 slices at step 2, 4 at step 3
    for (let x = 0; x < 4; x++) for (const z of [10, 12]) expect(admin.blockAt({ x, y: 64, z }), `x=${x} z=${z}`).toBe('lava');
    expect(admin.blockAt({ x: 3, y: 64, z: 11 })).toBe('cobblestone'); // a shelter block stands
    expect(admin.blockAt({ x: 8, y: 64, z: 11 })).toBe('air');
    const fills = events.notices().filter((n) => n.kind === 'fill_advanced');
    expect(fills.map((n) => [n.step, n.slices])).toEqual([
      [2, [0, 1]],
      [3, [2, 3]],
    ]);
  });

  it('rises layer by layer with direction up and stops at `end`', async () => {
    const ev = `
- id: flood
  trigger: {start: 0, end: 1}
  actions:
    - {type: progressive_fill, block: water, area: {min: [10, 64, 10], max: [12, 70, 12]}, direction: up, speed_bps: 1}
`;
    const { admin } = await run(taskYaml({ events: ev }), 5);
    expect(admin.blockAt({ x: 11, y: 64, z: 11 })).toBe('water');
    expect(admin.blockAt({ x: 11, y: 65, z: 11 })).toBe('water');
    expect(admin.blockAt({ x: 11, y: 66, z: 11 })).toBe('air'); // ended at step 1
  });

  it('the world then hurts agents in lava unless they have fire resistance', async () => {
    const agents = `
- {name: Alice, position: [5, 64, 11]}
- name: Bob
  position: [5, 64, 13]
  capabilities: {effects: [fire_resistance]}
`;
    const ev = `
- id: lava
  trigger: {start: 0}
  actions:
    - {type: progressive_fill, block: lava, area: {min: [0, 64, 11], max: [9, 64, 13]}, direction: east, speed: 10}
`;
    const { admin } = await run(taskYaml({ agents, events: ev }), 4);
    const [alice, bob] = ['Alice', 'Bob'].map((n) => admin.players().find((p) => p.name === n)!);
    expect(alice!.health).toBeLessThan(20);
    expect(bob!.health).toBe(20);
  });
});

describe('progressive_fill contact damage', () => {
  it('hurts an agent standing in a water flood every step, but not one on a pillar above it', async () => {
    const agents = `
- {name: Alice, position: [5.5, 64, 5.5]}
- {name: Bob, position: [8.5, 65, 5.5]}
`;
    const ev = `
- id: flood
  trigger: {start: 0}
  actions:
    - {type: progressive_fill, block: water, area: {min: [0, 64, 0], max: [9, 64, 9]}, direction: east, speed: 10}
`;
    const env = 'max_steps: 100\nworld: {gamerules: {naturalRegeneration: false}}\nblocks:\n  - {block: stone, position: [8, 64, 5]}';
    const { admin, events } = await run(taskYaml({ agents, events: ev, environment: env }), 6);
    const health = Object.fromEntries(admin.players().map((p) => [p.name, p.health]));
    // Filled at step 0; steps 1..5 each deal the default 2 (water is not deadly by vanilla rules at this depth).
    expect(health.Alice).toBe(10);
    expect(health.Bob).toBe(20);
    expect(events.notices().filter((n) => n.kind === 'contact_damage' && n.player === 'Alice')).toHaveLength(5);
  });

  it('spares an agent in powder snow who wears leather, as vanilla freezing does', async () => {
    const agents = `
- {name: Alice, position: [5.5, 64, 5.5]}
- {name: Lea, position: [6.5, 64, 5.5], equipment: {feet: leather_boots}}
`;
    const ev = `
- id: avalanche
  trigger: {start: 0}
  actions:
    - {type: progressive_fill, block: powder_snow, area: {min: [0, 64, 0], max: [9, 64, 9]}, height: 2, direction: east, speed: 10}
`;
    const env = 'max_steps: 100\nworld: {gamerules: {naturalRegeneration: false}}';
    const { admin } = await run(taskYaml({ agents, events: ev, environment: env }), 6);
    const health = Object.fromEntries(admin.players().map((p) => [p.name, p.health]));
    expect(health.Alice).toBeLessThan(20);
    expect(health.Lea).toBe(20);
  });

  it('deals the damage the task sets, or none with contact_damage 0', async () => {
    const agents = '\n- {name: Alice, position: [5.5, 64, 5.5]}\n';
    const ev = (dmg: number) => `
- id: flood
  trigger: {start: 0}
  actions:
    - {type: progressive_fill, block: water, area: {min: [0, 64, 0], max: [9, 64, 9]}, direction: east, speed: 10, contact_damage: ${dmg}}
`;
    const env = 'max_steps: 100\nworld: {gamerules: {naturalRegeneration: false}}';
    const none = await run(taskYaml({ agents, events: ev(0), environment: env }), 4);
    expect(none.admin.players()[0]!.health).toBe(20);
    const three = await run(taskYaml({ agents, events: ev(3), environment: env }), 4);
    expect(three.admin.players()[0]!.health).toBe(11);
  });
});

describe('progressive_fill with powder snow', () => {
  it('freezes an agent caught in it (the world rules), but not one standing on a pillar', async () => {
    const agents = `
- {name: Alice, position: [5.5, 64, 5.5]}
- {name: Bob, position: [8.5, 66, 5.5]}
`;
    const ev = `
- id: avalanche
  trigger: {start: 0}
  actions:
    - {type: progressive_fill, block: powder_snow, area: {min: [0, 64, 0], max: [9, 64, 9]}, height: 2, direction: east, speed: 10}
`;
    // Without natural regeneration, so a fed agent's healing does not hide the freezing damage.
    const env = 'max_steps: 100\nworld: {gamerules: {naturalRegeneration: false}}\nblocks:\n  - {block: stone, position: [8, 64, 5], to: [8, 65, 5]}';
    const yaml = taskYaml({ agents, events: ev, environment: env });
    const { admin } = await run(yaml, 12);
    const health = Object.fromEntries(admin.players().map((p) => [p.name, p.health]));
    expect(admin.blockAt({ x: 5, y: 65, z: 5 })).toBe('powder_snow');
    expect(health.Alice).toBeLessThan(20);
    expect(health.Bob).toBe(20);
  });
});

const goldWave = `
- id: gold
  trigger: {start: 0, end: 20, interval: 5}
  actions:
    - {type: spawn_blocks, block: gold_ore, count: 6, area: {center: [30, 64, 30], radius: 5}, lifetime: 3}
`;

describe('spawn_blocks', () => {
  it('places `count` blocks on the ground in the area and removes them after `lifetime` steps', async () => {
    const { admin, events } = await run(taskYaml({ events: goldWave }), 3);
    const spawned = events.notices().find((n) => n.kind === 'blocks_spawned')!;
    const positions = spawned.positions as { x: number; y: number; z: number }[];
    expect(positions).toHaveLength(6);
    for (const p of positions) {
      expect(admin.blockAt(p)).toBe('gold_ore');
      expect(p.y).toBe(64);
      expect(Math.abs(p.x - 30)).toBeLessThanOrEqual(5);
      expect(Math.abs(p.z - 30)).toBeLessThanOrEqual(5);
    }
    // An agent "mines" one before it vanishes: it is not put back or reported.
    admin.setBlock(positions[0]!, 'air');
    events.advanceTo(admin, 3);
    const vanished = events.notices().find((n) => n.kind === 'blocks_vanished')!;
    expect(vanished.step).toBe(3);
    expect(vanished.positions).toEqual(positions.slice(1));
    for (const p of positions) expect(admin.blockAt(p)).toBe('air');
    expect((events.actions()[0]!.action as SpawnBlocks).livePositions()).toEqual([]);
  });

  it('is deterministic from the seed', async () => {
    const where = async (seed: number) => {
      const { events } = await run(taskYaml({ events: goldWave }), 11, seed);
      return events.notices().filter((n) => n.kind === 'blocks_spawned').map((n) => n.positions);
    };
    const a = await where(4);
    expect(a).toHaveLength(3); // steps 0, 5, 10
    expect(await where(4)).toEqual(a);
    expect(await where(5)).not.toEqual(a);
  });
});

describe('monster waves and the boss', () => {
  it('spawn_mobs summons `count` tagged mobs at every firing until `end`', async () => {
    const ev = `
- id: zombies
  trigger: {start: 1, end: 5, interval: 2}
  actions:
    - {type: spawn_mobs, mob: zombie, count: 2, area: {min: [20, 64, 20], max: [25, 64, 25]}, health: 8}
`;
    const { admin } = await run(taskYaml({ events: ev, environment: 'max_steps: 100\nworld: {time: midnight}' }), 8);
    const zombies = admin.entities({ type: 'zombie' });
    expect(zombies).toHaveLength(6); // steps 1, 3, 5
    expect(zombies.every((z) => z.tags?.includes('event:zombies') && z.maxHealth === 8)).toBe(true);
  });

  it('spawn_boss spawns the boss once, then minion waves while it lives', async () => {
    const ev = `
- id: raid
  trigger: {start: 0, interval: 2}
  actions:
    - type: spawn_boss
      mob: zombie
      name: Warlord
      position: [40, 64, 40]
      health: 240
      damage: 6
      minions: [{mob: skeleton, count: 2, health: 30}]
`;
    const { env, admin, events } = await run(taskYaml({ events: ev }), 5); // boss at 0, minions at 2 and 4
    const boss = admin.entities({ tag: 'boss' });
    expect(boss).toHaveLength(1);
    expect(boss[0]).toMatchObject({ name: 'Warlord', maxHealth: 240 });
    expect(admin.entities({ tag: 'minion' })).toHaveLength(4);
    admin.remove(boss[0]!.id);
    await env.step({});
    events.advanceTo(admin, 6);
    expect(admin.entities({ tag: 'minion' })).toHaveLength(4); // no boss, no more waves
  });
});

describe('chests, regions, messages, items and effects', () => {
  it('chest_contents replaces or adds; give_items and apply_effect reach the agents', async () => {
    const ev = `
- id: supplies
  trigger: {start: 0}
  actions:
    - {type: chest_contents, position: [2, 64, 2], items: [{name: bread, count: 3}, {name: potion, count: 2, potion: healing}]}
- id: more
  trigger: {start: 1}
  actions:
    - {type: chest_contents, position: [2, 64, 2], mode: add, items: [{name: bread, count: 1}]}
    - {type: give_items, items: [{name: iron_sword}]}
    - {type: apply_effect, agents: [Alice], effect: speed, duration: 5}
`;
    const { admin } = await run(taskYaml({ events: ev }), 2);
    expect(admin.chestContents({ x: 2, y: 64, z: 2 })).toEqual({ bread: 4, potion: 2 });
    const alice = admin.players()[0]!;
    expect(alice.inventory.iron_sword).toBe(1);
    expect(alice.effects).toContain('Speed');
  });

  it('region_effect holds only while the agent is inside', async () => {
    const agents = `
- {name: Alice, position: [0, 64, 0]}
- {name: Bob, position: [20, 64, 0]}
`;
    const ev = `
- id: swamp
  trigger: {start: 0}
  actions:
    - {type: region_effect, area: {min: [-3, 60, -3], max: [3, 70, 3]}, effect: slowness, amplifier: 1}
`;
    const { env, admin, events } = await run(taskYaml({ agents, events: ev }), 2);
    const byName = () => Object.fromEntries(admin.players().map((p) => [p.name, p.effects]));
    expect(byName().Alice).toContain('Slowness');
    expect(byName().Bob).not.toContain('Slowness');
    admin.teleport('Alice', { x: 10.5, y: 64, z: 0.5 });
    for (let s = 2; s < 4; s++) {
      await env.step({});
      events.advanceTo(admin, s);
    }
    expect(byName().Alice).not.toContain('Slowness');
  });

  it('message broadcasts at its step', async () => {
    const ev = `
- id: warn
  trigger: {start: 1}
  actions: {type: message, text: "Lava is coming from the west!"}
`;
    const { env, task } = await simEpisode(taskYaml({ events: ev }));
    const chats: unknown[] = [];
    env.onEvent((e) => {
      if (e.type === 'chat') chats.push(e.message);
    });
    const events = new EventManager(task.events, { seed: 1, ticksPerStep: task.ticksPerStep });
    events.advanceTo(env.admin, 0);
    expect(chats).toEqual([]);
    events.advanceTo(env.admin, 1);
    expect(chats).toEqual(['Lava is coming from the west!']);
  });
});

describe('the event manager', () => {
  it('catching up over skipped steps gives the same world as stepping each one', async () => {
    const one = await run(taskYaml({ events: goldWave + lavaEast }), 8, 3);
    const { env, task } = await simEpisode(taskYaml({ events: goldWave + lavaEast }), 3);
    const events = new EventManager(task.events, { seed: 3, ticksPerStep: task.ticksPerStep });
    for (let s = 1; s < 8; s++) await env.step({});
    events.advanceTo(env.admin, 7);
    const strip = (ns: readonly Record<string, unknown>[]) => ns.map(({ tick: _t, ...rest }) => rest);
    expect(strip(events.notices())).toEqual(strip(one.events.notices()));
  });

  it('a failing action becomes an event_failed notice and the others keep running', async () => {
    const { env, task } = await simEpisode(taskYaml({ events: lavaEast }));
    // Bypass the loader's name check to simulate a backend that rejects a name at run time.
    const broken = structuredClone(task.events);
    broken.push({ id: 'bad', trigger: { start: 0 }, actions: [{ type: 'spawn_mobs', mob: 'wither_skeletonn', count: 1, area: { min: { x: 0, y: 64, z: 0 }, max: { x: 1, y: 64, z: 1 } }, persistent: true }] });
    const events = new EventManager(broken, { seed: 1, ticksPerStep: 20 });
    expect(() => events.advanceTo(env.admin, 3)).not.toThrow();
    const failed = events.notices().filter((n) => n.kind === 'event_failed');
    expect(failed).toHaveLength(1);
    expect(failed[0]).toMatchObject({ event: 'bad', action: 'spawn_mobs' });
    expect(String(failed[0]!.reason)).toMatch(/wither_skeletonn/);
    expect(events.notices().filter((n) => n.kind === 'fill_advanced')).toHaveLength(2);
  });
});
