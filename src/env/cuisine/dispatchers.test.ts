import { describe, expect, it } from 'vitest';
import { measureCosSync } from './cos.js';
import { runEpisodeSync } from './dispatcher.js';
import { CuisineGame } from './game.js';
import { HeuristicDispatcher } from './heuristic-dispatcher.js';
import { LEVEL_NAMES } from './level.js';
import { RandomDispatcher } from './random-dispatcher.js';

describe('heuristic dispatcher', () => {
  it('completes orders on every level, with no failing command, and beats random clearly', () => {
    for (const level of LEVEL_NAMES) {
      const h = measureCosSync({ level, agents: 3, dispatcher: () => new HeuristicDispatcher(), episodes: 1 });
      const r = measureCosSync({ level, agents: 3, dispatcher: () => new RandomDispatcher(), episodes: 1 });
      expect([level, h.alphas.every((a) => a.completed > 0)]).toEqual([level, true]);
      expect([level, h.cos > 0.7, h.cos > r.cos + 0.5]).toEqual([level, true, true]);
    }
  });

  it('never sends a command the engine rejects', () => {
    for (const level of ['level_5', 'level_11', 'level_12']) {
      const game = new CuisineGame({ level, agents: 4, alpha: 1.0, seed: 3 });
      const failures: string[] = [];
      runEpisodeSync(game, new HeuristicDispatcher(), { onStep: (_g, s) => failures.push(...s.result.feedback) });
      expect(failures).toEqual([]);
    }
  });

  it('is deterministic: same seed, same trace', () => {
    const trace = (seed: number) => {
      const game = new CuisineGame({ level: 'level_9', agents: 3, alpha: 1.5, seed });
      const out: string[] = [];
      runEpisodeSync(game, new HeuristicDispatcher(), { onStep: (_g, s) => out.push(s.commands.join(' ')) });
      return out;
    };
    expect(trace(7)).toEqual(trace(7));
    expect(trace(7)).not.toEqual(trace(8));
  });

  it('plans around a command fixed before its own (a human player)', () => {
    const game = new CuisineGame({ level: 'level_0', agents: 2, seed: 0 });
    const d = new HeuristicDispatcher();
    d.reset(game);
    const out = d.dispatch({ game, agents: [1], before: ['goto_agent0_storage0'] });
    expect(out).toHaveLength(1);
    expect(out[0]).toMatch(/_agent1/);
    expect(game.step(['goto_agent0_storage0', ...out]).feedback).toEqual([]);
  });
});

describe('random dispatcher', () => {
  it('sends only valid actions and is deterministic per seed', () => {
    const trace = () => {
      const game = new CuisineGame({ level: 'level_4', agents: 4, alpha: 1.0, seed: 1 });
      const out: string[] = [];
      const failures: string[] = [];
      runEpisodeSync(game, new RandomDispatcher(5), {
        onStep: (_g, s) => {
          out.push(s.commands.join(' '));
          failures.push(...s.result.feedback.filter((f) => !f.startsWith('None of the agents')));
        },
      });
      return { out, failures };
    };
    const a = trace();
    expect(a.failures).toEqual([]);
    expect(trace().out).toEqual(a.out);
  });
});

describe('CoS', () => {
  it('averages completed/(completed+failed) over the five alphas, three episodes each', () => {
    const r = measureCosSync({ level: 'level_0', agents: 2, dispatcher: () => new HeuristicDispatcher() });
    expect(r.alphas.map((a) => a.alpha)).toEqual([1.0, 1.5, 2.0, 2.5, 3.0]);
    expect(r.episodes).toBe(3);
    const mean = r.alphas.reduce((s, a) => s + a.completed / (a.completed + a.failed), 0) / 5;
    expect(r.cos).toBeCloseTo(mean, 12);
    // level_0 alpha 1.0: one order at reset plus one after every 3rd step (the last as step 60 ends) = 21 per episode.
    expect(r.alphas[0]!.completed + r.alphas[0]!.failed + r.alphas[0]!.open).toBe(63);
  });
});
