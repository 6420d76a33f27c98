import { describe, expect, it } from 'vitest';
import type { Dispatcher } from '../../agents/cuisine-dispatcher/index.js';
import { CuisineGame } from '../../env/cuisine/index.js';
import { Rng } from '../../world/rng.js';
import { humanChoices } from './human-choices.js';
import { HumanGame } from './human-game.js';

function newGame(level: string, agents: number, ai: 'heuristic' | 'random' = 'heuristic', seed = 0): HumanGame {
  return new HumanGame({ id: 'abcdefabcdef', level, agents, alpha: 2.2, seed, ai });
}

describe('human choices', () => {
  it('offers every other location to go to, and what can be done where the player stands, with the game\'s reasons', () => {
    const game = new CuisineGame({ level: 1, agents: 1, seed: 0 });
    let c = humanChoices(game);
    expect(c.at).toBe('servingtable0');
    expect(c.choices.filter((x) => x.verb === 'goto').map((x) => x.target)).toEqual(['storage0', 'blender0', 'blender1']);
    // The serving table only takes dishes.
    expect(c.choices.filter((x) => x.target === 'servingtable0').map((x) => x.verb)).toEqual(['put']);
    expect(c.choices.find((x) => x.verb === 'put')).toMatchObject({ ok: false, reason: 'agent0 is not holding objects, therefore cannot put objects into the tool' });

    game.step(['goto_agent0_storage0']);
    c = humanChoices(game);
    const gets = c.choices.filter((x) => x.verb === 'get');
    expect(gets).toHaveLength(27);
    expect(gets.every((g) => g.ok)).toBe(true);
    expect(c.levelIngredients).toEqual(['salmon', 'lamb', 'lobster', 'flour']);

    game.step(['get_agent0_tuna_storage0']);
    game.step(['goto_agent0_blender0']);
    c = humanChoices(game);
    expect(c.holding).toBe('tuna');
    expect(c.choices.filter((x) => x.target === 'blender0').map((x) => [x.verb, x.ok, x.reason])).toEqual([
      ['get', false, 'agent0 is not allowed to pick up from blender0 at this point'],
      ['put', false, 'putting tuna into blender0 will result in waste'],
      ['activate', false, 'agent0 is holding objects, therefore cannot activate tools'],
    ]);
    // Looking at the choices never changes the game.
    expect(game.time).toBe(3);
    expect(game.holding[0]).toBe('tuna');
  });
});

describe('HumanGame', () => {
  it('refuses commands that do not parse or are for another agent, without spending the step', async () => {
    const g = newGame('level_1', 2);
    await expect(g.step('fly_agent0_storage0')).rejects.toThrow(/fly is not in the list of supported actions/);
    await expect(g.step('goto_agent0_kitchen9')).rejects.toThrow(/tool kitchen9 is not in the current game level/);
    await expect(g.step('goto_agent1_storage0')).rejects.toThrow(/you control agent0/);
    await expect(g.step('noop_agent2')).rejects.toThrow(/agent2 does not exist/);
    expect(g.game.time).toBe(0);
    expect(g.trace).toHaveLength(0);
  });

  it('runs the human first and lets the heuristic AI plan around them', async () => {
    const g = newGame('level_1', 2);
    const s = await g.step('goto_agent0_storage0');
    expect(s.commands[0]).toBe('goto_agent0_storage0');
    expect(s.ai).toHaveLength(1);
    expect(s.ai[0]).toMatch(/_agent1_/);
    expect(s.success).toEqual([true, true]);
    expect(g.view().lastStep).toBe(s);
  });

  it('an AI teammate serves orders while the human only waits', async () => {
    const g = newGame('level_1', 2);
    while (!g.done) await g.step('noop_agent0');
    expect(g.score().completed).toBeGreaterThan(0);
    expect(g.trace).toHaveLength(60);
    expect(g.finishedAt).not.toBeNull();
  });

  it('never crashes and keeps the AI valid whatever the human does', async () => {
    // A careless human: random commands, valid or not, on several levels and team sizes.
    for (const [i, level] of ['level_1', 'level_3', 'level_5', 'level_9'].entries()) {
      for (const ai of ['heuristic', 'random'] as const) {
        const rng = new Rng(`human:${level}:${ai}`);
        const g = newGame(level, 2 + (i % 3), ai, i);
        while (!g.done) {
          const choices = g.view().you.choices;
          await g.step(rng.pick(choices).command);
        }
        const aiFailures = g.trace.flatMap((s) => s.success.slice(1)).filter((ok) => !ok);
        expect(aiFailures, `${level} ${ai}`).toHaveLength(0);
      }
    }
  });

  it('the stored trace replays to the same final state from the settings alone', async () => {
    const g = newGame('level_3', 3, 'heuristic', 7);
    const rng = new Rng('replay');
    while (!g.done) {
      const ok = g.view().you.choices.filter((c) => c.ok);
      await g.step(rng.pick(ok).command);
    }
    const rec = g.record();
    const replay = new CuisineGame({ level: rec.settings.level, agents: rec.settings.agents, alpha: rec.settings.alpha, seed: rec.settings.seed });
    for (const s of rec.trace) replay.step(s.commands);
    expect(replay.snapshot()).toEqual(rec.final);
    expect(rec.score.completed + rec.score.failed + rec.score.open).toBeGreaterThan(0);
  });

  it('holds the game while an asynchronous dispatcher thinks, so two commands cannot both take the same step', async () => {
    let release!: () => void;
    const slow: Dispatcher = {
      name: 'slow',
      reset: () => {},
      dispatch: (ctx) => new Promise<string[]>((resolve) => (release = () => resolve(ctx.agents.map((a) => `noop_agent${a}`)))),
    };
    const g = new HumanGame({ id: 'abcdefabcdef', level: 'level_1', agents: 2, alpha: 2.2, seed: 0, ai: 'heuristic', dispatcher: slow });
    const first = g.step('goto_agent0_storage0');
    await expect(g.step('noop_agent0')).rejects.toThrow(/already running/);
    release();
    expect((await first).commands).toEqual(['goto_agent0_storage0', 'noop_agent1']);
    expect(g.game.time).toBe(1);
    await expect(Promise.all([g.step('noop_agent0'), Promise.resolve().then(() => release())])).resolves.toBeDefined();
    expect(g.game.time).toBe(2);
  });

  it('asks about AI teammates only when there were some', () => {
    expect(newGame('level_1', 1).surveyQuestions().map((q) => q.id)).toEqual(['enjoyment', 'productivity']);
    expect(newGame('level_1', 3).surveyQuestions().map((q) => q.id)).toContain('aiHelpful');
  });
});
