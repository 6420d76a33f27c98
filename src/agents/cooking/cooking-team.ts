/**
 * The `cooking` team: heuristic cooks for MindAgent's Minecraft kitchen (the `cooking_orders` goal).
 * They know the orders only from the `[order]` broadcasts, the kitchen only from what they see, and act
 * only through skills. One planner splits the work the way MindAgent's dispatcher does:
 *  - a cook holding a dish that an open order wants delivers it to the counter chest;
 *  - otherwise each cook takes its own open order, earliest due first (orders that can no longer be
 *    made in time last), so two cooks never work on the same order;
 *  - with nothing left to claim it cooks a spare of the most-ordered dish (a spare in hand serves the
 *    next order at once) or fetches fuel;
 *  - a furnace is given to one cook at a time, so batches never mix.
 */
import type { AgentAction } from '../../core/actions.js';
import type { Observation } from '../../core/observation.js';
import { posKey, type Vec3 } from '../../core/vec3.js';
import { dishEffort, isCookingDish, type CookingDish } from '../../tasks/cooking/menu.js';
import { horizontalDistance, inventoryOf, pause, skill } from '../heuristic/actions.js';
import type { Team, TeamSetup } from '../team.js';
import { fetchFuel, fuelIn, nextDishStep } from './dish-steps.js';
import { KitchenMap } from './kitchen-map.js';
import { OrderBoard, type KnownOrder } from './order-board.js';

/** An order is worth starting if at least this share of its dish's effort W is left before it is due. */
const FEASIBLE_SHARE = 0.5;
/** Spare dishes one cook carries at most before it stops cooking ahead. */
const MAX_SPARES = 1;
/** The same step failing this many times in a row makes the cook pause instead of retrying at once. */
const MAX_FAILURES = 3;
const WAIT_TICKS = 20;

interface CookState {
  /** The order this cook works on. */
  claim: number | null;
  /** The dish it is making (for the claim, or a spare). */
  making: CookingDish | null;
  furnace: string | null;
  lastNote: string;
  failures: number;
  looked: boolean;
}

export class CookingTeam implements Team {
  readonly architecture = 'cooking';
  private setup: TeamSetup | null = null;
  private board = new OrderBoard();
  private map = new KitchenMap();
  private counter: Vec3 | null = null;
  private readonly cooks = new Map<string, CookState>();

  async start(setup: TeamSetup): Promise<void> {
    this.setup = setup;
    this.board = new OrderBoard();
    this.map = new KitchenMap();
    this.cooks.clear();
    for (const a of setup.agents) this.cooks.set(a, { claim: null, making: null, furnace: null, lastNote: '', failures: 0, looked: false });
    this.counter = counterFromGoal(setup.task.goal);
    setup.log({ type: 'cooking_start', counter: this.counter, agents: setup.agents });
  }

  async decide(observations: Readonly<Record<string, Observation>>): Promise<Partial<Record<string, AgentAction>>> {
    for (const obs of Object.values(observations)) {
      this.board.hear(obs);
      this.map.see(obs);
    }
    if (!this.counter) this.counter = this.map.all('chest')[0] ?? null;
    const out: Partial<Record<string, AgentAction>> = {};
    for (const name of this.setup?.agents ?? Object.keys(observations)) {
      const obs = observations[name];
      const cook = this.cooks.get(name);
      if (!obs || !cook || !obs.alive) continue;
      this.noteResult(cook, obs);
      // A skill this team replaced reports `preempted`; that is not news worth re-planning for.
      const finished = obs.finishedSkills.some((f) => f.result.reason !== 'preempted');
      const running = obs.runningSkill;
      if (running && running.name !== 'wait' && !finished) continue; // keep working
      out[name] = this.plan(name, cook, obs);
    }
    return out;
  }

  stats(): { messages: number } {
    return { messages: 0 };
  }

  private noteResult(cook: CookState, obs: Observation): void {
    for (const f of obs.finishedSkills) {
      if (f.ok) cook.failures = 0;
      else if (f.result.reason !== 'preempted') cook.failures++;
      if (f.ok && f.name === 'depositToChest') {
        for (const d of (f.result.deposited as { name: string; count: number }[] | undefined) ?? []) {
          if (isCookingDish(d.name)) this.board.delivered(d.name, d.count);
        }
        cook.claim = null;
      }
    }
  }

