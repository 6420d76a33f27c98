/**
 * The `heuristic` team: honest rule-based agents for the MineLand and S-Agents families. They act only
 * through skills and know only what their observations show (their senses limit `collect`,
 * `findEntities` and what `nearbyBlocks` lists); the team pools its members' observations the way
 * agents that report to each other would, to split work and see the team's progress. Behaviour by goal:
 *  - collection / harvest / tech_tree / team_inventory_contains: plan with the recipe planner and
 *    gather, craft and smelt (each agent takes a share of a collection goal);
 *  - chest_contains: the same, then deposit into the chest;
 *  - combat: wear armor, attack visible mobs of the type, explore when none is seen;
 *  - survive_days: eat when hungry, fight hostiles that come close, dig in for the night;
 *  - shelter / blueprint: build layer by layer, split by the blocks each agent carries;
 *  - stage_performance: play the script line by line (stage-director.ts);
 *  - choice: walk to the option the goal says is correct (a check of the set-up, not a judgement).
 * Members say aloud what they report to each other (team-talk.ts): their shares, deposits, kills, parts of
 * a build, what they cannot get. A line goes out when the agent decides anyway, in place of its next skill,
 * which starts one step later; attacks and meals are never put off for a line.
 */
import type { AgentAction } from '../../core/actions.js';
import type { Observation } from '../../core/observation.js';
import type { Vec3 } from '../../core/vec3.js';
import type { GoalSpec } from '../../tasks/spec.js';
import { requirementNames, type ItemRequirement } from '../../tasks/spec/common.js';
import type { Registry } from '../../world/index.js';
import { EVENT_PRIORITY } from '../../skills/observe/priorities.js';
import type { Team, TeamSetup, TeamStats } from '../team.js';
import { inventoryOf, pause, skill } from './actions.js';
import { goalsFromBrief } from './goals-from-brief.js';
import { armorOf, registryFor } from './item-facts.js';
import { blueprintStructure, shelterStructure, splitLayer, type LayeredStructure } from './layered-build.js';
import { explore, newObtainMemory, noteResults, obtainAction, type ObtainMemory, type OreSearch } from './obtain.js';
import { harvestUses, MIN_LEG, needsNewPickaxe, STOCK_STICKS, tunnelSteps } from './pickaxe-upkeep.js';
import { planRecipe, sourceBlocks } from './recipe-plan.js';
import { StageDirector } from './stage-director.js';
import { StripMine } from './strip-mine.js';
import { TeamTalk } from './team-talk.js';

export interface HeuristicOptions {
  architecture?: string;
  /** The task's goals when the caller has them (the oracle does); otherwise read from the brief. */
  goals?: readonly GoalSpec[];
  chests?: readonly Vec3[];
  /**
   * Whether members say aloud what they report to each other (default true). Off where chat is part of
   * what is measured or is someone else's: the society's households, the oracle's fallback.
   */
  talk?: boolean;
}

/** Goals whose success reads the agents' chat: a member's report there would count as a line or a choice. */
const CHAT_SCORED: ReadonlySet<GoalSpec['type']> = new Set(['stage_performance', 'choice']);
/** Shares of fewer items than this get no halfway report (the done report comes soon enough). */
const HALFWAY_REPORT_MIN = 6;
/** Skills never put off for a line: a blow or a meal one step late can cost a life. */
const NOT_PUT_OFF: ReadonlySet<string> = new Set(['attack', 'eat']);

const FOODS = /^(cooked_|bread$|apple$|golden_apple$|baked_potato$|carrot$|pumpkin_pie$|cookie$|melon_slice$|sweet_berries$|mushroom_stew$)/;
const HOSTILE_NEAR = 6;
/** Supply rounds that send nobody anywhere before a layer goes up with the blocks at hand. */
const MAX_SUPPLY_ROUNDS = 3;
/** Skills a supply trip runs (the team waits for them before starting a layer). */
const SUPPLY_SKILLS: ReadonlySet<string> = new Set(['getFromChest', 'collect', 'craft', 'smelt', 'mineBlocks', 'moveTo', 'scoutBlocks']);
const posKey = (p: Vec3): string => `${p.x},${p.y},${p.z}`;
/** A crafting table left this close is taken back before mining on (the next pickaxe needs one). */
const TABLE_REACH = 8;
/** Most ore blocks one `collect` is asked for while strip mining. */
const COLLECT_SEEN_MAX = 16;
/** Times one agent's part of a structure is built again after it came back incomplete. */
const MAX_BUILD_REDOS = 3;
/** How far outside the structure an agent in the way is sent. */
const STAND_CLEAR = 2;

