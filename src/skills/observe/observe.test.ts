import { PNG } from 'pngjs';
import { describe, expect, it } from 'vitest';
import type { Observation } from '../../core/observation.js';
import { World, applyDamage, joinPlayer, spawnMob, type Player } from '../../world/index.js';
import type { FinishedSkill, RunningSkill } from '../skill-executor.js';
import { createObserverState, observe, type SkillProgress } from './observe.js';
import { WorldMailboxes } from './mailboxes.js';
import { EVENT_PRIORITY } from './priorities.js';
import { renderObservationJson, renderObservationText } from './render-text.js';
import { ObservationViews } from './render-views.js';

const Y = -60;

function setup(opts: { chatRange?: number | null; radio?: string[] } = {}) {
  const world = new World({ seed: 5, terrain: { type: 'flat' }, gamerules: { doMobSpawning: false, doDaylightCycle: false }, timeOfDay: 6000 });
  const mailboxes = new WorldMailboxes(world, { chatRange: opts.chatRange === undefined ? 32 : opts.chatRange, radioChannels: opts.radio ?? [] });
  const join = (name: string, x: number, z: number, omniscient = false) => {
    // A 12-block sight keeps each fresh world's first scan cheap; the cases sit well inside it.
    const p = joinPlayer(world, name, { x: x + 0.5, y: Y, z: z + 0.5 }, { perceptionRange: 12 });
    mailboxes.register(name);
    return { player: p, state: createObserverState({ mailboxes, omniscient }) };
  };
  return { world, mailboxes, join };
}

class FakeSkills implements SkillProgress {
  running: RunningSkill | null = null;
  finished: FinishedSkill[] = [];
  takeFinished(): FinishedSkill[] {
    return this.finished.splice(0);
  }
}

const chat = (world: World, from: Player, message: string, channel: string | null = null) =>
  world.emit({ type: 'chat', from: from.id, name: from.name, message, pos: { ...from.pos }, channel });

describe('observe: the body and the senses', () => {
  it('reports health, food, air, inventory (stacks summed, tools with durability) and equipment', () => {
    const { world, join } = setup();
    const { player, state } = join('alex', 0, 0);
    player.inventory.add({ name: 'oak_log', count: 3 });
    player.inventory.add({ name: 'cobblestone', count: 70 });
    player.inventory.slots[8] = { name: 'iron_pickaxe', count: 1, damage: 10 };
    player.inventory.armor.head = { name: 'iron_helmet', count: 1 };
    const o = observe(world, player, state);
    expect(o).toMatchObject({ agent: 'alex', alive: true, health: 20, maxHealth: 20, food: 20, oxygen: 300, dayPhase: 'day', biome: 'plains' });
    expect(o.inventory).toEqual([
      { name: 'cobblestone', count: 70 },
      { name: 'iron_pickaxe', count: 1, durability: 250 - 10 },
      { name: 'oak_log', count: 3 },
    ]);
    expect(o.equipment.head).toBe('iron_helmet');
    expect(o.heldItem).toBe('oak_log');
  });

  it('reports a tool fresh from crafting (no damage recorded yet) at full durability', () => {
    const { world, join } = setup();
    const { player, state } = join('alex', 0, 0);
    player.inventory.add({ name: 'stone_pickaxe', count: 1 });
    expect(observe(world, player, state).inventory).toEqual([{ name: 'stone_pickaxe', count: 1, durability: 131 }]);
  });

  it('shows only blocks in line of sight; the omniscient oracle sees through walls', () => {
    const { world, join } = setup();
    for (let y = Y; y <= Y + 4; y++) for (let z = -4; z <= 4; z++) world.setBlock({ x: 3, y, z }, 'stone');
    world.setBlock({ x: 5, y: Y, z: 0 }, 'gold_block');
    world.setBlock({ x: -3, y: Y, z: 0 }, 'diamond_block');
    const seer = join('seer', 0, 0);
    const oracle = join('oracle', 0, 1, true);
    const names = (o: Observation) => o.nearbyBlocks.map((b) => b.name);
    const seen = observe(world, seer.player, seer.state);
    expect(names(seen)).toContain('diamond_block');
    expect(names(seen)).not.toContain('gold_block');
    expect(names(observe(world, oracle.player, oracle.state))).toContain('gold_block');
    // Lists come in name order so the prompt does not reshuffle as the agent moves.
    expect(names(seen)).toEqual([...names(seen)].sort());
  });

  it('a field of view hides what is behind the agent', () => {
    const { world, join } = setup();
    world.setBlock({ x: 0, y: Y, z: 4 }, 'gold_block'); // +z: in front at yaw 0
    world.setBlock({ x: 0, y: Y, z: -4 }, 'diamond_block'); // behind
    const { player, state } = join('alex', 0, 0);
    player.fovDegrees = 90;
    player.yaw = 0;
    spawnMob(world, 'cow', { x: 0.5, y: Y, z: -3.5 }, { persistent: true });
    const o = observe(world, player, state);
    expect(o.nearbyBlocks.map((b) => b.name)).toContain('gold_block');
    expect(o.nearbyBlocks.map((b) => b.name)).not.toContain('diamond_block');
    expect(o.entities.filter((e) => e.type === 'cow')).toHaveLength(0);
    player.yaw = 180;
    expect(observe(world, player, state).entities.filter((e) => e.type === 'cow')).toHaveLength(1);
  });

  it('lists visible entities nearest first with health and hostility, and dropped items with counts', () => {
    const { world, join } = setup();
    const { player, state } = join('alex', 0, 0);
    spawnMob(world, 'zombie', { x: 6.5, y: Y, z: 0.5 }, { persistent: true });
    spawnMob(world, 'cow', { x: 3.5, y: Y, z: 0.5 }, { persistent: true });
    const o = observe(world, player, state);
    expect(o.entities.map((e) => e.type)).toEqual(['cow', 'zombie']);
    expect(o.entities[1]).toMatchObject({ type: 'zombie', hostile: true, health: 20 });
    expect(o.entities[0]!.hostile).toBe(false);
  });
});

