/**
 * Confederates on a real protocol server (in-process flying-squid): the same scripts as on the embedded world, played
 * with the ordinary skills, heard and seen by the tested agent, and its choice read by the choice goal there.
 */
import { describe, expect, it } from 'vitest';
import type { Team, TeamSetup } from '../../src/agents/team.js';
import type { AgentAction } from '../../src/core/actions.js';
import type { Observation } from '../../src/core/observation.js';
import { runEpisode } from '../../src/runner/episode.js';
import { nullRunLog } from '../../src/runner/run-log.js';
import { episodeTaskFromSpec } from '../../src/runner/task-adapter.js';
import { specOf } from '../tasks/sim-episode.js';
import { useFlyingSquid } from './server-fixture.js';

const squid = useFlyingSquid();

const TASK = `
task:
  type: choice
  goal: "Two towers stand in front of you. Choose the taller one."
  success:
    type: choice
    correct: right
    options:
      right: {position: [-6, 64, 10], radius: 4, words: [right]}
      left: {position: [6, 64, 10], radius: 4, words: [left]}
agents:
  confederates_first: true
  spawn:
    - name: Ada
      position: [-1, 64, 0]
      script:
        - {at: 1, look_at: [6, 66, 10]}
        - {say: "I choose the left tower."}
        - {move_to: [5, 64, 8]}
    - {name: Tess, position: [0, 64, 0]}
environment:
  max_steps: 60
  world: {world_type: flatgrass, difficulty: peaceful, time: day}
  blocks:
    - {block: blue_wool, position: [-6, 64, 10], to: [-6, 72, 10]}
    - {block: red_wool, position: [6, 64, 10], to: [6, 67, 10]}
`;

/** Records what the tested agent hears first and answers "right". */
class ListeningTeam implements Team {
  readonly architecture = 'listening';
  agents: readonly string[] = [];
  first: Observation | null = null;
  async start(setup: TeamSetup): Promise<void> {
    this.agents = setup.agents;
  }
  async decide(observations: Readonly<Record<string, Observation>>): Promise<Partial<Record<string, AgentAction>>> {
    const tess = observations.Tess;
    if (!tess || this.first) return {};
    this.first = tess;
    return { Tess: { type: 'skill', name: 'say', params: { message: 'I choose the right tower.' } } };
  }
}

describe('confederates on flying-squid', () => {
  it('a confederate speaks and walks on the server, the tested agent hears and sees it first and its choice is read', async () => {
    const task = episodeTaskFromSpec(specOf(TASK, 'test/minecraft/taller-tower-small-v1.yaml'), '0');
    // A task's flatgrass has its feet level at y = 64; the test server's superflat at y = 5.
    const backend = squid.backend({}, { x: 0, y: 5 - 64, z: 0 });
    const team = new ListeningTeam();
    const result = await runEpisode({ backend, task, team, seed: '0', log: nullRunLog });
    expect(team.agents).toEqual(['Tess']);
    expect(team.first?.messages.map((m) => `${m.from}: ${m.message}`)).toContain('Ada: I choose the left tower.');
    // ... and sees Ada where her walk ended, by the left tower.
    const ada = team.first?.entities.find((e) => e.name === 'Ada');
    expect(ada && Math.hypot(ada.pos.x - 5, ada.pos.z - 8)).toBeLessThanOrEqual(2);
    expect(result).toMatchObject({ success: true, teamSize: 1 });
    expect(result.details).toMatch(/"chose_correct":1.*"how":"chat"/);
  }, 180_000);
});
