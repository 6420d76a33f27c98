/**
 * A task with confederates (spawns with a `script:`) is played by two controllers: the team being evaluated
 * drives the spawns without a script, the built-in ConfederatePlayers the others. This Team puts them side by side
 * for the runner: the team is started with its own agents only (its prompts, seats and counts never include a
 * confederate) and is asked only about them.
 *
 * With `first` (the task's `agents.confederates_first`), the team's agents are asked for nothing until every
 * confederate has played its script; what they heard and felt meanwhile is handed to them with their first
 * observation, as a player who stood there watching would remember it (the mailboxes drain every step, so it would
 * otherwise be lost). They see the confederates themselves as any player: in their observations' entities.
 */
import type { AgentAction } from '../../core/actions.js';
import type { HeardMessage, Observation, ObservedEvent } from '../../core/observation.js';
import type { ConfederateScript } from '../../tasks/spec/confederate-script.js';
import type { Team, TeamSetup, TeamStats } from '../team.js';
import { ConfederatePlayers } from './confederate-players.js';

export interface Confederates {
  scripts: Readonly<Record<string, ConfederateScript>>;
  /** The team waits for every script to end before it decides. */
  first: boolean;
}

export class TeamWithConfederates implements Team {
  readonly architecture: string;
  readonly omniscient?: boolean;
  readonly llm?: Team['llm'];
  private readonly players: ConfederatePlayers;
  private confederates = new Set<string>();
  /** What each of the team's agents heard and felt while it waited for the confederates. */
  private readonly held = new Map<string, { messages: HeardMessage[]; events: ObservedEvent[] }>();

  constructor(
    private readonly team: Team,
    private readonly options: Confederates,
  ) {
    this.architecture = team.architecture;
    if (team.omniscient !== undefined) this.omniscient = team.omniscient;
    if (team.llm) this.llm = team.llm;
    this.players = new ConfederatePlayers(options.scripts);
  }

  /** The agents the team drives (known once started). */
  teamAgents(all: readonly string[]): string[] {
    return all.filter((a) => !this.confederates.has(a));
  }

  async start(setup: TeamSetup): Promise<void> {
    this.confederates = new Set(this.players.playing(setup.agents));
    this.players.start(setup.agents);
    this.held.clear();
    await this.team.start({ ...setup, agents: this.teamAgents(setup.agents) });
  }

  async decide(observations: Readonly<Record<string, Observation>>, signal?: AbortSignal): Promise<Partial<Record<string, AgentAction>>> {
    const scripted: Record<string, Observation> = {};
    const own: Record<string, Observation> = {};
    for (const [name, obs] of Object.entries(observations)) (this.confederates.has(name) ? scripted : own)[name] = obs;
    const out: Partial<Record<string, AgentAction>> = this.players.decide(scripted);
    const names = Object.keys(own);
    if (names.length === 0) return out;
    if (this.options.first && !this.players.finished) {
      for (const n of names) this.hold(n, own[n]!);
      return out;
    }
    for (const n of names) own[n] = this.release(n, own[n]!);
    return { ...out, ...(await this.team.decide(own, signal)) };
  }

  async stop(): Promise<void> {
    await this.team.stop?.();
  }

  stats(): Partial<TeamStats> {
    return this.team.stats?.() ?? {};
  }

  private hold(name: string, obs: Observation): void {
    const h = this.held.get(name) ?? { messages: [], events: [] };
    h.messages.push(...obs.messages);
    h.events.push(...obs.events);
    this.held.set(name, h);
  }

  /** The observation with what was heard and felt while the agent waited, oldest first. */
  private release(name: string, obs: Observation): Observation {
    const h = this.held.get(name);
    if (!h) return obs;
    this.held.delete(name);
    return { ...obs, messages: [...h.messages, ...obs.messages], events: [...h.events, ...obs.events] };
  }
}
