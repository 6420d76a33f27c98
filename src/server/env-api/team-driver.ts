/**
 * A built-in team driving some of a remote environment's agents, so that a single-agent client
 * (the Python package's Gymnasium env) has teammates that act. Only architectures that need no model
 * and no omniscient view can drive agents here; they are asked for decisions exactly when the
 * episode runner asks them (at the start, then for agents whose skill ended or who got news).
 */
import { architecture } from '../../agents/registry.js';
import type { Team } from '../../agents/team.js';
import type { AgentAction } from '../../core/actions.js';
import { InputError } from '../../core/errors.js';
import type { Observation } from '../../core/observation.js';
import { needsDecision } from '../../runner/episode.js';
import { episodeTaskFromSpec } from '../../runner/task-adapter.js';
import { describeSkills } from '../../skills/catalog.js';
import type { TaskEnv } from '../../tasks/task-env.js';

export interface TeamRequest {
  /** A registry name, e.g. `heuristic` or `random`. */
  architecture: string;
  /** The agents the team decides for; the client acts for the others. */
  agents: string[];
}

export class TeamDriver {
  private team: Team | null = null;
  private toDecide = new Set<string>();

  constructor(
    private readonly request: TeamRequest,
    private readonly env: TaskEnv,
  ) {
    const entry = architecture(request.architecture);
    if (entry.usesModel || entry.name === 'human' || entry.name === 'oracle') {
      throw new InputError(`the '${entry.name}' agents cannot drive agents of a remote environment`, 'use a built-in team that needs no model and no omniscient view, such as heuristic or random');
    }
    const unknown = request.agents.filter((a) => !env.possibleAgents.includes(a));
    if (unknown.length > 0 || request.agents.length === 0) {
      throw new InputError(`team agents must be some of ${env.possibleAgents.join(', ')}; got ${request.agents.join(', ') || '(none)'}`, 'list the agents the team should drive');
    }
  }

  get agents(): readonly string[] {
    return this.request.agents;
  }

  get architecture(): string {
    return this.request.architecture;
  }

  /** A fresh team for a new episode. */
  async start(seed: number | string): Promise<void> {
    await this.team?.stop?.();
    this.team = architecture(this.request.architecture).create({ seed: String(seed) });
    await this.team.start({
      task: episodeTaskFromSpec(this.env.spec, String(seed)).brief,
      agents: this.request.agents,
      seed: String(seed),
      skills: describeSkills(),
      log: () => {},
    });
    this.toDecide = new Set(this.request.agents);
  }

  /** The team's actions for this step, from its agents' latest observations. */
  async decide(observations: Readonly<Record<string, Observation>>): Promise<Partial<Record<string, AgentAction>>> {
    if (!this.team) throw new InputError('the environment was stepped before reset', 'call reset first');
    const asked: Record<string, Observation> = {};
    for (const agent of this.toDecide) if (observations[agent]) asked[agent] = observations[agent];
    return Object.keys(asked).length > 0 ? this.team.decide(asked) : {};
  }

  /** Notes which of the team's agents need a decision next step. */
  observe(observations: Readonly<Record<string, Observation>>): void {
    this.toDecide = new Set(this.request.agents.filter((a) => observations[a] !== undefined && needsDecision(observations[a])));
  }

  async stop(): Promise<void> {
    await this.team?.stop?.();
    this.team = null;
  }
}
