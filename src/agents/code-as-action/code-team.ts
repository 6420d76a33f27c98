/**
 * The code-as-action architecture as a Team: independent code agents (solo organisation) sharing
 * one skill library, so a program one agent stored is retrievable by all, and — with
 * `skillLibraryDir` — by later episodes and runs.
 */
import { HashedEmbeddingModel, type EmbeddingModel } from '../../llm/index.js';
import { ModelFaultPolicy, teamLlm } from '../model-fault-policy.js';
import { teamOfAgents, type Team, type TeamStats } from '../team.js';
import { teamModel, type TeamModelOptions } from '../tickingcollab/team-model.js';
import { CodeAsActionAgent, type CodeAgentOptions } from './code-agent.js';
import { SkillLibrary } from './skill-library.js';

export interface CodeAsActionTeamOptions extends TeamModelOptions, Omit<CodeAgentOptions, 'name' | 'model' | 'critic' | 'library'> {
  /** A library to use (and keep growing) instead of a new one. */
  library?: SkillLibrary;
  /** Persist the library as `skills.json` in this directory (loaded at the first episode). */
  skillLibraryDir?: string;
  embedding?: EmbeddingModel;
  /** Judge programs with the model (role `critic`); false trusts programs that ran without error. Default true. */
  critic?: boolean;
}

export function createCodeAsActionTeam(o: CodeAsActionTeamOptions = {}): Team & { library(): SkillLibrary | null } {
  let library: SkillLibrary | null = o.library ?? null;
  const llm = teamLlm(o);
  const writer = teamModel(o, llm, 'action');
  const critic = o.critic === false ? null : o.model ? writer : teamModel(o, llm, 'critic');
  const inner = teamOfAgents('code-as-action', (name) => new CodeAsActionAgent({ ...o, name, model: writer, critic, faults: new ModelFaultPolicy(llm), library: library! }));
  return {
    architecture: inner.architecture,
    llm,
    async start(setup) {
      const embedding = o.embedding ?? new HashedEmbeddingModel(256);
      library ??= o.skillLibraryDir ? await SkillLibrary.open(o.skillLibraryDir, { embedding }) : new SkillLibrary({ embedding });
      setup.log({ type: 'org', org: 'solo', architecture: 'code-as-action', librarySize: library.size, libraryDir: library.dir ?? null });
      await inner.start(setup);
    },
    decide: (observations, signal) => inner.decide(observations, signal),
    stats: (): Partial<TeamStats> => inner.stats?.() ?? {},
    library: () => library,
  };
}
