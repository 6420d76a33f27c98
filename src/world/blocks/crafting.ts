/**
 * Crafting with the real recipes from minecraft-data (`registry.data.recipes`). A recipe fits the
 * player's 2x2 inventory grid when its shape is at most 2x2 (a shapeless one: at most 4 ingredients);
 * larger ones need a crafting table within reach. Many recipes have variants (planks of any wood):
 * the first variant the player can pay for is used. When none can, the grid may mix members of a tag
 * (2 oak + 2 spruce planks for a crafting table), as vanilla accepts any member of a tag ingredient in
 * each slot: minecraft-data expands tags into per-member variants, and facts/recipe-tags.ts says which
 * variants are one tag. Crafting is instant, as a player filling the grid.
 */
import { InputError } from '../../core/errors.js';
import type { Vec3 } from '../../core/vec3.js';
import type { Player } from '../entities/entity.js';
import type { ItemStack } from '../inventory.js';
import type { Registry } from '../registry.js';
import type { World } from '../world.js';
import { CRAFTING_REMAINDERS } from '../facts/crafting-remainders.js';
import { RECIPE_TAG_OF } from '../facts/recipe-tags.js';
import { insertIntoSlots, takeFromPlayer } from './item-moves.js';
import { PLAYER_EYE_HEIGHT } from '../../core/body.js';
import { BLOCK_REACH, reachFailure, withinReach } from './reach.js';
import { fail, type BlockFailure } from './result.js';

export interface CraftRecipe {
  result: { name: string; count: number };
  /** Rows of item names (null = empty cell), trimmed to the used area; null for shapeless recipes. */
  shape: (string | null)[][] | null;
  /** Item name -> how many one craft uses. */
  ingredients: Readonly<Record<string, number>>;
  /** Grid size the recipe needs (a shapeless recipe counts as its number of items). */
  width: number;
  height: number;
  /** Total items one craft uses. */
  itemCount: number;
}

/**
 * A recipe with tag ingredients, rebuilt from minecraft-data's per-member variants: each group takes
 * `count` items per craft, any mixture of its `options` (a fixed ingredient is a group of one option).
 */
export interface TagRecipe {
  /** The first variant it was built from: result and grid size. */
  recipe: CraftRecipe;
  groups: readonly { readonly options: readonly string[]; readonly count: number }[];
}

const cache = new WeakMap<Registry, Map<string, CraftRecipe[]>>();
const tagCache = new WeakMap<Registry, Map<string, TagRecipe[]>>();

/** `build(itemName)` once per registry and item. */
function memo<T>(store: WeakMap<Registry, Map<string, T>>, registry: Registry, itemName: string, build: () => T): T {
  let byItem = store.get(registry);
  if (!byItem) store.set(registry, (byItem = new Map()));
  let value = byItem.get(itemName);
  if (value === undefined) byItem.set(itemName, (value = build()));
  return value;
}

/** Every recipe variant that makes `itemName`, in minecraft-data's order (empty when it cannot be crafted). */
export function recipesFor(registry: Registry, itemName: string): CraftRecipe[] {
  return memo(cache, registry, itemName, () => {
    const item = registry.data.itemsByName[itemName];
    const raw = item ? registry.data.recipes[item.id] ?? [] : [];
    return raw.map((r) => normalise(registry, r));
  });
}

/**
 * The tag recipes of `itemName`: variants with the same result and grid whose cells differ only by
 * members of one tag (facts/recipe-tags.ts) become one recipe whose tag groups accept any mixture of the
 * members seen in those variants. Variants that stand alone (sticks from bamboo) make none.
 */
export function tagRecipesFor(registry: Registry, itemName: string): TagRecipe[] {
  return memo(tagCache, registry, itemName, () => buildTagRecipes(registry, itemName));
}

