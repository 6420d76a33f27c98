import { describe, expect, it } from 'vitest';
import { SimEnv } from '../../../src/env/sim/index.js';
import { ScriptedModel, type ChatRequest } from '../../../src/llm/index.js';
import { CentralizedTeam } from '../../../src/agents/tickingcollab/centralized.js';
import { runEpisode } from '../../../src/runner/episode.js';
import { MemoryRunLog } from '../../../src/runner/run-log.js';
import { episodeTaskFromSpec, loadSpec } from '../../../src/runner/task-adapter.js';

/** A planner that reads the agent names from the prompt and sends each to collect half the goal. */
function halfEach(req: ChatRequest): string {
  const user = req.messages[1]!.content;
  const names = [...user.matchAll(/^### (\w+)/gm)].map((m) => m[1]!);
  const goal = Number(/Goal: Obtain (\d+) oak logs/.exec(user)![1]);
  const share = Math.ceil(goal / names.length);
  return JSON.stringify({ reasoning: 'split the logs', agent_plans: Object.fromEntries(names.map((n) => [n, [{ id: `${n}_task_1`, do: 'collect', with: { block: 'oak_log', count: share } }]])) });
}

describe('TickingCollab centralized on a suite task file', () => {
  it('plays suites/mineland/harvest-oak-logs-v1.yaml through the task adapter', async () => {
    const spec = await loadSpec('suites/mineland/harvest-oak-logs-v1.yaml');
    const model = new ScriptedModel('central', halfEach);
    const log = new MemoryRunLog();
    const r = await runEpisode({ backend: new SimEnv({ ticksPerStep: 10 }), task: episodeTaskFromSpec(spec, '1'), team: new CentralizedTeam({ model }), seed: '1', log });
    expect(r.ended).toBe('success');
    expect(model.requests[0]!.messages[1]!.content).toContain('### Alex');
    const starts = log.records.filter((x) => x.type === 'node_start');
    expect(starts.map((x) => [x.agent, x.skill, x.params])).toEqual([
      ['Alex', 'collect', { block: 'oak_log', count: 4 }],
      ['Steve', 'collect', { block: 'oak_log', count: 4 }],
    ]);
  });
});
