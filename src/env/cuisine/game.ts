/**
 * The CuisineWorld engine (MindAgent's `overcooked/game.py`, rules in cuisineworld.md §4–5), written for speed: one step is
 * a handful of array writes. A step takes a list of commands, runs them one after another in list order (what one does is
 * visible to the next), counts tool timers down, settles orders on the serving table, and advances the order queue.
 *
 * Built to be driven step by step (a web page can send one human command plus the AI dispatchers' commands per step),
 * cloned for look-ahead, and rendered as the original's text state or as JSON.
 */
import { InputError } from '../../core/errors.js';
import { Rng } from '../../world/rng.js';
import { parseCommand, type Command, type ParseResult } from './command.js';
import { BASE_INGREDIENTS } from './data/ingredients.js';
import { TOOLS, type ToolType } from './data/tools.js';
import { getLevel, recipeKey, type Level, type RuleSet } from './level.js';
import { DEFAULT_ALPHA } from './oracle.js';

export const MAX_STEPS = 60;
/** At most this many orders are open at once (`max_num_tasks`). */
export const MAX_OPEN_ORDERS = 6;
export const NONE_ACTED = 'None of the agents performed any actions which is not normal.';
export const WASTE_SUGGESTION = 'put the waste into the storage';

const BASE_SET: ReadonlySet<string> = new Set(BASE_INGREDIENTS);

export interface GameOptions {
  /** `level_3`, `3`, or a Level. */
  level: string | number | Level;
  agents: number;
  /** Order pressure; the benchmark uses 1.0, 1.5, 2.0, 2.5, 3.0. */
  alpha?: number;
  seed?: number | string;
  rules?: RuleSet;
  maxSteps?: number;
}

export interface Order {
  readonly dish: string;
  lifetime: number;
}

export interface StepResult {
  /** Exact feedback strings of the original, in the order they arose. */
  readonly feedback: string[];
  readonly suggestions: string[];
  /** Whether each command of the dispatch did what it asked, aligned with the list given. */
  readonly success: boolean[];
  /** Orders served at the end of this step. */
  readonly completed: string[];
  /** Orders that expired at the end of this step. */
  readonly expired: string[];
  readonly done: boolean;
}

export interface AgentJson {
  readonly id: string;
  readonly at: string;
  readonly holding: string | null;
  readonly occupied: boolean;
}

export interface LocationJson {
  readonly id: string;
  readonly type: ToolType;
  readonly contents: string[];
  /** Steps the location stays blocked (0 = free). */
  readonly occupied: number;
  /** Whether a get is allowed now (ignoring other conditions). */
  readonly pickable: boolean;
  /** Whether the contents are a cooked product (true after activate until emptied). */
  readonly cooked: boolean;
}

export interface GameStateJson {
  readonly level: string;
  readonly step: number;
  readonly maxSteps: number;
  readonly alpha: number;
  readonly taskInterval: number;
  readonly orders: { dish: string; lifetime: number }[];
  readonly agents: AgentJson[];
  readonly locations: LocationJson[];
  readonly accomplished: string[];
  readonly completedCount: number;
  readonly expiredCount: number;
  readonly failedCount: number;
  readonly feedback: string[];
  readonly suggestions: string[];
  readonly done: boolean;
}

export class CuisineGame {
  readonly level: Level;
  readonly numAgents: number;
  readonly alpha: number;
  readonly rules: RuleSet;
  readonly maxSteps: number;
  readonly interval: number;
  /** Lifetime of a fresh order per dish. */
  readonly lifetimes: ReadonlyMap<string, number>;

  // Agents.
  agentLoc: number[] = [];
  holding: (string | null)[] = [];
  agentBusy: number[] = [];
  // Locations.
  contents: string[][] = [];
  locBusy: number[] = [];
  /** For tools that are not always pickable: a get is allowed (set by activate, cleared by get). */
  activated: boolean[] = [];
  /** Contents are a cooked product (also on the chopboard, where pickable says nothing). */
  cooked: boolean[] = [];
  // Orders and score.
  orders: Order[] = [];
  accomplished: string[] = [];
  time = 0;
  timer = 0;
  completedCount = 0;
  /** Every expired order. */
  expiredCount = 0;
  /** Steps in which at least one order expired (the original's `failed_count`). */
  expiryStepCount = 0;
  lastFeedback: string[] = [];
  lastSuggestions: string[] = [];
  private rng: Rng;
  private readonly parseCache: Map<string, ParseResult>;
  readonly seed: number | string;

