import { describe, expect, it } from 'vitest';
import { SimEnv } from '../../../src/env/sim/index.js';
import { ScriptedModel, type ChatRequest } from '../../../src/llm/index.js';
import { createDistributedTeam } from '../../../src/agents/tickingcollab/distributed.js';
import { runEpisode } from '../../../src/runner/episode.js';
import { MemoryRunLog } from '../../../src/runner/run-log.js';
import { logsTask } from './logs-task.js';

const selfOf = (req: ChatRequest): string => /You are Agent (\w+)/.exec(req.messages[0]!.content)![1]!;
const userText = (req: ChatRequest): string => req.messages.filter((m) => m.role === 'user').map((m) => m.content).join('\n');
const conversationOf = (req: ChatRequest): string => /## Conversation History\n([\s\S]*?)\n\n## Your recent actions/.exec(userText(req))![1]!;
const answer = (plan: unknown[], messages: unknown[] = [], role = 'Miner') => JSON.stringify({ reasoning: 'r', my_role: role, plan, messages });
const collect = (self: string, n: number, count: number) => ({ id: `${self}_task_${n}`, do: 'collect', with: { block: 'oak_log', count } });
const wait = (self: string, ticks: number) => ({ id: `${self}_wait`, do: 'wait', with: { ticks } });

describe('TickingCollab distributed agents', () => {
  it('negotiates over chat with propose–wait–act: only peers in chat range hear, silence counts as agreement', async () => {
    const model = new ScriptedModel('dist', (req) => {
      const self = selfOf(req);
      const conv = conversationOf(req);
      if (self === 'ann') return conv.includes('you -> all') ? answer([wait('ann', 100)]) : answer([collect('ann', 1, 2)], [{ to: 'all', content: '[PROPOSAL] I mine 2 oak logs; bob mines 1; cid keeps watch' }]);
      if (self === 'bob') {
        if (conv.includes('you -> ann')) return answer([wait('bob', 100)]);
        return conv.includes('ann: [PROPOSAL]') ? answer([collect('bob', 1, 1)], [{ to: 'ann', content: '[AGREE] I will mine 1 oak log' }]) : answer([wait('bob', 10)]);
      }
      return answer([wait('cid', 400)], [], 'Lookout');
    });
    const log = new MemoryRunLog();
    const task = logsTask({
      chatRange: 16,
      agents: [
        { name: 'ann', position: { x: 0.5, y: -60, z: 0.5 } },
        { name: 'bob', position: { x: 2.5, y: -60, z: 0.5 } },
        { name: 'cid', position: { x: 90.5, y: -60, z: 0.5 } },
      ],
    });
    const r = await runEpisode({ backend: new SimEnv({ ticksPerStep: 5 }), task, team: createDistributedTeam({ model, proposalWaitTicks: 60 }), seed: '5', log });
    expect(r.ended).toBe('success');
    const heard = log.records.filter((x) => x.type === 'message_heard');
    // bob, within 16 blocks, heard the proposal (for everyone) and answered it; cid, 90 blocks away, heard nothing.
    expect(heard.some((x) => x.agent === 'bob' && x.from === 'ann' && x.tag === 'PROPOSAL' && x.forMe === true)).toBe(true);
    expect(heard.some((x) => x.agent === 'ann' && x.from === 'bob' && x.tag === 'AGREE')).toBe(true);
    expect(heard.filter((x) => x.agent === 'cid')).toEqual([]);
    const cidPrompts = model.requests.filter((q) => selfOf(q) === 'cid');
    expect(cidPrompts.length).toBeGreaterThan(0);
    for (const q of cidPrompts) expect(conversationOf(q)).not.toContain('PROPOSAL');
    // ann held her plan until the round closed: bob agreed, cid stayed silent (out of range) until the timeout.
    const round = log.records.find((x) => x.type === 'negotiation' && x.agent === 'ann')!;
    expect(round).toMatchObject({ outcome: 'agreed', replies: { bob: 'AGREE' }, silent: ['cid'] });
    const annCollect = log.records.find((x) => x.type === 'node_start' && x.agent === 'ann')!;
    expect(annCollect.tick as number).toBeGreaterThanOrEqual(60);
    // messages went out as say skills: ann's broadcast and bob's reply addressed by name
    const says = log.records.filter((x) => x.type === 'action' && (x.action as { name?: string }).name === 'say').map((x) => (x.action as { params: unknown }).params);
    expect(says).toContainEqual({ message: '[PROPOSAL] I mine 2 oak logs; bob mines 1; cid keeps watch' });
    expect(says).toContainEqual({ message: '[AGREE] I will mine 1 oak log', to: 'ann' });
    expect(r.metrics.messages).toBe(2);
    expect(r.metrics.modelFaults).toBe(0);
  });

  it('handles a counter-proposal, selective broadcast and a garbage answer', async () => {
    const asked: Record<string, number> = {};
    const model: ScriptedModel = new ScriptedModel('dist', (req): string => {
      const self = selfOf(req);
      const conv = conversationOf(req);
      const mine = (asked[self] = (asked[self] ?? 0) + 1);
      if (self === 'ann') {
        if (conv.includes('bob: @ann [COUNTER-PROPOSAL]')) return answer([collect('ann', 2, 2)], [{ to: 'bob', content: '[AGREE] fine, I take 2' }]);
        return answer([wait('ann', 20)], [{ to: 'bob', content: '[PROPOSAL] you mine all 3 logs' }]);
      }
      if (self === 'bob') {
        if (conv.includes('ann: @bob [PROPOSAL]') && !conv.includes('[AGREE]')) return answer([collect('bob', 1, 1)], [{ to: 'ann', content: '[COUNTER-PROPOSAL] I mine 1, you mine 2' }]);
        return answer([wait('bob', 10)]);
      }
      // cid's first answer is garbage (and so is the repair); then it keeps watch.
      return mine <= 2 ? 'I would rather chat about the weather.' : answer([wait('cid', 2000)], [], 'Lookout');
    });
    const log = new MemoryRunLog();
    const task = logsTask({
      agents: [
        { name: 'ann', position: { x: 0.5, y: -60, z: 0.5 } },
        { name: 'bob', position: { x: 2.5, y: -60, z: 0.5 } },
        { name: 'cid', position: { x: 1.5, y: -60, z: 3.5 } },
      ],
    });
    const r = await runEpisode({ backend: new SimEnv({ ticksPerStep: 5 }), task, team: createDistributedTeam({ model, proposalWaitTicks: 200, retryWaitTicks: 20 }), seed: '6', log });
    expect(r.ended).toBe('success');
    const rounds = log.records.filter((x) => x.type === 'negotiation');
    expect(rounds).toContainEqual(expect.objectContaining({ agent: 'ann', outcome: 'objected', replies: { bob: 'COUNTER-PROPOSAL' } }));
    expect(rounds).toContainEqual(expect.objectContaining({ agent: 'bob', outcome: 'agreed', replies: { ann: 'AGREE' } }));
    // cid heard the lines addressed to bob and ann but, not being named, never answered them.
    const cidHeard = log.records.filter((x) => x.type === 'message_heard' && x.agent === 'cid');
    expect(cidHeard.length).toBeGreaterThanOrEqual(2);
    expect(cidHeard.every((x) => x.forMe === false)).toBe(true);
    expect(model.requests.filter((q) => selfOf(q) === 'cid')).toHaveLength(3);
    expect(r.metrics.modelFaults).toBe(1);
    expect(log.records.find((x) => x.type === 'model_fault')).toMatchObject({ agent: 'cid', fault: 'model' });
  });
});
