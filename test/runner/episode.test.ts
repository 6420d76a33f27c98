import { describe, expect, it } from 'vitest';
import type { AgentAction } from '../../src/core/actions.js';
import type { WorldBackend } from '../../src/env/backend.js';
import { SimEnv } from '../../src/env/sim/index.js';
import { z } from 'zod';
import { ModelFaultPolicy } from '../../src/agents/model-fault-policy.js';
import { teamOfAgents, type Team, type TeamSetup } from '../../src/agents/team.js';
import { generateObject, LlmRun, ScriptedModel } from '../../src/llm/index.js';
import { runEpisode } from '../../src/runner/episode.js';
import type { EpisodeTask } from '../../src/tasks/episode-task.js';
import { MemoryRunLog } from '../../src/runner/run-log.js';

/** Two agents on a flat world next to a small row of oak logs; the goal is 3 logs in the team's inventories. */
function logsTask(maxTicks = 2400): EpisodeTask {
  return {
    id: 'test/logs-v1',
    type: 'collection',
    brief: { id: 'test/logs-v1', type: 'collection', goal: 'collect 3 oak logs', maxTicks },
    scenario: {
      agents: [
        { name: 'ann', position: { x: 0.5, y: -60, z: 0.5 } },
        { name: 'bob', position: { x: 2.5, y: -60, z: 0.5 } },
      ],
      blocks: [0, 1, 2, 3].map((i) => ({ pos: { x: 4 + i, y: -60, z: 4 }, block: 'oak_log' })),
      world: { gamerules: { doMobSpawning: false } },
      maxTicks,
    },
    setup() {},
    afterStep() {},
    outcome(backend: WorldBackend) {
      const logs = backend.admin.players().reduce((n, p) => n + (p.inventory.oak_log ?? 0), 0);
      return { done: logs >= 3, success: logs >= 3, score: Math.min(1, logs / 3), details: `${logs}/3 oak logs` };
    },
  };
}

function collectorTeam(): Team {
  return teamOfAgents('scripted', (name) => {
    // Both agents race for the same logs, so a collect can come back short: try again, a few times.
    let tries = 0;
    return {
      name,
      async decide(obs): Promise<AgentAction | null> {
        if (obs.runningSkill || tries >= 3) return null;
        tries++;
        return { type: 'skill', name: 'collect', params: { block: 'oak_log', count: 2 } };
      },
    };
  });
}

describe('runEpisode (sync, sim backend)', () => {
  it('runs a team to the task goal and reports success, ticks, time cost and timelines', async () => {
    const log = new MemoryRunLog();
    const r = await runEpisode({ backend: new SimEnv({ ticksPerStep: 5 }), task: logsTask(), team: collectorTeam(), seed: '7', log });
    expect(r.details).toBe('3/3 oak logs');
    expect(r.ended).toBe('success');
    expect(r.ticks).toBeGreaterThan(20);
    expect(r.ticks).toBeLessThan(2400);
    expect(r.metrics.timeCost).toBe(r.ticks / 20);
    expect(r.timeline!.map((t) => t.agent)).toEqual(['ann', 'bob']);
    expect(r.timeline!.some((t) => t.spans.some(([, , skill]) => skill === 'collect'))).toBe(true);
    const types = new Set(log.records.map((x) => x.type));
    for (const t of ['episode_start', 'action', 'world', 'episode_end']) expect(types).toContain(t);
  });

  it('stops at the tick limit with success false and a NaN (null) time cost', async () => {
    const idle = teamOfAgents('idle', (name) => ({ name, decide: async () => ({ type: 'skill', name: 'wait', params: { ticks: 40 } }) }));
    const r = await runEpisode({ backend: new SimEnv({ ticksPerStep: 20 }), task: logsTask(200), team: idle, seed: '7', log: new MemoryRunLog() });
    expect(r.success).toBe(false);
    expect(r.ended).toBe('max_ticks');
    expect(r.ticks).toBe(200);
    expect(r.metrics.timeCost).toBeNull();
  });

  it('turns a crashing team into an error row instead of throwing', async () => {
    const broken: Team = { architecture: 'broken', async start() {}, async decide() { throw new Error('planner exploded'); } };
    const r = await runEpisode({ backend: new SimEnv(), task: logsTask(), team: broken, seed: '1', log: new MemoryRunLog() });
    expect(r.ended).toBe('error');
    expect(r.error).toEqual({ fault: 'internal', message: 'planner exploded' });
    expect(r.success).toBe(false);
  });

  it('gives the same result for the same seed', async () => {
    const a = await runEpisode({ backend: new SimEnv({ ticksPerStep: 5 }), task: logsTask(), team: collectorTeam(), seed: '3', log: new MemoryRunLog() });
    const b = await runEpisode({ backend: new SimEnv({ ticksPerStep: 5 }), task: logsTask(), team: collectorTeam(), seed: '3', log: new MemoryRunLog() });
    expect({ ...a, wallSeconds: 0, metrics: { ...a.metrics, planningMs: 0 } }).toEqual({ ...b, wallSeconds: 0, metrics: { ...b.metrics, planningMs: 0 } });
  });
});

describe('runEpisode with a failing model', () => {
  it('ends cleanly with model_faults when every decision is a model fault', async () => {
    // What an LLM team does when its model answers garbage: the shared fault policy counts the fault, the team acts on nothing.
    const llm = LlmRun.offline({ faults: { maxConsecutiveFaults: 5 } });
    const model = llm.model('planner', undefined, { base: new ScriptedModel('garbage', () => 'not json') });
    const faults = new ModelFaultPolicy(llm);
    let log: TeamSetup['log'] = () => undefined;
    const deaf: Team = {
      architecture: 'deaf',
      llm,
      async start(setup) {
        log = setup.log;
      },
      async decide(_obs, signal) {
        try {
          await generateObject(model, { messages: [{ role: 'user', content: 'plan' }] }, z.object({ plan: z.string() }), signal ? { signal } : {});
        } catch (err) {
          faults.fault(err, log, { role: 'planner' }, signal);
        }
        return {};
      },
    };
    const runLog = new MemoryRunLog();
    const r = await runEpisode({ backend: new SimEnv({ ticksPerStep: 5 }), task: logsTask(), team: deaf, seed: '1', log: runLog });
    expect(r.ended).toBe('model_faults');
    expect(r.success).toBe(false);
    expect(r.metrics.modelFaults).toBe(5);
    expect(runLog.records.filter((x) => x.type === 'model_fault')).toHaveLength(5);
    expect(runLog.records.find((x) => x.type === 'episode_stopped')?.reason).toMatch(/5 model steps in a row failed \(last: garbage\)/);
    // Every call (the first answer and its repair, per step) is in the ledger and the log.
    expect(r.metrics.llmCalls).toBe(10);
    expect(r.ticks).toBeLessThan(100);
  });
});