type BlueprintParams = { origin: Vec3; blocks: { dx: number; dy: number; dz: number; block: string }[] };

interface BuildState {
  structure: LayeredStructure;
  layer: number;
  busy: Set<string>;
  doorDone: boolean;
  retries: number;
  /** Builds that came back incomplete (a teammate stood in a cell, say), to run again once the team is idle. */
  redo: { agent: string; params: BlueprintParams }[];
  /** Redos so far per agent. */
  redone: Map<string, number>;
}

export class HeuristicTeam implements Team {
  readonly architecture: string;
  private reg: Registry = registryFor();
  private goals: GoalSpec[] = [];
  private chests: Vec3[] = [];
  private setup: TeamSetup | null = null;
  private readonly latest = new Map<string, Observation>();
  private readonly memory = new Map<string, ObtainMemory>();
  /** Ids of mobs the team saw die by its attacks (two agents on one target report the same kill). */
  private readonly killed = new Set<string>();
  private build: BuildState | null = null;
  private readonly noted = new Set<string>();
  /** Where each agent dug in for the night (the pit's top), so it digs once and closes it once. */
  private readonly pits = new Map<string, { x: number; y: number; z: number; closed: boolean }>();
  /** Mob types the team killed, in order (a stage script's `died` and `kill` lines wait for one). */
  private readonly killLog: string[] = [];
  /** Chests that came up empty when the team went for building supplies. */
  private readonly emptyChests = new Set<string>();
  private stage: StageDirector | null = null;
  /** The team's strip mine per ore, opened when an agent first goes looking for that ore in quantity. */
  private readonly mines = new Map<string, StripMine>();
  /** Where the first agent stood at the start: the strip mines' corridor and the surface height. */
  private base: Vec3 | null = null;
  private readonly talk = new TeamTalk();
  private talking = false;
  /** An agent's next skill, put off by one step for the line it says first. */
  private readonly held = new Map<string, AgentAction>();
  /** Per agent and requirement (`agent:index`): the share it announced, and the counts it started from and completes it at. */
  private readonly shares = new Map<string, { item: string; share: number; from: number; target: number }>();
  /** The layer each builder was last given a part of. */
  private readonly builderLayer = new Map<string, number>();
  private linesSaid = 0;

  constructor(private readonly options: HeuristicOptions = {}) {
    this.architecture = options.architecture ?? 'heuristic';
  }

  async start(setup: TeamSetup): Promise<void> {
    this.setup = setup;
    this.reg = registryFor();
    this.goals = this.options.goals ? [...this.options.goals] : goalsFromBrief(setup.task);
    this.chests = this.options.chests ? [...this.options.chests] : [];
    this.latest.clear();
    this.memory.clear();
    this.killed.clear();
    this.build = null;
    this.pits.clear();
    this.killLog.length = 0;
    this.emptyChests.clear();
    this.mines.clear();
    this.base = null;
    this.talk.reset();
    this.held.clear();
    this.shares.clear();
    this.builderLayer.clear();
    this.linesSaid = 0;
    // A team of one (an agent alone, or a member of a solo organisation) has nobody to report to.
    this.talking = (this.options.talk ?? true) && setup.agents.length > 1 && !this.goals.some((g) => CHAT_SCORED.has(g.type));
    const script = this.goals.find((x) => x.type === 'stage_performance');
    this.stage = script?.type === 'stage_performance' ? new StageDirector(script.script, setup.agents) : null;
    const g = this.goals.find((x) => x.type === 'shelter' || x.type === 'blueprint');
    const fresh = (structure: LayeredStructure, doorDone: boolean): BuildState => ({ structure, layer: 0, busy: new Set(), doorDone, retries: 0, redo: [], redone: new Map() });
    if (g?.type === 'shelter') this.build = fresh(shelterStructure(g), !g.door);
    if (g?.type === 'blueprint') this.build = fresh(blueprintStructure(g), true);
    setup.log({ type: 'heuristic_start', goals: this.goals.map((x) => x.type) });
    if (this.goals.length === 0) setup.log({ type: 'heuristic_note', note: `could not read a goal from '${setup.task.goal}'; agents will wait` });
  }

