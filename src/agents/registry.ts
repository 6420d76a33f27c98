/**
 * The `--agents` names and how to build each team. One line per architecture; a factory gets the
 * options every architecture may use (the model spec resolved by the LLM layer, the organisation,
 * the seed) and returns a Team. `guildcraft agents` lists this table; add an architecture by adding
 * its entry to `entries`.
 */
import { InputError } from '../core/errors.js';
import type { LlmRun } from '../llm/index.js';
import { RandomAgent } from './baselines/random-agent.js';
import { CookingTeam } from './cooking/cooking-team.js';
import { HeuristicTeam } from './heuristic/heuristic-team.js';
import { OracleTeam } from './oracle/oracle-team.js';
import { createSAgentsTeam } from './s-agents/team.js';
import { createCodeAsActionTeam } from './code-as-action/code-team.js';
import { createAlexTeam } from './alex/alex-team.js';
import { createHumanTeam } from './human/human-agent.js';
import { CentralizedTeam } from './tickingcollab/centralized.js';
import { createDistributedTeam } from './tickingcollab/distributed.js';
import { teamModelOptionsFrom } from './tickingcollab/team-model.js';
import { teamOfAgents, type Team } from './team.js';

export interface TeamOptions {
  /** `--org`: solo, chain, graph, tree, centralized, distributed (architectures that support it). */
  org?: string;
  /** `--model` provider string, when the architecture uses a model. */
  model?: string;
  /** The run's LLM services (accounting, cache, budget), when a model is configured. */
  llm?: LlmRun;
  /** `--latency`: simulated model latency (`800`, `uniform:200,1500`, `normal:800,200`). */
  latency?: string;
  seed: string;
}

export interface ArchitectureEntry {
  name: string;
  description: string;
  usesModel: boolean;
  /** Organisations it can sit in (`--org`); the first is the default. */
  orgs: readonly string[];
  create(options: TeamOptions): Team;
}

const entries: ArchitectureEntry[] = [
  { name: 'oracle', description: 'global-knowledge heuristic scheduler (TickingCollab oracle): reads the task and world, assigns work by capability', usesModel: false, orgs: ['centralized'], create: () => new OracleTeam() },
  { name: 'heuristic', description: 'rule-based agents under the senses limits: recipe planning, gathering, combat, survival, layered building', usesModel: false, orgs: ['centralized'], create: () => new HeuristicTeam() },
  {
    name: 'random',
    description: 'random well-formed skill calls from what each agent sees (a baseline)',
    usesModel: false,
    orgs: ['solo'],
    create: (o) => teamOfAgents('random', (name) => new RandomAgent(name, o.seed)),
  },
  {
    name: 's-agents',
    description: 'S-Agents hourglass agents (progress monitor, task and action planners, action queue) in an organisation; needs --model (scripted:sagents runs offline)',
    usesModel: true,
    orgs: ['tree', 'chain', 'graph', 'solo'],
    create: (o) => createSAgentsTeam({ org: o.org ?? 'tree', seed: o.seed, ...(o.model ? { modelSpec: o.model } : {}), ...(o.llm ? { llm: o.llm } : {}), ...(o.latency ? { latency: o.latency } : {}) }),
  },
  { name: 'tickingcollab-centralized', description: 'TickingCollab centralized planner: one model plans a DAG of skills per agent, replans when all finish or a task fails; needs --model', usesModel: true, orgs: ['centralized'], create: (o) => new CentralizedTeam(teamModelOptionsFrom(o)) },
  { name: 'tickingcollab-distributed', description: 'TickingCollab distributed agents: each plans for itself and negotiates over chat ([PROPOSAL]/[AGREE]/...), propose-wait-act; needs --model', usesModel: true, orgs: ['distributed'], create: (o) => createDistributedTeam(teamModelOptionsFrom(o)) },
  { name: 'code-as-action', description: 'MineLand/Voyager code loop: the model writes JavaScript over the skills, run in the sandbox, with error feedback, a critic and a skill library; needs --model', usesModel: true, orgs: ['solo'], create: (o) => createCodeAsActionTeam(teamModelOptionsFrom(o)) },
  { name: 'alex', description: 'MineLand Alex: memory library with embedding retrieval, associative memory, long/short-term planning, critic, multitasking (interrupt and resume), skill memory; cooperates via chat; needs --model', usesModel: true, orgs: ['solo'], create: (o) => createAlexTeam(teamModelOptionsFrom(o)) },
  { name: 'cooking', description: "heuristic cooks for MindAgent's Minecraft kitchen (cooking_orders): hunt, smelt, bake and deliver orders earliest-due first, one order and one furnace per cook", usesModel: false, orgs: ['centralized'], create: () => new CookingTeam() },
  { name: 'human', description: 'you play: each agent shows its observation on the terminal and reads a command (skill {json}, say <text>, help)', usesModel: false, orgs: ['solo'], create: () => createHumanTeam() },
];

export const ARCHITECTURES: ReadonlyMap<string, ArchitectureEntry> = new Map(entries.map((e) => [e.name, e]));

export function architecture(name: string): ArchitectureEntry {
  const e = ARCHITECTURES.get(name);
  if (!e) throw new InputError(`unknown agent architecture '${name}'`, `use one of: ${[...ARCHITECTURES.keys()].join(', ')} (see \`guildcraft agents\`)`);
  return e;
}