function buildTagRecipes(registry: Registry, itemName: string): TagRecipe[] {
  const key = (name: string): string => RECIPE_TAG_OF.get(name) ?? name;
  const families = new Map<string, CraftRecipe[]>();
  for (const r of recipesFor(registry, itemName)) {
    const cells = r.shape
      ? r.shape.map((row) => row.map((c) => (c === null ? '.' : key(c))).join(',')).join('/')
      : Object.entries(r.ingredients).map(([n, c]) => `${key(n)}*${c}`).sort().join(',');
    const signature = `${r.result.count}|${r.shape ? 'shaped' : 'shapeless'}|${cells}`;
    const family = families.get(signature);
    if (family) family.push(r);
    else families.set(signature, [r]);
  }
  const list: TagRecipe[] = [];
  for (const family of families.values()) {
    if (family.length < 2) continue;
    const groups = new Map<string, { options: string[]; count: number }>();
    for (const [name, count] of Object.entries(family[0]!.ingredients)) {
      const g = groups.get(key(name));
      if (g) g.count += count;
      else groups.set(key(name), { options: [], count });
    }
    for (const r of family) {
      for (const name of Object.keys(r.ingredients)) {
        const g = groups.get(key(name))!;
        if (!g.options.includes(name)) g.options.push(name);
      }
    }
    list.push({ recipe: family[0]!, groups: [...groups.values()] });
  }
  return list;
}

/** What `times` crafts of a tag recipe take from `have` (name -> count), each group paid in option order; null when it cannot pay. */
function payForTagRecipe(tagRecipe: TagRecipe, times: number, have: (name: string) => number): Record<string, number> | null {
  const need: Record<string, number> = {};
  for (const g of tagRecipe.groups) {
    let left = g.count * times;
    for (const option of g.options) {
      if (left === 0) break;
      const n = Math.min(left, have(option) - (need[option] ?? 0));
      if (n > 0) {
        need[option] = (need[option] ?? 0) + n;
        left -= n;
      }
    }
    if (left > 0) return null;
  }
  return need;
}

/** Names of every item with at least one crafting recipe. */
export function craftableItems(registry: Registry): string[] {
  return Object.keys(registry.data.recipes).map((id) => registry.itemName(Number(id)));
}

/** Ingredients (name -> count) for `times` crafts of each recipe variant of `itemName`. */
export function ingredientsFor(registry: Registry, itemName: string, times = 1): Record<string, number>[] {
  return recipesFor(registry, itemName).map((r) => scaled(r.ingredients, times));
}

/** Crafts needed to make at least `count` of a recipe's result. */
export const craftsFor = (recipe: CraftRecipe, count: number): number => Math.ceil(count / recipe.result.count);

/** Whether the recipe needs a 3x3 crafting table (it does not fit the 2x2 inventory grid). */
export function needsCraftingTable(recipe: CraftRecipe): boolean {
  return recipe.shape ? recipe.width > 2 || recipe.height > 2 : recipe.itemCount > 4;
}

export interface CraftOptions {
  /** Position of the crafting table to use; by default any crafting table within reach. */
  table?: Vec3;
}

export type CraftResult =
  | { ok: true; item: string; count: number; used: Record<string, number> }
  | (BlockFailure & { missing?: Record<string, number> });

/**
 * Crafts `itemName` `times` times. Fails with no_recipe, missing_ingredients (with `missing`: what the
 * closest variant still lacks), no_crafting_table, too_far (a given table out of reach) or inventory_full.
 */