  async decide(asked: Readonly<Record<string, Observation>>): Promise<Partial<Record<string, AgentAction>>> {
    const observations = this.talking ? this.withoutChatWakeUps(asked) : asked;
    const first = this.setup?.agents[0];
    if (!this.base && first && observations[first]) this.base = { ...observations[first].pos };
    for (const [name, obs] of Object.entries(observations)) {
      this.latest.set(name, obs);
      for (const mine of this.mines.values()) {
        if (obs.alive) mine.observe(name, obs);
        else mine.release(name);
      }
      const mem = this.memoryOf(name);
      noteResults(mem, obs);
      for (const f of obs.finishedSkills) {
        const target = f.result.target as { id?: number; type?: string } | undefined;
        // A chest that gave nothing is not visited again for supplies.
        if (f.name === 'getFromChest') {
          const taken = f.result.taken as unknown[] | undefined;
          const chest = (f.params as { chest?: Vec3 } | undefined)?.chest;
          if (chest && (!f.ok || !taken || taken.length === 0)) this.emptyChests.add(posKey(chest));
        }
        if (f.name === 'attack' && f.result.killed && target) {
          const key = `${target.type}:${target.id}`;
          if (!this.killed.has(key) && target.type) {
            this.killLog.push(target.type);
            this.tellKill(name, target.type, f.finishedAt);
          }
          this.killed.add(key);
        }
        if (this.talking && f.ok) this.tellDone(name, f);
      }
    }
    const out: Partial<Record<string, AgentAction>> = {};
    if (this.build) this.advanceBuild(observations, out);
    for (const [name, obs] of Object.entries(observations)) {
      if (!obs.alive || name in out) {
        this.held.delete(name);
        continue;
      }
      const a = this.decideFor(name, obs);
      if (!a) continue;
      const line = this.talking && a.type === 'skill' && !NOT_PUT_OFF.has(a.name) ? this.talk.take(name, obs.tick) : null;
      if (line) {
        this.held.set(name, a);
        this.linesSaid++;
        out[name] = skill('say', { message: line });
      } else out[name] = a;
    }
    return out;
  }

  stats(): Partial<TeamStats> {
    return { messages: this.linesSaid };
  }

  /**
   * The observations less those of agents asked only because a teammate spoke while their skill runs:
   * the team heard that news through its pooled observations already, and deciding for them then would
   * interrupt their work (the runner wakes an agent for any message).
   */
  private withoutChatWakeUps(asked: Readonly<Record<string, Observation>>): Readonly<Record<string, Observation>> {
    const team = this.setup?.agents ?? [];
    let out: Record<string, Observation> | null = null;
    for (const [name, obs] of Object.entries(asked)) {
      const chatOnly =
        obs.runningSkill !== null &&
        obs.finishedSkills.length === 0 &&
        obs.messages.length > 0 &&
        obs.messages.every((m) => team.includes(m.from)) &&
        !obs.events.some((e) => e.priority >= EVENT_PRIORITY.lowFood);
      if (!chatOnly) continue;
      out ??= { ...asked };
      delete out[name];
    }
    return out ?? asked;
  }

  private decideFor(name: string, obs: Observation): AgentAction | null {
    const urgent = this.survivalReflex(obs);
    if (urgent) {
      this.held.delete(name);
      return urgent;
    }
    if (obs.runningSkill) return null;
    const held = this.held.get(name);
    if (held) {
      this.held.delete(name);
      return held;
    }
    for (const goal of this.goals) {
      const a = this.towards(goal, name, obs);
      if (a) return a;
    }
    return pause(100);
  }

