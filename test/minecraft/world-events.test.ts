/**
 * The Minecraft backend's world events at the mineflayer-event level: fake bots emit what
 * mineflayer emits (entityHurt, entityDead, playerCollect) and answer dig/placeBlock/attack like
 * mineflayer, and the tracker must turn that into the embedded world's event shapes, once per
 * happening however many bots saw it, credited to the agent that did it.
 */
import { EventEmitter } from 'node:events';
import minecraftData from 'minecraft-data';
import type { Bot } from 'mineflayer';
import type { Entity } from 'prismarine-entity';
import { Vec3 } from 'vec3';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { BackendEvent } from '../../src/env/minecraft/body-events.js';
import { KILL_ATTRIBUTION_TICKS } from '../../src/env/minecraft/attack-log.js';
import { WorldEventTracker } from '../../src/env/minecraft/world-events.js';
import { EpisodeLog } from '../../src/tasks/goals/episode-log.js';

const data = minecraftData('1.16.5');
/** LivingEntity health metadata index on 1.14–1.16. */
const HEALTH = 8;

type FakeBot = Bot & EventEmitter & { digs: string[] };

/** A bot that digs, places and attacks like mineflayer: dig resolves once the block is air. */
function fakeBot(id: number, blocks: Map<string, string> = new Map()): FakeBot {
  const bot = new EventEmitter() as unknown as FakeBot & { heldItem: { type: number; name: string } | null };
  const key = (p: { x: number; y: number; z: number }): string => `${Math.floor(p.x)},${Math.floor(p.y)},${Math.floor(p.z)}`;
  Object.assign(bot, {
    registry: data,
    entity: { id, type: 'player', position: new Vec3(0.5, 5, 0.5) },
    heldItem: null,
    digs: [] as string[],
    blockAt: (p: Vec3) => ({ name: blocks.get(key(p)) ?? 'air', position: p.floored() }),
    dig: async (block: { name: string; position: Vec3 }) => {
      if (block.name === 'bedrock') throw new Error('Digging aborted');
      bot.digs.push(block.name);
      blocks.set(key(block.position), 'air');
    },
    placeBlock: async (reference: { position: Vec3 }, face: Vec3) => {
      const item = bot.heldItem?.name;
      if (item) blocks.set(key(reference.position.plus(face)), item);
    },
    attack: vi.fn(),
  });
  return bot;
}

function mob(id: number, name: string, health: number | null = null): Entity {
  const metadata: unknown[] = [];
  if (health !== null) metadata[HEALTH] = health;
  return { id, type: 'mob', name, position: new Vec3(3.5, 5, 0.5), metadata } as unknown as Entity;
}

function item(id: number, name: string, count: number): Entity {
  return { id, type: 'object', name: 'item', position: new Vec3(1, 5, 1), getDroppedItem: () => ({ name, count }) } as unknown as Entity;
}

/** Agents alice (id 10) and bob (id 11), the orchestrator (id 1); mob 500 was summoned as handle -1. */
function setup(options: { settleMs?: number } = {}) {
  let tick = 0;
  const events: BackendEvent[] = [];
  const agents = new Map([
    ['alice', 10],
    ['bob', 11],
  ]);
  const tracker = new WorldEventTracker({
    now: () => tick,
    emit: (e) => events.push(e),
    idOf: (id) => (id === 500 ? -1 : id),
    agentWithId: (id) => [...agents].find(([, v]) => v === id)?.[0] ?? null,
    idOfAgent: (name) => agents.get(name) ?? null,
    healthSettleMs: options.settleMs ?? 0,
  });
  const blocks = new Map<string, string>();
  const alice = fakeBot(10, blocks);
  const bob = fakeBot(11, blocks);
  const orchestrator = fakeBot(1, blocks);
  for (const b of [alice, bob, orchestrator]) tracker.watch(b);
  tracker.tapAgent('alice', alice);
  tracker.tapAgent('bob', bob);
  return { tracker, events, alice, bob, orchestrator, blocks, setTick: (t: number) => (tick = t), of: (type: string) => events.filter((e) => e.type === type) };
}

afterEach(() => {
  vi.useRealTimers();
});