  /** A new game from options, or an exact copy of another game (what `clone()` does). */
  constructor(options: GameOptions | CuisineGame) {
    // Copies are made here, not by assigning fields onto a bare object, so a copy has the same shape as a game built
    // from options and the planners that read thousands of copies per second stay on V8's fast path; a copy shares
    // the level and the parse cache.
    if (options instanceof CuisineGame) {
      const from = options;
      this.level = from.level;
      this.numAgents = from.numAgents;
      this.alpha = from.alpha;
      this.rules = from.rules;
      this.maxSteps = from.maxSteps;
      this.interval = from.interval;
      this.lifetimes = from.lifetimes;
      this.seed = from.seed;
      this.parseCache = from.parseCache;
      this.rng = from.rng;
      this.copyFrom(from);
      return;
    }
    this.parseCache = new Map();
    const rules = options.rules ?? 'fixed';
    this.level = typeof options.level === 'object' ? options.level : getLevel(options.level, rules);
    if (!Number.isInteger(options.agents) || options.agents < 1) {
      throw new InputError(`a CuisineWorld game needs at least one agent, got ${options.agents}`, 'pass agents: 2, 3 or 4');
    }
    this.numAgents = options.agents;
    this.alpha = options.alpha ?? DEFAULT_ALPHA;
    if (!(this.alpha > 0)) throw new InputError(`alpha must be positive, got ${this.alpha}`, 'use 1.0 .. 3.0');
    this.rules = rules;
    this.maxSteps = options.maxSteps ?? MAX_STEPS;
    this.interval = this.level.interval(this.alpha);
    this.lifetimes = new Map(this.level.dishes.map((d) => [d, this.level.lifetime(d, this.alpha)]));
    this.seed = options.seed ?? 0;
    this.rng = new Rng(this.seed);
    this.reset(this.seed);
  }

  /** Starts a new episode: agents at servingtable0, tools empty, one order placed right away. */
  reset(seed: number | string = this.seed): void {
    this.rng = new Rng(`cuisine-orders:${seed}`);
    const serving = this.level.locationIndex.get('servingtable0');
    if (serving === undefined) throw new InputError(`level ${this.level.name} has no servingtable0`, 'every kitchen needs a serving table');
    const n = this.level.locations.length;
    this.agentLoc = new Array<number>(this.numAgents).fill(serving);
    this.holding = new Array<string | null>(this.numAgents).fill(null);
    this.agentBusy = new Array<number>(this.numAgents).fill(0);
    this.contents = Array.from({ length: n }, () => []);
    this.locBusy = new Array<number>(n).fill(0);
    this.activated = new Array<boolean>(n).fill(false);
    this.cooked = new Array<boolean>(n).fill(false);
    this.orders = [];
    this.accomplished = [];
    this.time = 0;
    this.timer = 0;
    this.completedCount = 0;
    this.expiredCount = 0;
    this.expiryStepCount = 0;
    this.lastFeedback = [];
    this.lastSuggestions = [];
    this.addOrder();
  }

  get done(): boolean {
    return this.time >= this.maxSteps;
  }

  /** Failed orders as the rule set counts them: every expired order ('fixed') or steps with an expiry ('original'). */
  get failedCount(): number {
    return this.rules === 'fixed' ? this.expiredCount : this.expiryStepCount;
  }

  locationId(index: number): string {
    return this.level.locations[index]!.id;
  }

  /** Parses one command against this level (cached: dispatchers repeat the same strings). */
  parse(text: string): ParseResult {
    let r = this.parseCache.get(text);
    if (r === undefined) {
      r = parseCommand(text, this.level.locationIndex, this.numAgents);
      if (this.parseCache.size < 4096) this.parseCache.set(text, r);
    }
    return r;
  }

  /** One game step. Commands run in list order; agents left out do nothing. */
  step(commands: readonly string[]): StepResult {
    if (this.done) {
      throw new InputError(`the episode is over (step ${this.time} of ${this.maxSteps})`, 'call reset() to start a new one');
    }
    const feedback: string[] = [];
    const success = new Array<boolean>(commands.length).fill(false);
    const parsed = this.parseDispatch(commands, feedback);
    if (parsed) {
      let allNoop = true;
      for (const c of parsed) if (c.verb !== 'noop') allNoop = false;
      if (allNoop) feedback.push(NONE_ACTED);
      for (let i = 0; i < parsed.length; i++) success[i] = this.apply(parsed[i]!, feedback);
    }
    return this.endStep(feedback, success);
  }

  /** What `step` would report, without changing this game. */
  lookAhead(commands: readonly string[]): StepResult {
    return this.clone().step(commands);
  }

