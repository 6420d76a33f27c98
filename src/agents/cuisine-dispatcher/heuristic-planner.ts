/**
 * One planning pass of the heuristic dispatcher over a game state. It works demand-first:
 *
 * 1. Open orders, most urgent first (orders that can no longer be made in time go last), each need their dish.
 * 2. A need is covered by what exists, nearest to done first: a dish or ingredient an agent holds, a cooked product lying
 *    in a tool, a tool already filling up for that recipe (whose own missing ingredients are then covered the same way),
 *    a base ingredient from storage, or else a new production claimed on a free tool of the right type. A tool does one
 *    recipe at a time (its "target"), so tool conflicts and capacity cannot arise; a tool whose product is about to be
 *    picked up counts as free, which pipelines the next batch.
 * 3. The result is a set of tasks (activate a tool whose contents match its target exactly; pick a product up and carry it;
 *    fetch a base ingredient) plus a destination for every item an agent holds. Tasks go to agents by priority, then by
 *    who is already standing at the right place.
 *
 * Leftovers (a half-filled tool or a cooked dish nobody ordered any more) are finished at the lowest priority: items put
 * into a tool cannot be taken back out, so an abandoned tool would stay blocked; a finished dish left on the serving table
 * completes a later order of the same dish.
 */
import { TOOLS, type CuisineGame, type RecipeDef } from '../../env/cuisine/index.js';

/** Lower runs earlier within a step: puts feed activates, activates feed gets (a mixer can do all three in one step). */
export const RANK_PUT = 0;
export const RANK_ACTIVATE = 1;
export const RANK_GET = 2;
export const RANK_GOTO = 3;
export const RANK_NOOP = 4;

export interface Decision {
  readonly agent: number;
  readonly command: string;
  readonly rank: number;
  /** The task this serves, remembered so an agent sticks to its task across steps. */
  readonly key: string | null;
  /** Set when this put starts a new recipe in an empty tool. */
  readonly startsRecipe: { loc: number; recipe: RecipeDef } | null;
}

interface Task {
  readonly key: string;
  readonly kind: 'activate' | 'pick' | 'fetch';
  /** Where the agent must stand. */
  readonly at: number;
  readonly prio: number;
  readonly item: string;
}

interface HolderGoal {
  readonly loc: number;
  readonly recipe: RecipeDef | null;
}

const LEFTOVER = 1_000;

export class Planner {
  private readonly g: CuisineGame;
  private readonly targets: (RecipeDef | null)[];
  private readonly controlled: readonly number[];
  private readonly storage: number;
  private readonly serving: number;
  /** Per level item: steps to make it from nothing with enough hands (for triage). */
  private readonly makeTime: ReadonlyMap<string, number>;

  private heldTaken: boolean[] = [];
  private productTaken: boolean[] = [];
  private producerTaken: boolean[] = [];
  /** Tools promised to a recipe in this pass (new productions). */
  private claimed: (RecipeDef | null)[] = [];
  private tasks: Task[] = [];
  private holderGoals = new Map<number, HolderGoal>();
  private fetchCount = new Map<string, number>();

  constructor(
    game: CuisineGame,
    targets: (RecipeDef | null)[],
    controlled: readonly number[],
    makeTime: ReadonlyMap<string, number>,
  ) {
    this.g = game;
    this.targets = targets;
    this.controlled = controlled;
    this.makeTime = makeTime;
    this.storage = game.level.locationIndex.get('storage0') ?? -1;
    this.serving = game.level.locationIndex.get('servingtable0') ?? -1;
  }

  /** Decisions for the undecided agents, given the state as it stands now. */
  plan(undecided: ReadonlySet<number>, memory: readonly (string | null)[]): Decision[] {
    this.refreshTargets();
    this.allocate();
    return this.assign(undecided, memory);
  }

  private isCookingTool(l: number): boolean {
    const t = this.g.level.locations[l]!.type;
    return t !== 'storage' && t !== 'servingtable';
  }

