/**
 * Eating and drinking (Java Edition 1.20, wiki "Food", "Potion", "Milk Bucket"; vanilla Item.use,
 * FoodData.eat). `startUsing` begins; the item-use rule counts the ticks down and completes:
 * - food (minecraft-data `foodsByName`): 32 ticks (dried kelp 16, honey 40); only below 20 food unless
 *   the food can always be eaten (golden apples, chorus fruit, suspicious stew); food += foodPoints
 *   capped at 20, saturation += saturation capped at the new food level; side effects (facts/foods.ts)
 *   rolled with `world.rng('food-effects')`; bowls and bottles are given back. Emits player_ate with
 *   the resulting food and saturation levels.
 * - potions (`potion` items with `stack.potion`): 32 ticks, effects from facts/potions.ts, leaves a glass bottle.
 * - milk bucket: 32 ticks, clears all effects, leaves a bucket.
 * As in vanilla, changing the selected slot or taking damage does not interrupt (the item only has to
 * still be in the inventory when the use completes); dying does.
 */
import type { Player } from '../entities/entity.js';
import { spawnItem } from '../entities/item-entity.js';
import type { ItemStack } from '../inventory.js';
import { suggest } from '../registry.js';
import type { WorldSystem } from '../system.js';
import type { World } from '../world.js';
import { ALWAYS_EDIBLE, EAT_TICKS, EAT_TICKS_OVERRIDE, FOOD_CURES, FOOD_EFFECTS, FOOD_LEFTOVERS } from '../facts/foods.js';
import { DRINK_TICKS, POTIONS } from '../facts/potions.js';
import { addEffect, removeEffect } from './effects.js';
import { MAX_FOOD } from './hunger.js';
import { fail, type RuleFailure } from './result.js';

export type StartUsingResult = { ok: true; item: string; ticks: number } | RuleFailure;

export interface StartUsingOptions {
  /** For `potion`: which potion type to drink (default: the first potion in the inventory). */
  potion?: string;
}

/** The potion type being drunk, per player (the `using` field holds only the item name). */
const drinking = new WeakMap<Player, string | undefined>();

export function startUsing(world: World, player: Player, itemName: string, options: StartUsingOptions = {}): StartUsingResult {
  if (player.dead) return fail('dead', `${player.name} is dead`);
  if (player.using) return fail('busy', `${player.name} is already using ${player.using.item} (${player.using.ticksLeft} ticks left)`);
  if (!world.registry.isItem(itemName)) {
    return fail('unknown_item', `'${itemName}' is not an item in Minecraft ${world.registry.version}; ${suggest(itemName, Object.keys(world.registry.data.itemsByName))}`);
  }
  if (itemName === 'potion') {
    const slot = findPotion(player, options.potion);
    if (slot < 0) return fail('missing_item', options.potion ? `${player.name} has no potion of ${options.potion}` : `${player.name} has no potion`);
    const type = player.inventory.slots[slot]!.potion;
    drinking.set(player, type);
    return begin(player, itemName, DRINK_TICKS);
  }
  if (!player.inventory.has(itemName)) return fail('missing_item', `${player.name} has no ${itemName}`);
  if (itemName === 'milk_bucket') return begin(player, itemName, DRINK_TICKS);
  const food = world.registry.data.foodsByName[itemName];
  if (!food) return fail('not_edible', `${itemName} cannot be eaten or drunk`);
  if (player.food >= MAX_FOOD && !ALWAYS_EDIBLE.has(itemName)) {
    return fail('not_hungry', `${player.name}'s food bar is full (20); only golden apples, chorus fruit and suspicious stew can be eaten now`);
  }
  return begin(player, itemName, EAT_TICKS_OVERRIDE[itemName] ?? EAT_TICKS);
}

/** Stops eating or drinking without consuming anything; returns whether something was in use. */
export function stopUsing(player: Player): boolean {
  const was = player.using !== null;
  player.using = null;
  drinking.delete(player);
  return was;
}

function begin(player: Player, item: string, ticks: number): StartUsingResult {
  player.raisedShield = null; // one item in use at a time: eating takes the place of a raised shield
  player.using = { item, ticksLeft: ticks };
  return { ok: true, item, ticks };
}

function findPotion(player: Player, type: string | undefined): number {
  return player.inventory.slots.findIndex((s) => s !== null && s.name === 'potion' && (type === undefined || s.potion === type));
}

/** Gives an item back (bowl, bottle, bucket), dropping it at the player's feet if the inventory is full. */
function giveBack(world: World, player: Player, name: string): void {
  const left = player.inventory.add({ name, count: 1 });
  if (left > 0) spawnItem(world, player.pos, { name, count: left }, { by: player.id });
}

/** Takes one item out of a specific main slot. */
function takeOne(player: Player, slot: number): ItemStack | null {
  const s = player.inventory.slots[slot];
  if (!s) return null;
  s.count--;
  if (s.count <= 0) player.inventory.slots[slot] = null;
  return s;
}

function complete(world: World, player: Player, item: string): void {
  if (item === 'potion') {
    const type = drinking.get(player);
    drinking.delete(player);
    const slot = findPotion(player, type);
    if (slot < 0) return;
    takeOne(player, slot);
    for (const fx of (type && POTIONS[type]) || []) addEffect(world, player, fx.effect, fx.amplifier, fx.durationTicks);
    giveBack(world, player, 'glass_bottle');
    return;
  }
  const slot = player.inventory.find(item);
  if (slot < 0) return;
  takeOne(player, slot);
  if (item === 'milk_bucket') {
    for (const name of [...player.effects.keys()]) removeEffect(world, player, name);
    giveBack(world, player, 'bucket');
    return;
  }
  const food = world.registry.data.foodsByName[item];
  if (!food) return;
  player.food = Math.min(MAX_FOOD, player.food + food.foodPoints);
  player.saturation = Math.min(player.food, player.saturation + food.saturation);
  world.emit({ type: 'player_ate', player: player.id, item, food: player.food, saturation: player.saturation });
  const rng = world.rng('food-effects');
  for (const fx of FOOD_EFFECTS[item] ?? []) {
    if (fx.chance >= 1 || rng.chance(fx.chance)) addEffect(world, player, fx.effect, fx.amplifier, fx.durationTicks);
  }
  for (const name of FOOD_CURES[item] ?? []) removeEffect(world, player, name);
  const leftover = FOOD_LEFTOVERS[item];
  if (leftover) giveBack(world, player, leftover);
}

/** Counts item use down and completes it. */
export function itemUseSystem(): WorldSystem {
  return {
    name: 'item-use',
    tick(world) {
      for (const p of world.players.values()) {
        const use = p.using;
        if (!use) continue;
        if (p.dead || p.removed) {
          stopUsing(p);
          continue;
        }
        if (--use.ticksLeft > 0) continue;
        p.using = null;
        complete(world, p, use.item);
      }
    },
  };
}
