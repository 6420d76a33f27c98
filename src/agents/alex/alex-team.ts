/**
 * Alex as a Team: independent Alex agents (solo organisation — in cooperative tasks they work
 * together through chat) sharing one skill memory, so a skill one agent mastered is retrievable by
 * all, and — kept by the team or saved with `skillMemoryDir` — by later episodes and runs.
 */
import { HashedEmbeddingModel, type EmbeddingModel } from '../../llm/index.js';
import { ModelFaultPolicy, teamLlm } from '../model-fault-policy.js';
import { teamOfAgents, type Team, type TeamStats } from '../team.js';
import { teamModel, type TeamModelOptions } from '../tickingcollab/team-model.js';
import { AlexAgent, type AlexOptions } from './alex-agent.js';
import { SkillMemory } from './skill-memory.js';

export interface AlexTeamOptions extends TeamModelOptions, Omit<AlexOptions, 'name' | 'model' | 'skills' | 'embedding'> {
  /** A skill memory to use (and keep growing) instead of a new one. */
  skills?: SkillMemory;
  /** Persist the skill memory as `alex-skills.json` in this directory (loaded at the first episode, saved after each). */
  skillMemoryDir?: string;
  /** Default: the run's configured embedding model (role `memory`), else the local hashed embedding (offline). */
  embedding?: EmbeddingModel;
  /** Per-agent personalities (name → text); `personality` applies to the rest. */
  personalities?: Record<string, string>;
}

export function createAlexTeam(o: AlexTeamOptions = {}): Team & { skills(): SkillMemory | null; agents(): readonly AlexAgent[] } {
  const embedding = o.embedding ?? (o.llm ? o.llm.embeddingModel('memory') : new HashedEmbeddingModel(256));
  let skills: SkillMemory | null = o.skills ?? null;
  const llm = teamLlm(o);
  const model = teamModel(o, llm, 'alex');
  const members: AlexAgent[] = [];
  const inner = teamOfAgents('alex', (name) => {
    const agent = new AlexAgent({ ...o, name, model, faults: new ModelFaultPolicy(llm), skills: skills!, embedding, ...(o.personalities?.[name] ? { personality: o.personalities[name] } : {}) });
    members.push(agent);
    return agent;
  });
  return {
    architecture: inner.architecture,
    llm,
    async start(setup) {
      skills ??= o.skillMemoryDir ? await SkillMemory.open(o.skillMemoryDir, embedding) : new SkillMemory(embedding);
      members.length = 0;
      setup.log({ type: 'org', org: 'solo', architecture: 'alex', skillMemorySize: skills.size, skillMemoryDir: skills.dir });
      await inner.start(setup);
    },
    decide: (observations, signal) => inner.decide(observations, signal),
    async stop() {
      await skills?.save();
    },
    stats: (): Partial<TeamStats> => inner.stats?.() ?? {},
    skills: () => skills,
    agents: () => members,
  };
}
