/** A small hand-written collect task on a flat SimEnv world: `goal` oak logs in the team's inventories. */
import type { WorldBackend } from '../../../src/env/backend.js';
import type { Scenario } from '../../../src/env/scenario.js';
import type { EpisodeTask } from '../../../src/tasks/episode-task.js';

export interface LogsTaskOptions {
  goal?: number;
  maxTicks?: number;
  agents?: Scenario['agents'];
  chatRange?: number | null;
  id?: string;
  text?: string;
}

export function logsTask(o: LogsTaskOptions = {}): EpisodeTask {
  const goal = o.goal ?? 3;
  const maxTicks = o.maxTicks ?? 2400;
  const id = o.id ?? 'test/logs-v1';
  const spawns = o.agents ?? [
    { name: 'ann', position: { x: 0.5, y: -60, z: 0.5 } },
    { name: 'bob', position: { x: 2.5, y: -60, z: 0.5 } },
  ];
  // A short perception range keeps world building and observations cheap; the logs are within 10 blocks.
  const agents = spawns.map((a) => ({ capabilities: { perceptionRange: 16 }, ...a }));
  return {
    id,
    type: 'collection',
    brief: { id, type: 'collection', goal: o.text ?? `collect ${goal} oak logs`, maxTicks },
    scenario: {
      agents,
      blocks: [0, 1, 2, 3, 4, 5].map((i) => ({ pos: { x: 4 + i, y: -60, z: 4 }, block: 'oak_log' })),
      world: { gamerules: { doMobSpawning: false } },
      ...(o.chatRange !== undefined ? { chatRange: o.chatRange } : {}),
      maxTicks,
    },
    setup() {},
    afterStep() {},
    outcome(backend: WorldBackend) {
      const logs = backend.admin.players().reduce((n, p) => n + (p.inventory.oak_log ?? 0), 0);
      return { done: logs >= goal, success: logs >= goal, score: Math.min(1, logs / goal), details: `${logs}/${goal} oak logs` };
    },
  };
}