export function craft(world: World, player: Player, itemName: string, times = 1, opts: CraftOptions = {}): CraftResult {
  const registry = world.registry;
  registry.item(itemName);
  if (!Number.isInteger(times) || times <= 0) throw new InputError(`cannot craft ${itemName} ${times} times`, 'pass a positive whole number of crafts');
  if (player.dead) return fail('dead', 'a dead player cannot craft; wait for respawn');
  const recipes = recipesFor(registry, itemName);
  if (recipes.length === 0) return fail('no_recipe', `${itemName} has no crafting recipe (it may be smelted, mined or found instead)`);

  let table: boolean | null = null; // looked up only when a recipe needs it
  const tableFailure = (): BlockFailure | null => {
    if (opts.table) {
      const far = reachFailure(player, opts.table, 'crafting table');
      if (far) return far;
      if (world.blockAt(opts.table) !== 'crafting_table') return fail('no_crafting_table', `the block at ${opts.table.x},${opts.table.y},${opts.table.z} is ${world.blockAt(opts.table)}, not a crafting_table`);
      return null;
    }
    table ??= craftingTableInReach(world, player) !== null;
    return table ? null : fail('no_crafting_table', `${itemName} needs a crafting table within ${BLOCK_REACH} blocks; place or walk to one`);
  };

  let best: { recipe: CraftRecipe; missing: Record<string, number>; short: number } | null = null;
  let needsTable: BlockFailure | null = null;
  for (const recipe of recipes) {
    const need = scaled(recipe.ingredients, times);
    const missing: Record<string, number> = {};
    let short = 0;
    for (const [name, n] of Object.entries(need)) {
      const have = player.inventory.count(name);
      if (have < n) {
        missing[name] = n - have;
        short += n - have;
      }
    }
    if (short > 0) {
      if (!best || short < best.short) best = { recipe, missing, short };
      continue;
    }
    if (needsCraftingTable(recipe)) {
      const why = tableFailure();
      if (why) {
        needsTable ??= why;
        continue;
      }
    }
    return craftWith(world, player, recipe, times, need);
  }
  if (!needsTable) {
    // No single variant can be paid for: try mixing members of a tag, as a vanilla grid allows.
    for (const tagRecipe of tagRecipesFor(registry, itemName)) {
      const need = payForTagRecipe(tagRecipe, times, (name) => player.inventory.count(name));
      if (!need) continue;
      if (needsCraftingTable(tagRecipe.recipe)) {
        const why = tableFailure();
        if (why) {
          needsTable ??= why;
          continue;
        }
      }
      return craftWith(world, player, tagRecipe.recipe, times, need);
    }
  }
  if (needsTable) return needsTable;
  const missing = best?.missing ?? {};
  const list = Object.entries(missing).map(([n, c]) => `${c} ${n}`).join(', ');
  return { ...fail('missing_ingredients', `to craft ${itemName} x${times} you still need ${list}`), missing };
}

function craftWith(world: World, player: Player, recipe: CraftRecipe, times: number, need: Record<string, number>): CraftResult {
  const registry = world.registry;
  const made = recipe.result.count * times;
  // Dry run on a copy: ingredients out, result and leftover containers in.
  const slots = player.inventory.slots.map((s) => (s ? { ...s } : null));
  const remainders: ItemStack[] = [];
  for (const [name, n] of Object.entries(need)) {
    removeFrom(slots, name, n);
    const rest = CRAFTING_REMAINDERS[name];
    if (rest) remainders.push({ name: rest, count: n });
  }
  const gains: ItemStack[] = [{ name: recipe.result.name, count: made }, ...remainders];
  for (const g of gains) {
    if (insertIntoSlots(registry, slots, { ...g }) > 0) {
      return fail('inventory_full', `no room for ${made} ${recipe.result.name}; drop or store something first`);
    }
  }
  for (const [name, n] of Object.entries(need)) takeFromPlayer(player, name, n);
  for (const g of gains) insertIntoSlots(registry, player.inventory.slots, { ...g });
  world.emit({ type: 'item_crafted', by: player.id, item: recipe.result.name, count: made });
  return { ok: true, item: recipe.result.name, count: made, used: need };
}

