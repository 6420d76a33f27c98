/**
 * Furnaces, smokers and blast furnaces with input, fuel and output slots, ticking as vanilla
 * AbstractFurnaceBlockEntity.serverTick does:
 *  - a lit furnace loses one tick of burn each tick;
 *  - when it is not lit but has fuel and an input it can smelt, it burns one fuel item
 *    (burn time from facts/fuels.ts; a lava bucket leaves its bucket);
 *  - while lit with a smeltable input, cooking advances one tick; at 200 (100 for a smoker's food or
 *    a blast furnace's metals) one input becomes one output and item_smelted is emitted;
 *  - lit without input, cooking resets; unlit, cooking falls back two ticks per tick.
 * So one coal (1600 ticks) smelts exactly 8 items. The furnace system visits only furnaces with work.
 */
import { InputError } from '../../core/errors.js';
import { posKey, type Vec3 } from '../../core/vec3.js';
import type { Player } from '../entities/entity.js';
import type { ItemStack } from '../inventory.js';
import type { WorldSystem } from '../system.js';
import type { World } from '../world.js';
import { FUEL_REMAINDERS, FUEL_TICKS } from '../facts/fuels.js';
import { FAST_SMELT_TICKS, SMELT_TICKS, SMELTING, type SmeltRecipe } from '../facts/smelting.js';
import { activeFurnacesOf, furnaceAt, type FurnaceBlockEntity } from './block-entities.js';
import { fitsInPlayer, giveToPlayer, takeFromPlayer } from './item-moves.js';
import { isBlockPos, reachFailure } from './reach.js';
import { fail, type BlockResult } from './result.js';

/** The furnace kind that smelts a recipe kind twice as fast. */
const FAST_FOR: Readonly<Record<string, SmeltRecipe['kind']>> = { smoker: 'food', blast_furnace: 'metal' };

/** The recipe `furnaceBlock` uses for `item`, or undefined when it cannot smelt it (smokers only cook food, blast furnaces only metals). */
export function smeltRecipeFor(furnaceBlock: string, item: string): SmeltRecipe | undefined {
  const r = SMELTING[item];
  if (!r) return undefined;
  const only = FAST_FOR[furnaceBlock];
  return only === undefined || only === r.kind ? r : undefined;
}

/** Ticks one item takes in `furnaceBlock` (specialised furnaces only accept their own, faster, kind). */
export function smeltTicks(furnaceBlock: string): number {
  return FAST_FOR[furnaceBlock] !== undefined ? FAST_SMELT_TICKS : SMELT_TICKS;
}

export type FurnaceSmeltResult = BlockResult<{
  input: { item: string; count: number } | null;
  fuel: { item: string; count: number } | null;
  /** Ticks per item in this furnace. */
  ticksPerItem: number;
}>;

/**
 * Puts `count` of `inputItem` (and optionally fuel) into the furnace at `pos`. Without `fuelCount`,
 * enough fuel for `count` items is added. Fails with too_far, not_a_furnace, not_smeltable, not_fuel,
 * missing_items or slot_occupied (a different item, or a full stack, is already in that slot).
 */
