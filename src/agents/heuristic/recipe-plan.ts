/**
 * A recipe planner over the world's Registry: what to gather, craft and smelt, in order, to hold
 * `count` of an item, starting from an inventory. Base resources (logs, cobblestone, raw ores, coal…)
 * are gathered from the blocks that drop them, with the cheapest harvesting tool planned first when
 * the block needs one; metals come from the furnace (with a furnace and fuel planned too); everything
 * else from the crafting recipe whose ingredients are easiest to get, preferring what is already held.
 *
 * The plan is a forecast over a virtual inventory. Agents execute its first step and plan again from
 * their real inventory after every skill, so a step that turns out short (a crafting table left
 * behind, fewer drops than hoped) is simply planned again.
 */
import { harvestToolNames } from '../../world/blocks/harvest.js';
import { recipesFor, needsCraftingTable, SMELTING, FUEL_TICKS, SMELT_TICKS, type CraftRecipe, type Registry } from '../../world/index.js';
import { mainDrop } from './item-facts.js';

export type PlanStep =
  /** Dig one of `blocks` (any) until `count` of `item` were picked up. */
  | { kind: 'gather'; item: string; blocks: string[]; count: number }
  /** Kill mobs of `mob` for their drop `item`. */
  | { kind: 'hunt'; item: string; mob: string; count: number }
  /** Craft `count` of `item` (in `crafts` crafting operations). */
  | { kind: 'craft'; item: string; count: number; crafts: number; table: boolean }
  | { kind: 'smelt'; input: string; output: string; count: number; fuel: string };

export type RecipePlan = { ok: true; steps: PlanStep[] } | { ok: false; reason: string };

/**
 * Natural blocks worth mining for their drop, in order of preference for the same drop (stone before
 * cobblestone walls and the like). Any `*_log` and `*_ore` is added when the registry has it.
 */
const NATURAL_BLOCKS = ['stone', 'dirt', 'grass_block', 'sand', 'gravel', 'clay', 'cobblestone', 'deepslate', 'snow_block', 'netherrack', 'obsidian', 'pumpkin', 'melon'];

/** Items that come from killing a passive mob (vanilla loot without Looting). */
const MOB_DROPS: Readonly<Record<string, string>> = {
  white_wool: 'sheep',
  mutton: 'sheep',
  porkchop: 'pig',
  beef: 'cow',
  leather: 'cow',
  chicken: 'chicken',
  feather: 'chicken',
  string: 'spider',
  rotten_flesh: 'zombie',
  bone: 'skeleton',
};

/** Fuel the planner makes when the inventory holds none: planks burn 1.5 items each. */
const PLANK_FUEL_PER_ITEM = 1.5;
const MAX_DEPTH = 14;

type Inventory = Map<string, number>;

export interface PlanOptions {
  /** Blocks the agent knows are around (seen or told); gathering prefers them. */
  knownBlocks?: readonly string[];
}

/** The steps that turn `inventory` into one holding at least `count` of `item`. */
export function planRecipe(registry: Registry, item: string, count: number, inventory: Readonly<Record<string, number>>, options: PlanOptions = {}): RecipePlan {
  if (!registry.isItem(item)) return { ok: false, reason: `'${item}' is not an item in Minecraft ${registry.version}` };
  const planner = new Planner(registry, options);
  const inv: Inventory = new Map(Object.entries(inventory).filter(([, n]) => n > 0));
  const r = planner.obtain(item, count, inv, 0, new Set());
  return r === null ? { ok: true, steps: planner.steps } : { ok: false, reason: r };
}

/** The blocks that drop `item` when mined, natural ones first; empty when none does. */
export function sourceBlocks(registry: Registry, item: string, knownBlocks: readonly string[] = []): string[] {
  const names = new Set<string>(knownBlocks);
  for (const n of NATURAL_BLOCKS) names.add(n);
  for (const b of registry.data.blocksArray) if (/_(log|ore)$/.test(b.name)) names.add(b.name);
  const out: string[] = [];
  for (const b of names) if (registry.isBlock(b) && mainDrop(registry, b) === item) out.push(b);
  // The block named like the item first (oak_log for oak_log), then what the agent has seen.
  return out.sort((a, b) => rank(a) - rank(b));
  function rank(b: string): number {
    if (b === item) return 0;
    if (knownBlocks.includes(b)) return 1;
    return b.startsWith('deepslate_') ? 3 : 2;
  }
}

class Planner {
  readonly steps: PlanStep[] = [];