describe('observe: events since the last observation, by priority', () => {
  it('reports hurt and death first, each once', () => {
    const { world, join } = setup();
    const { player, state } = join('alex', 0, 0);
    const zombie = spawnMob(world, 'zombie', { x: 2.5, y: Y, z: 0.5 }, { persistent: true });
    applyDamage(world, player, 3, 'mob', zombie.id);
    world.emit({ type: 'sound', pos: { x: 1, y: Y, z: 0 }, sound: 'entity.zombie.ambient', volume: 1, source: zombie.id });
    let o = observe(world, player, state);
    expect(o.events[0]).toMatchObject({ type: 'hurt', priority: EVENT_PRIORITY.hurt });
    expect(o.events[0]!.text).toMatch(/3 damage.*zombie/);
    expect(o.sounds).toHaveLength(1);
    expect(o.sounds[0]!.volume).toBeGreaterThan(0);
    expect(o.sounds[0]!.volume).toBeLessThan(1);
    expect(observe(world, player, state).events).toEqual([]); // drained
    applyDamage(world, player, 100, 'lava');
    o = observe(world, player, state);
    expect(o.alive).toBe(false);
    expect(o.events.map((e) => e.type)).toEqual(['death', 'hurt']);
    expect(o.nearbyBlocks).toEqual([]); // the dead see nothing
  });

  it('tells of low food and low oxygen once, on crossing', () => {
    const { world, join } = setup();
    const { player, state } = join('alex', 0, 0);
    player.food = 5;
    player.air = 60;
    const o = observe(world, player, state);
    expect(o.events.map((e) => e.type)).toEqual(['low_oxygen', 'low_food']);
    expect(observe(world, player, state).events).toEqual([]);
    player.food = 20;
    observe(world, player, state);
    player.food = 4;
    expect(observe(world, player, state).events.map((e) => e.type)).toEqual(['low_food']);
  });

  it('reports the running skill and finished skills as results and events', () => {
    const { world, mailboxes, join } = setup();
    const skills = new FakeSkills();
    const player = join('alex', 0, 0).player;
    const state = createObserverState({ mailboxes, skills });
    skills.running = { name: 'moveTo', params: { x: 1 }, ticks: 12, startedAt: 0 };
    skills.finished.push({ name: 'mineBlocks', params: {}, result: { ok: false, reason: 'no_path', details: 'walled in' }, ticks: 40, finishedAt: 3 });
    const o = observe(world, player, state);
    expect(o.runningSkill).toEqual({ name: 'moveTo', params: { x: 1 }, ticks: 12 });
    expect(o.finishedSkills).toEqual([{ name: 'mineBlocks', params: {}, ok: false, result: { ok: false, reason: 'no_path', details: 'walled in' }, ticks: 40, finishedAt: 3 }]);
    expect(o.events).toEqual([{ tick: 3, type: 'skill_failed', text: 'mineBlocks failed (no_path): walled in', priority: EVENT_PRIORITY.skillDone }]);
  });
});