  /** Eating when hungry and hitting hostiles at arm's length come before any goal. */
  private survivalReflex(obs: Observation): AgentAction | null {
    const running = obs.runningSkill?.name;
    if (running === 'eat' || running === 'attack') return null;
    const inv = inventoryOf(obs);
    if (obs.food <= 14) {
      const food = Object.keys(inv).find((i) => FOODS.test(i));
      if (food) return skill('eat', { item: food });
    }
    const hostile = obs.entities.find((e) => e.hostile && e.distance <= HOSTILE_NEAR && (e.health ?? 1) > 0);
    if (hostile && !this.goals.some((g) => g.type === 'combat')) return skill('attack', { id: hostile.id, timeoutTicks: 200 });
    return null;
  }

  private towards(goal: GoalSpec, name: string, obs: Observation): AgentAction | null {
    switch (goal.type) {
      case 'collection':
      case 'team_inventory_contains':
        return this.collect(goal.items, name, obs, null);
      case 'chest_contains':
        return this.collect(goal.items, name, obs, goal.position ?? this.chests[0] ?? null);
      case 'harvest':
        return this.collect([{ name: goal.item, count: goal.count }], name, obs, null);
      case 'tech_tree':
        return this.obtain(name, obs, goal.tool, 1);
      case 'combat':
        return this.fight(goal.mob, goal.count, name, obs);
      case 'survive_days':
      case 'all_survive':
        return this.survive(obs);
      case 'choice': {
        // The success criterion is public (tasks/task-brief.ts): the heuristic goes and stands at the option it names.
        if (goal.choosers && !goal.choosers.includes(name)) return null;
        const at = goal.options[goal.correct]?.position;
        return at ? skill('moveTo', { x: at.x, y: at.y, z: at.z, range: 1 }) : null;
      }
      case 'stage_performance':
        return this.stage?.next(name, obs, this.latest, {
          obtain: (n, o, item, count) => this.obtain(n, o, item, count),
          killedSince: (mob, since) => this.killLog.slice(since).includes(mob),
          kills: () => this.killLog.length,
        }) ?? null;
      default:
        return null;
    }
  }

  /** Each agent gathers its share of what the team still lacks; with a chest, it delivers what it holds. */
  private collect(items: readonly ItemRequirement[], name: string, obs: Observation, chest: Vec3 | null): AgentAction | null {
    const alive = [...this.latest.values()].filter((o) => o.alive);
    for (const [i, req] of items.entries()) {
      const names = requirementNames(req);
      const teamHas = alive.reduce((n, o) => n + names.reduce((m, k) => m + (inventoryOf(o)[k] ?? 0), 0), 0);
      const mine = names.reduce((m, k) => m + (inventoryOf(obs)[k] ?? 0), 0);
      if (this.talking) this.tellShareDone(name, i, mine, teamHas, req.count, obs.tick);
      if (teamHas >= req.count) {
        if (chest && mine > 0) return skill('depositToChest', { chest, items: names.filter((k) => (inventoryOf(obs)[k] ?? 0) > 0).map((k) => ({ name: k })) });
        continue;
      }
      const share = Math.ceil((req.count - teamHas) / Math.max(1, alive.length));
      const item = this.bestName(names, obs);
      const a = this.obtain(name, obs, item, (inventoryOf(obs)[item] ?? 0) + share, (ore, inSight, next) => this.mineFor(name, obs, ore, inSight, next));
      if (a) {
        if (this.talking && !this.shares.has(`${name}:${i}`)) {
          this.shares.set(`${name}:${i}`, { item, share, from: mine, target: mine + share });
          this.talk.tell(name, `share:${name}:${i}`, `I'll get ${share} ${item}, my share of the ${req.count - teamHas} we still need`, obs.tick);
        }
        return a;
      }
    }
    return null;
  }

  /**
   * Progress on a member's announced share of requirement `index`: half of it (for shares of a few items or
   * more), then all of it, each with the team's count.
   */
  private tellShareDone(name: string, index: number, mine: number, teamHas: number, need: number, tick: number): void {
    const s = this.shares.get(`${name}:${index}`);
    if (!s) return;
    const team = `the team has ${Math.min(teamHas, need)} of ${need}`;
    if (mine >= s.target) this.talk.tell(name, `share-done:${name}:${index}`, `got my ${s.share} ${s.item}; ${team}`, tick);
    else if (s.share >= HALFWAY_REPORT_MIN && mine - s.from >= s.share / 2) this.talk.tell(name, `share-half:${name}:${index}`, `${mine - s.from} of my ${s.share} ${s.item} so far; ${team}`, tick);
  }