  constructor(
    private readonly reg: Registry,
    private readonly options: PlanOptions,
  ) {}

  /** Plans `count` more of `item` into `inv` (consuming what it already holds); null, or why not. */
  obtain(item: string, count: number, inv: Inventory, depth: number, visiting: ReadonlySet<string>): string | null {
    const have = inv.get(item) ?? 0;
    if (have >= count) return null;
    if (depth > MAX_DEPTH) return `the recipe chain for ${item} is too deep`;
    if (visiting.has(item)) return `${item} needs itself`;
    const need = count - have;
    const seen = new Set(visiting).add(item);

    const blocks = sourceBlocks(this.reg, item, this.options.knownBlocks);
    if (blocks.length > 0 && isBaseResource(item, blocks)) return this.gather(item, need, blocks, inv, depth, seen);

    const smeltInput = Object.entries(SMELTING).find(([input, r]) => r.output === item && input !== item)?.[0];
    const recipes = recipesFor(this.reg, item).filter((r) => !(item in r.ingredients));
    // Metals, glass, charcoal, cooked food: the furnace is the intended way, recipes are compressions.
    if (smeltInput && (recipes.length === 0 || /_ingot$|^glass$|^charcoal$|^cooked_|^stone$|^smooth_/.test(item))) {
      const r = this.smelt(smeltInput, item, need, inv, depth, seen);
      if (r === null) return null;
    }
    if (recipes.length > 0) {
      const r = this.craft(item, need, recipes, inv, depth, seen);
      if (r === null) return null;
      if (blocks.length === 0 && !MOB_DROPS[item]) return r;
    }
    if (blocks.length > 0) return this.gather(item, need, blocks, inv, depth, seen);
    const mob = MOB_DROPS[item];
    if (mob) {
      this.steps.push({ kind: 'hunt', item, mob, count: need });
      add(inv, item, need);
      return null;
    }
    return `no way to obtain ${item}: it has no crafting or furnace recipe and no block or mob drops it`;
  }

  private gather(item: string, need: number, blocks: string[], inv: Inventory, depth: number, seen: ReadonlySet<string>): string | null {
    // Blocks that need a tool: plan the cheapest harvesting tool first unless one is held.
    const needTool = blocks.filter((b) => harvestToolNames(this.reg, b).length > 0);
    if (needTool.length === blocks.length) {
      const tools = harvestToolNames(this.reg, blocks[0]!);
      if (!tools.some((t) => (inv.get(t) ?? 0) > 0)) {
        const cheapest = cheapestTool(tools);
        const r = this.obtain(cheapest, 1, inv, depth + 1, seen);
        if (r !== null) return `cannot get a tool for ${blocks[0]}: ${r}`;
      }
    }
    const usable = needTool.length === blocks.length ? blocks : blocks.filter((b) => !needTool.includes(b));
    this.steps.push({ kind: 'gather', item, blocks: usable, count: need });
    add(inv, item, need);
    return null;
  }

  private smelt(input: string, output: string, need: number, inv: Inventory, depth: number, seen: ReadonlySet<string>): string | null {
    const trial = this.fork(inv);
    const steps0 = this.steps.length;
    const fail = (why: string): string => {
      this.steps.length = steps0;
      return why;
    };
    const r = this.obtain(input, need, trial, depth + 1, seen);
    if (r !== null) return fail(r);
    if ((trial.get('furnace') ?? 0) === 0) {
      const f = this.obtain('furnace', 1, trial, depth + 1, seen);
      if (f !== null) return fail(`no furnace: ${f}`);
    }
    const fuel = this.fuel(need, trial, depth, seen);
    if (typeof fuel !== 'string' || fuel.startsWith('!')) return fail(`no fuel: ${String(fuel).slice(1)}`);
    take(trial, input, need);
    add(trial, output, need);
    this.steps.push({ kind: 'smelt', input, output, count: need, fuel });
    copyInto(inv, trial);
    return null;
  }

  /** Picks (and plans, when missing) fuel for `items` smelts; returns the fuel name or `!reason`. */
  private fuel(items: number, inv: Inventory, depth: number, seen: ReadonlySet<string>): string {
    const burns = (name: string): number => (FUEL_TICKS[name] ?? 0) / SMELT_TICKS;
    for (const [name, n] of inv) {
      if (name === 'crafting_table' || name === 'furnace') continue;
      const per = burns(name);
      if (per > 0 && n * per >= items && !/_(pickaxe|axe|shovel|sword|hoe)$/.test(name)) {
        take(inv, name, Math.ceil(items / per));
        return name;
      }
    }
    const planks = Math.ceil(items / PLANK_FUEL_PER_ITEM);
    const kind = `${heldWood(inv) ?? 'oak'}_planks`;
    const r = this.obtain(kind, planks + (inv.get(kind) ?? 0), inv, depth + 1, seen);
    if (r !== null) return `!${r}`;
    take(inv, kind, planks);
    return kind;
  }

