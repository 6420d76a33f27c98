/**
 * The `--agents` names and how to build each team. One line per architecture; a factory gets the
 * options every architecture may use (the model spec resolved by the LLM layer, the organisation,
 * the seed) and returns a Team. `guildcraft agents` lists this table; add an architecture by adding
 * its entry to `entries`.
 */
import { InputError } from '../core/errors.js';
import type { LlmRun } from '../llm/index.js';
import { RandomAgent } from './baselines/random-agent.js';
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
  {
    name: 'random',
    description: 'random well-formed skill calls from what each agent sees (a baseline)',
    usesModel: false,
    orgs: ['solo'],
    create: (o) => teamOfAgents('random', (name) => new RandomAgent(name, o.seed)),
  },

];

export const ARCHITECTURES: ReadonlyMap<string, ArchitectureEntry> = new Map(entries.map((e) => [e.name, e]));

export function architecture(name: string): ArchitectureEntry {
  const e = ARCHITECTURES.get(name);
  if (!e) throw new InputError(`unknown agent architecture '${name}'`, `use one of: ${[...ARCHITECTURES.keys()].join(', ')} (see \`guildcraft agents\`)`);
  return e;
}
