/**
 * The society team plays a small society end to end: four households of five on the natural terrain
 * of the shipped village (seed 0, the village's corner), each surveying its plot, gathering logs and
 * stone, crafting planks and pickaxes and building its hut, neighbours asking out loud for blocks.
 */
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { SocietyTeam } from '../../src/agents/society/society-team.js';
import { SimEnv } from '../../src/env/sim/index.js';
import { runEpisode } from '../../src/runner/episode.js';
import { MemoryRunLog } from '../../src/runner/run-log.js';
import { episodeTaskFromSpec, loadSpec } from '../../src/runner/task-adapter.js';
import { taskFile } from '../../src/tasks/task-files.js';

const dir = mkdtempSync(join(tmpdir(), 'guildcraft-hamlet-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

/** The shipped village cut to 2 × 2 households of 5 and 4 pickaxes: the same terrain, hut and rules. */
function hamlet(): string {
  const village = readFileSync(taskFile('society/village-1000-v1'), 'utf8');
  const text = village
    .replace('id: society/village-1000-v1', 'id: society/hamlet-v1')
    .replace(/count: 100\n/, 'count: 4\n')
    .replace('members: 10', 'members: 5')
    .replace('columns: 10', 'columns: 2')
    .replace('{name: wooden_pickaxe, count: 100}', '{name: wooden_pickaxe, count: 4}');
  expect(text).toContain('count: 4\n    members: 5');
  const file = join(dir, 'hamlet-v1.yaml');
  writeFileSync(file, text);
  return file;
}

describe('the society team', () => {
  it('builds huts on half the plots of a small society and holds its pickaxes, asking neighbours for blocks', async () => {
    // Decisions every simulated second, as the society bench and docs/society.md run it.
    const log = new MemoryRunLog();
    const task = episodeTaskFromSpec(await loadSpec(hamlet()), '0');
    const result = await runEpisode({ backend: new SimEnv({ ticksPerStep: 20 }), task, team: new SocietyTeam(), seed: '0', log });
    expect(result.error).toBeUndefined();
    const details = JSON.parse(result.details) as { huts: number; plots: number };
    expect(details.plots).toBe(4);
    expect(details.huts, `${result.ended} at tick ${result.ticks}: ${result.details}`).toBeGreaterThanOrEqual(2);
    expect(result.success).toBe(true);
    expect(result.metrics.messages).toBeGreaterThan(0);
    // Every household surveyed its plot first: one member walked onto it and cleared the hut's space.
    const cleared = log.records.filter((r) => r.type === 'skill_result' && r.skill === 'mineBlocks');
    expect(new Set(cleared.map((r) => String(r.agent).split('_')[0])).size).toBe(4);
  }, 600_000);
});
