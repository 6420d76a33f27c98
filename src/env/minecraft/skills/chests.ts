/**
 * depositToChest and getFromChest with mineflayer's container window. What the window shows is
 * remembered per chest (a real server never tells anyone a chest's contents unasked), so the
 * WorldAdmin can report the contents last seen. Verified only against vanilla/Paper: flying-squid
 * opens chests empty and stores nothing.
 */
import type { Bot } from 'mineflayer';
import type { Vec3 } from '../../../core/vec3.js';
import type { SkillParams } from '../../../skills/catalog.js';
import { fail, succeed, type SkillResult } from '../../../skills/skill-result.js';
import { toVec3 } from '../bot-geometry.js';
import { abortable, chestKey, countOf, errorMessage, throwIfAborted, type McSkillContext } from './context.js';
import { fmt } from './movement.js';
import { walk, withinReach } from './walk.js';

interface ChestWindow {
  containerItems(): { name: string; count: number; type: number }[];
  deposit(itemType: number, metadata: number | null, count: number | null): Promise<void>;
  withdraw(itemType: number, metadata: number | null, count: number | null): Promise<void>;
  close(): void;
}

async function openChestAt(ctx: McSkillContext, pos: Vec3): Promise<ChestWindow | { reason: string; details: string }> {
  const walked = await walk(ctx, withinReach(pos), 20 * 60);
  if (!walked.ok) return { reason: walked.reason, details: `could not reach the chest at ${fmt(pos)}: ${walked.details}` };
  const block = ctx.bot.blockAt(toVec3(pos));
  if (!block || !/chest|barrel|shulker_box/.test(block.name)) return { reason: 'not_a_chest', details: `${fmt(pos)} holds ${block?.name ?? 'nothing loaded'}, not a chest` };
  try {
    return (await abortable(ctx.signal, ctx.bot.openContainer(block))) as unknown as ChestWindow;
  } catch (err) {
    if (ctx.signal.aborted) throw err;
    return { reason: 'open_failed', details: `the chest at ${fmt(pos)} did not open: ${errorMessage(err)}` };
  }
}

function remember(ctx: McSkillContext, pos: Vec3, window: ChestWindow): void {
  const counts: Record<string, number> = {};
  for (const item of window.containerItems()) counts[item.name] = (counts[item.name] ?? 0) + item.count;
  ctx.chests.set(chestKey(pos), counts);
}

const itemId = (bot: Bot, name: string): number | undefined => bot.registry.itemsByName[name]?.id;

export async function depositToChest(ctx: McSkillContext, p: SkillParams<'depositToChest'>): Promise<SkillResult> {
  const { bot } = ctx;
  for (const it of p.items) {
    if (itemId(bot, it.name) === undefined) return fail('unknown_item', `'${it.name}' is not an item name`);
    const have = countOf(bot, it.name);
    if (have === 0 || (it.count !== undefined && have < it.count)) return fail('missing_items', `you have ${have} ${it.name}${it.count !== undefined ? `, not ${it.count}` : ''}`);
  }
  const chest = { x: Math.floor(p.chest.x), y: Math.floor(p.chest.y), z: Math.floor(p.chest.z) };
  const window = await openChestAt(ctx, chest);
  if ('reason' in window) return fail(window.reason, window.details);
  const deposited: { name: string; count: number }[] = [];
  try {
    for (const it of p.items) {
      throwIfAborted(ctx.signal);
      const count = it.count ?? countOf(bot, it.name);
      try {
        await abortable(ctx.signal, window.deposit(itemId(bot, it.name)!, null, count));
      } catch (err) {
        if (ctx.signal.aborted) throw err;
        return fail('chest_full', `could not put ${count} ${it.name} into the chest: ${errorMessage(err)}`);
      }
      deposited.push({ name: it.name, count });
      ctx.events.report({ type: 'item_deposited', pos: chest, item: it.name, count });
    }
    remember(ctx, chest, window);
  } finally {
    window.close();
  }
  return succeed({ deposited });
}

export async function getFromChest(ctx: McSkillContext, p: SkillParams<'getFromChest'>): Promise<SkillResult> {
  const { bot } = ctx;
  for (const it of p.items) if (itemId(bot, it.name) === undefined) return fail('unknown_item', `'${it.name}' is not an item name`);
  const chest = { x: Math.floor(p.chest.x), y: Math.floor(p.chest.y), z: Math.floor(p.chest.z) };
  const window = await openChestAt(ctx, chest);
  if ('reason' in window) return fail(window.reason, window.details);
  const taken: { name: string; count: number }[] = [];
  try {
    for (const it of p.items) {
      throwIfAborted(ctx.signal);
      const inChest = window.containerItems().filter((i) => i.name === it.name).reduce((n, i) => n + i.count, 0);
      const want = it.count ?? inChest;
      if (inChest === 0 || inChest < want) {
        remember(ctx, chest, window);
        return fail('missing_items', `the chest holds ${inChest} ${it.name}${it.count !== undefined ? `, not ${it.count}` : ''}`);
      }
      try {
        await abortable(ctx.signal, window.withdraw(itemId(bot, it.name)!, null, want));
      } catch (err) {
        if (ctx.signal.aborted) throw err;
        return fail('inventory_full', `could not take ${want} ${it.name}: ${errorMessage(err)}`);
      }
      taken.push({ name: it.name, count: want });
      ctx.events.report({ type: 'item_taken', pos: chest, item: it.name, count: want });
    }
    remember(ctx, chest, window);
  } finally {
    window.close();
  }
  return succeed({ taken });
}