describe('kills and hurts on a real server', () => {
  it('credits a zombie hurt and kill to the agent that attacked it, once although three bots saw them', () => {
    const { alice, bob, orchestrator, of, setTick } = setup();
    const zombie = mob(500, 'zombie');
    alice.attack(zombie);
    setTick(2);
    for (const b of [alice, bob, orchestrator]) b.emit('entityHurt', zombie);
    setTick(30);
    alice.attack(zombie);
    setTick(31);
    for (const b of [orchestrator, alice, bob]) b.emit('entityDead', zombie);

    expect(of('entity_hurt')).toEqual([{ type: 'entity_hurt', tick: 2, entity: -1, entityType: 'zombie', amount: null, cause: 'player', by: 10, health: null }]);
    expect(of('entity_died')).toEqual([{ type: 'entity_died', tick: 31, entity: -1, entityType: 'zombie', cause: 'player', by: 10, pos: { x: 3.5, y: 5, z: 0.5 } }]);
  });

  it('credits the agent whose attack came last, and nobody once the attack is older than the window', () => {
    const { alice, bob, orchestrator, of, setTick } = setup();
    const cow = mob(600, 'cow');
    alice.attack(cow);
    setTick(5);
    bob.attack(cow);
    setTick(8);
    orchestrator.emit('entityDead', cow);
    const spider = mob(601, 'spider');
    setTick(10);
    alice.attack(spider);
    setTick(11 + KILL_ATTRIBUTION_TICKS);
    orchestrator.emit('entityDead', spider);

    expect(of('entity_died').map((e) => [e.entityType, e.by, e.cause])).toEqual([
      ['cow', 11, 'player'],
      ['spider', null, 'generic'],
    ]);
  });

  it('credits the agent a 1.20+ server names as the source (an arrow it shot), for the kill too', () => {
    const { bob, orchestrator, of, setTick } = setup();
    const skeleton = mob(602, 'skeleton');
    bob.emit('entityHurt', skeleton, { id: 10 } as Entity);
    setTick(40);
    orchestrator.emit('entityDead', skeleton);
    expect(of('entity_hurt')).toMatchObject([{ entity: 602, by: 10, cause: 'player' }]);
    expect(of('entity_died')).toMatchObject([{ entity: 602, by: 10, cause: 'player' }]);
  });

  it('does not count a mob the admin removes (a /kill) as a death', () => {
    const { tracker, alice, orchestrator, of } = setup();
    const zombie = mob(500, 'zombie');
    alice.attack(zombie);
    tracker.removing(500);
    orchestrator.emit('entityDead', zombie);
    expect(of('entity_died')).toEqual([]);
  });

  it('reports a second hurt of the same mob when it comes after the echo window', () => {
    const { alice, bob, of, setTick } = setup();
    const zombie = mob(500, 'zombie');
    alice.attack(zombie);
    alice.emit('entityHurt', zombie);
    bob.emit('entityHurt', zombie);
    setTick(12);
    bob.emit('entityHurt', zombie);
    alice.emit('entityHurt', zombie);
    expect(of('entity_hurt').map((e) => e.tick)).toEqual([0, 12]);
  });

  it('takes the amount from the health the server sends just after the hurt', async () => {
    vi.useFakeTimers();
    const { alice, orchestrator, of, setTick } = setup({ settleMs: 150 });
    const zombie = mob(500, 'zombie', 20);
    alice.attack(zombie);
    orchestrator.emit('entityHurt', zombie);
    expect(of('entity_hurt')).toEqual([]);
    (zombie as unknown as { metadata: unknown[] }).metadata[HEALTH] = 14;
    await vi.advanceTimersByTimeAsync(150);
    expect(of('entity_hurt')).toMatchObject([{ amount: 6, health: 14, by: 10 }]);
    // The killing blow: hurt then dead back to back; the hurt ends at zero health and comes first.
    setTick(20);
    orchestrator.emit('entityHurt', zombie);
    orchestrator.emit('entityDead', zombie);
    expect(of('entity_hurt').at(-1)).toMatchObject({ amount: 14, health: 0 });
    expect(the(of('entity_died'))).toMatchObject({ by: 10 });
    await vi.advanceTimersByTimeAsync(500);
    expect(of('entity_hurt')).toHaveLength(2);
  });

  it("turns an agent's own death into entity_died and player_died, credited to the agent that hit it", () => {
    const { tracker, bob, events, setTick } = setup();
    bob.attack({ id: 10 } as Entity);
    setTick(4);
    tracker.bodyEvent('alice', { x: 1, y: 5, z: 2 }, { type: 'hurt', tick: 4, agent: 'alice', amount: 6, health: 14 });
    tracker.bodyEvent('alice', { x: 1, y: 5, z: 2 }, { type: 'death', tick: 4, agent: 'alice' });
    expect(events).toEqual([
      { type: 'entity_hurt', tick: 4, entity: 10, entityType: 'player', amount: 6, cause: 'player', by: 11, health: 14 },
      { type: 'entity_died', tick: 4, entity: 10, entityType: 'player', cause: 'player', by: 11, pos: { x: 1, y: 5, z: 2 } },
      { type: 'player_died', tick: 4, player: 10, name: 'alice', cause: 'player', pos: { x: 1, y: 5, z: 2 } },
    ]);
  });

  it('ignores players in the mob stream (their bodies report them)', () => {
    const { bob, orchestrator, events } = setup();
    const alicesEntity = { id: 10, type: 'player', position: new Vec3(0, 5, 0) } as unknown as Entity;
    bob.emit('entityHurt', alicesEntity);
    orchestrator.emit('entityDead', alicesEntity);
    expect(events).toEqual([]);
  });
});