  /** Drop targets of emptied or cooked tools; guess one for contents put there by someone else. */
  private refreshTargets(): void {
    const g = this.g;
    for (let l = 0; l < g.level.locations.length; l++) {
      const inside = g.contents[l]!;
      if (!this.isCookingTool(l) || inside.length === 0 || g.cooked[l]) {
        this.targets[l] = null;
        continue;
      }
      const t = this.targets[l];
      if (t && inside.every((i) => t.ingredients.includes(i))) continue;
      const options = (g.level.recipesByTool.get(g.level.locations[l]!.type) ?? []).filter((r) =>
        inside.every((i) => r.ingredients.includes(i)),
      );
      const wanted = new Set(g.orders.map((o) => o.dish));
      this.targets[l] =
        options.find((r) => wanted.has(r.product)) ?? options.find((r) => r.ingredients.length === inside.length) ?? options[0] ?? null;
    }
  }

  private allocate(): void {
    const g = this.g;
    const n = g.level.locations.length;
    this.heldTaken = new Array<boolean>(g.numAgents).fill(false);
    this.productTaken = new Array<boolean>(n).fill(false);
    this.producerTaken = new Array<boolean>(n).fill(false);
    this.claimed = new Array<RecipeDef | null>(n).fill(null);
    this.tasks = [];
    this.holderGoals.clear();
    this.fetchCount.clear();
    // Dishes already on the serving table settle their orders at the end of this step.
    const onTable = new Map<string, number>();
    for (const d of g.contents[this.serving] ?? []) onTable.set(d, (onTable.get(d) ?? 0) + 1);
    const urgent: string[] = [];
    const late: string[] = [];
    for (const o of g.orders) {
      const left = onTable.get(o.dish) ?? 0;
      if (left > 0) {
        onTable.set(o.dish, left - 1);
        continue;
      }
      const inTime = o.lifetime >= (this.makeTime.get(o.dish) ?? 0) || this.supplyExists(o.dish);
      (inTime ? urgent : late).push(o.dish);
    }
    let prio = 0;
    for (const dish of [...urgent, ...late]) this.coverForServing(dish, prio++);
    this.finishLeftovers();
  }

  private supplyExists(item: string): boolean {
    const g = this.g;
    for (const a of this.controlled) if (g.holding[a] === item) return true;
    for (let l = 0; l < g.contents.length; l++) {
      if (g.cooked[l] && g.contents[l]![0] === item) return true;
      if (this.targets[l]?.product === item) return true;
    }
    return false;
  }

  private coverForServing(dish: string, prio: number): void {
    const src = this.cover(dish, prio);
    if (src.kind === 'held') this.holderGoals.set(src.agent, { loc: this.serving, recipe: null });
    else if (src.kind === 'product') this.addPick(src.loc, dish, prio);
  }

  /** Finds (and reserves) where one `item` will come from. */
  private cover(
    item: string,
    prio: number,
  ): { kind: 'held'; agent: number } | { kind: 'product'; loc: number } | { kind: 'producer' } | { kind: 'base' } | { kind: 'none' } {
    const g = this.g;
    for (const a of this.controlled) {
      if (!this.heldTaken[a] && g.holding[a] === item) {
        this.heldTaken[a] = true;
        return { kind: 'held', agent: a };
      }
    }
    let best = -1;
    for (let l = 0; l < g.contents.length; l++) {
      if (this.productTaken[l] || !g.cooked[l] || g.contents[l]![0] !== item) continue;
      if (best < 0 || g.locBusy[l]! < g.locBusy[best]!) best = l;
    }
    if (best >= 0) {
      this.productTaken[best] = true;
      return { kind: 'product', loc: best };
    }
    for (let l = 0; l < g.contents.length; l++) {
      const t = this.targets[l];
      if (this.producerTaken[l] || !t || t.product !== item) continue;
      this.producerTaken[l] = true;
      this.expand(l, t, prio);
      return { kind: 'producer' };
    }
    const recipe = g.level.recipeByProduct.get(item);
    if (!recipe) return { kind: 'base' };
    const tool = this.freeTool(recipe);
    if (tool < 0) return { kind: 'none' };
    this.claimed[tool] = recipe;
    this.producerTaken[tool] = true;
    this.expand(tool, recipe, prio);
    return { kind: 'producer' };
  }

