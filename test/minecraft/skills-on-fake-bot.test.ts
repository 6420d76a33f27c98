/**
 * The skills flying-squid cannot exercise (craft, smelt, chests, eat, equip slots), checked at the
 * mineflayer-call level: a fake bot records the calls a skill makes and answers like mineflayer
 * does, so these tests pin down what a real vanilla/Paper server will be asked to do.
 */
import minecraftData from 'minecraft-data';
import type { Bot } from 'mineflayer';
import { describe, expect, it } from 'vitest';
import { Vec3 } from 'vec3';
import { MessageHub } from '../../src/env/minecraft/messaging.js';
import type { Senses } from '../../src/env/minecraft/body-port.js';
import { depositToChest, getFromChest } from '../../src/env/minecraft/skills/chests.js';
import { Cancelled, type McSkillContext, type SkillWorldEvent } from '../../src/env/minecraft/skills/context.js';
import { craft, smelt } from '../../src/env/minecraft/skills/crafting.js';
import { eat, equip } from '../../src/env/minecraft/skills/items.js';
import { place } from '../../src/env/minecraft/skills/building.js';
import { attack } from '../../src/env/minecraft/skills/combat.js';
import { mineBlocks } from '../../src/env/minecraft/skills/mining.js';
import { SKILL_CATALOG, type SkillName, type SkillParams } from '../../src/skills/catalog.js';

const data = minecraftData('1.16.5');

interface Stack { name: string; count: number; type: number }
const stack = (name: string, count: number): Stack => ({ name, count, type: data.itemsByName[name]!.id });

/** Blocks of the fake world: stone below y = 0, air above, plus what a test places. */
function fakeBot(items: Stack[], blocks: Record<string, string> = {}) {
  const calls: [string, ...unknown[]][] = [];
  const inventory = [...items];
  const stateOf = (name: string): number => data.blocksByName[name]!.minStateId!;
  const blockName = (x: number, y: number, z: number): string => blocks[`${x},${y},${z}`] ?? (y < 0 ? 'stone' : 'air');
  const bot = {
    registry: data,
    entity: { position: new Vec3(0.5, 0, 0.5), yaw: 0, pitch: 0, onGround: true, id: 1, height: 1.8 },
    entities: {},
    on: () => undefined,
    off: () => undefined,
    players: {},
    food: 20,
    foodSaturation: 5,
    heldItem: null as Stack | null,
    world: { getBlockStateId: (p: Vec3) => stateOf(blockName(Math.floor(p.x), Math.floor(p.y), Math.floor(p.z))) },
    blockAt: (p: Vec3) => {
      const name = blockName(Math.floor(p.x), Math.floor(p.y), Math.floor(p.z));
      return { name, position: p.floored(), boundingBox: name === 'air' ? 'empty' : 'block' };
    },
    inventory: { items: () => inventory.filter((i) => i.count > 0) },
    recipesFor: (id: number, _m: null, _n: number, table: unknown) => {
      calls.push(['recipesFor', data.items[id]!.name, table === null ? 'no table' : 'table']);
      // Planks need no table; a pickaxe does.
      if (data.items[id]!.name === 'oak_planks' && inventory.some((i) => i.name === 'oak_log' && i.count > 0)) return [{ result: { count: 4 }, delta: [] }];
      return [];
    },
    recipesAll: (id: number, _m: null, table: unknown) => {
      calls.push(['recipesAll', data.items[id]!.name, table === null ? 'no table' : 'table']);
      const name = data.items[id]!.name;
      if (name === 'wooden_pickaxe') return table === null ? [] : [{ result: { count: 1 }, delta: [{ id: data.itemsByName.oak_planks!.id, count: -3 }, { id: data.itemsByName.stick!.id, count: -2 }] }];
      if (name === 'oak_planks') return [{ result: { count: 4 }, delta: [{ id: data.itemsByName.oak_log!.id, count: -1 }] }];
      return [];
    },
    craft: async (recipe: { result: { count: number } }, times: number, table?: unknown) => {
      calls.push(['craft', times, table === undefined ? 'no table' : 'table']);
      const log = inventory.find((i) => i.name === 'oak_log')!;
      log.count -= times;
      inventory.push(stack('oak_planks', recipe.result.count * times));
    },
    equip: async (item: Stack, dest: string) => {
      calls.push(['equip', item.name, dest]);
      if (dest === 'hand') bot.heldItem = item;
    },
    consume: async () => {
      calls.push(['consume', bot.heldItem?.name]);
      bot.heldItem!.count--;
      bot.food = Math.min(20, bot.food + 5);
    },
    openFurnace: async (block: { name: string }) => {
      calls.push(['openFurnace', block.name]);
      let output: Stack | null = null;
      return {
        putFuel: async (id: number, _m: null, n: number) => calls.push(['putFuel', data.items[id]!.name, n]),
        putInput: async (id: number, _m: null, n: number) => {
          calls.push(['putInput', data.items[id]!.name, n]);
          output = stack('iron_ingot', n);
        },
        outputItem: () => output,
        takeOutput: async () => {
          calls.push(['takeOutput']);
          const o = output!;
          output = null;
          inventory.push(o);
          return o;
        },
        close: () => calls.push(['closeFurnace']),
      };
    },
    openContainer: async (block: { name: string }) => {
      calls.push(['openContainer', block.name]);
      const contents = [stack('apple', 3)];
      return {
        containerItems: () => contents.filter((i) => i.count > 0),
        deposit: async (id: number, _m: null, n: number) => {
          calls.push(['deposit', data.items[id]!.name, n]);
          const mine = inventory.find((i) => i.type === id)!;
          mine.count -= n;
          contents.push(stack(mine.name, n));
        },
        withdraw: async (id: number, _m: null, n: number) => {
          calls.push(['withdraw', data.items[id]!.name, n]);
          const theirs = contents.find((i) => i.type === id)!;
          theirs.count -= n;
          inventory.push(stack(theirs.name, n));
        },
        close: () => calls.push(['closeChest']),
      };
    },
  };
  return { bot: bot as unknown as Bot, calls, inventory };
}

