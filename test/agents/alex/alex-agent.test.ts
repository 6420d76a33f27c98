import { describe, expect, it } from 'vitest';
import { alex, event, json, obs, report, userText } from './helpers.js';

const simple = (goal = 'collect 3 oak logs') => json({ reasoning: 'one step', complex: false, subGoals: [goal] });
const collect3 = json({ reasoning: 'logs are near', plan: 'collect 3 oak logs nearby', explanation: '', reuseSkill: null, actions: [{ name: 'collect', params: { block: 'oak_log', count: 3 } }] });
const running = (name: string, params: unknown) => ({ name, params, ticks: 20 });

describe('Alex critic and self-correction', () => {
  it('retries a failed sub-goal with the critique, then replans after the failed-times limit (2)', async () => {
    const h = await alex({
      longTerm: (_req, n) => (n === 1 ? simple() : json({ reasoning: 'no trees here', complex: true, subGoals: ['scout for oak trees', 'collect 3 oak logs'] })),
      shortTerm: (req) =>
        userText(req).includes('## Current sub-goal\nscout for oak trees')
          ? json({ plan: 'look for trees', actions: [{ name: 'scoutBlocks', params: { block: 'oak_log', direction: 'north' } }] })
          : collect3,
    });
    const a1 = await h.agent.decide(obs({ tick: 0 }));
    expect(a1).toEqual({ type: 'skill', name: 'collect', params: { block: 'oak_log', count: 3 }, queue: true });

    const fail = (t: number) => obs({ tick: t, finishedSkills: [report('collect', { block: 'oak_log', count: 3 }, false, { reason: 'not_found', details: 'no oak_log in range' }, t)] });
    const a2 = await h.agent.decide(fail(100));
    expect(a2).toMatchObject({ name: 'collect' });
    const retryPrompt = userText(h.model.requests.at(-1)!);
    expect(retryPrompt).toContain('## Critique of the last attempt\ncollect failed (not_found: no oak_log in range)');
    expect(h.agent.longTermPlan).toEqual(['collect 3 oak logs']);

    const a3 = await h.agent.decide(fail(200));
    expect(a3).toEqual({ type: 'skill', name: 'scoutBlocks', params: { block: 'oak_log', direction: 'north' }, queue: true });
    expect(h.agent.longTermPlan).toEqual(['scout for oak trees', 'collect 3 oak logs']);
    const replan = h.logs.filter((l) => l.type === 'alex_long_term_plan');
    expect(replan).toHaveLength(2);
    expect(String(replan[1]!.reason)).toContain('failed 2 times');
    const longTermPrompts = h.model.requests.filter((r) => r.messages[0]!.content.includes('long-term planner'));
    expect(userText(longTermPrompts[1]!)).toContain('## Why the previous plan is being replaced');
    // Failed skills settle the verdict without asking the critic model.
    expect(h.logs.filter((l) => l.type === 'alex_critic').every((l) => l.askedModel === false)).toBe(true);
  });

  it("asks the critic when every skill succeeded, stores the skill on success and moves to the next sub-goal", async () => {
    const h = await alex({
      longTerm: () => json({ complex: true, subGoals: ['collect 3 oak logs', 'craft 4 oak planks'] }),
      shortTerm: (req) =>
        userText(req).includes('## Current sub-goal\ncraft 4 oak planks')
          ? json({ plan: 'craft planks', actions: [{ name: 'craft', params: { item: 'oak_planks', count: 4 } }] })
          : collect3,
      critic: (req) => {
        const ok = userText(req).includes('oak_log x3');
        return json({ reasoning: 'inventory', success: ok, critique: ok ? '' : 'only 2 logs', skill: ok ? { name: 'collectOakLogs', description: 'collect oak logs from nearby trees' } : null });
      },
    });
    await h.agent.decide(obs({ tick: 0 }));
    // The skill succeeded but the critic sees only 2 logs: a failure by the critic's judgement.
    const short = await h.agent.decide(obs({ tick: 50, inventory: [{ name: 'oak_log', count: 2 }], finishedSkills: [report('collect', {}, true, { collected: 2 })] }));
    expect(short).toMatchObject({ name: 'collect' });
    expect(h.logs.find((l) => l.type === 'alex_critic')).toMatchObject({ success: false, askedModel: true, critique: 'only 2 logs' });
    expect(h.skills.size).toBe(0);
    const next = await h.agent.decide(obs({ tick: 90, inventory: [{ name: 'oak_log', count: 3 }], finishedSkills: [report('collect', {}, true, { collected: 1 })] }));
    expect(next).toEqual({ type: 'skill', name: 'craft', params: { item: 'oak_planks', count: 4 }, queue: true });
    expect(h.skills.get('collectOakLogs')).toMatchObject({ goal: 'collect 3 oak logs', calls: [{ name: 'collect', params: { block: 'oak_log', count: 3 } }] });
  });

  it('feeds invalid skill calls back to the model (dispatcher) and runs only catalog-valid calls', async () => {
    const h = await alex({
      longTerm: () => simple(),
      shortTerm: (req) =>
        userText(req).includes('## Problems with your last answer')
          ? collect3
          : json({ plan: 'dig', actions: [{ name: 'teleport', params: {} }, { name: 'collect', params: { block: 'oak_log', count: -2 } }] }),
    });
    const a = await h.agent.decide(obs({ tick: 0 }));
    expect(a).toMatchObject({ name: 'collect', params: { count: 3 } });
    const fix = userText(h.model.requests.at(-1)!);
    expect(fix).toContain('teleport: no such skill');
    expect(fix).toContain('collect: bad params');
  });
});

