/**
 * craft and smelt with mineflayer's recipe and furnace APIs. Neither can be exercised on
 * flying-squid (it has no server-side crafting or furnaces), so both are unit-tested at the
 * mineflayer-call level and verified only against vanilla/Paper (docs/minecraft-backend.md).
 */
import type { Bot } from 'mineflayer';
import type { Block } from 'prismarine-block';
import type { Vec3 } from '../../../core/vec3.js';
import type { SkillParams } from '../../../skills/catalog.js';
import { fail, succeed, type SkillResult } from '../../../skills/skill-result.js';
import { plain, toVec3 } from '../bot-geometry.js';
import { botVisibleBlocks } from '../bot-senses.js';
import { placeOne } from './building.js';
import { abortable, countOf, errorMessage, inventoryCounts, throwIfAborted, type McSkillContext } from './context.js';
import { withinReach, walk } from './walk.js';

/** The nearest visible block of a type, or one placed from the inventory next to the agent. */
async function stationBlock(ctx: McSkillContext, name: string): Promise<{ block: Block } | { reason: string; details: string }> {
  const { bot } = ctx;
  const seen = botVisibleBlocks(bot, ctx.senses, { names: [name], maxResults: 1 })[0];
  let pos: Vec3 | null = seen?.pos ?? null;
  if (!pos) {
    if (countOf(bot, name) === 0) return { reason: `no_${name}`, details: `no ${name} in sight and none in the inventory; craft or bring one` };
    pos = freeSpotNextTo(bot);
    if (!pos) return { reason: 'no_space', details: `no free spot on solid ground next to you to place a ${name}` };
    const placed = await placeOne(ctx, name, pos);
    if (!placed.ok) return { reason: placed.reason, details: `could not place a ${name}: ${placed.details}` };
  }
  const walked = await walk(ctx, withinReach(pos), 20 * 60);
  if (!walked.ok) return { reason: walked.reason, details: `could not reach the ${name}: ${walked.details}` };
  const block = bot.blockAt(toVec3(pos));
  if (!block || block.name !== name) return { reason: `no_${name}`, details: `the ${name} is gone` };
  return { block };
}

function freeSpotNextTo(bot: Bot): Vec3 | null {
  const p = plain(bot.entity.position.floored());
  for (const [dx, dz] of [[2, 0], [-2, 0], [0, 2], [0, -2], [2, 1], [1, 2], [-2, -1], [-1, -2]] as const) {
    const at = { x: p.x + dx, y: p.y, z: p.z + dz };
    const here = bot.blockAt(toVec3(at));
    const below = bot.blockAt(toVec3({ x: at.x, y: at.y - 1, z: at.z }));
    if (here?.name === 'air' && below?.boundingBox === 'block') return at;
  }
  return null;
}

export async function craft(ctx: McSkillContext, p: SkillParams<'craft'>): Promise<SkillResult> {
  const { bot } = ctx;
  const item = bot.registry.itemsByName[p.item];
  if (!item) return fail('unknown_item', `'${p.item}' is not an item name`);
  let table: Block | null = null;
  let recipes = bot.recipesFor(item.id, null, 1, null);
  if (recipes.length === 0) {
    const needsTable = bot.recipesAll(item.id, null, true).length > 0;
    if (!needsTable) return fail('no_recipe', `${p.item} cannot be crafted`);
    if (bot.recipesAll(item.id, null, null).length === 0) {
      const station = await stationBlock(ctx, 'crafting_table');
      if ('reason' in station) return fail(station.reason === 'no_crafting_table' ? 'no_crafting_table' : station.reason, station.details);
      table = station.block;
    }
    recipes = bot.recipesFor(item.id, null, 1, table ?? true);
  }
  const recipe = recipes[0];
  if (!recipe) return fail('missing_items', `not enough ingredients for ${p.item}: ${describeNeeds(bot, bot.recipesAll(item.id, null, table ?? true)[0])}`);
  const times = Math.ceil(p.count / recipe.result.count);
  const before = countOf(bot, p.item);
  try {
    await abortable(ctx.signal, bot.craft(recipe, times, table ?? undefined));
  } catch (err) {
    if (ctx.signal.aborted) throw err;
    return fail('craft_failed', `crafting ${p.item} failed: ${errorMessage(err)} (you may lack ingredients for ${times} crafts)`);
  }
  const crafted = countOf(bot, p.item) - before;
  if (crafted > 0) ctx.events.report({ type: 'item_crafted', item: p.item, count: crafted });
  return succeed({ item: p.item, crafted });
}