  /** An empty unclaimed tool of the recipe's type, else one whose product is being picked up. */
  private freeTool(recipe: RecipeDef): number {
    const g = this.g;
    const locs = g.level.locations;
    let soon = -1;
    for (let l = 0; l < locs.length; l++) {
      if (locs[l]!.type !== recipe.tool || this.claimed[l] || this.targets[l]) continue;
      if (g.contents[l]!.length === 0) return l;
      if (soon < 0 && g.cooked[l] && this.productTaken[l]) soon = l;
    }
    return soon;
  }

  /** Plans the missing ingredients of the recipe in tool `l`, and its activation once complete. */
  private expand(l: number, recipe: RecipeDef, prio: number): void {
    const g = this.g;
    const inside = g.cooked[l] ? [] : g.contents[l]!;
    if (inside.length === recipe.ingredients.length && !g.cooked[l]) {
      this.tasks.push({ key: `act:${l}`, kind: 'activate', at: l, prio, item: recipe.product });
      return;
    }
    for (const ing of recipe.ingredients) {
      if (inside.includes(ing)) continue;
      const src = this.cover(ing, prio);
      if (src.kind === 'held') this.holderGoals.set(src.agent, { loc: l, recipe });
      else if (src.kind === 'product') this.addPick(src.loc, ing, prio);
      else if (src.kind === 'base') {
        const k = `fetch:${ing}:${l}`;
        const count = (this.fetchCount.get(k) ?? 0) + 1;
        this.fetchCount.set(k, count);
        this.tasks.push({ key: `${k}:${count}`, kind: 'fetch', at: this.storage, prio, item: ing });
      }
    }
  }

  private addPick(from: number, item: string, prio: number): void {
    this.tasks.push({ key: `pick:${from}`, kind: 'pick', at: from, prio, item });
  }

  /** Half-filled tools and cooked dishes nobody asked for: finish them at the lowest priority. */
  private finishLeftovers(): void {
    const g = this.g;
    for (let l = 0; l < g.contents.length; l++) {
      const t = this.targets[l];
      if (t && !this.producerTaken[l]) {
        this.producerTaken[l] = true;
        this.expand(l, t, LEFTOVER + l);
      }
    }
    for (let l = 0; l < g.contents.length; l++) {
      const item = g.contents[l]![0];
      if (g.cooked[l] && !this.productTaken[l] && item !== undefined && g.level.dishSet.has(item)) {
        this.productTaken[l] = true;
        this.addPick(l, item, LEFTOVER * 2 + l);
      }
    }
  }

  private assign(undecided: ReadonlySet<number>, memory: readonly (string | null)[]): Decision[] {
    const g = this.g;
    const out: Decision[] = [];
    const free: number[] = [];
    for (const a of this.controlled) {
      if (!undecided.has(a)) continue;
      const held = g.holding[a];
      if (held === null || held === undefined) free.push(a);
      else out.push(this.carry(a, held));
    }
    const kindOrder = { activate: 0, pick: 1, fetch: 2 } as const;
    const tasks = this.tasks.slice().sort((x, y) => x.prio - y.prio || kindOrder[x.kind] - kindOrder[y.kind]);
    const taken = new Set<string>();
    for (const task of tasks) {
      if (free.length === 0) break;
      if (taken.has(task.key)) continue;
      let bestI = -1;
      let bestCost = Infinity;
      for (let i = 0; i < free.length; i++) {
        const a = free[i]!;
        const cost = (g.agentLoc[a] === task.at ? 0 : 2) - (memory[a] === task.key ? 1 : 0);
        if (cost < bestCost) {
          bestCost = cost;
          bestI = i;
        }
      }
      const a = free[bestI]!;
      free.splice(bestI, 1);
      taken.add(task.key);
      out.push(this.work(a, task));
    }
    // Nobody needs these agents now: wait at storage, where most work starts.
    for (const a of free) out.push(this.move(a, this.storage, null));
    return out;
  }