describe('observe: hearing and chat range', () => {
  it('delivers chat within range with falloff, not beyond; chat naming the agent is an event', () => {
    const { world, join } = setup({ chatRange: 20 });
    const a = join('ann', 0, 0);
    const near = join('ben', 10, 0);
    const far = join('cat', 40, 0);
    chat(world, a.player, 'ben, bring wood');
    const ob = observe(world, near.player, near.state);
    expect(ob.messages).toEqual([{ tick: 0, from: 'ann', message: 'ben, bring wood', channel: null, volume: 0.5 }]);
    expect(ob.events[0]).toMatchObject({ type: 'chat', priority: EVENT_PRIORITY.chatToMe });
    expect(observe(world, far.player, far.state).messages).toEqual([]);
    expect(observe(world, a.player, a.state).messages).toEqual([]);
  });

  it('radio channels reach members anywhere; unknown channels reach no one; null range is global', () => {
    const radio = setup({ chatRange: 10, radio: ['ops'] });
    const a = radio.join('ann', 0, 0);
    const far = radio.join('cat', 200, 0);
    chat(radio.world, a.player, 'status?', 'ops');
    chat(radio.world, a.player, 'psst', 'secret');
    expect(observe(radio.world, far.player, far.state).messages.map((m) => [m.message, m.channel, m.volume])).toEqual([['status?', 'ops', 1]]);

    const global = setup({ chatRange: null });
    const g1 = global.join('ann', 0, 0);
    const g2 = global.join('cat', 500, 0);
    chat(global.world, g1.player, 'anyone?');
    expect(observe(global.world, g2.player, g2.state).messages).toHaveLength(1);
  });
});

describe('renderers', () => {
  function busy(): Observation {
    const { world, join } = setup();
    const { player, state } = join('alex', 0, 0);
    join('ben', 3, 3);
    for (let i = 0; i < 12; i++) world.setBlock({ x: -5 + i, y: Y, z: 6 }, i % 2 ? 'oak_log' : 'stone');
    player.inventory.add({ name: 'oak_log', count: 12 });
    player.inventory.add({ name: 'bread', count: 3 });
    player.inventory.slots[5] = { name: 'stone_pickaxe', count: 1, damage: 3 };
    spawnMob(world, 'zombie', { x: 5.5, y: Y, z: -3.5 }, { persistent: true });
    const ben = world.player('ben')!;
    chat(world, ben, 'alex: meet me at the furnace');
    applyDamage(world, player, 2, 'fall');
    return observe(world, player, state);
  }

  it('compact text is small and carries the essentials', () => {
    const obs = busy();
    const text = renderObservationText(obs);
    expect(text).toMatch(/^alex t=0 day hp 18\/20 food 20 at 0\.5,-60,0\.5/);
    expect(text).toContain('inventory: bread x3, oak_log x12, stone_pickaxe(128)');
    expect(text).toContain('ben(');
    expect(text).toMatch(/events: \[80\] you took 2 damage \(fall\)/);
    expect(text).toContain('zombie#');
    // Token-cheap: a busy scene stays well under 1 KB (~250 tokens); JSON is several times larger.
    expect(text.length).toBeLessThan(1000);
    expect(renderObservationJson(obs).length).toBeGreaterThan(2 * text.length);
  });

  it('text is stable: the same state renders the same text, and lists keep their order as distances change', () => {
    const a = renderObservationText(busy());
    const b = renderObservationText(busy());
    expect(b).toBe(a);
    const obs = busy();
    const moved: Observation = { ...obs, nearbyBlocks: obs.nearbyBlocks.map((x, i) => ({ ...x, distance: x.distance + (i % 2 ? 3 : -3) })) };
    const blockLine = (t: string) => t.split('\n').find((l) => l.startsWith('blocks:'))!.replace(/@[^;]+/g, '');
    expect(blockLine(renderObservationText(moved))).toBe(blockLine(renderObservationText(obs)));
  });

  it('JSON is the observation itself', () => {
    const obs = busy();
    expect(JSON.parse(renderObservationJson(obs))).toEqual(obs);
  });

  it('rendered views come at the configured size and refresh only every N ticks', () => {
    const { world, join } = setup();
    const { player } = join('alex', 0, 0);
    const views = new ObservationViews({ firstPerson: { width: 32, height: 24, everyTicks: 10 }, topDown: { radius: 8, scale: 2, everyTicks: 10 } });
    const first = views.render(world, player);
    const fp = PNG.sync.read(first.firstPerson!.png);
    expect([fp.width, fp.height]).toEqual([32, 24]);
    const td = PNG.sync.read(first.topDown!.png);
    expect([td.width, td.height]).toEqual([34, 34]);
    world.run(5);
    const cached = views.render(world, player);
    expect(cached.firstPerson!.png).toBe(first.firstPerson!.png);
    expect(cached.topDown!.tick).toBe(0);
    world.run(5);
    const fresh = views.render(world, player);
    expect(fresh.firstPerson!.tick).toBe(10);
    expect(fresh.topDown!.tick).toBe(10);
  });
});