export function furnaceSmelt(
  world: World, player: Player, pos: Vec3, inputItem: string, count: number, fuelItem?: string, fuelCount?: number,
): FurnaceSmeltResult {
  if (!isBlockPos(pos)) throw new InputError(`furnace position ${fmt(pos)} is not a block position`, 'pass integer block coordinates');
  if (!Number.isInteger(count) || count < 0) throw new InputError(`cannot smelt ${count} items`, 'pass a whole count (0 to only add fuel)');
  if (fuelCount !== undefined && (!Number.isInteger(fuelCount) || fuelCount < 0)) throw new InputError(`cannot add ${fuelCount} fuel`, 'pass a whole fuel count');
  const registry = world.registry;
  registry.item(inputItem);
  if (fuelItem !== undefined) registry.item(fuelItem);
  if (player.dead) return fail('dead', 'a dead player cannot use a furnace; wait for respawn');
  const far = reachFailure(player, pos, 'furnace');
  if (far) return far;
  const f = furnaceAt(world, pos);
  if (!f) return fail('not_a_furnace', `the block at ${fmt(pos)} is ${world.blockAt(pos)}, not a furnace, smoker or blast furnace`);

  const recipe = count > 0 ? smeltRecipeFor(f.block, inputItem) : undefined;
  if (count > 0 && !recipe) {
    const why = SMELTING[inputItem] ? `a ${f.block} does not take it (smokers cook food, blast furnaces smelt ores and metal)` : 'it has no furnace recipe';
    return fail('not_smeltable', `${inputItem} cannot be smelted here: ${why}`);
  }
  const ticksPerItem = smeltTicks(f.block);
  let fuelN = 0;
  if (fuelItem !== undefined) {
    const burn = FUEL_TICKS[fuelItem];
    if (burn === undefined) return fail('not_fuel', `${fuelItem} does not burn in a furnace; use coal, charcoal, planks, logs or another fuel`);
    fuelN = fuelCount ?? Math.max(1, Math.ceil((count * ticksPerItem) / burn));
  }
  const inv = player.inventory;
  const sameItem = fuelItem === inputItem;
  if (sameItem ? inv.count(inputItem) < count + fuelN : inv.count(inputItem) < count) {
    return fail('missing_items', `you have ${inv.count(inputItem)} ${inputItem}, need ${sameItem ? count + fuelN : count}`);
  }
  if (fuelItem !== undefined && !sameItem && inv.count(fuelItem) < fuelN) {
    return fail('missing_items', `you have ${inv.count(fuelItem)} ${fuelItem} for fuel, need ${fuelN}`);
  }
  if (count > 0 && !slotTakes(world, f.input, inputItem, count)) {
    return fail('slot_occupied', `the ${f.block}'s input slot holds ${f.input!.count} ${f.input!.name}; take it out or wait`);
  }
  if (fuelItem !== undefined && fuelN > 0 && !slotTakes(world, f.fuel, fuelItem, fuelN)) {
    return fail('slot_occupied', `the ${f.block}'s fuel slot holds ${f.fuel!.count} ${f.fuel!.name}; use the same fuel or wait`);
  }

  if (count > 0) {
    f.input = mergeInto(f.input, takeFromPlayer(player, inputItem, count), inputItem);
    world.emit({ type: 'item_deposited', by: player.id, pos: { ...f.pos }, item: inputItem, count });
  }
  if (fuelItem !== undefined && fuelN > 0) {
    f.fuel = mergeInto(f.fuel, takeFromPlayer(player, fuelItem, fuelN), fuelItem);
    world.emit({ type: 'item_deposited', by: player.id, pos: { ...f.pos }, item: fuelItem, count: fuelN });
  }
  activeFurnacesOf(world).set(posKey(f.pos), f);
  return {
    ok: true,
    input: count > 0 ? { item: inputItem, count } : null,
    fuel: fuelItem !== undefined && fuelN > 0 ? { item: fuelItem, count: fuelN } : null,
    ticksPerItem,
  };
}

export type FurnaceTakeResult = BlockResult<{ item: string; count: number }>;

/** Takes the whole stack in one slot (the output by default) of the furnace at `pos`. */
export function furnaceTake(world: World, player: Player, pos: Vec3, slot: 'output' | 'input' | 'fuel' = 'output'): FurnaceTakeResult {
  if (!isBlockPos(pos)) throw new InputError(`furnace position ${fmt(pos)} is not a block position`, 'pass integer block coordinates');
  if (player.dead) return fail('dead', 'a dead player cannot use a furnace; wait for respawn');
  const far = reachFailure(player, pos, 'furnace');
  if (far) return far;
  const f = furnaceAt(world, pos);
  if (!f) return fail('not_a_furnace', `the block at ${fmt(pos)} is ${world.blockAt(pos)}, not a furnace, smoker or blast furnace`);
  const stack = f[slot];
  if (!stack) return fail('nothing_to_take', `the ${f.block}'s ${slot} slot is empty${slot === 'output' && f.input ? `; ${f.input.count} ${f.input.name} still cooking` : ''}`);
  if (!fitsInPlayer(world.registry, player, [stack])) {
    return fail('inventory_full', `your inventory has no room for ${stack.count} ${stack.name}; make room first`);
  }
  f[slot] = null;
  giveToPlayer(world.registry, player, [stack]);
  world.emit({ type: 'item_taken', by: player.id, pos: { ...f.pos }, item: stack.name, count: stack.count });
  activeFurnacesOf(world).set(posKey(f.pos), f); // a full output may have been blocking it
  return { ok: true, item: stack.name, count: stack.count };
}

