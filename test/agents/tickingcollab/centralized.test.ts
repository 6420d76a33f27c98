import { describe, expect, it } from 'vitest';
import { SimEnv } from '../../../src/env/sim/index.js';
import { ScriptedModel, type ChatRequest } from '../../../src/llm/index.js';
import { CentralizedTeam } from '../../../src/agents/tickingcollab/centralized.js';
import { runEpisode } from '../../../src/runner/episode.js';
import { MemoryRunLog } from '../../../src/runner/run-log.js';
import { logsTask } from './logs-task.js';

const userText = (req: ChatRequest): string => req.messages.filter((m) => m.role === 'user').map((m) => m.content).join('\n');
const plan = (agentPlans: Record<string, unknown[]>, reasoning = 'split the logs') => JSON.stringify({ reasoning, agent_plans: agentPlans });

describe('TickingCollab centralized planner', () => {
  it('runs a per-agent DAG with a cross-agent dependency to the goal, logging plans and nodes', async () => {
    const model = new ScriptedModel('central', () =>
      plan({
        ann: [{ id: 'ann_task_1', do: 'collect', with: { block: 'oak_log', count: 2 }, after: [], note: 'two logs' }],
        bob: [
          { id: 'bob_task_1', do: 'find_blocks', with: { block: 'oak_log' }, after: [] },
          { id: 'bob_task_2', do: 'collect', with: { block: 'oak_log', count: 1 }, after: ['bob_task_1', 'ann_task_1'], note: 'after ann is done' },
        ],
      }),
    );
    const log = new MemoryRunLog();
    const team = new CentralizedTeam({ model });
    const r = await runEpisode({ backend: new SimEnv({ ticksPerStep: 5 }), task: logsTask(), team, seed: '1', log });
    expect(r.ended).toBe('success');
    expect(model.callCount).toBe(1);
    const first = userText(model.requests[0]!);
    expect(first).toContain('collect 3 oak logs');
    expect(first).toMatch(/### ann\n.*ann t=0/);
    expect(first).toContain('### bob');
    const starts = log.records.filter((x) => x.type === 'node_start');
    const ends = log.records.filter((x) => x.type === 'node_end');
    const annDone = ends.find((x) => x.node === 'ann_task_1')!;
    const bobCollect = starts.find((x) => x.node === 'bob_task_2')!;
    expect(annDone.ok).toBe(true);
    // bob found his logs at once but had to wait for ann's node: the cross-agent edge held him.
    expect(bobCollect.tick as number).toBeGreaterThanOrEqual(annDone.tick as number);
    // find_blocks (the paper's snake_case) ran as the catalog skill findBlocks.
    expect(log.records.some((x) => x.type === 'action' && (x.action as { name?: string }).name === 'findBlocks')).toBe(true);
    for (const t of ['episode_start', 'org', 'plan', 'action', 'skill_result', 'episode_end']) expect(log.records.map((x) => x.type)).toContain(t);
    expect(r.metrics.prompts).toBe(1);
    expect(r.metrics.llmCalls).toBe(1);
    expect(r.metrics.modelFaults).toBe(0);
  });

  it('replans when every agent finished and when a node fails, showing the history to the planner', async () => {
    const model = new ScriptedModel('central', (req, i) => {
      if (i === 0) return plan({ ann: [{ id: 'ann_task_1', do: 'collect', with: { block: 'oak_log', count: 1 } }], bob: [{ id: 'bob_task_1', do: 'wait', with: { ticks: 10 } }] });
      if (i === 1) return plan({ ann: [{ id: 'ann_task_2', do: 'craft', with: { item: 'diamond_pickaxe' } }], bob: [{ id: 'bob_task_2', do: 'wait', with: { ticks: 10 } }] });
      return plan({ ann: [{ id: 'ann_task_3', do: 'collect', with: { block: 'oak_log', count: 2 } }], bob: [{ id: 'bob_task_3', do: 'collect', with: { block: 'oak_log', count: 2 } }] });
    });
    const log = new MemoryRunLog();
    const r = await runEpisode({ backend: new SimEnv({ ticksPerStep: 5 }), task: logsTask(), team: new CentralizedTeam({ model }), seed: '2', log });
    expect(r.ended).toBe('success');
    expect(model.callCount).toBe(3);
    const second = userText(model.requests[1]!);
    expect(second).toContain('every agent finished its assigned tasks');
    expect(second).toMatch(/ann: .*ann_task_1 collect\{block:"oak_log",count:1\} -> ok/);
    const third = userText(model.requests[2]!);
    expect(third).toMatch(/ann's task ann_task_2 \(craft\) failed/);
    expect(third).toContain('ann_task_2 craft{item:"diamond_pickaxe"} -> FAILED');
    expect(log.records.filter((x) => x.type === 'plan')).toHaveLength(3);
  });

  it('survives garbage: the repair is tried, the fault is counted and logged, agents wait, then planning resumes', async () => {
    const model = new ScriptedModel('central', (req, i) => {
      if (i < 2) return 'Sure! Ann should chop trees and Bob should help.';
      if (i === 2) return plan({ ann: [{ id: 'ann_task_1', do: 'collect', with: { block: 'oak_log', count: 'lots' } }], bob: [] });
      if (i === 3) return plan({ ann: [{ id: 'ann_task_1', do: 'collect', with: { block: 'oak_log', count: 2 } }], bob: [{ id: 'bob_task_1', do: 'collect', with: { block: 'oak_log', count: 1 } }] });
      return plan({ ann: [{ id: 'ann_task_9', do: 'wait', with: { ticks: 20 } }], bob: [{ id: 'bob_task_9', do: 'wait', with: { ticks: 20 } }] });
    });
    const log = new MemoryRunLog();
    const r = await runEpisode({ backend: new SimEnv({ ticksPerStep: 5 }), task: logsTask(), team: new CentralizedTeam({ model, faultWaitTicks: 20 }), seed: '3', log });
    expect(r.ended).toBe('success');
    expect(r.metrics.modelFaults).toBe(1);
    expect(r.metrics.prompts).toBe(2);
    expect(r.metrics.llmCalls).toBe(4);
    const fault = log.records.find((x) => x.type === 'model_fault')!;
    expect(fault.fault).toBe('model');
    expect(fault.rawText).toContain('Sure!');
    // the wait nodes of the fallback ran as wait skills, then the planner was told why it is asked again
    expect(log.records.some((x) => x.type === 'node_start' && x.node === 'ann_retry_wait')).toBe(true);
    expect(userText(model.requests[2]!)).toContain('your previous answer could not be used');
    // the repair request showed the model what was wrong with its parameters
    expect(model.requests[3]!.messages.at(-1)!.content).toMatch(/bad parameters for collect: count/);
  });

  it('asks the planner once when several agents ask at the same time (async mode), and none acts meanwhile', async () => {
    let release!: () => void;
    const gate = new Promise<void>((r) => (release = r));
    const model = new ScriptedModel('central', async () => {
      await gate;
      return plan({ ann: [{ id: 'ann_task_1', do: 'wait', with: { ticks: 5 } }], bob: [{ id: 'bob_task_1', do: 'wait', with: { ticks: 6 } }] });
    });
    const team = new CentralizedTeam({ model });
    const logs: Record<string, unknown>[] = [];
    await team.start({ task: logsTask().brief, agents: ['ann', 'bob'], seed: '1', skills: '', log: (r) => logs.push(r) });
    const env = new SimEnv();
    const obs = await env.reset({ seed: 1, scenario: logsTask().scenario });
    let settled = 0;
    const ann = team.decide({ ann: obs.ann! }).then((a) => (settled++, a));
    const bob = team.decide({ bob: obs.bob! }).then((a) => (settled++, a));
    await new Promise((r) => setTimeout(r, 20));
    expect(settled).toBe(0);
    release();
    expect(await ann).toEqual({ ann: { type: 'skill', name: 'wait', params: { ticks: 5 } } });
    expect(await bob).toEqual({ bob: { type: 'skill', name: 'wait', params: { ticks: 6 } } });
    expect(model.callCount).toBe(1);
    await env.close();
  });
});
