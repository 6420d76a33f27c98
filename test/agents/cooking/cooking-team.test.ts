import { describe, expect, it } from 'vitest';
import { CookingTeam, counterFromGoal } from '../../../src/agents/cooking/cooking-team.js';
import { OrderBoard } from '../../../src/agents/cooking/order-board.js';
import { architecture } from '../../../src/agents/registry.js';
import type { Observation } from '../../../src/core/observation.js';
import { SimEnv } from '../../../src/env/sim/sim-env.js';
import { runEpisode } from '../../../src/runner/episode.js';
import { MemoryRunLog } from '../../../src/runner/run-log.js';
import { episodeTaskFromSpec, loadSpec } from '../../../src/runner/task-adapter.js';
import { SKILL_CATALOG, type SkillName } from '../../../src/skills/catalog.js';
import { withOrderSettings } from '../../../src/tasks/cooking/cos.js';

describe('cooking team', () => {
  it('serves orders end to end through runEpisode on the sim, with valid skill calls and a complete run log', async () => {
    const file = await loadSpec('suites/cuisine-minecraft/orders-2-agents-v1.yaml');
    const spec = withOrderSettings({ ...file, environment: { ...file.environment, max_steps: 90 } }, 3, 0);
    const log = new MemoryRunLog();
    const team = architecture('cooking').create({ seed: '0' });
    const result = await runEpisode({ backend: new SimEnv({ ticksPerStep: 20 }), task: episodeTaskFromSpec(spec, '0'), team, seed: '0', log });
    expect(result.error).toBeUndefined();
    const details = JSON.parse(String(result.details)) as { completed: number; failed: number };
    expect(details.completed).toBeGreaterThanOrEqual(1);

    const actions = log.records.filter((r) => r.type === 'action');
    expect(actions.length).toBeGreaterThan(5);
    for (const a of actions) {
      const action = a.action as { type: string; name?: string; params?: unknown };
      if (action.type !== 'skill') continue;
      const sig = SKILL_CATALOG[action.name as SkillName];
      expect(sig, `unknown skill ${action.name}`).toBeDefined();
      expect(sig.params.safeParse(action.params).success).toBe(true);
    }
    // Both cooks worked, and the dishes reached the counter through depositToChest.
    const agents = new Set(actions.map((a) => a.agent));
    expect(agents).toEqual(new Set(['Alex', 'Steve']));
    const deposits = log.records.filter((r) => r.type === 'skill_result' && r.skill === 'depositToChest' && (r.result as { ok: boolean }).ok);
    expect(deposits.length).toBeGreaterThanOrEqual(1);
    // The log states its schema version first; the reset's world events follow it.
    expect(log.records[0]).toMatchObject({ type: 'episode_start', schemaVersion: 1 });
    expect(log.records[1]).toMatchObject({ type: 'world' });
    expect(log.records.at(-1)).toMatchObject({ type: 'episode_end' });
  });

  it('reads orders only from the [order] broadcasts, earliest due first', () => {
    const board = new OrderBoard();
    const heard = (message: string, tick = 0) => ({ messages: [{ tick, from: 'server', message, channel: null, volume: 1 }] }) as unknown as Observation;
    board.hear(heard('[order] #1 new bread, due at tick 900 (serve in the counter chest within 41 s)'));
    board.hear(heard('[order] #2 new cooked_beef, due at tick 500 (serve in the counter chest within 77 s)'));
    board.hear(heard('Alice: [order] #3 new bread, due at tick 100'));
    board.hear(heard('[order] #2 new cooked_beef, due at tick 500 (serve in the counter chest within 77 s)'));
    expect(board.open(0).map((o) => o.id)).toEqual([2, 1]);
    board.hear(heard('[order] #2 served cooked_beef'));
    expect(board.open(0).map((o) => o.id)).toEqual([1]);
    board.hear(heard('[order] #4 new bread, due at tick 950 (serve in the counter chest within 41 s)'));
    // A cook's own delivery closes the most urgent order for the dish before the broadcast confirms it.
    board.delivered('bread', 1);
    expect(board.open(0).map((o) => o.id)).toEqual([4]);
    expect(board.open(951)).toEqual([]);
    expect(counterFromGoal('Serve ... in the counter chest at [0, 64, -3] before')).toEqual({ x: 0, y: 64, z: -3 });
    expect(new CookingTeam().architecture).toBe('cooking');
  });
});
