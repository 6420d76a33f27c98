/** give, equip, eat and useItem on mineflayer. */
import type { Bot } from 'mineflayer';
import type { SkillParams } from '../../../skills/catalog.js';
import { fail, succeed, type SkillResult } from '../../../skills/skill-result.js';
import { plain, toVec3 } from '../bot-geometry.js';
import { botVisibleEntities } from '../bot-senses.js';
import { droppedItem } from '../entities.js';
import { abortable, countOf, findItem, throwIfAborted, type McSkillContext } from './context.js';
import { dropHeld } from './drop.js';
import { fmt } from './movement.js';
import { near, walk, withinReach } from './walk.js';

type Destination = 'hand' | 'off-hand' | 'head' | 'torso' | 'legs' | 'feet';

const SLOT_TO_DESTINATION: Record<'hand' | 'off-hand' | 'head' | 'chest' | 'legs' | 'feet', Destination> = {
  hand: 'hand',
  'off-hand': 'off-hand',
  head: 'head',
  chest: 'torso',
  legs: 'legs',
  feet: 'feet',
};

/** Where an item is worn when no slot is named: armor by its name, anything else in the hand. */
export function defaultSlot(item: string): 'hand' | 'head' | 'chest' | 'legs' | 'feet' {
  if (/_helmet$|^turtle_helmet$|_head$|^carved_pumpkin$/.test(item)) return 'head';
  if (/_chestplate$|^elytra$/.test(item)) return 'chest';
  if (/_leggings$/.test(item)) return 'legs';
  if (/_boots$/.test(item)) return 'feet';
  return 'hand';
}

/**
 * Walks next to the receiver, faces it and drops the items (Q), then steps away so the receiver,
 * not the giver, picks them up; succeeds when the receiver was seen collecting them.
 */
export async function give(ctx: McSkillContext, p: SkillParams<'give'>): Promise<SkillResult> {
  const { bot } = ctx;
  if (p.player === ctx.agent) return fail('invalid_params', 'you cannot give items to yourself');
  const have = countOf(bot, p.item);
  if (have < p.count) return fail('missing_items', `you have ${have} ${p.item}, not ${p.count}`);
  const target = botVisibleEntities(bot, ctx.senses, { type: 'player' }).find((e) => e.name === p.player);
  if (!target) return fail('not_visible', `you cannot see ${p.player}; find them first (they must be within your perception range and in sight)`);
  const walked = await walk(ctx, near(target.pos, 1.5), 20 * 60);
  if (!walked.ok) return fail(walked.reason, `could not reach ${p.player}: ${walked.details}`);
  const receiver = bot.players[p.player]?.entity;
  if (!receiver) return fail('not_visible', `${p.player} left your sight`);

  let received = 0;
  const onCollect = (collector: { id: number }, collected: { id: number }): void => {
    if (collector.id !== receiver.id) return;
    const stack = droppedItem(collected as never);
    if (!stack || stack.name === p.item) received += stack?.count ?? 1;
  };
  bot.on('playerCollect', onCollect as never);
  // The receiver's pickups of these items are the hand-over (item_given), not items it found.
  const release = ctx.events.holdPickups([receiver.id, bot.entity.id], p.item);
  try {
    // Up to three throws: on servers with a short pickup delay the giver may catch its own items.
    for (let attempt = 0; attempt < 3 && received < p.count; attempt++) {
      let left = Math.min(p.count - received, countOf(bot, p.item));
      if (left === 0) break;
      await walk(ctx, near(plain(receiver.position), 1.5), 20 * 30);
      while (left > 0) {
        throwIfAborted(ctx.signal);
        const stack = findItem(bot, p.item);
        if (!stack) break;
        await abortable(ctx.signal, bot.equip(stack, 'hand'));
        await abortable(ctx.signal, bot.lookAt(receiver.position.offset(0, 0.5, 0), true));
        left -= dropHeld(bot, left);
      }
      await stepAwayFrom(ctx, receiver.position);
      const before = countOf(bot, p.item);
      for (let t = 0; t < 60 && received < p.count && countOf(bot, p.item) === before; t += 5) await ctx.waitTicks(5);
    }
  } finally {
    bot.off('playerCollect', onCollect as never);
    bot.clearControlStates();
    release();
    // Items that changed hands did so even when the give falls short.
    if (received > 0) ctx.events.report({ type: 'item_given', to: receiver.id, item: p.item, count: Math.min(received, p.count) });
  }
  if (received < p.count) {
    return fail('not_received', `dropped ${p.count} ${p.item} next to ${p.player}, but ${p.player} picked up ${received}; the rest lies on the ground`);
  }
  return succeed({ to: p.player, item: p.item, count: p.count });
}

