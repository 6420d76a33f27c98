/**
 * A playable level: its locations (numbered per type), its recipe table (only the recipes in the dependency closure of its
 * dishes, as the original `filter_recipe` does), and the order pacing for an alpha.
 */
import { InputError } from '../../core/errors.js';
import { LEVELS, DEMO_LEVELS, type LevelDef } from './data/levels.js';
import { RECIPES, type RecipeDef } from './data/recipes.js';
import { TOOLS, type ToolType } from './data/tools.js';
import { taskInterval, taskLifetime, waitTime } from './oracle.js';

/** 'fixed' repairs the documented bugs (see docs/cuisineworld.md); 'original' reproduces MindAgent's code exactly. */
export type RuleSet = 'fixed' | 'original';

export interface Location {
  readonly id: string;
  readonly type: ToolType;
  readonly capacity: number;
  readonly occupiedTime: number;
}

const RECIPE_BY_PRODUCT = new Map<string, RecipeDef>(RECIPES.map((r) => [r.product, r]));

export function recipeFor(item: string): RecipeDef | undefined {
  return RECIPE_BY_PRODUCT.get(item);
}

/** `tool:a_b_c` with the ingredients sorted: the exact-match key of a recipe. */
export function recipeKey(tool: ToolType, items: readonly string[]): string {
  return `${tool}:${[...items].sort().join('_')}`;
}

export class Level {
  readonly name: string;
  readonly dishes: readonly string[];
  readonly locations: readonly Location[];
  readonly locationIndex: ReadonlyMap<string, number>;
  /** Recipes that can be cooked here, in recipe.json order. */
  readonly recipes: readonly RecipeDef[];
  /** Recipes by exact-match key. */
  readonly recipeByKey: ReadonlyMap<string, RecipeDef>;
  /** Recipes by tool type, for the "will it become waste" check. */
  readonly recipesByTool: ReadonlyMap<ToolType, readonly RecipeDef[]>;
  /** Recipe by product, restricted to this level. */
  readonly recipeByProduct: ReadonlyMap<string, RecipeDef>;
  readonly dishSet: ReadonlySet<string>;

  constructor(def: LevelDef) {
    this.name = def.name;
    this.dishes = def.dishes;
    const perType = new Map<ToolType, number>();
    this.locations = def.kitchen.map((type) => {
      const n = perType.get(type) ?? 0;
      perType.set(type, n + 1);
      return { id: `${type}${n}`, type, capacity: TOOLS[type].capacity, occupiedTime: TOOLS[type].occupiedTime };
    });
    this.locationIndex = new Map(this.locations.map((l, i) => [l.id, i]));
    this.recipes = dependencyClosure(def.dishes);
    this.recipeByKey = new Map(this.recipes.map((r) => [recipeKey(r.tool, r.ingredients), r]));
    this.recipeByProduct = new Map(this.recipes.map((r) => [r.product, r]));
    const byTool = new Map<ToolType, RecipeDef[]>();
    for (const r of this.recipes) byTool.set(r.tool, [...(byTool.get(r.tool) ?? []), r]);
    this.recipesByTool = byTool;
    this.dishSet = new Set(def.dishes);
  }

  /** The level's task interval at `alpha`: the largest of its dishes' intervals. */
  interval(alpha: number): number {
    return Math.max(...this.dishes.map((d) => taskInterval(waitTime(d, recipeFor), alpha)));
  }

  lifetime(dish: string, alpha: number): number {
    return taskLifetime(waitTime(dish, recipeFor), alpha);
  }

  /** Dishes whose recipe tree needs a tool type this kitchen lacks. */
  unmakeableDishes(): string[] {
    const have = new Set(this.locations.map((l) => l.type));
    return this.dishes.filter((d) => dependencyClosure([d]).some((r) => !have.has(r.tool)));
  }
}

/** Every recipe reachable from the dishes, in recipe.json order. */
export function dependencyClosure(dishes: readonly string[]): RecipeDef[] {
  const need = new Set<string>();
  const stack = [...dishes];
  while (stack.length > 0) {
    const item = stack.pop()!;
    const r = recipeFor(item);
    if (!r || need.has(item)) continue;
    need.add(item);
    stack.push(...r.ingredients);
  }
  return RECIPES.filter((r) => need.has(r.product));
}

export const LEVEL_NAMES: readonly string[] = LEVELS.map((l) => l.name);

/**
 * The published level_12 has no fryer, so frenchFries can never be made (cuisineworld.md §3.2 note). Its two pans are used
 * by no recipe there; the fixed rule set swaps them for two fryers, which keeps the kitchen's size and numbering.
 */
function fixLevel(def: LevelDef): LevelDef {
  if (def.name !== 'level_12') return def;
  return { ...def, kitchen: def.kitchen.map((t) => (t === 'pan' ? 'fryer' : t)) };
}

const cache = new Map<string, Level>();

/** A benchmark level by name (`level_3`) or number (`3`), or one of the demo levels. */
/** A level's name from a number or a name (`3`, `'3'` and `'level_3'` are all `level_3`); not checked to exist. */
export function levelKey(name: string | number): string {
  return typeof name === 'number' || /^\d+$/.test(name) ? `level_${name}` : name;
}

export function getLevel(name: string | number, rules: RuleSet = 'fixed'): Level {
  const key = levelKey(name);
  const cacheKey = `${key}/${rules}`;
  const hit = cache.get(cacheKey);
  if (hit) return hit;
  const def = LEVELS.find((l) => l.name === key) ?? DEMO_LEVELS.find((l) => l.name === key);
  if (!def) {
    throw new InputError(`unknown CuisineWorld level '${name}'`, `use level_0 .. level_12 (or 0 .. 12)`);
  }
  const level = new Level(rules === 'fixed' ? fixLevel(def) : def);
  cache.set(cacheKey, level);
  return level;
}