/** The nearest crafting table whose centre is within reach of the player's eyes, or null. */
export function craftingTableInReach(world: World, player: Player): Vec3 | null {
  const table = world.registry.stateOf('crafting_table');
  const ex = player.pos.x, ey = player.pos.y + PLAYER_EYE_HEIGHT, ez = player.pos.z;
  const r = Math.ceil(BLOCK_REACH);
  let best: Vec3 | null = null;
  let bestD = Infinity;
  for (let x = Math.floor(ex) - r; x <= Math.floor(ex) + r; x++) {
    for (let y = Math.floor(ey) - r; y <= Math.floor(ey) + r; y++) {
      for (let z = Math.floor(ez) - r; z <= Math.floor(ez) + r; z++) {
        if (world.stateAt(x, y, z) !== table) continue;
        const p = { x, y, z };
        const d = (x + 0.5 - ex) ** 2 + (y + 0.5 - ey) ** 2 + (z + 0.5 - ez) ** 2;
        if (d < bestD && withinReach(player, p)) {
          best = p;
          bestD = d;
        }
      }
    }
  }
  return best;
}

function removeFrom(slots: (ItemStack | null)[], name: string, count: number): void {
  let left = count;
  for (let i = 0; i < slots.length && left > 0; i++) {
    const s = slots[i];
    if (!s || s.name !== name) continue;
    const n = Math.min(s.count, left);
    s.count -= n;
    left -= n;
    if (s.count === 0) slots[i] = null;
  }
}

function scaled(ingredients: Readonly<Record<string, number>>, times: number): Record<string, number> {
  const out: Record<string, number> = {};
  for (const [k, v] of Object.entries(ingredients)) out[k] = v * times;
  return out;
}

type RawRecipe = { result: unknown; inShape?: unknown[][]; ingredients?: unknown[] };

/** minecraft-data writes an item as an id, [id, meta] or {id, count}. */
function itemIdOf(v: unknown): number | null {
  if (typeof v === 'number') return v;
  if (Array.isArray(v)) return typeof v[0] === 'number' ? v[0] : null;
  if (v && typeof v === 'object' && 'id' in v && typeof v.id === 'number') return v.id;
  return null;
}

function normalise(registry: Registry, raw: RawRecipe): CraftRecipe {
  const res = raw.result as { id?: unknown; count?: unknown } | number;
  const resultId = itemIdOf(res);
  if (resultId === null) throw new InputError('a minecraft-data recipe has no result id', 'this minecraft-data version is not supported; use 1.20.4');
  const result = { name: registry.itemName(resultId), count: typeof res === 'object' && typeof res.count === 'number' ? res.count : 1 };
  const ingredients: Record<string, number> = {};
  let itemCount = 0;
  const count = (id: number | null): string | null => {
    if (id === null || id < 0) return null;
    const name = registry.itemName(id);
    ingredients[name] = (ingredients[name] ?? 0) + 1;
    itemCount++;
    return name;
  };
  if (raw.inShape) {
    let rows = raw.inShape.map((row) => row.map((cell) => count(itemIdOf(cell))));
    rows = trimShape(rows);
    const width = Math.max(0, ...rows.map((r) => r.length));
    return { result, shape: rows, ingredients, width, height: rows.length, itemCount };
  }
  for (const i of raw.ingredients ?? []) count(itemIdOf(i));
  const side = itemCount <= 4 ? 2 : 3;
  return { result, shape: null, ingredients, width: side, height: side, itemCount };
}

/** Drops empty rows and columns around the used area. */
function trimShape(rows: (string | null)[][]): (string | null)[][] {
  const used = (r: (string | null)[]) => r.some((c) => c !== null);
  const top = rows.findIndex(used);
  const bottom = rows.length - 1 - [...rows].reverse().findIndex(used);
  let out = top < 0 ? [] : rows.slice(top, bottom + 1);
  const width = Math.max(0, ...out.map((r) => r.length));
  let first = width, last = -1;
  for (const r of out) r.forEach((c, i) => {
    if (c !== null) {
      first = Math.min(first, i);
      last = Math.max(last, i);
    }
  });
  out = out.map((r) => Array.from({ length: last - first + 1 }, (_, i) => r[first + i] ?? null));
  return out;
}