function context(bot: Bot): McSkillContext & { chests: Map<string, Record<string, number>>; reported: SkillWorldEvent[] } {
  const senses: Senses = { perceptionRange: 16, omniscient: false, hiddenPlayers: new Set() };
  const controller = new AbortController();
  const reported: SkillWorldEvent[] = [];
  return {
    reported,
    events: { report: (e) => reported.push(e), holdPickups: () => () => undefined },
    bot,
    agent: 'a',
    senses,
    signal: controller.signal,
    hub: new MessageHub({ mode: 'out-of-band', chatRange: 32, radioChannels: [] }, () => 0),
    chests: new Map(),
    waitTicks: async () => {
      if (controller.signal.aborted) throw new Cancelled();
    },
  };
}

const params = <N extends SkillName>(name: N, raw: unknown): SkillParams<N> => SKILL_CATALOG[name].params.parse(raw) as SkillParams<N>;

describe('craft on mineflayer', () => {
  it('crafts a 2x2 recipe without a table, as many times as the count needs', async () => {
    const { bot, calls } = fakeBot([stack('oak_log', 2)]);
    const ctx = context(bot);
    const r = await craft(ctx, params('craft', { item: 'oak_planks', count: 8 }));
    expect(r).toEqual({ ok: true, item: 'oak_planks', crafted: 8 });
    expect(calls).toContainEqual(['craft', 2, 'no table']);
    // What EpisodeLog needs to count the planks as crafted and obtained.
    expect(ctx.reported).toEqual([{ type: 'item_crafted', item: 'oak_planks', count: 8 }]);
  });

  it('needs a crafting table for a 3x3 recipe and says so when none is in sight or carried', async () => {
    const { bot, calls } = fakeBot([stack('oak_planks', 3), stack('stick', 2)]);
    const ctx = context(bot);
    const r = await craft(ctx, params('craft', { item: 'wooden_pickaxe' }));
    expect(r).toMatchObject({ ok: false, reason: 'no_crafting_table' });
    expect(ctx.reported).toEqual([]);
    expect(calls.some((c) => c[0] === 'craft')).toBe(false);
  });

  it('rejects unknown items without calling mineflayer', async () => {
    const { bot, calls } = fakeBot([]);
    expect(await craft(context(bot), params('craft', { item: 'unobtainium' }))).toMatchObject({ ok: false, reason: 'unknown_item' });
    expect(calls).toEqual([]);
  });
});