  /**
   * Runs one command right now, without ending the step. For planners working on a clone: apply the commands already
   * decided for this step, then look at the result before deciding the next one.
   */
  applyNow(text: string, feedback: string[] = []): boolean {
    const r = this.parse(text);
    if (!r.ok) {
      feedback.push(r.message);
      return false;
    }
    return this.apply(r.command, feedback);
  }

  /** Parses a whole dispatch; null (and messages) if any command is malformed or an agent appears twice. */
  private parseDispatch(commands: readonly string[], feedback: string[]): Command[] | null {
    const out: Command[] = [];
    let bad = false;
    for (const text of commands) {
      const r = this.parse(text);
      if (!r.ok) {
        feedback.push(r.message);
        bad = true;
        continue;
      }
      for (const c of out) {
        if (c.agent === r.command.agent) {
          feedback.push('agent ids cannot be the same');
          bad = true;
          break;
        }
      }
      out.push(r.command);
    }
    return bad ? null : out;
  }

  private apply(c: Command, feedback: string[]): boolean {
    switch (c.verb) {
      case 'noop':
        return true;
      case 'goto':
        if (this.agentBusy[c.agent]! > 0) {
          feedback.push(`agent${c.agent} is occupied therefore cannot take any actions other than noop`);
          return false;
        }
        this.agentLoc[c.agent] = c.loc;
        return true;
      case 'get':
        return this.get(c.agent, c.item, c.loc, feedback);
      case 'put':
        return this.put(c.agent, c.loc, feedback);
      case 'activate':
        return this.activate(c.agent, c.loc, feedback);
    }
  }

  private get(a: number, item: string | null, l: number, feedback: string[]): boolean {
    const loc = this.level.locations[l]!;
    if (this.agentLoc[a] !== l) {
      feedback.push(`agent${a} is not located in ${loc.id}`);
      return false;
    }
    const pickable = loc.type === 'servingtable' ? false : TOOLS[loc.type].alwaysPickable || this.activated[l]!;
    if (!pickable) {
      feedback.push(`agent${a} is not allowed to pick up from ${loc.id} at this point`);
      return false;
    }
    const before = feedback.length;
    if (this.agentBusy[a]! > 0) feedback.push(`agent${a} is occupied therefore cannot take any actions other than noop`);
    if (this.holding[a] !== null) feedback.push(`agent${a} is holding objects, therefore cannot get objects from the tool`);
    if (this.locBusy[l]! > 0) feedback.push(`${loc.id} is occupied, therefore agent${a} cannot get objects from the tool`);
    if (feedback.length > before) return false;
    if (loc.type === 'storage') {
      if (item === null && this.rules === 'fixed') {
        // The original's parser had this message but never reached it (it answered "only base ingredients").
        feedback.push(`for agent${a}, need to specify the item to get from storage`);
        return false;
      }
      if (item === null || !BASE_SET.has(item)) {
        feedback.push(`agent${a} can only pickup base ingredients from the storage`);
        return false;
      }
      this.holding[a] = item;
      return true;
    }
    const inside = this.contents[l]!;
    if (inside.length === 0) {
      feedback.push(`${loc.id} is empty, you cannot get anything from there`);
      return false;
    }
    // Only one item can sit in a pickable tool (chopboard capacity 1, or a single cooked product).
    this.holding[a] = inside[0]!;
    this.contents[l] = [];
    this.activated[l] = false;
    this.cooked[l] = false;
    return true;
  }

  private put(a: number, l: number, feedback: string[]): boolean {
    const loc = this.level.locations[l]!;
    if (this.agentLoc[a] !== l) {
      feedback.push(`agent${a} is not located in ${loc.id}`);
      return false;
    }
    const held = this.holding[a]!;
    const inside = this.contents[l]!;
    const cookingTool = loc.type !== 'storage' && loc.type !== 'servingtable';
    // The original merged a duplicate into a cooking tool, destroying the held item (cuisineworld.md §9.4).
    const merges = this.rules === 'original' && cookingTool && held !== null && inside.includes(held);
    if (loc.type === 'servingtable' && held !== null && !this.level.dishSet.has(held)) {
      feedback.push(`${held} is not any dish needed in this level and cannot be put on ${loc.id}`);
      return false;
    }
    const full = loc.capacity !== -1 && inside.length >= loc.capacity;
    // Fixed rules: a full tool says so (the original said "waste" first, hiding the capacity message entirely).
    if (this.rules === 'fixed' && cookingTool && held !== null && full) {
      feedback.push(`${loc.id} reaches maximum capacity`);
      return false;
    }
    if (cookingTool && held !== null && !merges && !this.wouldFitARecipe(loc.type, inside, held)) {
      feedback.push(`putting ${held} into ${loc.id} will result in waste`);
      return false;
    }
    const before = feedback.length;
    if (this.agentBusy[a]! > 0) feedback.push(`agent${a} is occupied therefore cannot take any actions other than noop`);
    if (held === null) feedback.push(`agent${a} is not holding objects, therefore cannot put objects into the tool`);
    if (this.locBusy[l]! > 0) feedback.push(`${loc.id} is occupied, therefore cannot put objects into it`);
    if (full && !merges) feedback.push(`${loc.id} reaches maximum capacity`);
    if (feedback.length > before) return false;
    this.holding[a] = null;
    if (loc.type === 'storage' || merges) return true; // storage is the bin
    inside.push(held);
    return true;
  }