describe('Alex multitasking (interrupt and resume)', () => {
  it('a low-food event pre-empts the running plan to eat, then the set-aside plan resumes', async () => {
    const h = await alex({
      longTerm: () => simple(),
      shortTerm: (req) =>
        userText(req).includes('## URGENT event to handle first')
          ? json({ plan: 'eat bread now', actions: [{ name: 'eat', params: { item: 'bread' } }] })
          : collect3,
      critic: () => json({ success: true, critique: '', skill: { name: 'collectOakLogs', description: 'collect oak logs' } }),
    });
    await h.agent.decide(obs({ tick: 0 }));
    const hungry = await h.agent.decide(
      obs({ tick: 40, food: 5, inventory: [{ name: 'bread', count: 2 }], runningSkill: running('collect', { block: 'oak_log', count: 3 }), events: [event('low_food', 60, 'you are hungry (food 5/20); eat something', 40)] }),
    );
    // NEW gate: no queue flag, so the body pre-empts collect.
    expect(hungry).toEqual({ type: 'skill', name: 'eat', params: { item: 'bread' } });
    expect(h.agent.pausedPlans).toBe(1);
    expect(h.logs.find((l) => l.type === 'alex_interrupt')).toMatchObject({ event: 'low_food', suspended: 'collect 3 oak logs nearby' });

    const resumed = await h.agent.decide(
      obs({ tick: 80, food: 10, finishedSkills: [report('collect', { block: 'oak_log', count: 3 }, false, { reason: 'preempted', details: 'replaced by eat' }, 40), report('eat', { item: 'bread' }, true, { item: 'bread' }, 72)] }),
    );
    expect(resumed).toEqual({ type: 'skill', name: 'collect', params: { block: 'oak_log', count: 3 }, queue: true });
    expect(h.agent.pausedPlans).toBe(0);
    expect(h.logs.some((l) => l.type === 'alex_resume')).toBe(true);
    // The pre-emption was Alex's own doing: it is not a failure the critic sees.
    expect(h.logs.some((l) => l.type === 'alex_critic')).toBe(false);

    await h.agent.decide(obs({ tick: 200, finishedSkills: [report('collect', { block: 'oak_log', count: 3 }, true, { collected: 3 })] }));
    expect(h.logs.find((l) => l.type === 'alex_critic')).toMatchObject({ success: true });
  });

  it('a hurt event interrupts; without the multitasking component (ablation) it does not', async () => {
    const answers = {
      longTerm: () => simple(),
      shortTerm: (req: Parameters<typeof userText>[0]) =>
        userText(req).includes('URGENT') ? json({ plan: 'fight back', actions: [{ name: 'attack', params: { type: 'zombie' } }] }) : collect3,
    };
    const hurt = obs({ tick: 40, health: 14, runningSkill: running('collect', {}), events: [event('hurt', 80, 'you took 6 damage (mob zombie); health 14', 40)] });
    const withMt = await alex(answers);
    await withMt.agent.decide(obs({ tick: 0 }));
    expect(await withMt.agent.decide(hurt)).toEqual({ type: 'skill', name: 'attack', params: { type: 'zombie' } });

    const without = await alex(answers, { multitasking: false });
    await without.agent.decide(obs({ tick: 0 }));
    expect(await without.agent.decide(hurt)).toBeNull();
    expect(without.agent.pausedPlans).toBe(0);
  });

  it('chat while busy gets a reply queued behind the running skill (RESUME), not a pre-emption', async () => {
    const h = await alex({
      longTerm: () => simple(),
      shortTerm: () => collect3,
      chat: (req) => json({ respond: userText(req).includes('bob: need help?'), message: 'thanks, I am collecting logs' }),
    });
    await h.agent.decide(obs({ tick: 0 }));
    const a = await h.agent.decide(
      obs({ tick: 30, runningSkill: running('collect', {}), messages: [{ tick: 30, from: 'bob', message: 'need help?', channel: null, volume: 1 }], events: [event('chat', 50, 'bob said to you: need help?', 30)] }),
    );
    expect(a).toEqual({ type: 'skill', name: 'say', params: { message: 'thanks, I am collecting logs' }, queue: true });
    expect(h.agent.activePlan?.inFlight?.name).toBe('collect');
    expect(h.agent.library.recent('chat', 1)[0]!.text).toBe('bob: need help?');
    expect(h.agent.stats().messages).toBe(1);
  });
});

