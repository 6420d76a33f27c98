/**
 * The `--agents` names, how to build each team, and the organisations each can sit in. One entry per
 * architecture: `create` builds the team in one of its own organisations (`orgs`, the ones it
 * implements itself); `seated` lists the organisations it can also sit in as one team per member
 * (`organised-team.ts`), and `leader` names the architecture that fills seats with subordinates when
 * this one cannot give orders. The composition root (`runner/compose-team.ts`) picks between them;
 * `guildcraft agents` lists this table. Add an architecture to the package by adding its entry to
 * `entries`; a user module adds one without touching the package (`defineAgent`, `--agents ./my-agent.js`,
 * docs/add-an-agent.md).
 */
import { InputError } from '../core/errors.js';
import type { LanguageModel, LlmRun } from '../llm/index.js';
import type { OrgKind, Topology } from '../orgs/topology.js';
import { RandomAgent } from './baselines/random-agent.js';
import { CookingTeam } from './cooking/cooking-team.js';
import { HeuristicTeam } from './heuristic/heuristic-team.js';
import { SocietyTeam } from './society/society-team.js';
import { OracleTeam } from './oracle/oracle-team.js';
import { createSAgentsTeam } from './s-agents/team.js';
import { createCodeAsActionTeam } from './code-as-action/code-team.js';
import { createAlexTeam } from './alex/alex-team.js';
import { personalityText } from './alex/personalities.js';
import { createHumanTeam } from './human/human-agent.js';
import { CentralizedTeam } from './tickingcollab/centralized.js';
import { createDistributedTeam } from './tickingcollab/distributed.js';
import { teamModelOptionsFrom } from './tickingcollab/team-model.js';
import type { BaselineOptions } from './tickingcollab/baseline-settings.js';
import { teamOfAgents, type Team } from './team.js';

export interface TeamOptions {
  /** `--org`: solo, chain, graph, tree, centralized, distributed (architectures that support it). */
  org?: string;
  /** A ready topology for architectures that build their organisation themselves (S-Agents leading seated workers). */
  topology?: Topology;
  /** `--model` provider string, when the architecture uses a model. */
  model?: string;
  /** The run's LLM services (accounting, cache, budget), when a model is configured. */
  llm?: LlmRun;
  /** `--latency`: simulated model latency (`800`, `uniform:200,1500`, `normal:800,200`). */
  latency?: string;
  /** S-Agents' collaboration mode (relay, round, async) instead of the organisation's default (docs/organisations.md). */
  collaboration?: string;
  /** A ready model instead of `model` (programs and tests: a ScriptedModel). */
  languageModel?: LanguageModel;
  /** TickingCollab baselines: `--preset` and the single switches over it (tickingcollab/baseline-settings.ts). */
  baseline?: BaselineOptions;
  /** The agents' personality for architectures that prompt with one (Alex): a preset name (alex/personalities.ts) or the text. */
  personality?: string;
  seed: string;
}

export interface ArchitectureEntry {
  name: string;
  description: string;
  usesModel: boolean;
  /** Organisations it implements itself; the first is the default `--org`. */
  orgs: readonly OrgKind[];
  /** Organisations it can also sit in, one team of it per member (`organised-team.ts`). */
  seated: readonly OrgKind[];
  /** The architecture at seats with subordinates when this one cannot give orders. */
  leader?: string;
  /** Builds the team in one of its own organisations (`orgs`). */
  create(options: TeamOptions): Team;
}

/** Every organisation an architecture runs in (`--org`), the default first. */
export function orgsOf(e: ArchitectureEntry): OrgKind[] {
  return [...e.orgs, ...e.seated];
}

