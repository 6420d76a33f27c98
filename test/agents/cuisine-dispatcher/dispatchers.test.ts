import { describe, expect, it } from 'vitest';
import { HeuristicDispatcher, RandomDispatcher } from '../../../src/agents/cuisine-dispatcher/index.js';
import { CuisineGame, LEVEL_NAMES } from '../../../src/env/cuisine/index.js';
import { measureCos } from '../../../src/runner/cuisine-cos.js';
import { runCuisineEpisode } from '../../../src/runner/cuisine-episode.js';

describe('heuristic dispatcher', () => {
  it('completes orders on every level, with no failing command, and beats random clearly', async () => {
    for (const level of LEVEL_NAMES) {
      const h = await measureCos({ level, agents: 3, dispatcher: () => new HeuristicDispatcher(), episodes: 1 });
      const r = await measureCos({ level, agents: 3, dispatcher: () => new RandomDispatcher(), episodes: 1 });
      expect([level, h.alphas.every((a) => a.completed > 0)]).toEqual([level, true]);
      expect([level, h.cos > 0.7, h.cos > r.cos + 0.5]).toEqual([level, true, true]);
    }
  });

  it('never sends a command the engine rejects', async () => {
    for (const level of ['level_5', 'level_11', 'level_12']) {
      const failures: string[] = [];
      await runCuisineEpisode({ level, agents: 4, alpha: 1.0, seed: 3, dispatcher: new HeuristicDispatcher(), onStep: (_g, s) => failures.push(...s.feedback) });
      expect(failures).toEqual([]);
    }
  });

  it('is deterministic: same seed, same trace', async () => {
    const trace = async (seed: number) => {
      const out: string[] = [];
      await runCuisineEpisode({ level: 'level_9', agents: 3, alpha: 1.5, seed, dispatcher: new HeuristicDispatcher(), onStep: (_g, s) => out.push(s.commands.join(' ')) });
      return out;
    };
    expect(await trace(7)).toEqual(await trace(7));
    expect(await trace(7)).not.toEqual(await trace(8));
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
  it('sends only valid actions and is deterministic per seed', async () => {
    const trace = async () => {
      const out: string[] = [];
      const failures: string[] = [];
      await runCuisineEpisode({
        level: 'level_4',
        agents: 4,
        alpha: 1.0,
        seed: 1,
        dispatcher: new RandomDispatcher(5),
        onStep: (_g, s) => {
          out.push(s.commands.join(' '));
          failures.push(...s.feedback.filter((f) => !f.startsWith('None of the agents')));
        },
      });
      return { out, failures };
    };
    const a = await trace();
    expect(a.failures).toEqual([]);
    expect((await trace()).out).toEqual(a.out);
  });
});

describe('CoS', () => {
  it('averages completed/(completed+failed) over the five alphas, three episodes each', async () => {
    const r = await measureCos({ level: 'level_0', agents: 2, dispatcher: () => new HeuristicDispatcher() });
    expect(r.alphas.map((a) => a.alpha)).toEqual([1.0, 1.5, 2.0, 2.5, 3.0]);
    expect(r.episodes).toBe(3);
    const mean = r.alphas.reduce((s, a) => s + a.completed / (a.completed + a.failed), 0) / 5;
    expect(r.cos).toBeCloseTo(mean, 12);
    // level_0 alpha 1.0: one order at reset plus one after every 3rd step (the last as step 60 ends) = 21 per episode.
    expect(r.alphas[0]!.completed + r.alphas[0]!.failed + r.alphas[0]!.open).toBe(63);
  });
});
