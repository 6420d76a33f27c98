import { describe, expect, it } from 'vitest';
import { ParamSpace } from '../../../src/tasks/generate/param-space.js';
import { assignmentsFor } from '../../../src/tasks/generate/round-robin.js';
import { loadUserSpec, parseUserSpec } from '../../../src/tasks/generate/user-spec.js';
import { Rng } from '../../../src/world/rng.js';

describe('user spec (Appendix B layout)', () => {
  it('reads the paper-style spec files with their margins', () => {
    const spec = loadUserSpec(new URL('../../../suites/tickingcollab/specs/prepare-crisis.yaml', import.meta.url).pathname);
    expect(spec.task_type).toBe('prepare_crisis');
    expect(spec.variable_parameters['events.actions.block']?.allowed).toEqual(['lava', 'water', 'powder_snow']);
    expect(spec.diversity_round_robin.map((r) => r.label)).toEqual(['CrisisTypeAssignment', 'CrisisSpeedAssignment', 'AgentCountAssignment']);
    // The prepare-crisis spec sets alpha only; the others are the paper's defaults (β₂ = 2.0).
    expect(spec.feasibility).toEqual({ alpha: 2, beta1: 2, beta2: 2, gamma: 2 });
  });

  it('names the field and the reason of every mistake', () => {
    expect(() => parseUserSpec({ task_type: 'build_house', description: 'x' })).toThrow(/task_type: /);
    expect(() => parseUserSpec({ task_type: 'raid_boss', description: 'x', variable_parameters: { 'agents.count': { allowed: [1], range: [1, 2] } } })).toThrow(
      /variable_parameters\.agents\.count: give exactly one of `allowed`/,
    );
    expect(() => parseUserSpec({ task_type: 'raid_boss', description: 'x', suite: 'a/b' })).toThrow(/suite: a suite name/);
  });

  it('refuses a round-robin field with nothing to cycle', () => {
    const spec = parseUserSpec({ task_type: 'raid_boss', description: 'x', diversity_round_robin: [{ field: 'events.actions.mob' }] });
    expect(() => assignmentsFor(spec, 0)).toThrow(/has no values and no allowed list/);
  });

  it('cycles an integer range when no values are given', () => {
    const spec = parseUserSpec({ task_type: 'raid_boss', description: 'x', variable_parameters: { 'agents.count': { range: [3, 5] } }, diversity_round_robin: [{ field: 'agents.count' }] });
    expect([0, 1, 2, 3].map((i) => assignmentsFor(spec, i)[0]!.value)).toEqual([3, 4, 5, 3]);
  });
});

describe('ParamSpace', () => {
  const spec = parseUserSpec({
    task_type: 'raid_boss',
    description: 'x',
    variable_parameters: { 'agents.count': { range: [3, 4] }, 'events.actions.mob': { allowed: ['spider'] } },
    diversity_round_robin: [{ field: 'environment.max_steps', values: [77] }],
  });

  it('draws from the spec, honours the assignment, and falls back to the sampler space', () => {
    const space = new ParamSpace(spec, assignmentsFor(spec, 0), new Rng('p'));
    for (let i = 0; i < 20; i++) expect([3, 4]).toContain(space.int('agents.count', [1, 100]));
    expect(space.name('events.actions.mob', ['zombie'])).toBe('spider');
    expect(space.int('environment.max_steps', [1, 2])).toBe(77);
    expect(space.int('events.trigger.start', [9, 9])).toBe(9);
    expect(space.has('agents.count')).toBe(true);
    expect(space.has('events.trigger.start')).toBe(false);
  });

  it('draws an integer from an allowed list in proportion to its repeats', () => {
    const weighted = parseUserSpec({ task_type: 'raid_boss', description: 'x', variable_parameters: { 'events.actions.minions.count': { allowed: [2, 2, 2, 4] } } });
    const space = new ParamSpace(weighted, [], new Rng('w'));
    const draws = Array.from({ length: 400 }, () => space.int('events.actions.minions.count', [1, 10]));
    expect(new Set(draws)).toEqual(new Set([2, 4]));
    const twos = draws.filter((d) => d === 2).length / draws.length;
    expect(twos).toBeGreaterThan(0.65);
    expect(twos).toBeLessThan(0.85);
  });

  it('spreads one value per agent over the range from end to end', () => {
    const ranged = parseUserSpec({ task_type: 'raid_boss', description: 'x', variable_parameters: { 'agents.spawn.capabilities.speed_bps': { range: [3, 6] } } });
    const space = new ParamSpace(ranged, [], new Rng('s'));
    for (const n of [2, 3, 5, 8]) {
      const values = space.spread('agents.spawn.capabilities.speed_bps', [0, 1], n, 1);
      expect(values).toHaveLength(n);
      for (const v of values) {
        expect(v).toBeGreaterThanOrEqual(3);
        expect(v).toBeLessThanOrEqual(6);
      }
      // The lowest and highest agents sit within a tenth of the range of its ends.
      expect(Math.min(...values)).toBeLessThanOrEqual(3.3);
      expect(Math.max(...values)).toBeGreaterThanOrEqual(5.7);
    }
    expect(space.spread('agents.spawn.capabilities.speed_bps', [0, 1], 1, 1)).toHaveLength(1);
  });

  it('is a pure function of the seed', () => {
    const draw = (seed: string) => {
      const s = new ParamSpace(spec, [], new Rng(seed));
      return [s.real('x', [0, 10], 2), s.sample(['a', 'b', 'c', 'd'], 2), s.int('agents.count', [0, 0])];
    };
    expect(draw('a')).toEqual(draw('a'));
    expect(draw('a')).not.toEqual(draw('b'));
  });
});
