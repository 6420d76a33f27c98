/**
 * The `oracle` team: TickingCollab's global-knowledge baseline. It is omniscient (the runner hands it
 * the world admin, read-only, and the compiled task, and marks its agents' senses as bypassed) and
 * schedules every agent centrally with heuristics chosen from the task's goal:
 *  - `all_survive` with a flood in the events: CrisisPlanner (staircase shelters, or leaving the flood);
 *  - `chest_contains` with `spawn_blocks` events: VanishingPlanner (each spawned block to the agent
 *    that can mine it soonest with a capable tool, deliveries to the chest);
 *  - `kill_boss`: BossPlanner (gear up, focus the boss, peel minions, drink potions);
 *  - anything else: the heuristic team's planners, with the oracle's perfect senses.
 * It never changes the world through the admin: every effect goes through skill calls.
 */
import type { AgentAction } from '../../core/actions.js';
import { InputError } from '../../core/errors.js';
import type { Observation } from '../../core/observation.js';
import type { Team, TeamSetup } from '../team.js';
import { HeuristicTeam } from '../heuristic/heuristic-team.js';
import { BossPlanner } from './boss-planner.js';
import { CrisisPlanner } from './crisis-planner.js';
import type { OracleContext } from './knowledge.js';
import type { OraclePlanner } from './planner.js';
import { VanishingPlanner } from './vanishing-planner.js';

export class OracleTeam implements Team {
  readonly architecture = 'oracle';
  readonly omniscient = true;
  private planner: OraclePlanner | null = null;
  private fallback: HeuristicTeam | null = null;

  async start(setup: TeamSetup): Promise<void> {
    this.planner = null;
    this.fallback = null;
    const task = setup.oracle?.task;
    if (!setup.oracle || !task) {
      throw new InputError('the oracle needs the compiled task and the world admin', 'run it through the runner (`guildcraft run --agents oracle`), which hands omniscient teams their knowledge');
    }
    const ctx: OracleContext = { admin: setup.oracle.admin, task, log: setup.log };
    const goals = new Set(task.goals.map((g) => g.type));
    const actions = new Set(task.events.flatMap((e) => e.actions.map((a) => a.type)));
    if (goals.has('kill_boss')) this.planner = new BossPlanner(ctx);
    else if (goals.has('chest_contains') && actions.has('spawn_blocks')) this.planner = new VanishingPlanner(ctx);
    else if (goals.has('all_survive') && actions.has('progressive_fill')) this.planner = new CrisisPlanner(ctx);
    else {
      this.fallback = new HeuristicTeam({ architecture: 'oracle', goals: task.goals, chests: task.chests, talk: false });
      await this.fallback.start(setup);
    }
    setup.log({ type: 'oracle_start', planner: this.planner?.constructor.name ?? 'heuristic', goals: [...goals] });
  }

  async decide(observations: Readonly<Record<string, Observation>>): Promise<Partial<Record<string, AgentAction>>> {
    if (this.fallback) return this.fallback.decide(observations);
    if (!this.planner) return {};
    return this.planner.decide(observations);
  }
}