  private craft(item: string, need: number, recipes: CraftRecipe[], inv: Inventory, depth: number, seen: ReadonlySet<string>): string | null {
    // Try variants: those whose ingredients are held first, then in minecraft-data's order.
    const ordered = [...recipes].sort((a, b) => missingCount(a, need, inv) - woodBonus(a, inv) - (missingCount(b, need, inv) - woodBonus(b, inv)));
    let lastWhy = `no recipe for ${item} works`;
    for (const recipe of ordered) {
      const trial = this.fork(inv);
      const steps0 = this.steps.length;
      const crafts = Math.ceil(need / recipe.result.count);
      let why: string | null = null;
      for (const [ing, n] of Object.entries(recipe.ingredients)) {
        why = this.obtain(ing, n * crafts, trial, depth + 1, seen);
        if (why !== null) break;
      }
      const table = needsCraftingTable(recipe);
      if (why === null && table && (trial.get('crafting_table') ?? 0) === 0) {
        const t = this.obtain('crafting_table', 1, trial, depth + 1, seen);
        if (t !== null) why = `no crafting table: ${t}`;
      }
      if (why !== null) {
        this.steps.length = steps0;
        lastWhy = why;
        continue;
      }
      for (const [ing, n] of Object.entries(recipe.ingredients)) take(trial, ing, n * crafts);
      add(trial, item, crafts * recipe.result.count);
      this.steps.push({ kind: 'craft', item, count: need, crafts, table });
      copyInto(inv, trial);
      return null;
    }
    return lastWhy;
  }

  private fork(inv: Inventory): Inventory {
    return new Map(inv);
  }
}

/** Items gathered rather than made: logs, raw ores, coal, cobblestone and other natural drops. */
function isBaseResource(item: string, blocks: readonly string[]): boolean {
  return blocks.some((b) => b === item || b.endsWith('_ore') || b === 'stone' || b.endsWith('_log') || NATURAL_BLOCKS.includes(b));
}

const TIER_ORDER = ['wooden', 'stone', 'golden', 'iron', 'diamond', 'netherite'];

function cheapestTool(tools: readonly string[]): string {
  const rank = (t: string): number => {
    const i = TIER_ORDER.findIndex((tier) => t.startsWith(`${tier}_`));
    return i < 0 ? 99 : i;
  };
  // Golden tools need gold: stone and iron come first in practice.
  return [...tools].filter((t) => !t.startsWith('golden_')).sort((a, b) => rank(a) - rank(b))[0] ?? tools[0]!;
}

/** The wood type of logs or planks held, so planks are made from the logs the agent has. */
function heldWood(inv: Inventory): string | null {
  for (const name of inv.keys()) {
    const m = /^([a-z_]+?)_(log|planks)$/.exec(name);
    if (m && !m[1]!.startsWith('stripped')) return m[1]!;
  }
  return null;
}

/** Half a missing item's worth of preference for recipes built from the wood type already held. */
function woodBonus(r: CraftRecipe, inv: Inventory): number {
  const wood = heldWood(inv);
  if (!wood) return 0;
  return Object.keys(r.ingredients).some((i) => i === `${wood}_planks` || i === `${wood}_log`) ? 0.5 : 0;
}

function missingCount(r: CraftRecipe, need: number, inv: Inventory): number {
  const crafts = Math.ceil(need / r.result.count);
  let short = 0;
  for (const [ing, n] of Object.entries(r.ingredients)) short += Math.max(0, n * crafts - (inv.get(ing) ?? 0));
  return short;
}

function add(inv: Inventory, item: string, n: number): void {
  inv.set(item, (inv.get(item) ?? 0) + n);
}

function take(inv: Inventory, item: string, n: number): void {
  const left = (inv.get(item) ?? 0) - n;
  if (left > 0) inv.set(item, left);
  else inv.delete(item);
}

function copyInto(target: Inventory, source: Inventory): void {
  target.clear();
  for (const [k, v] of source) target.set(k, v);
}