describe('smelt on mineflayer', () => {
  it('uses the furnace in sight: fuel for the count, the input, then takes the output', async () => {
    const { bot, calls, inventory } = fakeBot([stack('iron_ore', 3), stack('coal', 2)], { '2,0,0': 'furnace' });
    const ctx = context(bot);
    const r = await smelt(ctx, params('smelt', { item: 'iron_ore', count: 3 }));
    const at = { x: 2, y: 0, z: 0 };
    expect(ctx.reported).toEqual([
      { type: 'item_deposited', pos: at, item: 'coal', count: 1 },
      { type: 'item_deposited', pos: at, item: 'iron_ore', count: 3 },
      { type: 'item_smelted', pos: at, item: 'iron_ingot', count: 3 },
      { type: 'item_taken', pos: at, item: 'iron_ingot', count: 3 },
    ]);
    expect(r).toEqual({ ok: true, input: 'iron_ore', output: 'iron_ingot', smelted: 3 });
    expect(calls).toEqual([['openFurnace', 'furnace'], ['putFuel', 'coal', 1], ['putInput', 'iron_ore', 3], ['takeOutput'], ['closeFurnace']]);
    expect(inventory.find((i) => i.name === 'iron_ingot')?.count).toBe(3);
  });

  it('fails with no_fuel when nothing burnable is carried', async () => {
    const { bot, calls } = fakeBot([stack('iron_ore', 1)], { '2,0,0': 'furnace' });
    expect(await smelt(context(bot), params('smelt', { item: 'iron_ore' }))).toMatchObject({ ok: false, reason: 'no_fuel' });
    expect(calls).toEqual([]);
  });
});

describe('chests on mineflayer', () => {
  it('deposits and withdraws through the container window and remembers what it saw', async () => {
    const { bot, calls } = fakeBot([stack('cobblestone', 10)], { '2,0,2': 'chest' });
    const ctx = context(bot);
    const put = await depositToChest(ctx, params('depositToChest', { chest: { x: 2, y: 0, z: 2 }, items: [{ name: 'cobblestone', count: 4 }] }));
    expect(put).toEqual({ ok: true, deposited: [{ name: 'cobblestone', count: 4 }] });
    expect(calls).toEqual([['openContainer', 'chest'], ['deposit', 'cobblestone', 4], ['closeChest']]);
    expect(ctx.chests.get('2,0,2')).toEqual({ apple: 3, cobblestone: 4 });

    const take = await getFromChest(ctx, params('getFromChest', { chest: { x: 2, y: 0, z: 2 }, items: [{ name: 'apple', count: 2 }] }));
    expect(take).toEqual({ ok: true, taken: [{ name: 'apple', count: 2 }] });
    expect(calls.slice(3)).toEqual([['openContainer', 'chest'], ['withdraw', 'apple', 2], ['closeChest']]);
    expect(ctx.reported).toEqual([
      { type: 'item_deposited', pos: { x: 2, y: 0, z: 2 }, item: 'cobblestone', count: 4 },
      { type: 'item_taken', pos: { x: 2, y: 0, z: 2 }, item: 'apple', count: 2 },
    ]);
  });

  it('refuses a block that is not a chest, and more items than the chest holds', async () => {
    const { bot } = fakeBot([stack('cobblestone', 10)], { '2,0,2': 'chest', '2,0,-2': 'stone' });
    const ctx = context(bot);
    expect(await depositToChest(ctx, params('depositToChest', { chest: { x: 2, y: 0, z: -2 }, items: [{ name: 'cobblestone' }] }))).toMatchObject({ ok: false, reason: 'not_a_chest' });
    expect(await getFromChest(ctx, params('getFromChest', { chest: { x: 2, y: 0, z: 2 }, items: [{ name: 'apple', count: 9 }] }))).toMatchObject({ ok: false, reason: 'missing_items' });
  });
});

describe('eat and equip on mineflayer', () => {
  it('eats the most filling food when hungry and refuses when full', async () => {
    const { bot, calls } = fakeBot([stack('apple', 1), stack('cooked_beef', 1)]);
    expect(await eat(context(bot), params('eat', {}))).toMatchObject({ ok: false, reason: 'not_hungry' });
    (bot as unknown as { food: number }).food = 10;
    const ctx = context(bot);
    const r = await eat(ctx, params('eat', {}));
    expect(r).toMatchObject({ ok: true, item: 'cooked_beef', food: 15 });
    expect(ctx.reported).toEqual([{ type: 'player_ate', item: 'cooked_beef', food: 15, saturation: 5 }]);
    expect(calls).toEqual([['equip', 'cooked_beef', 'hand'], ['consume', 'cooked_beef']]);
  });

  it('wears armor in its slot and holds anything else', async () => {
    const { bot, calls } = fakeBot([stack('iron_chestplate', 1), stack('stone_sword', 1)]);
    expect(await equip(context(bot), params('equip', { item: 'iron_chestplate' }))).toEqual({ ok: true, item: 'iron_chestplate', slot: 'chest' });
    expect(await equip(context(bot), params('equip', { item: 'stone_sword' }))).toEqual({ ok: true, item: 'stone_sword', slot: 'hand' });
    expect(calls).toEqual([['equip', 'iron_chestplate', 'torso'], ['equip', 'stone_sword', 'hand']]);
    expect(await equip(context(bot), params('equip', { item: 'diamond_sword' }))).toMatchObject({ ok: false, reason: 'missing_items' });
  });
});

