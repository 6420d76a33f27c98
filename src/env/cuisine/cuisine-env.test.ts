import { describe, expect, it } from 'vitest';
import { CuisineEnv, dispatchActions, type KitchenStepEvent } from './cuisine-env.js';
import { CuisineGame } from './game.js';

const scenario = { level: 'level_0', agents: 2, alpha: 1.0 };

describe('CuisineEnv (the Env contract)', () => {
  it('resets from a seed and a scenario: one observation per agent, the kitchen fresh', async () => {
    const env = new CuisineEnv();
    const obs = await env.reset({ seed: 4, scenario });
    expect(env.agents).toEqual(['agent0', 'agent1']);
    expect(Object.keys(obs)).toEqual(['agent0', 'agent1']);
    expect(obs.agent1).toMatchObject({ agent: 'agent1', index: 1, tick: 0, alive: true, runningSkill: null, finishedSkills: [] });
    expect(obs.agent1!.game).toBe(env.game);
    expect(env.tick).toBe(0);
    // The same orders as the engine made directly with that seed.
    expect(env.game.snapshot()).toEqual(new CuisineGame({ level: 'level_0', agents: 2, alpha: 1.0, seed: 4 }).snapshot());
  });

  it('runs the commands in the order given, so they chain within a step, and reports what each did', async () => {
    const play = async (last: Record<string, string>) => {
      const env = new CuisineEnv();
      await env.reset({ seed: 0, scenario: { level: 'level_3', agents: 2, alpha: 1.0 } });
      const events: KitchenStepEvent[] = [];
      env.onEvent((e) => events.push(e as KitchenStepEvent));
      await env.step({ agent0: 'goto_agent0_storage0', agent1: 'goto_agent1_chopboard0' });
      const got = await env.step({ agent0: 'get_agent0_tuna_storage0', agent1: 'noop_agent1' });
      expect(got.observations.agent0!.tick).toBe(2);
      expect(env.game.holding[0]).toBe('tuna');
      await env.step({ agent0: 'goto_agent0_chopboard0', agent1: 'noop_agent1' });
      const s = await env.step(last);
      return { s, event: events[3]!, chopboard: env.game.snapshot().locations.find((l) => l.id === 'chopboard0')!.contents };
    };
    // agent0 puts the tuna in, then agent1 chops it, in one step.
    const chained = await play({ agent0: 'put_agent0_chopboard0', agent1: 'activate_agent1_chopboard0' });
    expect(chained.s.infos.agent0).toMatchObject({ feedback: [] });
    expect(chained.event).toMatchObject({ type: 'kitchen_step', tick: 4, commands: ['put_agent0_chopboard0', 'activate_agent1_chopboard0'], success: [true, true] });
    expect(chained.chopboard).toEqual(['tunaSashimi']);
    // The other order: agent1 activates an empty chopboard first.
    const reversed = await play({ agent1: 'activate_agent1_chopboard0', agent0: 'put_agent0_chopboard0' });
    expect(reversed.s.infos.agent1).toMatchObject({ feedback: ['chopboard0 is empty, therefore cannot be activated'] });
    expect(reversed.event).toMatchObject({ commands: ['activate_agent1_chopboard0', 'put_agent0_chopboard0'], success: [false, true] });
    expect(reversed.chopboard).toEqual(['tuna']);
  });

  it('keeps the engine\'s dispatch rules: two commands for one agent void the step with its feedback', async () => {
    const env = new CuisineEnv();
    await env.reset({ seed: 0, scenario });
    const actions = dispatchActions(['goto_agent0_storage0', 'goto_agent0_blender0']);
    expect(actions).toEqual({ agent0: 'goto_agent0_storage0', unassigned1: 'goto_agent0_blender0' });
    const s = await env.step(actions);
    expect(s.infos.agent0).toMatchObject({ feedback: ['agent ids cannot be the same'] });
    expect(env.game.snapshot().agents[0]!.at).toBe('servingtable0'); // nobody moved
  });

  it('gives every agent the team reward (served minus expired) and truncates, never terminates, at the last step', async () => {
    const env = new CuisineEnv();
    await env.reset({ seed: 0, scenario: { ...scenario, maxSteps: 30 } });
    const events: KitchenStepEvent[] = [];
    env.onEvent((e) => events.push(e as KitchenStepEvent));
    let rewards = 0;
    let last;
    for (let t = 0; t < 30; t++) {
      last = await env.step({ agent0: 'noop_agent0', agent1: 'noop_agent1' });
      expect(last.rewards.agent0).toBe(last.rewards.agent1);
      expect(last.terminated).toEqual({ agent0: false, agent1: false });
      expect(last.truncated.agent0).toBe(t === 29);
      rewards += last.rewards.agent0!;
    }
    expect(env.tick).toBe(30);
    expect(rewards).toBe(-env.game.expiredCount);
    expect(rewards).toBeLessThan(0); // nobody cooked: orders expired
    expect(events).toHaveLength(30);
    expect(events.flatMap((e) => e.expired)).toHaveLength(env.game.expiredCount);
    expect(events[0]).toMatchObject({ type: 'kitchen_step', tick: 1, commands: ['noop_agent0', 'noop_agent1'] });
  });

  it('says what to do when stepped before reset', async () => {
    await expect(new CuisineEnv().step({})).rejects.toThrow(/call reset/);
  });
});
