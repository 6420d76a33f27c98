/** Runs one task file end to end on SimEnv through the task adapter, the way the runner does. */
import { join } from 'node:path';
import { SimEnv } from '../../../src/env/sim/index.js';
import type { Team } from '../../../src/agents/team.js';
import { runEpisode } from '../../../src/runner/episode.js';
import type { EpisodeResult } from '../../../src/runner/episode-result.js';
import { episodeTaskFromSpec, loadSpec } from '../../../src/runner/task-adapter.js';
import { MemoryRunLog } from '../../../src/runner/run-log.js';

export const fixture = (dir: string, name: string): string => join(import.meta.dirname, '..', dir, 'fixtures', name);

export async function runTaskFile(file: string, team: Team, seed = '1'): Promise<{ result: EpisodeResult; log: MemoryRunLog }> {
  const spec = await loadSpec(file);
  const task = episodeTaskFromSpec(spec, seed);
  if (team.omniscient) {
    // As the runner's episode job does: an omniscient team's agents have their senses bypassed.
    Object.assign(task, { scenario: { ...task.scenario, agents: (task.scenario.agents ?? []).map((a) => ({ ...a, omniscient: true })) } });
  }
  const log = new MemoryRunLog();
  const result = await runEpisode({ backend: new SimEnv({ ticksPerStep: 5 }), task, team, seed, log });
  return { result, log };
}