  /** The "will it become waste" check: `item` must be a missing ingredient of some recipe that contains the contents. */
  private wouldFitARecipe(type: ToolType, inside: readonly string[], item: string): boolean {
    const recipes = this.level.recipesByTool.get(type);
    if (!recipes) return false;
    for (const r of recipes) {
      if (!r.ingredients.includes(item)) continue;
      let containsAll = !inside.includes(item);
      for (let i = 0; containsAll && i < inside.length; i++) containsAll = r.ingredients.includes(inside[i]!);
      if (containsAll) return true;
    }
    return false;
  }

  private activate(a: number, l: number, feedback: string[]): boolean {
    const loc = this.level.locations[l]!;
    if (this.agentLoc[a] !== l) {
      feedback.push(`agent${a} is not located in ${loc.id}`);
      return false;
    }
    const inside = this.contents[l]!;
    const before = feedback.length;
    if (this.agentBusy[a]! > 0) feedback.push(`agent${a} is occupied therefore cannot take any actions other than noop`);
    if (this.holding[a] !== null) feedback.push(`agent${a} is holding objects, therefore cannot activate tools`);
    if (this.locBusy[l]! > 0) feedback.push(`${loc.id} is occupied, therefore cannot be activated`);
    if (inside.length === 0) feedback.push(`${loc.id} is empty, therefore cannot be activated`);
    if (feedback.length > before) return false;
    const recipe = this.level.recipeByKey.get(recipeKey(loc.type, inside));
    if (!recipe || recipe.tool !== loc.type) {
      feedback.push(`activating ${loc.id} will result in waste`);
      return false;
    }
    this.contents[l] = [recipe.product];
    this.locBusy[l] = loc.occupiedTime;
    if (TOOLS[loc.type].needWatch) this.agentBusy[a] = loc.occupiedTime;
    this.activated[l] = true;
    this.cooked[l] = true;
    return true;
  }

  /** Timers, order settlement, clock and order queue: everything after the commands. */
  private endStep(feedback: string[], success: boolean[]): StepResult {
    for (let i = 0; i < this.agentBusy.length; i++) if (this.agentBusy[i]! > 0) this.agentBusy[i]!--;
    for (let i = 0; i < this.locBusy.length; i++) if (this.locBusy[i]! > 0) this.locBusy[i]!--;
    const expired: string[] = [];
    const completed: string[] = [];
    this.settleOrders(expired, completed);
    this.time++;
    this.tick();
    const suggestions = this.wasteAround() ? [WASTE_SUGGESTION] : [];
    this.lastFeedback = feedback;
    this.lastSuggestions = suggestions;
    return { feedback, suggestions, success, completed, expired, done: this.done };
  }

  /** Orders shown with lifetime 0 fail; then each open order (soonest first) takes its dish off a serving table. */
  private settleOrders(expired: string[], completed: string[]): void {
    const orders = this.orders;
    let w = 0;
    for (let i = 0; i < orders.length; i++) {
      const o = orders[i]!;
      if (o.lifetime === 0) expired.push(o.dish);
      else orders[w++] = o;
    }
    orders.length = w;
    if (expired.length > 0) {
      this.expiredCount += expired.length;
      this.expiryStepCount++;
    }
    w = 0;
    for (let i = 0; i < orders.length; i++) {
      const o = orders[i]!;
      if (this.takeFromServingTables(o.dish)) {
        completed.push(o.dish);
        this.accomplished.push(o.dish);
      } else orders[w++] = o;
    }
    orders.length = w;
    this.completedCount += completed.length;
  }