/** What a furnace holds and how far it is, for senses and tests; null when there is no furnace. */
export function furnaceState(world: World, pos: Vec3): Readonly<FurnaceBlockEntity> | null {
  return furnaceAt(world, pos) ?? null;
}

/** Advances every furnace with work by one tick. Runs before movement. */
export function furnaceSystem(): WorldSystem {
  return {
    name: 'furnaces',
    tick(world) {
      const active = activeFurnacesOf(world);
      for (const [key, f] of active) if (!tickFurnace(world, f)) active.delete(key);
    },
  };
}

/** One vanilla furnace tick; returns whether the furnace still has work. */
function tickFurnace(world: World, f: FurnaceBlockEntity): boolean {
  if (f.burnTicksLeft > 0) f.burnTicksLeft--;
  const recipe = f.input ? smeltRecipeFor(f.block, f.input.name) : undefined;
  const canBurn = recipe !== undefined && outputTakes(world, f.output, recipe.output);
  if (f.burnTicksLeft > 0 || (f.fuel !== null && f.input !== null)) {
    if (f.burnTicksLeft === 0 && canBurn && f.fuel) {
      const burn = FUEL_TICKS[f.fuel.name] ?? 0;
      f.burnTicksLeft = burn;
      f.burnTicksTotal = burn;
      if (burn > 0) {
        const fuelName = f.fuel.name;
        f.fuel.count--;
        if (f.fuel.count === 0) {
          const rest = FUEL_REMAINDERS[fuelName];
          f.fuel = rest ? { name: rest, count: 1 } : null;
        }
      }
    }
    if (f.burnTicksLeft > 0 && canBurn) {
      f.cookTicks++;
      if (f.cookTicks >= smeltTicks(f.block)) {
        f.cookTicks = 0;
        smeltOne(world, f, recipe!.output);
      }
    } else {
      f.cookTicks = 0;
    }
  } else if (f.cookTicks > 0) {
    f.cookTicks = Math.max(0, f.cookTicks - 2);
  }
  if (f.burnTicksLeft > 0 || f.cookTicks > 0) return true;
  // Unlit and not cooking: only a fuel + smeltable input pair can restart it.
  const again = f.input ? smeltRecipeFor(f.block, f.input.name) : undefined;
  return f.fuel !== null && again !== undefined && FUEL_TICKS[f.fuel.name] !== undefined && outputTakes(world, f.output, again.output);
}

function smeltOne(world: World, f: FurnaceBlockEntity, output: string): void {
  const input = f.input!;
  input.count--;
  if (input.count === 0) f.input = null;
  if (f.output) f.output.count++;
  else f.output = { name: output, count: 1 };
  world.emit({ type: 'item_smelted', pos: { ...f.pos }, item: output, count: 1 });
}

function outputTakes(world: World, output: ItemStack | null, item: string): boolean {
  return output === null || (output.name === item && output.count < world.registry.stackSize(item));
}

function slotTakes(world: World, slot: ItemStack | null, item: string, count: number): boolean {
  if (slot === null) return count <= world.registry.stackSize(item);
  return slot.name === item && slot.damage === undefined && slot.count + count <= world.registry.stackSize(item);
}

function mergeInto(slot: ItemStack | null, stacks: ItemStack[], item: string): ItemStack {
  let n = slot?.count ?? 0;
  for (const s of stacks) n += s.count;
  const first = stacks[0];
  if (!slot && stacks.length === 1 && first) return first; // keeps a damaged tool's wear
  return { name: item, count: n };
}

const fmt = (p: Vec3): string => `${p.x},${p.y},${p.z}`;
