import { describe, expect, it } from 'vitest';
import * as guildcraft from '../src/index.js';

describe('package entry', () => {
  it('exposes the layers and the names programs start from', () => {
    for (const name of ['SimEnv', 'runEpisode', 'runEpisodeJob', 'describeSkills', 'teamOfAgents', 'World', 'InputError', 'agentActionSchema']) {
      expect(guildcraft, name).toHaveProperty(name);
    }
    expect(Object.keys(guildcraft.tasks)).toContain('loadTaskFile');
    expect(Object.keys(guildcraft.llm)).toContain('resolveModel');
    expect(guildcraft.ARCHITECTURES.has('random')).toBe(true);
  });
});
