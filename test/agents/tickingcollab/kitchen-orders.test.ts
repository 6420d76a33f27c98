import { describe, expect, it } from 'vitest';
import { CentralizedTeam } from '../../../src/agents/tickingcollab/centralized.js';
import { SimEnv } from '../../../src/env/sim/index.js';
import { ScriptedModel, type ChatRequest } from '../../../src/llm/index.js';
import { runEpisode } from '../../../src/runner/episode.js';
import { MemoryRunLog } from '../../../src/runner/run-log.js';
import { episodeTaskFromSpec, loadSpec } from '../../../src/runner/task-adapter.js';

/** A planner that keeps every cook waiting 60 ticks, so it is asked again and again while orders come and go. */
function waitAll(req: ChatRequest): string {
  const user = String(req.messages[1]!.content);
  const names = [...user.matchAll(/^### (\w+)/gm)].map((m) => m[1]!);
  return JSON.stringify({ reasoning: 'wait', agent_plans: Object.fromEntries(names.map((n) => [n, [{ id: `${n}_wait`, do: 'wait', with: { ticks: 60 } }]])) });
}

describe('an LLM dispatcher in the Minecraft kitchen', () => {
  it('sees every open order in every prompt, not only in the broadcast that announced it', async () => {
    const spec = await loadSpec('suites/cuisine-minecraft/orders-2-agents-v1.yaml');
    const short = { ...spec, environment: { ...spec.environment, max_steps: 40 } };
    const model = new ScriptedModel('dispatcher', waitAll);
    const r = await runEpisode({ backend: new SimEnv({ ticksPerStep: 20 }), task: episodeTaskFromSpec(short, '3'), team: new CentralizedTeam({ model }), seed: '3', log: new MemoryRunLog() });
    expect(r.error).toBeUndefined();
    const boards = model.requests.map((q) => /open_orders: (.*)/.exec(String(q.messages[1]!.content))?.[1]);
    expect(boards.length).toBeGreaterThan(3);
    // Every prompt after the first order arrived lists the board; the board changes as orders arrive and expire.
    expect(boards.every((b) => b !== undefined)).toBe(true);
    expect(boards.filter((b) => /^#\d+ [a-z_]+ due at tick \d+/.test(b!)).length).toBeGreaterThan(2);
    expect(new Set(boards).size).toBeGreaterThan(1);
    // The broadcast that announced order #1 reached the team once; the board keeps it in later prompts while it is open.
    const withFirst = boards.filter((b) => b!.includes('#1 '));
    expect(withFirst.length).toBeGreaterThan(1);
  });
});