  private plan(name: string, cook: CookState, obs: Observation): AgentAction {
    const inv = inventoryOf(obs);
    const open = this.board.open(obs.tick);
    cook.furnace = null;
    if (!cook.looked) {
      cook.looked = true;
      return skill('findBlocks', { block: 'furnace', count: 8 });
    }
    if (cook.failures >= MAX_FAILURES) {
      cook.failures = 0;
      cook.claim = null;
      return this.log(name, cook, pause(WAIT_TICKS * 2), 'pause after repeated failures');
    }
    const delivery = this.deliverable(inv, open);
    if (delivery.length > 0 && this.counter) {
      return this.log(name, cook, skill('depositToChest', { chest: this.counter, items: delivery }), `deliver ${delivery.map((d) => `${d.count} ${d.name}`).join(', ')}`);
    }
    const job = this.chooseJob(name, cook, obs, inv, open);
    cook.making = job;
    if (!job) return this.idle(name, cook, obs, inv);
    const step = nextDishStep(job, { obs, inventory: inv, map: this.map, furnace: this.freeFurnace(name, obs.pos) });
    if (!step) return this.idle(name, cook, obs, inv);
    cook.furnace = step.usesFurnace ? posKey(step.usesFurnace) : null;
    return this.log(name, cook, step.action, `${step.note} (${cook.claim === null ? 'spare' : `order #${cook.claim}`} ${job})`);
  }

  /** Dishes in hand that open orders want, net of what teammates carry for the same orders. */
  private deliverable(inv: Record<string, number>, open: readonly KnownOrder[]): { name: string; count: number }[] {
    const wanted = new Map<string, number>();
    for (const o of open) wanted.set(o.dish, (wanted.get(o.dish) ?? 0) + 1);
    const out: { name: string; count: number }[] = [];
    for (const [dish, n] of wanted) {
      const have = inv[dish] ?? 0;
      if (have > 0) out.push({ name: dish, count: Math.min(have, n) });
    }
    return out;
  }

  private chooseJob(name: string, cook: CookState, obs: Observation, inv: Record<string, number>, open: readonly KnownOrder[]): CookingDish | null {
    if (cook.claim !== null && this.board.isOpen(cook.claim)) return open.find((o) => o.id === cook.claim)?.dish ?? null;
    cook.claim = null;
    const taken = new Set<number>();
    for (const [other, c] of this.cooks) if (other !== name && c.claim !== null) taken.add(c.claim);
    const free = open.filter((o) => !taken.has(o.id));
    const feasible = (o: KnownOrder) => o.dueTick - obs.tick >= dishEffort(o.dish) * 20 * FEASIBLE_SHARE;
    const pick = free.find(feasible) ?? free[0];
    if (pick) {
      cook.claim = pick.id;
      return pick.dish;
    }
    // Nothing to claim: cook ahead, unless this cook already carries spares.
    const spares = Object.entries(inv).reduce((n, [item, c]) => n + (isCookingDish(item) ? c : 0), 0);
    if (spares >= MAX_SPARES) return null;
    if (cook.making && !open.some((o) => o.dish === cook.making)) return cook.making;
    return this.mostDemanded(name);
  }

  /** The most-ordered dish so far; cooks are spread over the top dishes by their index. */
  private mostDemanded(name: string): CookingDish | null {
    const ranked = [...this.board.demand].sort((a, b) => b[1] - a[1] || a[0].localeCompare(b[0])).map(([d]) => d);
    if (ranked.length === 0) return null;
    const index = [...this.cooks.keys()].indexOf(name);
    return ranked[Math.max(0, index) % Math.min(ranked.length, 2)] ?? null;
  }

  private idle(name: string, cook: CookState, obs: Observation, inv: Record<string, number>): AgentAction {
    if ((fuelIn(inv)?.count ?? 0) < 2) {
      const step = fetchFuel({ obs, inventory: inv, map: this.map, furnace: null });
      if (step) return this.log(name, cook, step.action, step.note);
    }
    return pause(WAIT_TICKS);
  }

  /** The nearest known furnace no other cook is using. */
  private freeFurnace(name: string, pos: Vec3): Vec3 | null {
    const used = new Set<string>();
    for (const [other, c] of this.cooks) if (other !== name && c.furnace) used.add(c.furnace);
    const free = this.map.all('furnace').filter((f) => !used.has(posKey(f)));
    free.sort((a, b) => horizontalDistance(pos, a) - horizontalDistance(pos, b));
    return free[0] ?? null;
  }

  private log(name: string, cook: CookState, action: AgentAction, note: string): AgentAction {
    if (note !== cook.lastNote) this.setup?.log({ type: 'cook_plan', agent: name, note });
    cook.lastNote = note;
    return action;
  }
}

/** The counter chest's position, written in the goal text as `[x, y, z]`. */
export function counterFromGoal(goal: string): Vec3 | null {
  const m = /\[\s*(-?\d+)\s*,\s*(-?\d+)\s*,\s*(-?\d+)\s*\]/.exec(goal);
  return m ? { x: Number(m[1]), y: Number(m[2]), z: Number(m[3]) } : null;
}