  /** A kill, counted against the combat goal for that mob when there is one. */
  private tellKill(name: string, mob: string, tick: number): void {
    if (!this.talking) return;
    const goal = this.goals.find((g) => g.type === 'combat' && g.mob === mob);
    const kills = this.killLog.filter((k) => k === mob).length;
    const of = goal?.type === 'combat' ? `: ${kills} of ${goal.count}` : '';
    this.talk.tell(name, `kill:${mob}:${kills}`, `killed a ${mob}${of}`, tick);
  }

  /** Reports of finished work: a deposit, a part of a build. */
  private tellDone(name: string, f: Observation['finishedSkills'][number]): void {
    if (f.name === 'depositToChest') {
      const put = (f.result.deposited as { name: string; count: number }[] | undefined) ?? [];
      const chest = (f.params as { chest?: Vec3 } | undefined)?.chest;
      if (put.length === 0 || !chest) return;
      const what = put.map((d) => `${d.count} ${d.name}`).join(', ');
      this.talk.tell(name, `deposit:${name}:${f.finishedAt}`, `put ${what} in the chest at ${posKey(chest)}`, f.finishedAt);
    }
    if (f.name === 'buildBlueprint' && this.build) {
      const layer = this.builderLayer.get(name);
      const placed = (f.params as BlueprintParams | undefined)?.blocks.length ?? 0;
      if (layer === undefined) return;
      this.talk.tell(name, `built:${name}:${layer}`, `my ${placed} blocks of layer ${layer + 1} of ${this.build.structure.layers.length} are in`, f.finishedAt);
    }
  }

  /** Among acceptable item names, the one whose source the agent sees (else the first that can be planned). */
  private bestName(names: readonly string[], obs: Observation): string {
    const seen = obs.nearbyBlocks.map((b) => b.name);
    const inv = inventoryOf(obs);
    const held = names.find((n) => (inv[n] ?? 0) > 0 && sourceBlocks(this.reg, n, seen).some((b) => seen.includes(b)));
    if (held) return held;
    const visible = names.find((n) => sourceBlocks(this.reg, n, seen).some((b) => seen.includes(b)));
    if (visible) return visible;
    return names.find((n) => planRecipe(this.reg, n, 1, inv, { knownBlocks: seen }).ok) ?? names[0]!;
  }

  private obtain(name: string, obs: Observation, item: string, count: number, oreSearch?: OreSearch): AgentAction | null {
    const noPlan = (reason: string): void => {
      this.noteOnce(`${name}:${item}`, { type: 'heuristic_note', agent: name, note: `no plan for ${item}: ${reason}` });
      if (this.talking) this.talk.tell(name, `short:${name}:${item}`, `I can't get ${item}: ${reason}. Has anyone got some?`, obs.tick);
    };
    return obtainAction(this.reg, obs, item, count, this.memoryOf(name), noPlan, oreSearch);
  }