describe('pickups', () => {
  it('reports an item picked up by an agent once, with the item from the entity metadata', () => {
    const { alice, bob, orchestrator, of } = setup();
    const log = item(700, 'oak_log', 1);
    const aliceEntity = { id: 10 } as Entity;
    for (const b of [alice, bob, orchestrator]) b.emit('playerCollect', aliceEntity, log);
    expect(of('item_picked_up')).toEqual([{ type: 'item_picked_up', tick: 0, by: 10, item: 'oak_log', count: 1, itemEntity: 700 }]);
  });

  it('ignores pickups by players that are not agents', () => {
    const { alice, events } = setup();
    alice.emit('playerCollect', { id: 99 } as Entity, item(701, 'dirt', 1));
    expect(events).toEqual([]);
  });

  it('leaves the items of a hand-over to item_given', () => {
    const { tracker, alice, of } = setup();
    const release = tracker.skillSink('bob').holdPickups([10, 11], 'bread');
    alice.emit('playerCollect', { id: 10 } as Entity, item(702, 'bread', 2));
    alice.emit('playerCollect', { id: 10 } as Entity, item(703, 'apple', 1));
    tracker.skillSink('bob').report({ type: 'item_given', to: 10, item: 'bread', count: 2 });
    release();
    alice.emit('playerCollect', { id: 10 } as Entity, item(704, 'bread', 1));
    expect(of('item_picked_up').map((e) => [e.item, e.itemEntity])).toEqual([
      ['apple', 703],
      ['bread', 704],
    ]);
    expect(of('item_given')).toEqual([{ type: 'item_given', tick: 0, by: 11, to: 10, item: 'bread', count: 2 }]);
  });
});

describe("an agent's digging, placing and attacking", () => {
  it('reports a dug block with the drops its tool gets, and nothing for an aborted dig', async () => {
    const { alice, blocks, of } = setup();
    blocks.set('3,4,0', 'stone');
    blocks.set('4,4,0', 'stone');
    blocks.set('5,4,0', 'bedrock');
    await alice.dig(alice.blockAt(new Vec3(3, 4, 0))!);
    (alice as unknown as { heldItem: unknown }).heldItem = { type: data.itemsByName.stone_pickaxe!.id, name: 'stone_pickaxe' };
    await alice.dig(alice.blockAt(new Vec3(4, 4, 0))!);
    await expect(alice.dig(alice.blockAt(new Vec3(5, 4, 0))!)).rejects.toThrow(/aborted/);
    expect(of('block_broken')).toEqual([
      { type: 'block_broken', tick: 0, by: 10, pos: { x: 3, y: 4, z: 0 }, block: 'stone', drops: [] },
      { type: 'block_broken', tick: 0, by: 10, pos: { x: 4, y: 4, z: 0 }, block: 'stone', drops: [{ name: 'cobblestone', count: 1 }] },
    ]);
    expect(alice.digs).toEqual(['stone', 'stone']);
  });

  it('reports a placed block by what appeared at the target', async () => {
    const { bob, blocks, of } = setup();
    blocks.set('2,4,2', 'grass_block');
    (bob as unknown as { heldItem: unknown }).heldItem = { type: data.itemsByName.cobblestone!.id, name: 'cobblestone' };
    await bob.placeBlock(bob.blockAt(new Vec3(2, 4, 2))!, new Vec3(0, 1, 0));
    expect(of('block_placed')).toEqual([{ type: 'block_placed', tick: 0, by: 11, pos: { x: 2, y: 5, z: 2 }, block: 'cobblestone' }]);
  });

  it("puts the bot's own methods back when the episode ends (a pooled bot serves the next one)", async () => {
    const { tracker, alice, blocks, events } = setup();
    blocks.set('3,4,0', 'stone');
    tracker.close();
    await alice.dig(alice.blockAt(new Vec3(3, 4, 0))!);
    alice.emit('entityDead', mob(501, 'zombie'));
    expect(alice.digs).toEqual(['stone']);
    expect(events).toEqual([]);
    expect(alice.listenerCount('entityDead')).toBe(0);
  });
});

describe('EpisodeLog fed by the tracker', () => {
  it('records the kill and the obtained item under the agent name', () => {
    const { alice, orchestrator, events } = setup();
    const log = new EpisodeLog();
    log.record({ type: 'player_joined', tick: 0, player: 10, name: 'alice', pos: { x: 0, y: 5, z: 0 } });
    const zombie = mob(500, 'zombie');
    alice.attack(zombie);
    orchestrator.emit('entityDead', zombie);
    alice.emit('playerCollect', { id: 10 } as Entity, item(705, 'rotten_flesh', 1));
    for (const e of events) log.record(e);
    expect(log.kills).toEqual([{ tick: 0, victim: -1, victimType: 'zombie', by: 'alice' }]);
    expect([...(log.obtained.get('alice') ?? [])]).toEqual(['rotten_flesh']);
    expect(log.behaviours.map((b) => `${b.actor} ${b.action}${b.object ? ` ${b.object}` : ''}`)).toEqual(['zombie died', 'alice kill zombie', 'alice get rotten_flesh']);
  });
});

function the<T>(xs: T[]): T {
  expect(xs).toHaveLength(1);
  return xs[0]!;
}