  private carry(a: number, held: string): Decision {
    const g = this.g;
    let goal = this.holderGoals.get(a);
    if (!goal) {
      if (g.level.dishSet.has(held)) goal = { loc: this.serving, recipe: null };
      else goal = this.parkingFor(held) ?? { loc: this.storage, recipe: null };
    }
    if (g.agentLoc[a] !== goal.loc) return this.move(a, goal.loc, `carry:${goal.loc}`);
    const l = goal.loc;
    const loc = g.level.locations[l]!;
    const fits = loc.capacity === -1 || g.contents[l]!.length < loc.capacity;
    if (g.locBusy[l]! > 0 || (g.cooked[l] && this.isCookingTool(l)) || !fits) {
      return { agent: a, command: `noop_agent${a}`, rank: RANK_NOOP, key: `carry:${l}`, startsRecipe: null };
    }
    const starts = goal.recipe && this.isCookingTool(l) && g.contents[l]!.length === 0 ? { loc: l, recipe: goal.recipe } : null;
    return { agent: a, command: `put_agent${a}_${loc.id}`, rank: RANK_PUT, key: `carry:${l}`, startsRecipe: starts };
  }

  /** A held intermediate nobody needs: start a recipe that uses it in a free tool, if one is free. */
  private parkingFor(held: string): HolderGoal | null {
    if (!this.g.level.recipeByProduct.has(held)) return null; // base ingredients go back to storage
    for (const r of this.g.level.recipes) {
      if (!r.ingredients.includes(held)) continue;
      const l = this.freeTool(r);
      if (l >= 0 && this.g.contents[l]!.length === 0) {
        this.claimed[l] = r;
        return { loc: l, recipe: r };
      }
    }
    return null;
  }

  private work(a: number, task: Task): Decision {
    const g = this.g;
    if (g.agentLoc[a] !== task.at) return this.move(a, task.at, task.key);
    const id = g.level.locations[task.at]!.id;
    const wait: Decision = { agent: a, command: `noop_agent${a}`, rank: RANK_NOOP, key: task.key, startsRecipe: null };
    switch (task.kind) {
      case 'activate':
        if (g.locBusy[task.at]! > 0) return wait;
        return { agent: a, command: `activate_agent${a}_${id}`, rank: RANK_ACTIVATE, key: task.key, startsRecipe: null };
      case 'pick':
        if (g.locBusy[task.at]! > 0) return wait;
        return { agent: a, command: `get_agent${a}_${id}`, rank: RANK_GET, key: task.key, startsRecipe: null };
      case 'fetch':
        return { agent: a, command: `get_agent${a}_${task.item}_${id}`, rank: RANK_GET, key: task.key, startsRecipe: null };
    }
  }

  private move(a: number, l: number, key: string | null): Decision {
    if (l < 0 || this.g.agentLoc[a] === l) return { agent: a, command: `noop_agent${a}`, rank: RANK_NOOP, key, startsRecipe: null };
    const id = this.g.level.locations[l]!.id;
    return { agent: a, command: `goto_agent${a}_${id}`, rank: RANK_GOTO, key, startsRecipe: null };
  }
}

/**
 * Steps to make each item with enough hands, used to put orders that can no longer be made in time last:
 * a base ingredient is 3 steps from a tool (go to storage, get, come back); a cooked item adds put, activate, the
 * tool's blocked steps, get and the walk on; serving adds the final put.
 */
export function makeTimes(game: CuisineGame): Map<string, number> {
  const memo = new Map<string, number>();
  const level = game.level;
  const time = (item: string): number => {
    const known = memo.get(item);
    if (known !== undefined) return known;
    const r = level.recipeByProduct.get(item);
    let t = 3;
    if (r) {
      const blocked = Math.max(0, TOOLS[r.tool].occupiedTime - 1);
      t = Math.max(...r.ingredients.map(time)) + 4 + blocked;
    }
    memo.set(item, t);
    return t;
  };
  const out = new Map<string, number>();
  for (const d of level.dishes) out.set(d, time(d) + 1);
  return out;
}