  /**
   * Ore in quantity: wood for new pickaxes gathered at the surface, where the trees are; once ore is
   * the plan's next step, a new pickaxe
   * before the held ones wear out, the crafting table taken back after use, then the team's strip
   * mine (ore in sight is collected by the plan's own step). Null lets the plan's step run.
   */
  private mineFor(name: string, obs: Observation, ore: string, inSight: boolean, next: boolean): AgentAction | null {
    if (!this.base) return null;
    const inv = inventoryOf(obs);
    const atSurface = Math.floor(obs.pos.y) >= Math.floor(this.base.y) - 1;
    if (atSurface && (inv.stick ?? 0) < STOCK_STICKS) {
      // Only from wood at hand or in sight: a team can strip the trees near its base, and going to
      // look for more is not worth what the sticks would save.
      const a = this.obtain(name, obs, 'stick', STOCK_STICKS);
      if (a?.type === 'skill' && (a.name === 'craft' || (a.name === 'collect' && obs.nearbyBlocks.some((b) => b.name === (a.params as { block?: string }).block)))) return a;
    }
    if (!next) return null;
    const uses = harvestUses(this.reg, obs, ore);
    if (uses > 0 && needsNewPickaxe(uses)) {
      // A stone pickaxe is what the tunnel's cobblestone and the carried sticks make.
      const a = this.obtain(name, obs, 'stone_pickaxe', (inv.stone_pickaxe ?? 0) + 1);
      if (a && !(a.type === 'skill' && a.name === 'wait')) return a;
    }
    if ((inv.crafting_table ?? 0) === 0) {
      const table = obs.nearbyBlocks.find((b) => b.name === 'crafting_table' && b.distance <= TABLE_REACH);
      if (table) return skill('collect', { block: 'crafting_table', count: 1 });
    }
    if (uses === 0) return null;
    // Ore in sight: as many as are seen, so the agent looks again from where the last one was
    // rather than scouting around once the vein is out (the strip mine goes on from there).
    const seen = obs.nearbyBlocks.find((b) => b.name === ore)?.count ?? 0;
    if (inSight) return seen > 0 ? skill('collect', { block: ore, count: Math.min(seen, COLLECT_SEEN_MAX) }) : null;
    let mine = this.mines.get(ore);
    if (!mine) {
      mine = new StripMine(ore, { x: Math.floor(this.base.x), z: Math.floor(this.base.z) }, Math.floor(this.base.y));
      this.mines.set(ore, mine);
      this.setup?.log({ type: 'heuristic_note', note: `strip mine for ${ore}: lines ${mine.feetY} high, every 4 blocks off a corridor at x=${Math.floor(this.base.x)}` });
    }
    const steps = tunnelSteps(uses);
    if (steps < MIN_LEG) return null;
    return mine.next(name, obs, steps);
  }

  private fight(mob: string, count: number, name: string, obs: Observation): AgentAction | null {
    if ([...this.killed].filter((k) => k.startsWith(`${mob}:`)).length >= count) return null;
    const armor = this.armorToWear(obs);
    if (armor) return skill('equip', armor);
    const target = obs.entities.filter((e) => e.type === mob).sort((a, b) => a.distance - b.distance)[0];
    if (target) return skill('attack', { id: target.id, timeoutTicks: 400 });
    return explore(obs, this.memoryOf(name));
  }

  /** Survive: keep fed (hunting passive mobs when there is no food), and dig in for the night. */
  private survive(obs: Observation): AgentAction | null {
    const inv = inventoryOf(obs);
    const armor = this.armorToWear(obs);
    if (armor) return skill('equip', armor);
    if (!Object.keys(inv).some((i) => FOODS.test(i)) && obs.food < 16) {
      const prey = obs.entities.find((e) => ['cow', 'pig', 'sheep', 'chicken'].includes(e.type));
      if (prey) return skill('attack', { id: prey.id, timeoutTicks: 300 });
    }
    if (obs.dayPhase === 'night' || obs.dayPhase === 'sunset') {
      const x = Math.floor(obs.pos.x);
      const y = Math.floor(obs.pos.y);
      const z = Math.floor(obs.pos.z);
      const pit = this.pits.get(obs.agent);
      if (!pit) {
        // Three deep, so that standing at the bottom the head is a block below the ground and the
        // hole can be closed at ground level, against the ground around it.
        this.pits.set(obs.agent, { x, y: y - 1, z, closed: false });
        if (this.talking) this.talk.tell(obs.agent, `pit:${obs.agent}:${obs.tick}`, `night is coming: I'm digging in at ${x},${y},${z}`, obs.tick);
        return skill('mineBlocks', { positions: [{ x, y: y - 1, z }, { x, y: y - 2, z }, { x, y: y - 3, z }] });
      }
      // In the pit: close it over the head with whatever block was dug out.
      const block = Object.keys(inv).find((i) => ['dirt', 'cobblestone', 'stone', 'grass_block', 'sand', 'gravel', 'cobbled_deepslate'].includes(i));
      if (!pit.closed && block) {
        pit.closed = true;
        return skill('place', { block, x: pit.x, y: pit.y, z: pit.z });
      }
    } else this.pits.delete(obs.agent);
    return pause(200);
  }