const entries: ArchitectureEntry[] = [
  { name: 'oracle', description: 'global-knowledge heuristic scheduler (TickingCollab oracle): reads the task and world, assigns work by capability', usesModel: false, orgs: ['centralized'], seated: [], create: () => new OracleTeam() },
  {
    name: 'heuristic',
    description: 'rule-based agents under the senses limits: recipe planning, gathering, combat, survival, layered building; in a tree they take orders from an s-agents leader (needs --model)',
    usesModel: false,
    orgs: ['centralized'],
    seated: ['solo', 'tree'],
    leader: 's-agents',
    create: () => new HeuristicTeam(),
  },
  {
    name: 'society',
    description: 'heuristic households for settlement tasks (suites/society): each household a heuristic team building its hut; neighbours ask for and give blocks within chat range',
    usesModel: false,
    orgs: ['centralized'],
    seated: [],
    create: () => new SocietyTeam(),
  },
  {
    name: 'random',
    description: 'random well-formed skill calls from what each agent sees (a baseline)',
    usesModel: false,
    orgs: ['solo'],
    seated: [],
    create: (o) => teamOfAgents('random', (name) => new RandomAgent(name, o.seed)),
  },
  {
    name: 's-agents',
    description: 'S-Agents hourglass agents (progress monitor, task and action planners, action queue) in an organisation; needs --model (scripted:sagents runs offline)',
    usesModel: true,
    orgs: ['tree', 'chain', 'graph', 'solo'],
    seated: [],
    create: (o) =>
      createSAgentsTeam({
        org: o.org ?? 'tree',
        seed: o.seed,
        ...(o.topology ? { topology: () => o.topology! } : {}),
        ...(o.languageModel ? { model: o.languageModel } : {}),
        ...(o.model ? { modelSpec: o.model } : {}),
        ...(o.llm ? { llm: o.llm } : {}),
        ...(o.latency ? { latency: o.latency } : {}),
        ...(o.collaboration ? { mode: o.collaboration } : {}),
      }),
  },
  { name: 'tickingcollab-centralized', description: 'TickingCollab centralized planner: one model plans a DAG of skills per agent, replans when all finish or a task fails; needs --model', usesModel: true, orgs: ['centralized'], seated: ['solo', 'tree'], create: (o) => new CentralizedTeam({ ...teamModelOptionsFrom(o), ...o.baseline }) },
  { name: 'tickingcollab-distributed', description: 'TickingCollab distributed agents: each plans for itself and negotiates over chat ([PROPOSAL]/[AGREE]/...), propose-wait-act; needs --model', usesModel: true, orgs: ['distributed'], seated: ['tree', 'chain'], create: (o) => createDistributedTeam({ ...teamModelOptionsFrom(o), ...o.baseline }) },
  { name: 'code-as-action', description: 'MineLand/Voyager code loop: the model writes JavaScript over the skills, run in the sandbox, with error feedback, a critic and a skill library; needs --model', usesModel: true, orgs: ['solo'], seated: ['chain', 'tree'], create: (o) => createCodeAsActionTeam(teamModelOptionsFrom(o)) },
  { name: 'alex', description: 'MineLand Alex: memory library with embedding retrieval, associative memory, long/short-term planning, critic, multitasking (interrupt and resume), skill memory; cooperates via chat; needs --model', usesModel: true, orgs: ['solo'], seated: ['tree', 'chain'], create: (o) => createAlexTeam({ ...teamModelOptionsFrom(o), ...(o.personality !== undefined ? { personality: personalityText(o.personality) } : {}) }) },
  { name: 'cooking', description: "heuristic cooks for MindAgent's Minecraft kitchen (cooking_orders): hunt, smelt, bake and deliver orders earliest-due first, one order and one furnace per cook", usesModel: false, orgs: ['centralized'], seated: [], create: () => new CookingTeam() },
  { name: 'human', description: 'you play: each agent shows its observation on the terminal and reads a command (skill {json}, say <text>, help)', usesModel: false, orgs: ['solo'], seated: [], create: () => createHumanTeam() },
];

const table = new Map(entries.map((e) => [e.name, e]));
export const ARCHITECTURES: ReadonlyMap<string, ArchitectureEntry> = table;

/** What a plugin agent module exports (`export default defineAgent({...})`, docs/add-an-agent.md). */
export interface AgentDefinition {
  readonly kind: 'agent';
  /** Shown by `run` and in results; the architecture's key is the module's path. */
  name: string;
  description?: string;
  /** The team needs `--model` (it reads `options.languageModel` or `options.model`). */
  usesModel?: boolean;
  /** Organisations the team implements itself, the default first (default: solo). */
  orgs?: readonly OrgKind[];
  /** Builds the team for one episode. */
  create(options: TeamOptions): Team;
}

/** Types an agent module's export: `export default defineAgent({ name, create })`. */
export function defineAgent(definition: Omit<AgentDefinition, 'kind'>): AgentDefinition {
  return { kind: 'agent', ...definition };
}

/**
 * Adds a plugin architecture under `key` (the module's absolute path, what `--agents` resolves to and
 * what a bench job carries into its worker). The same key again replaces nothing: a module loaded twice.
 */
export function registerArchitecture(key: string, definition: AgentDefinition): ArchitectureEntry {
  const known = table.get(key);
  if (known) return known;
  if (typeof definition.create !== 'function') throw new InputError(`agent module ${key} exports no create(options) function`, 'export default defineAgent({ name, create }) (see docs/add-an-agent.md)');
  const entry: ArchitectureEntry = {
    name: key,
    description: `${definition.name} (plugin ${key})${definition.description ? `: ${definition.description}` : ''}`,
    usesModel: definition.usesModel ?? false,
    orgs: definition.orgs && definition.orgs.length > 0 ? definition.orgs : ['solo'],
    seated: [],
    create: (o) => definition.create(o),
  };
  table.set(key, entry);
  return entry;
}

export function architecture(name: string): ArchitectureEntry {
  const e = ARCHITECTURES.get(name);
  if (!e) throw new InputError(`unknown agent architecture '${name}'`, `use one of: ${[...ARCHITECTURES.keys()].join(', ')} (see \`guildcraft agents\`)`);
  return e;
}
