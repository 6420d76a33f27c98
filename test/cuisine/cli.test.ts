import { describe, expect, it } from 'vitest';
import { cuisineCos, cuisinePlay } from '../../src/cli/commands/cuisine.js';
import { InputError } from '../../src/core/errors.js';

const cos = { level: '0', agents: '2', dispatcher: 'heuristic', episodes: '1', seed: '0', rules: 'fixed' };
const play = { level: '0', agents: '2', dispatcher: 'heuristic', alpha: '2.0', seed: '0', rules: 'fixed' };

describe('guildcraft cuisine', () => {
  it('cos prints per-alpha counts and the CoS', () => {
    const out = cuisineCos(cos);
    expect(out).toContain('level_0, 2 agents, heuristic dispatcher');
    expect(out.split('\n').filter((l) => /^\d\.\d/.test(l))).toHaveLength(5);
    expect(out).toMatch(/CoS 0\.\d{3}/);
    const json = JSON.parse(cuisineCos({ ...cos, json: true })) as { cos: number; alphas: unknown[] };
    expect(json.alphas).toHaveLength(5);
  });

  it('cos prints a paper-style table for several levels and team sizes', () => {
    const out = cuisineCos({ ...cos, level: 'all', agents: '2', dispatcher: 'random' });
    expect(out).toContain('L12');
    expect(out.split('\n').filter((l) => l.startsWith('tau'))).toHaveLength(5);
  });

  it('rejects bad flags with an InputError (exit code 2)', () => {
    expect(() => cuisineCos({ ...cos, level: '13' })).toThrow(InputError);
    expect(() => cuisineCos({ ...cos, agents: '5' })).toThrow(/--agents must be/);
    expect(() => cuisineCos({ ...cos, dispatcher: 'gpt' })).toThrow(/--dispatcher/);
    expect(() => cuisineCos({ ...cos, episodes: '0' })).toThrow(/--episodes/);
    expect(() => cuisinePlay({ ...play, level: 'all' })).toThrow(InputError);
    try {
      cuisineCos({ ...cos, rules: 'weird' });
    } catch (e) {
      expect((e as InputError).fault).toBe('user');
    }
  });

  it('play prints a trace in the game text format', () => {
    const out = cuisinePlay(play);
    expect(out.startsWith('-game state:\ncurrent game level: level_0\n')).toBe(true);
    expect(out).toContain('-action:\ngoto_agent0_storage0');
    expect(out).toMatch(/completed \d+, expired \d+, still open \d+$/);
  });
});
