/**
 * The `society` team: heuristic households for a `settlement` goal (suites/society/). Each household
 * is its own heuristic team (heuristic-team.ts) with one blueprint goal, its hut on its plot, so its
 * members gather, craft and build with the same planning as every other heuristic task; a decision
 * looks only at the household's ten observations, never at the whole society, so a thousand agents
 * cost a hundred small decisions.
 *
 * On top of the households, neighbours talk within chat range (the world's rule decides who hears):
 *  - a household that sends someone for a hut block it lacks says so once in a while (`need spruce_planks`);
 *  - an agent its own household leaves idle that heard such a request, and whose household carries
 *    more of that block than its whole hut takes, gives some (`give`, when the neighbour is in sight).
 */
import type { AgentAction } from '../../core/actions.js';
import type { Observation } from '../../core/observation.js';
import type { Vec3 } from '../../core/vec3.js';
import type { GoalOf } from '../../tasks/spec/goals.js';
import { hutCells } from '../../tasks/goals/settlement.js';
import type { Team, TeamSetup, TeamStats } from '../team.js';
import { inventoryOf, skill } from '../heuristic/actions.js';
import { goalsFromBrief } from '../heuristic/goals-from-brief.js';
import { HeuristicTeam } from '../heuristic/heuristic-team.js';

/** Ticks between two requests of one household for the same block (30 simulated seconds). */
const REQUEST_EVERY = 600;
/** Most blocks handed over in one gift. */
const GIFT_MAX = 16;
/** Skills a household sends members on to get what it lacks: a request may go out in their place. */
const FETCHING: ReadonlySet<string> = new Set(['collect', 'craft', 'mineBlocks', 'explore', 'moveTo', 'smelt']);
const REQUEST = /^need (\w+)$/;

interface Household {
  team: string;
  plot: Vec3;
  members: string[];
  /**
   * The member sent to stand on the plot, whose feet there give the hut's height (the ground on
   * natural terrain is only known by going there); null until one is sent.
   */
  surveyor: string | null;
  /** The household's heuristic team, made once the plot is surveyed, its hut at the plot's ground. */
  planner: HeuristicTeam | null;
  /** Block -> tick of the household's last request for it. */
  asked: Map<string, number>;
  /** Neighbours' requests (`from block tick`) a member of this household has answered. */
  answered: Set<string>;
  latest: Map<string, Observation>;
}

export class SocietyTeam implements Team {
  readonly architecture = 'society';
  private setup: TeamSetup | null = null;
  private goal: GoalOf<'settlement'> | null = null;
  private readonly households = new Map<string, Household>();
  private readonly householdOf = new Map<string, Household>();
  /** Block -> how many the hut takes. */
  private hutNeeds = new Map<string, number>();
  private said = 0;
  private heard = 0;
  private gifts = 0;

  async start(setup: TeamSetup): Promise<void> {
    this.setup = setup;
    this.households.clear();
    this.householdOf.clear();
    this.said = this.heard = this.gifts = 0;
    const goal = goalsFromBrief(setup.task).find((g): g is GoalOf<'settlement'> => g.type === 'settlement') ?? null;
    this.goal = goal;
    if (!goal) {
      setup.log({ type: 'heuristic_note', note: 'the society team needs a settlement goal with plots; agents will wait' });
      return;
    }
    this.hutNeeds = new Map();
    for (const c of hutCells(goal.hut)) this.hutNeeds.set(c.block, (this.hutNeeds.get(c.block) ?? 0) + 1);
    const ours = new Set(setup.agents);
    for (const p of goal.plots ?? []) {
      const h: Household = { team: p.team, plot: p.position, members: (p.members ?? []).filter((m) => ours.has(m)), surveyor: null, planner: null, asked: new Map(), answered: new Set(), latest: new Map() };
      this.households.set(p.team, h);
      for (const m of h.members) this.householdOf.set(m, h);
    }
    setup.log({ type: 'heuristic_start', goals: ['settlement'], households: this.households.size });
  }

  async decide(observations: Readonly<Record<string, Observation>>): Promise<Partial<Record<string, AgentAction>>> {
    const byHousehold = new Map<Household, Record<string, Observation>>();
    for (const name in observations) {
      const h = this.householdOf.get(name);
      if (!h) continue;
      const obs = observations[name]!;
      h.latest.set(name, obs);
      for (const f of obs.finishedSkills) {
        if (f.name === 'say' && f.ok) this.heard += Number(f.result.heardBy ?? 0);
        // A gift counts once it is handed over (the neighbour may have walked out of sight meanwhile).
        if (f.name === 'give' && f.ok) this.gifts++;
      }
      let batch = byHousehold.get(h);
      if (!batch) byHousehold.set(h, (batch = {}));
      batch[name] = obs;
    }
    const out: Partial<Record<string, AgentAction>> = {};
    for (const [h, batch] of byHousehold) {
      if (!h.planner && !(await this.survey(h, batch, out))) continue;
      const acts = await h.planner!.decide(batch);
      // The planner may act for members not asked now (one standing in a wall it is about to build is sent aside).
      for (const name in acts) if (acts[name]) out[name] = acts[name];
      for (const name in batch) {
        const chat = this.talk(h, name, batch[name]!, acts[name]);
        if (chat) out[name] = chat;
      }
    }
    return out;
  }

