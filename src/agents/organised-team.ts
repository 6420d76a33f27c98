/**
 * Any architecture seated in an organisation (`orgs/`): one team of the architecture per member,
 * each deciding for its member only, given that member's seat the same way whatever the
 * architecture (see `orgs/seat.ts`):
 *
 * - its brief: the task's for a goal holder, else "wait for a task"; when a commander's `[task]`
 *   line reaches it, the member's team is started again with that assignment as its goal. The
 *   team context (organisation, whom it commands, to whom it reports, the wire format) is the
 *   brief's guidance, so every prompt that shows the task shows it;
 * - its messages: only the lines that reach its seat (tasks from commanders, reports from
 *   subordinates, talk);
 * - its turn: world work waits for the collaboration mode's gate (relay, round, async).
 *
 * A member with an assignment that goes idle (no skill running, nothing more to do) reports to its
 * commander over the message bus unless it reported itself, so a leader hears back from
 * architectures that do not know they have a commander. Seats with subordinates may be filled by a
 * leading architecture (`leader`, e.g. an S-Agents planner above heuristic workers) when the
 * seated one cannot give orders; it is built for the whole topology and decides for those seats.
 */
import type { AgentAction } from '../core/actions.js';
import { InternalError } from '../core/errors.js';
import type { HeardMessage, Observation } from '../core/observation.js';
import { buildTopology } from '../orgs/build-topology.js';
import { createTurnGate, defaultModeFor, type CollaborationMode, type TurnGate } from '../orgs/collaboration.js';
import { MessageBus, decodeOrgMessage } from '../orgs/message-bus.js';
import { latestAssignment, memberBrief, reaches, seatOf, type Seat } from '../orgs/seat.js';
import { goalHolders, type OrgKind, type Topology } from '../orgs/topology.js';
import type { Team, TeamSetup, TeamStats } from './team.js';

export interface OrganisedTeamOptions {
  /** The seated architecture's `--agents` name. */
  architecture: string;
  org: OrgKind;
  /** Default: the paper's pairing for the organisation (chain relay, graph round, otherwise async). */
  mode?: CollaborationMode;
  /** A new team of the architecture for one member (it is started for that member alone). */
  member(name: string): Team;
  /** The architecture at seats with subordinates, when the seated one cannot give orders. */
  leader?: { architecture: string; create(topology: Topology): Team };
  /** A radio channel the task grants for reports. */
  radioChannel?: string;
  /**
   * The run's cost so far, when the members share one LLM ledger: each member then reports the run's
   * total as its `costUsd`, so adding them up would count the cost once per member.
   */
  runCostUsd?: () => number;
}

/** Ticks a member without work waits before it is asked again (a heard task wakes it earlier). */
const STANDBY_TICKS = 40;
/** Ticks a member held back by the turn gate waits before asking for its turn again. */
const HELD_TICKS = 10;
/** Skills that are not world work: talking and waiting are never gated. */
const NOT_WORK: ReadonlySet<string> = new Set(['say', 'wait', 'look']);

interface MemberState {
  seat: Seat;
  team: Team;
  started: boolean;
  assignment: { from: string; text: string; tick: number } | null;
  /** World work started since the current assignment (or the start, for a goal holder). */
  worked: boolean;
  reported: boolean;
  /** World work the gate held back, started when the member's turn comes. */
  held: AgentAction | null;
}

export class OrganisedTeam implements Team {
  readonly architecture: string;
  private setup: TeamSetup | null = null;
  private members = new Map<string, MemberState>();
  private leaderTeam: Team | null = null;
  private leaderSeats = new Set<string>();
  private gate: TurnGate = createTurnGate('async');
  private bus = new MessageBus();
  private topo: Topology | null = null;

  constructor(private readonly o: OrganisedTeamOptions) {
    this.architecture = o.architecture;
  }

  get topology(): Topology | null {
    return this.topo;
  }

  async start(setup: TeamSetup): Promise<void> {
    const topo = buildTopology(this.o.org, setup.agents);
    const mode = this.o.mode ?? defaultModeFor(topo.kind);
    this.setup = setup;
    this.topo = topo;
    this.gate = createTurnGate(mode);
    this.bus = new MessageBus(this.o.radioChannel ? { radioChannel: this.o.radioChannel } : {});
    this.members = new Map();
    this.leaderSeats = new Set(this.o.leader ? topo.agents.filter((a) => seatOf(topo, a).subordinates.length > 0) : []);
    setup.log({
      type: 'org',
      org: topo.kind,
      mode,
      architecture: this.o.architecture,
      ...(this.leaderSeats.size > 0 && this.o.leader ? { leaderArchitecture: this.o.leader.architecture, leaders: [...this.leaderSeats] } : {}),
      edges: topo.edges,
      goalHolders: goalHolders(topo),
    });
    this.leaderTeam = null;
    if (this.o.leader && this.leaderSeats.size > 0) {
      this.leaderTeam = this.o.leader.create(topo);
      await this.leaderTeam.start({ ...setup, agents: [...this.leaderSeats], log: memberLog(setup, 'leader') });
    }
    for (const name of setup.agents) {
      if (this.leaderSeats.has(name)) continue;
      const seat = seatOf(topo, name);
      const state: MemberState = { seat, team: this.o.member(name), started: false, assignment: null, worked: false, reported: false, held: null };
      this.members.set(name, state);
      if (seat.holdsGoal) await this.startMember(name, state);
    }
  }

