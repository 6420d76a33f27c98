/**
 * The agent contract. A Team decides for one or more agents: an independent agent is a team of one
 * wrapped by `teamOfAgents`, a centralized planner is one team deciding for everyone, an
 * organisation is a team whose members talk over a message bus. LLM, scripted, heuristic, oracle,
 * random and human players all satisfy it, so every task runs with or without a model.
 *
 * Decisions are asked for only when they matter: at the start, and afterwards for agents whose
 * skill finished or failed or who received an urgent event; agents left out keep doing what they do.
 */
import type { AgentAction } from '../core/actions.js';
import type { Observation } from '../core/observation.js';
import type { WorldAdmin } from '../env/world-admin.js';
import type { LlmRun } from '../llm/index.js';
import type { Seat } from '../orgs/seat.js';
import type { CompiledTask } from '../tasks/compile.js';
import type { TaskBrief } from '../tasks/task-brief.js';

export interface TeamSetup {
  task: TaskBrief;
  /** Every agent this team decides for, in spawn order. */
  agents: readonly string[];
  seed: string;
  /** The skills as one line each (from the catalog), for prompts. */
  skills: string;
  /**
   * Global knowledge for the oracle only (the runner hands it to teams with `omniscient: true`):
   * read the world through it, never change it.
   */
  oracle?: { admin: WorldAdmin; task: CompiledTask };
  /**
   * This team's member's place in its organisation, when the team decides for one member of an
   * organisation (`agents/organised-team.ts`); its brief then is that member's (`orgs/seat.ts`).
   */
  seat?: Seat;
  /** Writes one record to the run log (LLM calls, plans, messages). */
  log(record: { type: string } & Record<string, unknown>): void;
}

/**
 * What a team counts itself. Model calls, tokens, cost and latency are not here: the episode's LlmRun
 * ledger is their only source.
 */
export interface TeamStats {
  /** Messages agents sent each other. */
  messages: number;
  /** Model prompts issued (planning decisions, for mPT). */
  prompts: number;
  /** Failed model steps this team logged (the episode's figure comes from the LlmRun's breaker). */
  modelFaults: number;
  /** Agents that made a long-term plan (Alex), and of those, whose first plan speaks of working with others (MineLand Table 15). */
  longTermPlans: number;
  cooperativePlans: number;
}

/** Observations and actions default to the world backends'; CuisineWorld's dispatchers decide on the kitchen's own. */
export interface Team<Obs = Observation, Action = AgentAction> {
  /** The `--agents` name: `oracle`, `heuristic`, `s-agents`, … */
  readonly architecture: string;
  /** The oracle sees through walls and knows the task's hidden facts. */
  readonly omniscient?: boolean;
  /**
   * An LLM team's run: every model call goes through its ledger and circuit breaker. The runner reads
   * the episode's calls, tokens and cost from it and ends the episode when its breaker opens.
   */
  readonly llm?: LlmRun;
  start(setup: TeamSetup): Promise<void>;
  decide(observations: Readonly<Record<string, Obs>>, signal?: AbortSignal): Promise<Partial<Record<string, Action>>>;
  stop?(): Promise<void>;
  stats?(): Partial<TeamStats>;
}

/** One agent deciding for itself. */
export interface Agent {
  readonly name: string;
  start?(setup: TeamSetup): Promise<void>;
  decide(observation: Observation, signal?: AbortSignal): Promise<AgentAction | null>;
  stats?(): Partial<TeamStats>;
}

/** A team of independent agents (no shared planner): each decides from its own observation. */
export function teamOfAgents(architecture: string, make: (name: string) => Agent, options: { omniscient?: boolean; llm?: LlmRun } = {}): Team {
  const members = new Map<string, Agent>();
  return {
    architecture,
    omniscient: options.omniscient,
    ...(options.llm ? { llm: options.llm } : {}),
    async start(setup) {
      members.clear();
      for (const name of setup.agents) {
        const a = make(name);
        members.set(name, a);
        await a.start?.(setup);
      }
    },
    async decide(observations, signal) {
      const entries = await Promise.all(
        Object.entries(observations).map(async ([name, obs]) => [name, await members.get(name)?.decide(obs, signal)] as const),
      );
      const out: Partial<Record<string, AgentAction>> = {};
      for (const [name, action] of entries) if (action) out[name] = action;
      return out;
    },
    stats() {
      const total: Partial<TeamStats> = {};
      for (const a of members.values()) {
        for (const [k, v] of Object.entries(a.stats?.() ?? {})) {
          const key = k as keyof TeamStats;
          total[key] = (total[key] ?? 0) + (v ?? 0);
        }
      }
      return total;
    },
  };
}
