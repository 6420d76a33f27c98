/**
 * An S-Agents organisation as a Team: one hourglass agent per member, placed in a topology (tree
 * by default), working in a collaboration mode, talking over a message bus that is the world's
 * chat. The team only routes observations to their agents; every agent plans from its own
 * perception, so what one knows about another comes from what it heard.
 */
import type { AgentAction } from '../../core/actions.js';
import { InputError } from '../../core/errors.js';
import type { Observation } from '../../core/observation.js';
import type { LanguageModel, LlmRun } from '../../llm/index.js';
import { ModelFaultPolicy, teamLlm } from '../model-fault-policy.js';
import type { Team, TeamSetup, TeamStats } from '../team.js';
import { teamModel } from '../tickingcollab/team-model.js';
import { HourglassAgent } from './hourglass-agent.js';
import { buildTopology } from '../../orgs/build-topology.js';
import { createTurnGate, defaultModeFor, parseCollaborationMode, type CollaborationMode, type TurnGate } from '../../orgs/collaboration.js';
import { MessageBus } from '../../orgs/message-bus.js';
import { seatOf } from '../../orgs/seat.js';
import { goalHolders, validateTopology, type OrgKind, type Topology } from '../../orgs/topology.js';
import { SCRIPTED_SAGENTS_SPEC, createScriptedSAgentsModel } from './scripted-policy.js';

export interface SAgentsTeamOptions {
  /** `tree` (default), `chain`, `graph` or `solo`, built for the episode's agents in spawn order. */
  org?: string;
  /** A custom topology for the episode's agents instead (validated), e.g. a two-level tree. */
  topology?: (agents: readonly string[]) => Topology;
  /** `relay`, `round` or `async`; default: the paper's pairing for the org (chain relay, graph round, tree async). */
  mode?: CollaborationMode | string;
  /** A ready model (tests pass a ScriptedModel). */
  model?: LanguageModel;
  /** A provider string (`openai:gpt-4o-mini`, `scripted:sagents`, …); with neither, the configured default. */
  modelSpec?: string;
  /** The episode's LLM services (ledger, breaker); a private run when absent. */
  llm?: LlmRun;
  seed: string;
  /** Simulated thinking time per model call (`800`, `uniform:200,1500`, `normal:800,200`), seeded by `seed`. */
  latency?: string;
  /** A radio channel the task grants: delegations and reports use it regardless of distance. */
  radioChannel?: string;
  idleTicks?: number;
  patienceTicks?: number;
}

export class SAgentsTeam implements Team {
  readonly architecture = 's-agents';
  readonly model: LanguageModel;
  readonly llm: LlmRun;
  readonly mode: CollaborationMode | null;
  private agents = new Map<string, HourglassAgent>();
  private bus = new MessageBus();
  private gate: TurnGate | null = null;
  private topo: Topology | null = null;

  constructor(private readonly o: SAgentsTeamOptions) {
    // The built-in scripted policy is a ready model too: its calls go through the ledger like any other.
    const ready = o.model ?? (o.modelSpec?.trim() === SCRIPTED_SAGENTS_SPEC ? createScriptedSAgentsModel() : undefined);
    this.llm = teamLlm({ ...(o.llm ? { llm: o.llm } : {}), ...(ready ? { model: ready } : {}) });
    this.model = teamModel(ready ? { ...o, model: ready } : o, this.llm, 'planner');
    this.mode = o.mode ? parseCollaborationMode(o.mode) : null;
    // Fail on a bad organisation name now, not at the first episode.
    if (!o.topology) sagentsOrg(o.org ?? 'tree');
  }

  get topology(): Topology | null {
    return this.topo;
  }

  async start(setup: TeamSetup): Promise<void> {
    const topo = this.o.topology ? validateTopology(this.o.topology(setup.agents)) : buildTopology(sagentsOrg(this.o.org ?? 'tree'), setup.agents);
    const missing = setup.agents.filter((a) => !topo.agents.includes(a));
    if (missing.length) throw new InputError(`the organisation leaves out ${missing.join(', ')}`, 'give every agent of the episode a place in the topology');
    const mode = this.mode ?? defaultModeFor(topo.kind);
    this.topo = topo;
    this.gate = createTurnGate(mode);
    this.bus = new MessageBus(this.o.radioChannel ? { radioChannel: this.o.radioChannel } : {});
    this.agents = new Map();
    const holders = goalHolders(topo);
    const goal = [setup.task.goal, setup.task.guidance].filter(Boolean).join('\n');
    for (const name of setup.agents) {
      const seat = seatOf(topo, name);
      this.agents.set(
        name,
        new HourglassAgent({
          name,
          seat,
          model: this.model,
          bus: this.bus,
          gate: this.gate,
          goal,
          skills: setup.skills,
          log: setup.log,
          faults: new ModelFaultPolicy(this.llm),
          ...(this.o.idleTicks !== undefined ? { idleTicks: this.o.idleTicks } : {}),
          ...(this.o.patienceTicks !== undefined ? { patienceTicks: this.o.patienceTicks } : {}),
        }),
      );
    }
    setup.log({ type: 'org', org: topo.kind, mode, model: this.model.id, edges: topo.edges, goalHolders: holders });
  }

  async decide(observations: Readonly<Record<string, Observation>>, signal?: AbortSignal): Promise<Partial<Record<string, AgentAction>>> {
    const decided = await Promise.all(Object.entries(observations).map(async ([name, obs]) => [name, await this.agents.get(name)?.decide(obs, signal)] as const));
    const out: Partial<Record<string, AgentAction>> = {};
    for (const [name, action] of decided) if (action) out[name] = action;
    return out;
  }

  /** Messages, prompts (planning iterations, for mPT), calls, tokens, faults; plus delivery and gate counts. */
  stats(): Partial<TeamStats> & Record<string, number> {
    const total = { messages: 0, prompts: 0, modelFaults: 0 };
    for (const a of this.agents.values()) {
      for (const [k, v] of Object.entries(a.stats())) total[k as keyof typeof total] += v ?? 0;
    }
    const bus = this.bus.stats();
    const gate = this.gate?.stats() ?? { waits: 0, rounds: 0 };
    total.messages = bus.sent;
    return { ...total, messagesDelivered: bus.delivered, messagesUndelivered: bus.undelivered, delegations: bus.tasks, reports: bus.reports, turnWaits: gate.waits, rounds: gate.rounds };
  }

  /** One member's prompts (planning iterations) so far. */
  promptsOf(name: string): number {
    return this.agents.get(name)?.stats().prompts ?? 0;
  }
}

/** The organisations an S-Agents team is built in (the paper's four). */
export const SAGENTS_ORGS: readonly OrgKind[] = ['tree', 'chain', 'graph', 'solo'];

function sagentsOrg(name: string): OrgKind {
  if (!(SAGENTS_ORGS as readonly string[]).includes(name)) {
    buildTopology(name, ['probe']); // an unknown name gets the organisations layer's message
    throw new InputError(`S-Agents teams are organised as ${SAGENTS_ORGS.join(', ')}, not '${name}'`, `use one of: ${SAGENTS_ORGS.join(', ')}`);
  }
  return name as OrgKind;
}

export function createSAgentsTeam(options: SAgentsTeamOptions): SAgentsTeam {
  return new SAgentsTeam(options);
}