  stats(): Partial<TeamStats> {
    // Extra counts go into the episode's metrics beside the standard ones.
    const s: Partial<TeamStats> & Record<string, number> = { messages: this.said, messagesHeard: this.heard, gifts: this.gifts };
    return s;
  }

  /**
   * Before a household plans, one member walks onto its plot: where it stands is the ground the hut
   * goes on. It then clears the hut's space (trees, a hump of dirt) and the household's planner
   * starts, the surveyor left out of that first decision (it is busy clearing). Returns whether the
   * planner exists; the others wait meanwhile (they are asked again each step while idle).
   */
  private async survey(h: Household, batch: Record<string, Observation>, out: Partial<Record<string, AgentAction>>): Promise<boolean> {
    const cells = hutCells(this.goal!.hut);
    const width = Math.max(...cells.map((c) => c.dx)) + 1;
    const depth = Math.max(...cells.map((c) => c.dz)) + 1;
    if (h.surveyor === null) {
      const first = Object.keys(batch).find((n) => batch[n]!.alive);
      if (!first) return false;
      h.surveyor = first;
      const o = batch[first]!;
      out[first] = skill('moveTo', { x: h.plot.x + Math.floor(width / 2) + 0.5, y: Math.floor(o.pos.y), z: h.plot.z + Math.floor(depth / 2) + 0.5, range: 2, timeoutTicks: 600 });
      return false;
    }
    const at = batch[h.surveyor];
    if (!at || !at.finishedSkills.some((f) => f.name === 'moveTo')) return false;
    const y = Math.floor(at.pos.y);
    const height = Math.max(...cells.map((c) => c.dy)) + 1;
    const space: Vec3[] = [];
    for (let dy = height - 1; dy >= 0; dy--) for (let dz = 0; dz < depth; dz++) for (let dx = 0; dx < width; dx++) space.push({ x: h.plot.x + dx, y: y + dy, z: h.plot.z + dz });
    out[h.surveyor] = skill('mineBlocks', { positions: space });
    delete batch[h.surveyor];
    h.planner = await this.plannerAt(h, y);
    return true;
  }

  /** The household's heuristic team, its hut's bottom layer at height `y`. */
  private async plannerAt(h: Household, y: number): Promise<HeuristicTeam> {
    const goal = this.goal!;
    const blueprint = { type: 'blueprint' as const, origin: { x: h.plot.x, y, z: h.plot.z }, palette: goal.hut.palette, layers: goal.hut.layers.map((l) => l.map((row) => row.replace(/\./g, ' '))), threshold: goal.hut_threshold };
    const planner = new HeuristicTeam({ architecture: this.architecture, goals: [blueprint], talk: false });
    const setup = this.setup!;
    await planner.start({ ...setup, agents: h.members, log: (r) => setup.log({ ...r, household: h.team }) });
    return planner;
  }

  /** A request or a gift in place of the household's action, when one is due; null otherwise. */
  private talk(h: Household, name: string, obs: Observation, planned: AgentAction | undefined): AgentAction | null {
    const plannedSkill = planned?.type === 'skill' ? planned.name : null;
    // Only trips for supplies or waiting may be put off: a build the planner started must run.
    if (obs.runningSkill && obs.runningSkill.name !== 'wait') return null;
    if (planned && plannedSkill !== 'wait' && !(plannedSkill && FETCHING.has(plannedSkill))) return null;
    const carried = this.carried(h);
    if (planned?.type === 'skill' && plannedSkill !== 'wait') {
      const block = this.hutBlockFetched(planned.params);
      const last = block ? h.asked.get(block) : undefined;
      if (!block || (last !== undefined && obs.tick - last < REQUEST_EVERY)) return null;
      h.asked.set(block, obs.tick);
      this.said++;
      return skill('say', { message: `need ${block}` });
    }
    // Idle: answer a neighbour's request with what the household has beyond its own hut.
    const inv = inventoryOf(obs);
    for (const m of obs.messages) {
      const block = REQUEST.exec(m.message)?.[1];
      if (!block || this.householdOf.get(m.from) === h || !this.householdOf.has(m.from)) continue;
      // One member of a household answers a request; the others who heard it keep to their own work.
      const request = `${m.from} ${block} ${m.tick}`;
      if (h.answered.has(request)) continue;
      const spare = Math.min(inv[block] ?? 0, (carried.get(block) ?? 0) - (this.hutNeeds.get(block) ?? 0), GIFT_MAX);
      if (spare <= 0) continue;
      h.answered.add(request);
      return skill('give', { player: m.from, item: block, count: spare });
    }
    return null;
  }

  /**
   * The hut block a supply trip is for: the block or item it fetches, or its source (stone for
   * cobblestone, logs for planks). Null for trips that fetch nothing the hut is made of.
   */
  private hutBlockFetched(params: Record<string, unknown> | undefined): string | null {
    const fetched = typeof params?.item === 'string' ? params.item : typeof params?.block === 'string' ? params.block : null;
    if (!fetched) return null;
    for (const block of this.hutNeeds.keys()) {
      if (fetched === block || (block === 'cobblestone' && fetched === 'stone') || (block.endsWith('_planks') && fetched.endsWith('_log'))) return block;
    }
    return null;
  }

  /** What the household's members carry between them, as of their latest observations. */
  private carried(h: Household): Map<string, number> {
    const out = new Map<string, number>();
    for (const o of h.latest.values()) for (const i of o.inventory) out.set(i.name, (out.get(i.name) ?? 0) + i.count);
    return out;
  }
}
