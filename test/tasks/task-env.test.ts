import { describe, expect, it } from 'vitest';
import type { AgentAction } from '../../src/core/actions.js';
import { InputError } from '../../src/core/errors.js';
import { TaskEnv } from '../../src/tasks/task-env.js';
import { stepRewards } from '../../src/tasks/task-rewards.js';

/** Every live agent attacks the nearest zombie (the boss and its zombie minions are zombies). */
const attackZombies = (agents: readonly string[]): Record<string, AgentAction> =>
  Object.fromEntries(agents.map((a) => [a, { type: 'skill', name: 'attack', params: { type: 'zombie', timeoutTicks: 200 } }]));

describe('TaskEnv', () => {
  it('steps TickingCollab raid-boss-v1 to its end with rewards that add up to the final score', { timeout: 240_000 }, async () => {
    const env = await TaskEnv.make('tickingcollab/raid-boss-v1');
    expect(env.possibleAgents).toEqual(['Knight', 'Berserker', 'Rogue', 'Squire']);
    const { observations, infos } = await env.reset({ seed: 0 });
    expect(Object.keys(observations)).toEqual(['Knight', 'Berserker', 'Rogue', 'Squire']);
    expect(Object.keys(infos)).toEqual(Object.keys(observations));
    expect(env.agents).toEqual(env.possibleAgents);

    const returns = new Map<string, number>();
    let steps = 0;
    let last: Awaited<ReturnType<TaskEnv['step']>> | undefined;
    while (env.agents.length > 0) {
      last = await env.step(attackZombies(env.agents));
      steps++;
      for (const [a, r] of Object.entries(last.rewards)) returns.set(a, (returns.get(a) ?? 0) + r);
    }
    expect(steps).toBeGreaterThan(1);
    expect(steps).toBeLessThanOrEqual(env.maxSteps);
    const outcome = env.outcome();
    // The boss took damage, so the team's score (and so every agent's return) is above zero.
    expect(outcome.score).toBeGreaterThan(0);
    for (const a of env.possibleAgents) {
      expect(returns.get(a)).toBeCloseTo(outcome.score + (outcome.success ? 1 : 0), 6);
    }
    // The last step ends every agent: terminated when the task is decided, truncated at the step limit.
    for (const a of env.possibleAgents) expect(last!.terminated[a] || last!.truncated[a]).toBe(true);
    expect(Object.values(last!.terminated).every((t) => t === outcome.done && outcome.reason !== 'max_steps')).toBe(true);
    await expect(env.step({})).rejects.toThrow(/after the episode ended/);
    await env.close();
  });

  it('publishes its observation and action spaces as JSON Schema', async () => {
    const env = await TaskEnv.make('tickingcollab/raid-boss-v1');
    const obs = env.observationSpace as { type: string; properties: Record<string, unknown>; required: string[] };
    expect(obs.type).toBe('object');
    expect(obs.required).toEqual(expect.arrayContaining(['agent', 'pos', 'inventory', 'entities', 'finishedSkills']));
    const act = env.actionSpace as { oneOf?: unknown[]; anyOf?: unknown[] };
    const variants = (act.oneOf ?? act.anyOf ?? []) as { properties: { type: { const: string } } }[];
    expect(variants.map((v) => v.properties.type.const).sort()).toEqual(['cancel', 'code', 'low_level', 'noop', 'skill']);
  });

  it('says what to do when used out of order or given an agent it does not have', async () => {
    const env = await TaskEnv.make('tickingcollab/raid-boss-v1');
    await expect(env.step({})).rejects.toThrow(InputError);
    await env.reset({ seed: 1 });
    await expect(env.step({ Nobody: { type: 'noop' } })).rejects.toThrow(/no live agent 'Nobody'.*Knight/s);
    await env.close();
    await expect(TaskEnv.make('tickingcollab/no-such-task-v1')).rejects.toThrow(/no task file or task id/);
  });

  it('the same seed and actions give the same observations and rewards', { timeout: 120_000 }, async () => {
    const trace = async (): Promise<unknown[]> => {
      const env = await TaskEnv.make('tickingcollab/raid-boss-v1');
      const out: unknown[] = [(await env.reset({ seed: 7 })).observations];
      for (let i = 0; i < 10; i++) {
        const r = await env.step(attackZombies(env.agents));
        out.push(r.rewards, r.observations);
      }
      await env.close();
      return out;
    };
    expect(await trace()).toEqual(await trace());
  });
});

describe('stepRewards', () => {
  it('pays score deltas plus a success bonus; teammates share the team score in cooperative tasks', () => {
    const prev = new Map<string, number>();
    const perAgent = { a: { score: 0.9, success: true }, b: { score: 0.1, success: true } };
    expect(stepRewards({ score: 0.25, success: false, perAgent }, 'cooperative', ['a', 'b'], prev, false)).toEqual({ a: 0.25, b: 0.25 });
    expect(stepRewards({ score: 1, success: true, perAgent }, 'cooperative', ['a', 'b'], prev, true)).toEqual({ a: 1.75, b: 1.75 });
    const own = new Map<string, number>();
    expect(stepRewards({ score: 0.5, success: false, perAgent: { a: { score: 0.5, success: true }, b: { score: 0.2, success: false } } }, 'competitive', ['a', 'b'], own, true)).toEqual({ a: 1.5, b: 0.2 });
  });
});