describe('senses on mineflayer: a skill names no block the bot cannot know', () => {
  /** A bot whose pathfinder finds no way anywhere, as for a spot up in the air or sealed in rock. */
  function strandedBot(blocks: Record<string, string>): Bot {
    const { bot } = fakeBot([stack('oak_planks', 1), stack('iron_pickaxe', 1)], blocks);
    const noPath = Object.assign(new Error('No path to the goal!'), { name: 'NoPath' });
    Object.assign(bot, { pathfinder: { goto: () => Promise.reject(noPath), stop: () => undefined } });
    return bot;
  }
  const remote = { x: 100, y: 5, z: 0 }; // beyond the 16-block perception range
  const hidden = { x: 3, y: -5, z: 0 }; // in range, under solid stone, out of reach
  const key = (p: { x: number; y: number; z: number }): string => `${p.x},${p.y},${p.z}`;

  it('attack by an id out of sight answers like an id that does not exist, as on the embedded world', async () => {
    const { bot } = fakeBot([]);
    // A zombie the bot tracks 100 blocks away, beyond its 16-block perception range.
    Object.assign(bot.entities, { 7: { id: 7, type: 'mob', name: 'zombie', position: new Vec3(100.5, 0, 0.5), height: 1.95 } });
    const unseen = await attack(context(bot), params('attack', { id: 7 }));
    const absent = await attack(context(bot), params('attack', { id: 999 }));
    expect(unseen).toEqual({ ok: false, reason: 'not_visible', details: 'no entity with id 7 is in sight; findEntities lists the ones you can see' });
    expect(absent).toEqual({ ok: false, reason: 'not_visible', details: 'no entity with id 999 is in sight; findEntities lists the ones you can see' });
    expect(await attack(context(bot), params('attack', { type: 'zombie', maxDistance: 8 }))).toEqual({
      ok: false, reason: 'not_visible', details: 'no living zombie in sight within 8 blocks; scout for one or check the name',
    });
  });

  it("attack leaves the off-hand shield to mineflayer-pvp, hides it from pvp with shield: false, and lowers it at the end", async () => {
    const fight = async (shield: boolean) => {
      const { bot } = fakeBot([]);
      const seenByPvp: boolean[] = [];
      let lowered = 0;
      // pvp's hasShield lives on its prototype, as in mineflayer-pvp's class.
      const pvp = Object.assign(Object.create({ hasShield: () => true }) as { hasShield(): boolean }, {
        attack: (e: { id: number }) => {
          seenByPvp.push(pvp.hasShield());
          delete (bot.entities as Record<number, unknown>)[e.id]; // the zombie dies at once
        },
        stop: async () => undefined,
      });
      Object.assign(bot, { pvp, usingHeldItem: true, deactivateItem: () => lowered++ });
      Object.assign(bot.entities, { 7: { id: 7, type: 'mob', name: 'zombie', position: new Vec3(2.5, 0, 0.5), height: 1.95 } });
      const r = await attack(context(bot), params('attack', { id: 7, shield }));
      return { r, seenByPvp, after: pvp.hasShield(), lowered };
    };
    expect(await fight(true)).toEqual({ r: { ok: true, target: { id: 7, type: 'zombie' }, killed: true }, seenByPvp: [true], after: true, lowered: 1 });
    expect(await fight(false)).toEqual({ r: { ok: true, target: { id: 7, type: 'zombie' }, killed: true }, seenByPvp: [false], after: true, lowered: 1 });
  });

  for (const [where, target] of [['remote', remote], ['hidden', hidden]] as const) {
    it(`place and mineBlocks at a ${where} spot answer the same whatever is there`, async () => {
      const answers = async (block: string) => {
        const placed = await place(context(strandedBot({ [key(target)]: block })), params('place', { block: 'oak_planks', ...target }));
        const mined = await mineBlocks(context(strandedBot({ [key(target)]: block })), params('mineBlocks', { positions: [target] }));
        return { placed, mined };
      };
      const secret = await answers('emerald_ore');
      expect(secret.placed).toMatchObject({ ok: false, reason: 'no_path' });
      expect(JSON.stringify(secret)).not.toMatch(/emerald/);
      expect(secret).toEqual(await answers(where === 'remote' ? 'air' : 'oak_planks'));
    });
  }
});
