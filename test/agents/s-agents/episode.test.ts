import { describe, expect, it } from 'vitest';
import { SimEnv } from '../../../src/env/sim/index.js';
import { ScriptedModel } from '../../../src/llm/index.js';
import { runEpisode } from '../../../src/runner/episode.js';
import type { EpisodeTask } from '../../../src/tasks/episode-task.js';
import { MemoryRunLog, type LogRecord } from '../../../src/runner/run-log.js';
import { architecture } from '../../../src/agents/registry.js';
import { createScriptedSAgentsModel, createSAgentsTeam } from '../../../src/agents/s-agents/index.js';
import { collectionTask, collectionTeamNames } from '../../../src/orgs/index.js';

async function play(org: string, task: EpisodeTask, opts: { model?: ScriptedModel; radioChannel?: string } = {}) {
  const log = new MemoryRunLog();
  const team = createSAgentsTeam({ org, seed: '1', model: opts.model ?? createScriptedSAgentsModel(), ...(opts.radioChannel ? { radioChannel: opts.radioChannel } : {}) });
  const result = await runEpisode({ backend: new SimEnv({ ticksPerStep: 10 }), task, team, seed: '1', log, org });
  return { result, log: log.records };
}

const ofType = (log: LogRecord[], type: string) => log.filter((r) => r.type === type);

describe('S-Agents organisations end to end on the sim backend (scripted:sagents)', () => {
  for (const org of ['tree', 'chain', 'graph', 'solo']) {
    it(`${org}: collects 4 oak logs with valid skill calls, messages, prompts and a complete run log`, async () => {
      const names = collectionTeamNames(org, 2);
      const { result, log } = await play(org, collectionTask({ agents: names, target: 4, maxTicks: 2400 }));
      expect(result.ended).toBe('success');
      expect(result.details).toMatch(/^[4-9]\/4 oak_log$/);
      expect(result.metrics.timeCost).toBe(result.ticks / 20);
      // mPT: planning iterations per agent; every agent planned at least once.
      expect(result.metrics.meanPromptTimes).toBe(result.metrics.prompts / names.length);
      expect(result.metrics.prompts).toBeGreaterThanOrEqual(names.length);
      expect(result.metrics.modelFaults).toBe(0);
      const actions = ofType(log, 'action').map((r) => r.action as { type: string; name: string; params: Record<string, unknown> });
      expect(actions.every((a) => a.type === 'skill' && ['collect', 'say', 'wait'].includes(a.name))).toBe(true);
      expect(actions.some((a) => a.name === 'collect' && a.params.block === 'oak_log')).toBe(true);
      const results = ofType(log, 'skill_result');
      expect(results.some((r) => r.skill === 'collect' && (r.result as { ok: boolean }).ok)).toBe(true);
      for (const t of ['episode_start', 'org', 'llm_call', 'sagents_plan', 'sagents_queue', 'world', 'episode_end']) expect(ofType(log, t).length, t).toBeGreaterThan(0);
      expect(ofType(log, 'org')[0]).toMatchObject({ org, model: 'scripted:sagents' });
      if (org === 'solo') {
        expect(result.metrics.messages).toBe(0);
      } else {
        // Delegations went out as chat, were heard, and were reported on.
        expect(result.metrics.messages).toBeGreaterThanOrEqual(2);
        expect(result.metrics.messages).toBe(ofType(log, 'message').length);
        expect(result.metrics.messagesUndelivered).toBe(0);
        expect(ofType(log, 'message').some((m) => m.kind === 'task')).toBe(true);
        expect(ofType(log, 'message').some((m) => m.kind === 'report')).toBe(true);
      }
      if (org === 'tree') {
        // The root manages: it never collects.
        expect(actions.filter((_, i) => ofType(log, 'action')[i]!.agent === 'leader').every((a) => a.name !== 'collect')).toBe(true);
      }
    });
  }

  it('chat range is honoured: a leaf out of range never gets the delegation, and the leader knows it was not heard', async () => {
    const task = collectionTask({ agents: ['leader', 'far'], target: 2, maxTicks: 300, spacing: 100, chatRange: 32 });
    const { result, log } = await play('tree', task);
    expect(result.success).toBe(false);
    expect(result.metrics.messagesUndelivered).toBeGreaterThan(0);
    expect(result.metrics.messagesDelivered).toBe(0);
    expect(ofType(log, 'action').some((r) => r.agent === 'far' && (r.action as { name: string }).name !== 'wait')).toBe(false);
    // The leader did speak (the world carried its chat), but 'far' never planned a task.
    expect(ofType(log, 'world').some((r) => r.event === 'chat' && r.name === 'leader')).toBe(true);
    expect(ofType(log, 'sagents_plan').filter((r) => r.agent === 'far').every((r) => r.taskAtHand === null)).toBe(true);
    // The leader retried, but no faster than its back-off allows.
    expect(result.metrics.prompts).toBeLessThanOrEqual(10);
  });

  it('a radio channel the task grants carries the delegation across any distance', async () => {
    const task = collectionTask({ agents: ['leader', 'far'], target: 2, maxTicks: 100, spacing: 100, chatRange: 32, radioChannels: ['team'] });
    const { result, log } = await play('tree', task, { radioChannel: 'team' });
    expect(result.metrics.messagesDelivered).toBeGreaterThan(0);
    expect(ofType(log, 'action').some((r) => r.agent === 'far' && (r.action as { name: string }).name === 'collect')).toBe(true);
  });

  it('survives a model that answers garbage now and then: faults are counted and the team still succeeds', async () => {
    const policy = createScriptedSAgentsModel();
    // The leader's first answer and its repair are garbage, so its first planning step fails outright.
    let leaderCalls = 0;
    const model = new ScriptedModel('moody', (req) => {
      const leader = req.messages.some((m) => m.content.includes('### Agent\nleader\n'));
      return leader && leaderCalls++ < 2 ? '{"queue": [oops' : policy.generate(req).then((r) => r.text);
    });
    const { result, log } = await play('tree', collectionTask({ agents: collectionTeamNames('tree', 2), target: 4, maxTicks: 2400 }), { model });
    expect(result.ended).toBe('success');
    expect(result.metrics.modelFaults).toBeGreaterThan(0);
    expect(ofType(log, 'model_fault').length).toBe(result.metrics.modelFaults);
  });

  it('is registered as `s-agents` with tree as the default organisation', () => {
    const entry = architecture('s-agents');
    expect(entry.orgs).toEqual(['tree', 'chain', 'graph', 'solo']);
    expect(entry.create({ seed: '0', model: 'scripted:sagents' }).architecture).toBe('s-agents');
    expect(() => entry.create({ seed: '0', model: 'scripted:sagents', org: 'mesh' })).toThrow(/unknown organisation 'mesh'/);
  });
});
