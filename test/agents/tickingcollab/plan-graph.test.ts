import { describe, expect, it } from 'vitest';
import { checkPlanGraph } from '../../../src/agents/tickingcollab/plan-graph.js';
import { PlanExecutor } from '../../../src/agents/tickingcollab/plan-executor.js';
import { centralizedPlanSchema } from '../../../src/agents/tickingcollab/plan-schema.js';
import { parseMessage, sayAction } from '../../../src/agents/tickingcollab/negotiation.js';

const node = (id: string, after: string[] = [], d = 'wait', w: Record<string, unknown> = { ticks: 5 }) => ({ id, do: d, with: w, after });

describe('plan DAG checks', () => {
  it('reports unknown actions, bad parameters, unknown and cross-agent dependencies, duplicates, cycles and dead agents', () => {
    const rules = { agents: ['ann', 'bob'], crossAgent: false, dead: ['bob'] };
    const messages = checkPlanGraph(
      {
        ann: [node('a1', ['a2']), node('a2', ['a1']), node('a3', ['b1']), node('a4', [], 'fly'), node('a5', [], 'collect', { block: 'oak_log', count: -1 }), node('a6', ['zz'])],
        bob: [node('b1')],
        eve: [],
      },
      rules,
    ).map((i) => i.message);
    expect(messages).toEqual(
      expect.arrayContaining([
        "there is no agent 'eve' in this team (ann, bob)",
        'bob is dead: assign it no tasks',
        expect.stringMatching(/^'fly' is not an action; use one of moveTo, /),
        expect.stringMatching(/^bad parameters for collect: count: /),
        "'a3' waits for 'b1' of bob; \"after\" may only name tasks of the same agent",
        "'a6' waits for unknown task id 'zz'",
        'the dependencies form a cycle: a1 -> a2 -> a1',
      ]),
    );
    expect(checkPlanGraph({ ann: [node('a1'), node('a1')] }, rules).map((i) => i.message)).toEqual(["task id 'a1' is used twice; ids must be unique"]);
    expect(checkPlanGraph({ ann: [node('a1', ['b1'])], bob: [node('b1')] }, { agents: ['ann', 'bob'], crossAgent: true })).toEqual([]);
  });

  it('validates a G.1 answer with the schema, accepting the paper\'s snake_case actions and null fields', () => {
    const schema = centralizedPlanSchema(['ann'], { crossAgent: true });
    const ok = schema.safeParse({ reasoning: null, agent_plans: { ann: [{ id: 'ann_task_1', do: 'find_blocks', with: { block: 'oak_log' }, after: null }] } });
    expect(ok.success).toBe(true);
    const bad = schema.safeParse({ agent_plans: { ann: [{ id: 'ann_task_1', do: 'collect', with: {} }] } });
    expect(bad.success).toBe(false);
    expect(bad.error!.issues[0]!.path).toEqual(['agent_plans', 'ann', 0, 'with']);
  });

  it('hands out ready nodes in dependency order across agents and re-runs a pre-empted node', () => {
    const ex = new PlanExecutor({ ann: [node('a1'), node('a2', ['a1'])], bob: [node('b1', ['a1'])] });
    expect(ex.ready('bob')).toBeNull();
    expect(ex.blocked('bob')).toBe(true);
    const a1 = ex.ready('ann')!;
    expect(ex.start(a1, 10)).toEqual({ type: 'skill', name: 'wait', params: { ticks: 5 } });
    expect(ex.ready('ann')).toBeNull();
    // a report from before the node started (the skill it pre-empted) is not about it
    expect(ex.settle('ann', { name: 'wait', params: {}, ok: true, result: { ok: true }, ticks: 8, finishedAt: 11 })).toBeNull();
    expect(ex.settle('ann', { name: 'wait', params: {}, ok: false, result: { ok: false, reason: 'preempted' }, ticks: 1, finishedAt: 11 })!.status).toBe('pending');
    ex.start(ex.ready('ann')!, 12);
    expect(ex.settle('ann', { name: 'wait', params: {}, ok: true, result: { ok: true }, ticks: 5, finishedAt: 17 })!.status).toBe('done');
    expect(ex.ready('bob')!.id).toBe('b1');
    expect(ex.ready('ann')!.id).toBe('a2');
    expect(ex.finished).toBe(false);
  });
});

describe('negotiation messages', () => {
  it('reads recipients and tags, and sends one say per message with the right addressing', () => {
    expect(parseMessage('@ann @bob [PROPOSAL] split the ores')).toEqual({ to: ['ann', 'bob'], tag: 'PROPOSAL', body: 'split the ores' });
    expect(parseMessage('[COUNTER-PROPOSAL] you scout')).toEqual({ to: [], tag: 'COUNTER-PROPOSAL', body: 'you scout' });
    expect(parseMessage('hello [AGREE]')).toEqual({ to: [], tag: null, body: 'hello [AGREE]' });
    const peers = ['bob', 'cid'];
    expect(sayAction({ to: 'all', content: '[STATUS] done' }, peers)).toEqual({ type: 'skill', name: 'say', params: { message: '[STATUS] done' } });
    expect(sayAction({ to: 'bob', content: '[AGREE] ok' }, peers)).toEqual({ type: 'skill', name: 'say', params: { message: '[AGREE] ok', to: 'bob' } });
    expect(sayAction({ to: ['bob', 'cid'], content: '[PROPOSAL] x' }, peers)).toEqual({ type: 'skill', name: 'say', params: { message: '@bob @cid [PROPOSAL] x' } });
  });
});
