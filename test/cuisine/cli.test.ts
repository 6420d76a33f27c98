import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { cuisineCos, cuisinePlay } from '../../src/cli/commands/cuisine.js';
import { InputError } from '../../src/core/errors.js';
import { readRunLog } from '../../src/runner/run-log.js';

const cos = { level: '0', agents: '2', dispatcher: 'heuristic', episodes: '1', seed: '0', rules: 'fixed' };
const play = { level: '0', agents: '2', dispatcher: 'heuristic', alpha: '2.0', seed: '0', rules: 'fixed' };

describe('guildcraft cuisine', () => {
  it('cos prints per-alpha counts and the CoS', async () => {
    const out = await cuisineCos(cos);
    expect(out).toContain('level_0, 2 agents, heuristic dispatcher');
    expect(out.split('\n').filter((l) => /^\d\.\d/.test(l))).toHaveLength(5);
    expect(out).toMatch(/CoS 0\.\d{3}/);
    const json = JSON.parse(await cuisineCos({ ...cos, json: true })) as { cos: number; alphas: unknown[] };
    expect(json.alphas).toHaveLength(5);
  });

  it('cos prints a paper-style table for several levels and team sizes', async () => {
    const out = await cuisineCos({ ...cos, level: 'all', agents: '2', dispatcher: 'random' });
    expect(out).toContain('L12');
    expect(out.split('\n').filter((l) => l.startsWith('tau'))).toHaveLength(5);
  });

  it('rejects bad flags with an InputError (exit code 2)', async () => {
    await expect(cuisineCos({ ...cos, level: '13' })).rejects.toThrow(InputError);
    await expect(cuisineCos({ ...cos, agents: '5' })).rejects.toThrow(/--agents must be/);
    await expect(cuisineCos({ ...cos, dispatcher: 'gpt' })).rejects.toThrow(/--dispatcher/);
    await expect(cuisineCos({ ...cos, episodes: '0' })).rejects.toThrow(/--episodes/);
    await expect(cuisinePlay({ ...play, level: 'all' })).rejects.toThrow(InputError);
    await expect(cuisineCos({ ...cos, rules: 'weird' })).rejects.toMatchObject({ fault: 'user' });
  });

  it('play prints a trace in the game text format', async () => {
    const out = await cuisinePlay(play);
    expect(out.startsWith('-game state:\ncurrent game level: level_0\n')).toBe(true);
    expect(out).toContain('-action:\ngoto_agent0_storage0');
    expect(out).toMatch(/completed \d+, expired \d+, still open \d+$/);
  });

  it('--out leaves one run log per episode, written by the runner like every other task', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'cuisine-out-'));
    try {
      await cuisineCos({ ...cos, alphas: '1.0,3.0', out: dir });
      const files = readdirSync(dir).sort();
      expect(files).toEqual(['level_0-2agents-alpha1.0-seed0.jsonl', 'level_0-2agents-alpha3.0-seed0.jsonl']);
      const { records, badLines } = readRunLog(join(dir, files[0]!));
      expect(badLines).toEqual([]);
      expect(records[0]).toMatchObject({ type: 'episode_start', task: 'cuisine/level_0', taskType: 'cuisine_orders', backend: 'cuisine', agents: 'heuristic', names: ['agent0', 'agent1'] });
      expect(records.filter((r) => r.type === 'action')).toHaveLength(2 * 60);
      expect(records.filter((r) => r.type === 'world' && r.event === 'kitchen_step')).toHaveLength(60);
      const end = records[records.length - 1]!;
      expect(end).toMatchObject({ type: 'episode_end', tick: 60, result: { backend: 'cuisine', ticks: 60, ended: 'max_ticks', teamSize: 2 } });
      const counts = JSON.parse((end.result as { details: string }).details) as { completed: number; failed: number };
      expect(counts.completed).toBeGreaterThan(0);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
