import { describe, expect, it } from 'vitest';
import { teamOfAgents } from '../../src/agents/team.js';
import { SimEnv } from '../../src/env/sim/index.js';
import { runEpisode } from '../../src/runner/episode.js';
import { MemoryRunLog } from '../../src/runner/run-log.js';
import { collectionTask, collectionTeamNames } from '../../src/orgs/index.js';

const idle = () => teamOfAgents('idle', (name) => ({ name, decide: async (obs) => (obs.runningSkill ? null : { type: 'skill', name: 'wait', params: { ticks: 20 } }) }));

describe('the built-in S-Agents collection task', () => {
  it('ends a stalled run as failed (the paper\'s NaN) only when enough attempts have failed', async () => {
    const stalled = collectionTask({ agents: ['alice'], target: 3, maxTicks: 1000, stallTicks: 100, failedAttempts: () => 6 });
    const r = await runEpisode({ backend: new SimEnv({ ticksPerStep: 20 }), task: stalled, team: idle(), seed: '1', log: new MemoryRunLog() });
    expect(r.ended).toBe('failure');
    expect(r.ticks).toBeLessThan(200);
    expect(r.details).toMatch(/no progress for .* min with more than 5 failed attempts \(NaN\)/);
    expect(r.metrics.timeCost).toBeNull();

    const patient = collectionTask({ agents: ['alice'], target: 3, maxTicks: 300, stallTicks: 100, failedAttempts: () => 5 });
    const q = await runEpisode({ backend: new SimEnv({ ticksPerStep: 20 }), task: patient, team: idle(), seed: '1', log: new MemoryRunLog() });
    expect(q.ended).toBe('max_ticks');
  });

  it('places more logs than the target near the agents and names teams per organisation', () => {
    const t = collectionTask({ agents: ['a', 'b'], target: 5 });
    expect(t.scenario.blocks!.filter((b) => b.block === 'oak_log')).toHaveLength(10);
    expect(t.brief.goal).toMatch(/^collect 5 oak_log/);
    expect(collectionTeamNames('tree', 3)).toEqual(['leader', 'alice', 'bob', 'cara']);
    expect(collectionTeamNames('chain', 3)).toHaveLength(3);
    expect(collectionTeamNames('solo', 3)).toEqual(['alice']);
    expect(() => collectionTask({ agents: ['a'], target: 0 })).toThrow(/positive whole number/);
  });
});