  private takeFromServingTables(dish: string): boolean {
    const locs = this.level.locations;
    for (let l = 0; l < locs.length; l++) {
      if (locs[l]!.type !== 'servingtable') continue;
      const inside = this.contents[l]!;
      const at = inside.indexOf(dish);
      if (at >= 0) {
        inside.splice(at, 1);
        return true;
      }
    }
    return false;
  }

  /** After each step: lifetimes count down, and every `interval` steps a new order arrives (if fewer than 6 are open). */
  private tick(): void {
    this.timer++;
    for (const o of this.orders) if (o.lifetime > 0) o.lifetime--;
    if (this.timer === this.interval) {
      if (this.orders.length < MAX_OPEN_ORDERS) this.addOrder();
      this.timer = 0;
    }
  }

  private addOrder(): void {
    const dish = this.rng.pick(this.level.dishes);
    this.orders.push({ dish, lifetime: this.lifetimes.get(dish)! });
    this.orders.sort((a, b) => a.lifetime - b.lifetime || (a.dish < b.dish ? -1 : a.dish > b.dish ? 1 : 0));
  }

  private wasteAround(): boolean {
    for (const h of this.holding) if (h === 'waste') return true;
    for (const c of this.contents) if (c.includes('waste')) return true;
    return false;
  }

  /** Actions that would succeed for one agent now (as the original `available_actions`, without waste-making ones). */
  availableActions(agent: number): string[] {
    const out = [`noop_agent${agent}`];
    const locs = this.level.locations;
    const sink: string[] = [];
    const probe = (text: string) => {
      sink.length = 0;
      const copy = this.clone();
      if (copy.applyNow(text, sink)) out.push(text);
    };
    for (let l = 0; l < locs.length; l++) {
      const id = locs[l]!.id;
      if (this.agentLoc[agent] !== l) {
        if (this.agentBusy[agent] === 0) out.push(`goto_agent${agent}_${id}`);
        continue;
      }
      if (locs[l]!.type === 'storage') {
        if (this.holding[agent] === null) for (const b of BASE_INGREDIENTS) out.push(`get_agent${agent}_${b}_${id}`);
        else out.push(`put_agent${agent}_${id}`);
        continue;
      }
      probe(`get_agent${agent}_${id}`);
      probe(`put_agent${agent}_${id}`);
      probe(`activate_agent${agent}_${id}`);
    }
    return out;
  }

  clone(): CuisineGame {
    return new CuisineGame(this);
  }

  /** Makes this game an exact copy of `other` (same level and options), reusing arrays where it can. */
  copyFrom(other: CuisineGame): void {
    this.agentLoc = other.agentLoc.slice();
    this.holding = other.holding.slice();
    this.agentBusy = other.agentBusy.slice();
    this.contents = other.contents.map((c) => c.slice());
    this.locBusy = other.locBusy.slice();
    this.activated = other.activated.slice();
    this.cooked = other.cooked.slice();
    this.orders = other.orders.map((o) => ({ dish: o.dish, lifetime: o.lifetime }));
    this.accomplished = other.accomplished.slice();
    this.time = other.time;
    this.timer = other.timer;
    this.completedCount = other.completedCount;
    this.expiredCount = other.expiredCount;
    this.expiryStepCount = other.expiryStepCount;
    this.lastFeedback = other.lastFeedback.slice();
    this.lastSuggestions = other.lastSuggestions.slice();
    this.rng = other.rng.clone();
  }

  /** The state as JSON (a copy; safe to keep). */
  snapshot(): GameStateJson {
    const locs = this.level.locations;
    return {
      level: this.level.name,
      step: this.time,
      maxSteps: this.maxSteps,
      alpha: this.alpha,
      taskInterval: this.interval,
      orders: this.orders.map((o) => ({ dish: o.dish, lifetime: o.lifetime })),
      agents: this.agentLoc.map((l, i) => ({
        id: `agent${i}`,
        at: locs[l]!.id,
        holding: this.holding[i]!,
        occupied: this.agentBusy[i]! > 0,
      })),
      locations: locs.map((loc, l) => ({
        id: loc.id,
        type: loc.type,
        contents: loc.type === 'storage' ? [] : this.contents[l]!.slice(),
        occupied: this.locBusy[l]!,
        pickable: loc.type !== 'servingtable' && (TOOLS[loc.type].alwaysPickable || this.activated[l]!),
        cooked: this.cooked[l]!,
      })),
      accomplished: this.accomplished.slice(),
      completedCount: this.completedCount,
      expiredCount: this.expiredCount,
      failedCount: this.failedCount,
      feedback: this.lastFeedback.slice(),
      suggestions: this.lastSuggestions.slice(),
      done: this.done,
    };
  }
}