/** Turns away from a point and sprints a few blocks, so dropped items are not picked up again. */
async function stepAwayFrom(ctx: McSkillContext, from: { x: number; y: number; z: number }): Promise<void> {
  const { bot } = ctx;
  const me = bot.entity.position;
  const away = me.offset(me.x - from.x, 0, me.z - from.z);
  await bot.lookAt(away.offset(0, 1.6, 0), true);
  bot.setControlState('forward', true);
  bot.setControlState('sprint', true);
  await ctx.waitTicks(8);
  bot.clearControlStates();
}

export async function equip(ctx: McSkillContext, p: SkillParams<'equip'>): Promise<SkillResult> {
  const item = findItem(ctx.bot, p.item);
  if (!item) return fail('missing_items', `no ${p.item} in the inventory`);
  const slot = p.slot ?? defaultSlot(p.item);
  await abortable(ctx.signal, ctx.bot.equip(item, SLOT_TO_DESTINATION[slot]));
  return succeed({ item: p.item, slot });
}

interface FoodFacts { foodPoints: number; saturation: number }

function foodFacts(bot: Bot, name: string): FoodFacts | undefined {
  const foods = (bot.registry as unknown as { foodsByName: Record<string, FoodFacts | undefined> }).foodsByName;
  return foods[name];
}

export async function eat(ctx: McSkillContext, p: SkillParams<'eat'>): Promise<SkillResult> {
  const { bot } = ctx;
  let name = p.item;
  if (name !== undefined) {
    if (!foodFacts(bot, name)) return fail('not_food', `${name} cannot be eaten`);
    if (countOf(bot, name) === 0) return fail('missing_items', `no ${name} in the inventory`);
  } else {
    const foods = bot.inventory.items().filter((i) => foodFacts(bot, i.name));
    foods.sort((a, b) => foodFacts(bot, b.name)!.foodPoints - foodFacts(bot, a.name)!.foodPoints || a.name.localeCompare(b.name));
    name = foods[0]?.name;
    if (name === undefined) return fail('missing_items', 'no food in the inventory');
  }
  if (bot.food >= 20) return fail('not_hungry', 'your food bar is full; you can eat only when hungry');
  await abortable(ctx.signal, bot.equip(findItem(bot, name)!, 'hand'));
  await abortable(ctx.signal, bot.consume());
  ctx.events.report({ type: 'player_ate', item: name, food: bot.food, saturation: bot.foodSaturation });
  return succeed({ item: name, food: bot.food, saturation: bot.foodSaturation });
}

const DRINKS = /potion$|^milk_bucket$|^honey_bottle$/;

export async function useItem(ctx: McSkillContext, p: SkillParams<'useItem'>): Promise<SkillResult> {
  const { bot } = ctx;
  if (p.item !== undefined) {
    const item = findItem(bot, p.item);
    if (!item) return fail('missing_items', `no ${p.item} in the inventory`);
    await abortable(ctx.signal, bot.equip(item, 'hand'));
  }
  const held = bot.heldItem;
  if (!held && !p.target) return fail('nothing_held', 'hold an item (or name one) to use it');
  if (p.target) {
    const walked = await walk(ctx, withinReach(p.target), 20 * 60);
    if (!walked.ok) return fail(walked.reason, `could not reach ${fmt(p.target)}: ${walked.details}`);
    const block = bot.blockAt(toVec3(p.target));
    if (!block) return fail('not_loaded', `${fmt(p.target)} is outside the loaded world`);
    await abortable(ctx.signal, bot.activateBlock(block));
  } else if (held && (DRINKS.test(held.name) || foodFacts(bot, held.name))) {
    await abortable(ctx.signal, bot.consume());
  } else {
    bot.activateItem();
    await ctx.waitTicks(2);
    bot.deactivateItem();
  }
  return succeed({ item: held?.name ?? null, ...(p.target ? { target: plain(p.target) } : {}) });
}