  async decide(observations: Readonly<Record<string, Observation>>, signal?: AbortSignal): Promise<Partial<Record<string, AgentAction>>> {
    const out: Partial<Record<string, AgentAction>> = {};
    const forLeader: Record<string, Observation> = {};
    const work: Promise<void>[] = [];
    for (const [name, obs] of Object.entries(observations)) {
      if (this.leaderSeats.has(name)) forLeader[name] = obs;
      else work.push(this.decideFor(name, obs, signal).then((a) => void (a && (out[name] = a))));
    }
    if (this.leaderTeam && Object.keys(forLeader).length > 0) {
      work.push(this.leaderTeam.decide(forLeader, signal).then((a) => void Object.assign(out, a)));
    }
    await Promise.all(work);
    return out;
  }

  /** Messages (the bus's reports plus what members counted), prompts, calls, tokens, faults; gate counts. */
  stats(): Partial<TeamStats> & Record<string, number> {
    const total: Record<string, number> = {};
    const add = (s: Partial<TeamStats> & Record<string, number | undefined>) => {
      for (const [k, v] of Object.entries(s)) if (typeof v === 'number') total[k] = (total[k] ?? 0) + v;
    };
    for (const m of this.members.values()) add(m.team.stats?.() ?? {});
    if (this.leaderTeam) add(this.leaderTeam.stats?.() ?? {});
    const bus = this.bus.stats();
    const gate = this.gate.stats();
    if (this.o.runCostUsd) total.costUsd = this.o.runCostUsd();
    total.messages = (total.messages ?? 0) + bus.sent;
    total.reports = (total.reports ?? 0) + bus.reports;
    total.turnWaits = (total.turnWaits ?? 0) + gate.waits;
    total.rounds = (total.rounds ?? 0) + gate.rounds;
    return total;
  }

  async stop(): Promise<void> {
    await Promise.all([...this.members.values()].map((m) => m.team.stop?.()));
    await this.leaderTeam?.stop?.();
  }

  private async decideFor(name: string, obs: Observation, signal?: AbortSignal): Promise<AgentAction | null> {
    const state = this.members.get(name);
    if (!state) return null;
    for (const f of obs.finishedSkills) this.bus.noteResult(f);
    // A member's queue is its one current action: when it ended, its turn ends (relay hands the
    // baton on, round counts it done); it asks for a new turn with its next piece of work.
    if (obs.runningSkill === null) this.gate.finish(name);
    const heard: HeardMessage[] = obs.messages.filter((m) => reaches(state.seat, name, m));
    const assignment = latestAssignment(heard, name, state.seat);
    // The same task again from the same commander while the member still works on it is a reminder, not a new assignment.
    const repeated = state.assignment !== null && assignment !== null && assignment.from === state.assignment.from && assignment.text === state.assignment.text && !state.reported;
    if (assignment && !repeated && (!state.assignment || assignment.tick > state.assignment.tick)) {
      state.assignment = assignment;
      state.held = null;
      this.need().log({ type: 'assignment', agent: name, from: assignment.from, task: assignment.text, tick: obs.tick });
      await this.startMember(name, state);
    }
    if (!state.started) return { type: 'skill', name: 'wait', params: { ticks: STANDBY_TICKS } };

    if (state.held) {
      if (!this.gate.tryStart(name)) return obs.runningSkill?.name === 'wait' ? null : { type: 'skill', name: 'wait', params: { ticks: HELD_TICKS } };
      const action = state.held;
      state.held = null;
      return action;
    }
    const decided = (await state.team.decide({ [name]: { ...obs, messages: heard } }, signal))[name] ?? null;
    if (decided && isWork(decided)) {
      if (!this.gate.tryStart(name)) {
        state.held = decided;
        return { type: 'skill', name: 'wait', params: { ticks: HELD_TICKS } };
      }
      state.worked = true;
      return decided;
    }
    if (decided && isReportTo(decided, state.seat.commanders)) state.reported = true;
    if (state.assignment && state.worked && !state.reported && obs.runningSkill === null) {
      state.reported = true;
      const inventory = obs.inventory.length ? obs.inventory.map((i) => `${i.name} x${i.count}`).join(', ') : 'empty';
      return this.bus.send(state.assignment.from, { kind: 'report', status: 'success', text: `${state.assignment.text} | inventory: ${inventory}` });
    }
    return decided;
  }

  private async startMember(name: string, state: MemberState): Promise<void> {
    const setup = this.need();
    state.started = true;
    state.worked = false;
    state.reported = false;
    await state.team.start({ ...setup, agents: [name], log: memberLog(setup, name), seat: state.seat, task: memberBrief(setup.task, state.seat, name, state.assignment) });
  }

  private need(): TeamSetup {
    if (!this.setup) throw new InternalError('an organised team was asked to decide before start()');
    return this.setup;
  }
}

/** The run log for a member's team: its own `org` record describes its seat's team of one, so it is kept as `member_org`. */
function memberLog(setup: TeamSetup, member: string): TeamSetup['log'] {
  return (r) => setup.log(r.type === 'org' ? { ...r, type: 'member_org', member } : r);
}

function isWork(a: AgentAction): boolean {
  if (a.type === 'code' || a.type === 'low_level') return true;
  return a.type === 'skill' && !NOT_WORK.has(a.name);
}

function isReportTo(a: AgentAction, commanders: readonly string[]): boolean {
  if (a.type !== 'skill' || a.name !== 'say') return false;
  const params = a.params ?? {};
  const to = typeof params.to === 'string' ? params.to : null;
  return to !== null && commanders.includes(to) && decodeOrgMessage(String(params.message ?? '')).kind === 'report';
}