describe('Alex model faults', () => {
  it('survives garbage and a thrown error: counts faults, waits, then carries on', async () => {
    let calls = 0;
    const h = await alex({
      longTerm: () => simple(),
      shortTerm: () => {
        calls++;
        if (calls <= 2) return 'I think I should go and chop some trees!!'; // garbage, then a garbage repair
        if (calls === 3) return new Error('socket hang up');
        return collect3;
      },
    });
    const a1 = await h.agent.decide(obs({ tick: 0 }));
    expect(a1).toEqual({ type: 'skill', name: 'wait', params: { ticks: 20 } });
    const a2 = await h.agent.decide(obs({ tick: 20 }));
    expect(a2).toMatchObject({ name: 'wait' });
    const a3 = await h.agent.decide(obs({ tick: 40 }));
    expect(a3).toMatchObject({ name: 'collect' });
    expect(h.agent.stats().modelFaults).toBe(2);
    expect(h.logs.filter((l) => l.type === 'model_fault').map((l) => l.fault)).toEqual(['model', 'environment']);
  });

  it('gives up a call whose result never arrives (nothing running for 100 ticks) and retries the sub-goal', async () => {
    const h = await alex({ longTerm: () => simple(), shortTerm: () => collect3 });
    await h.agent.decide(obs({ tick: 0 }));
    expect(await h.agent.decide(obs({ tick: 50 }))).toBeNull(); // still within the grace period
    expect(await h.agent.decide(obs({ tick: 150 }))).toMatchObject({ name: 'collect' });
    expect(h.logs.find((l) => l.type === 'alex_critic')).toMatchObject({ success: false, critique: 'collect failed (lost: no result arrived for this call)' });
  });

  it('reuses a remembered skill by name; an unknown name is sent back to the model', async () => {
    const h = await alex({
      longTerm: () => simple('get wood: collect 4 oak logs'),
      shortTerm: (req) => {
        const u = userText(req);
        if (u.includes('no remembered skill named "chopTrees"')) return json({ plan: 'reuse', reuseSkill: 'collectOakLogs', actions: [] });
        return json({ plan: 'reuse', reuseSkill: 'chopTrees', actions: [] });
      },
    });
    await h.skills.add({ name: 'collectOakLogs', description: 'collect oak logs from nearby trees', goal: 'collect 3 oak logs', calls: [{ name: 'collect', params: { block: 'oak_log', count: 3 } }] });
    const a = await h.agent.decide(obs({ tick: 0 }));
    expect(a).toEqual({ type: 'skill', name: 'collect', params: { block: 'oak_log', count: 3 }, queue: true });
    expect(userText(h.model.requests[1]!)).toContain('## Remembered skills\n- collectOakLogs: collect oak logs from nearby trees calls collect({"block":"oak_log","count":3})');
  });
});