function describeNeeds(bot: Bot, recipe: { delta: { id: number; count: number }[] } | undefined): string {
  if (!recipe) return 'no recipe';
  const have = inventoryCounts(bot);
  return recipe.delta
    .filter((d) => d.count < 0)
    .map((d) => {
      const name = bot.registry.items[d.id]?.name ?? `item ${d.id}`;
      return `${-d.count} ${name} (have ${have.get(name) ?? 0})`;
    })
    .join(', ');
}

/** How many items one unit of each fuel smelts (vanilla burn time / 200 ticks). */
export const FUEL_ITEMS_SMELTED: Record<string, number> = {
  coal: 8,
  charcoal: 8,
  coal_block: 80,
  blaze_rod: 12,
  lava_bucket: 100,
  stick: 0.5,
};
const fuelValue = (name: string): number => FUEL_ITEMS_SMELTED[name] ?? (/_planks$|_log$|_wood$/.test(name) ? 1.5 : 0);

export async function smelt(ctx: McSkillContext, p: SkillParams<'smelt'>): Promise<SkillResult> {
  const { bot } = ctx;
  const input = bot.registry.itemsByName[p.item];
  if (!input) return fail('unknown_item', `'${p.item}' is not an item name`);
  if (countOf(bot, p.item) < p.count) return fail('missing_items', `you have ${countOf(bot, p.item)} ${p.item}, not ${p.count}`);
  const fuelName = p.fuel ?? bot.inventory.items().map((i) => i.name).filter((n) => fuelValue(n) > 0 && n !== p.item).sort((a, b) => fuelValue(b) - fuelValue(a))[0];
  if (!fuelName || fuelValue(fuelName) === 0) return fail('no_fuel', p.fuel ? `${p.fuel} is not a furnace fuel` : 'no fuel in the inventory (coal, charcoal, planks, logs …)');
  const fuelCount = Math.ceil(p.count / fuelValue(fuelName));
  if (countOf(bot, fuelName) < fuelCount) return fail('missing_items', `need ${fuelCount} ${fuelName} as fuel, have ${countOf(bot, fuelName)}`);
  const station = await stationBlock(ctx, 'furnace');
  if ('reason' in station) return fail(station.reason, station.details);
  const furnace = await abortable(ctx.signal, bot.openFurnace(station.block));
  const at = plain(station.block.position);
  let smelted = 0;
  let output: string | null = null;
  try {
    await abortable(ctx.signal, furnace.putFuel(bot.registry.itemsByName[fuelName]!.id, null, fuelCount));
    ctx.events.report({ type: 'item_deposited', pos: at, item: fuelName, count: fuelCount });
    await abortable(ctx.signal, furnace.putInput(input.id, null, p.count));
    ctx.events.report({ type: 'item_deposited', pos: at, item: p.item, count: p.count });
    // Vanilla smelts one item per 200 ticks; allow half as long again for lag.
    const deadline = p.count * 300 + 100;
    for (let t = 0; t < deadline && smelted < p.count; t += 20) {
      throwIfAborted(ctx.signal);
      await ctx.waitTicks(20);
      if (furnace.outputItem()) {
        const taken = await abortable(ctx.signal, furnace.takeOutput());
        output = taken.name;
        smelted += taken.count;
        // The furnace window shows a product only once it is done: smelted and taken at once here.
        ctx.events.report({ type: 'item_smelted', pos: at, item: taken.name, count: taken.count });
        ctx.events.report({ type: 'item_taken', pos: at, item: taken.name, count: taken.count });
      }
    }
  } finally {
    furnace.close();
  }
  if (smelted < p.count) return fail('timeout', `smelted ${smelted} of ${p.count} ${p.item} before giving up; the furnace keeps the rest`);
  return succeed({ input: p.item, output, smelted });
}