  /**
   * Sends idle agents for the blocks the structure still needs from `layer` up and the team does not
   * carry: to a chest in sight that has not come up empty, else to the obtain planner. True while
   * some agent is fetching or has just been sent; false once a round finds nothing to do.
   */
  private supply(layer: number, inventories: Readonly<Record<string, Record<string, number>>>, out: Partial<Record<string, AgentAction>>): boolean {
    const b = this.build!;
    const carried = new Map<string, number>();
    for (const inv of Object.values(inventories)) for (const [k, n] of Object.entries(inv)) carried.set(k, (carried.get(k) ?? 0) + n);
    const missing = new Map<string, number>();
    for (const cells of b.structure.layers.slice(layer)) {
      for (const c of cells) {
        const have = c.blocks.find((k) => (carried.get(k) ?? 0) > 0);
        if (have) carried.set(have, carried.get(have)! - 1);
        else missing.set(c.blocks[0]!, (missing.get(c.blocks[0]!) ?? 0) + 1);
      }
    }
    if (missing.size === 0) return false;
    const alive = [...this.latest].filter(([, o]) => o.alive);
    if (alive.some(([, o]) => o.runningSkill && SUPPLY_SKILLS.has(o.runningSkill.name))) return true; // wait for the trips under way
    const wanted = [...missing];
    let sent = false;
    alive.forEach(([name, obs], i) => {
      if (obs.runningSkill || name in out) return;
      const chest = obs.nearbyBlocks
        .filter((nb) => (nb.name === 'chest' || nb.name === 'barrel') && !this.emptyChests.has(posKey(nb.nearest)))
        .sort((x, y) => x.distance - y.distance)[0];
      if (chest) {
        out[name] = skill('getFromChest', { chest: chest.nearest, items: wanted.map(([item, count]) => ({ name: item, count })) });
        sent = true;
        return;
      }
      const [item, count] = wanted[i % wanted.length]!;
      const share = Math.ceil(count / Math.max(1, alive.length));
      const a = this.obtain(name, obs, item, (inventoryOf(obs)[item] ?? 0) + share);
      if (a && !(a.type === 'skill' && a.name === 'wait')) {
        out[name] = a;
        sent = true;
      }
    });
    if (!sent && ++b.retries >= MAX_SUPPLY_ROUNDS) return false;
    return true;
  }

  private armorToWear(obs: Observation): { item: string; slot: string } | null {
    const worn: Record<string, string | null> = { head: obs.equipment.head, chest: obs.equipment.chest, legs: obs.equipment.legs, feet: obs.equipment.feet };
    for (const item of Object.keys(inventoryOf(obs))) {
      const a = armorOf(item);
      if (a && !worn[a.slot]) return { item, slot: a.slot };
    }
    return null;
  }

  /** Starts each layer's builds when the previous layer's builders have all reported. */
  private advanceBuild(observations: Readonly<Record<string, Observation>>, out: Partial<Record<string, AgentAction>>): void {
    const b = this.build!;
    for (const [name, obs] of Object.entries(observations)) {
      for (const f of obs.finishedSkills) {
        if (f.name === 'buildBlueprint' || (f.name === 'place' && b.busy.has(name))) {
          b.busy.delete(name);
          const redone = b.redone.get(name) ?? 0;
          if (!f.ok && f.name === 'buildBlueprint' && f.result.reason === 'incomplete' && redone < MAX_BUILD_REDOS) {
            b.redone.set(name, redone + 1);
            b.redo.push({ agent: name, params: f.params as BlueprintParams });
          } else if (!f.ok) this.noteOnce(`build:${b.layer}:${name}`, { type: 'heuristic_note', agent: name, note: `build failed: ${String(f.result.details ?? f.result.reason)}` });
        }
      }
    }
    if (b.busy.size > 0) return;
    if (b.redo.length > 0) {
      this.redoBuild(b.redo.shift()!, out);
      return;
    }
    if (b.layer >= b.structure.layers.length) return;
    // The door goes in once the floor is down and before the walls close around it.
    if (!b.doorDone && b.layer === 1 && b.structure.door) {
      const holder = [...this.latest].find(([, o]) => o.alive && Object.keys(inventoryOf(o)).some((i) => i.endsWith('_door') && !i.endsWith('trapdoor')));
      b.doorDone = true;
      if (holder) {
        const door = Object.keys(inventoryOf(holder[1])).find((i) => i.endsWith('_door'))!;
        b.busy.add(holder[0]);
        out[holder[0]] = skill('place', { block: door, ...b.structure.door });
        return;
      }
    }
    const inventories: Record<string, Record<string, number>> = {};
    for (const [n, o] of this.latest) if (o.alive) inventories[n] = inventoryOf(o);
    const layer = b.structure.layers[b.layer]!;
    const { work, unfilled } = splitLayer(layer, inventories);
    // Blocks nobody carries: fetch them from a chest in sight, else gather or craft them, before the
    // layer starts. Only when that gets nowhere does the layer go up with holes.
    if (unfilled.length > 0 && this.supply(b.layer, inventories, out)) return;
    if (unfilled.length > 0) this.noteOnce(`unfilled:${b.layer}`, { type: 'heuristic_note', note: `layer ${b.layer}: nobody carries blocks for ${unfilled.length} position(s) (${unfilled[0]!.blocks.join('/')})` });
    for (const [agent, cells] of work) {
      const origin = cells[0]!.pos;
      out[agent] = skill('buildBlueprint', { origin, blocks: cells.map((c) => ({ dx: c.pos.x - origin.x, dy: c.pos.y - origin.y, dz: c.pos.z - origin.z, block: c.block })) });
      b.busy.add(agent);
      this.builderLayer.set(agent, b.layer);
    }
    b.layer++;
    b.retries = 0;
  }

