/**
 * Confederates in an episode: the task plays the spawns with a script, the team only the others; with
 * confederates_first the team is asked nothing until every script has ended, and then hears what was said.
 */
import { describe, expect, it } from 'vitest';
import type { Team, TeamSetup } from '../../src/agents/team.js';
import type { AgentAction } from '../../src/core/actions.js';
import type { Observation } from '../../src/core/observation.js';
import { SimEnv } from '../../src/env/sim/index.js';
import { runEpisode } from '../../src/runner/episode.js';
import { runEpisodeJob } from '../../src/runner/episode-job.js';
import { nullRunLog } from '../../src/runner/run-log.js';
import { episodeTaskFromSpec } from '../../src/runner/task-adapter.js';
import { specOf, taskYaml } from '../tasks/sim-episode.js';

const AGENTS = `
- name: Ada
  position: [-1, 64, 0]
  script:
    - {at: 1, look_at: [6, 66, 10]}
    - {say: "I choose the left tower."}
    - {move_to: [6, 64, 8]}
- name: Ben
  position: [1, 64, 0]
  script:
    - {at: 3, say: "Left for me too."}
- {name: Tess, position: [0, 64, 0]}
`;

const SUCCESS = `
type: choice
correct: right
options:
  right: {position: [-6, 64, 10], words: [right]}
  left: {position: [6, 64, 10], words: [left]}
`;

/** A team that records what it is told and seen, and says "right" on its first decision. */
class WatchingTeam implements Team {
  readonly architecture = 'watching';
  setup: TeamSetup | null = null;
  readonly seen: Observation[] = [];
  async start(setup: TeamSetup): Promise<void> {
    this.setup = setup;
  }
  async decide(observations: Readonly<Record<string, Observation>>): Promise<Partial<Record<string, AgentAction>>> {
    const out: Partial<Record<string, AgentAction>> = {};
    for (const [name, obs] of Object.entries(observations)) {
      this.seen.push(obs);
      if (this.seen.length === 1) out[name] = { type: 'skill', name: 'say', params: { message: 'I choose the right tower.' } };
    }
    return out;
  }
}

async function run(first: boolean) {
  const yaml = taskYaml({ type: 'choice', agents: AGENTS, success: SUCCESS }).replace('agents:\n', `agents:\n  confederates_first: ${first}\n`);
  const task = episodeTaskFromSpec(specOf(yaml), '0');
  const team = new WatchingTeam();
  const backend = new SimEnv({ ticksPerStep: 5 });
  const result = await runEpisode({ backend, task, team, seed: '0', log: nullRunLog });
  await backend.close();
  return { team, result, backend };
}

describe('confederates beside the team', () => {
  it('the team drives only the spawns without a script, and waits for the scripts when told to', async () => {
    const { team, result } = await run(true);
    expect(team.setup?.agents).toEqual(['Tess']);
    expect(new Set(team.seen.map((o) => o.agent))).toEqual(new Set(['Tess']));
    // Ada's walk is the last step; the team is first asked after it, and then hears both confederates.
    const first = team.seen[0]!;
    expect(first.tick).toBeGreaterThan(60);
    expect(first.messages.map((m) => `${m.from}: ${m.message}`)).toEqual(['Ada: I choose the left tower.', 'Ben: Left for me too.']);
    // ... and sees where Ada stands now: beside the left tower.
    const ada = first.entities.find((e) => e.name === 'Ada');
    expect(ada && Math.hypot(ada.pos.x - 6, ada.pos.z - 8)).toBeLessThanOrEqual(1.5);
    expect(result).toMatchObject({ success: true, teamSize: 1 });
    expect(result.details).toMatch(/"chose_correct":1/);
  }, 60_000);

  it('without confederates_first the team decides from the start, beside the confederates', async () => {
    const { team, result } = await run(false);
    expect(team.setup?.agents).toEqual(['Tess']);
    expect(team.seen[0]!.tick).toBeLessThan(10);
    expect(team.seen[0]!.messages).toEqual([]);
    // Tess said "right" at once and the episode ended there, before any confederate spoke.
    expect(result).toMatchObject({ success: true, teamSize: 1 });
  }, 60_000);

  it('an experiment seats the first n confederates of the file (0+1 .. 9+1), and refuses more than it has', async () => {
    const file = new URL('../../suites/mineland-social/taller-tower-v1.yaml', import.meta.url).pathname;
    const one = await runEpisodeJob({ file, seed: '0', agents: 'heuristic', confederates: 1 });
    const none = await runEpisodeJob({ file, seed: '0', agents: 'heuristic', confederates: 0 });
    expect(one).toMatchObject({ success: true, teamSize: 1 });
    // With no confederate to wait for, Tess walks at once; with Ada, only after Ada has spoken and walked.
    expect(none.ticks).toBeLessThan(100);
    expect(one.ticks).toBeGreaterThan(100);
    await expect(runEpisodeJob({ file, seed: '0', agents: 'heuristic', confederates: 10 })).rejects.toThrow(/has 9 confederate\(s\).*10 cannot be seated/);
  }, 60_000);
});