  /**
   * Runs an incomplete build again (it skips the blocks already placed), first sending every other
   * agent whose body is in one of its cells to stand outside the structure: a teammate standing in a
   * wall cell is what usually leaves a build one block short.
   */
  private redoBuild(redo: { agent: string; params: BlueprintParams }, out: Partial<Record<string, AgentAction>>): void {
    const b = this.build!;
    const { origin, blocks } = redo.params;
    const cells = new Set(blocks.map((c) => posKey({ x: origin.x + c.dx, y: origin.y + c.dy, z: origin.z + c.dz })));
    const all = b.structure.layers.flat().map((c) => c.pos);
    const box = {
      minX: Math.min(...all.map((p) => p.x)), maxX: Math.max(...all.map((p) => p.x)),
      minZ: Math.min(...all.map((p) => p.z)), maxZ: Math.max(...all.map((p) => p.z)),
    };
    for (const [name, obs] of this.latest) {
      if (name === redo.agent || !obs.alive) continue;
      const feet = { x: Math.floor(obs.pos.x), y: Math.floor(obs.pos.y), z: Math.floor(obs.pos.z) };
      if (!cells.has(posKey(feet)) && !cells.has(posKey({ ...feet, y: feet.y + 1 }))) continue;
      out[name] = skill('moveTo', { ...standOutside(feet, box), y: feet.y, range: 1 });
    }
    out[redo.agent] = skill('buildBlueprint', redo.params);
    b.busy.add(redo.agent);
  }

  private memoryOf(name: string): ObtainMemory {
    let m = this.memory.get(name);
    if (!m) {
      m = newObtainMemory(Math.max(0, this.setup?.agents.indexOf(name) ?? 0));
      this.memory.set(name, m);
    }
    return m;
  }

  private noteOnce(key: string, record: { type: string } & Record<string, unknown>): void {
    if (this.noted.has(key)) return;
    this.noted.add(key);
    this.setup?.log(record);
  }
}

/** The point just outside the structure's footprint on the side nearest to `p`. */
function standOutside(p: Vec3, box: { minX: number; maxX: number; minZ: number; maxZ: number }): { x: number; z: number } {
  const sides = [
    { d: p.x - box.minX, x: box.minX - STAND_CLEAR, z: p.z },
    { d: box.maxX - p.x, x: box.maxX + STAND_CLEAR, z: p.z },
    { d: p.z - box.minZ, x: p.x, z: box.minZ - STAND_CLEAR },
    { d: box.maxZ - p.z, x: p.x, z: box.maxZ + STAND_CLEAR },
  ];
  const near = sides.reduce((a, c) => (c.d < a.d ? c : a));
  return { x: near.x, z: near.z };
}
