import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { agentActionSchema } from '../../../src/core/actions.js';
import type { WorldBackend } from '../../../src/env/backend.js';
import { SimEnv } from '../../../src/env/sim/index.js';
import { LlmRun, type ChatRequest } from '../../../src/llm/index.js';
import { createAlexTeam } from '../../../src/agents/alex/alex-team.js';
import { architecture } from '../../../src/agents/registry.js';
import { SKILL_CATALOG } from '../../../src/skills/catalog.js';
import { runEpisode } from '../../../src/runner/episode.js';
import type { EpisodeTask } from '../../../src/tasks/episode-task.js';
import { MemoryRunLog } from '../../../src/runner/run-log.js';
import { episodeTaskFromSpec, loadSpec } from '../../../src/runner/task-adapter.js';
import { logsTask } from '../tickingcollab/logs-task.js';
import { alexModel, componentOf, json, userText } from './helpers.js';

const nameOf = (req: ChatRequest): string => /Your name in the world is (\w+)/.exec(req.messages[0]!.content)![1]!;
const logsHeld = (req: ChatRequest): number => Number(/oak_log x(\d+)/.exec(userText(req))?.[1] ?? 0);

/** Every action the run log shows must be a well-formed action, and skill calls must fit the catalog. */
function expectValidActions(log: MemoryRunLog): number {
  const actions = log.records.filter((r) => r.type === 'action');
  for (const a of actions) {
    const parsed = agentActionSchema.parse(a.action);
    if (parsed.type === 'skill') {
      const sig = (SKILL_CATALOG as Record<string, { params: { safeParse(x: unknown): { success: boolean } } }>)[parsed.name];
      expect(sig, parsed.name).toBeDefined();
      expect(sig!.params.safeParse(parsed.params).success, JSON.stringify(parsed)).toBe(true);
    }
  }
  return actions.length;
}

function expectCompleteLog(log: MemoryRunLog): void {
  // World events from the reset come first; then the episode starts before any decision.
  const start = log.records.findIndex((r) => r.type === 'episode_start');
  expect(start).toBeGreaterThanOrEqual(0);
  expect(log.records.findIndex((r) => r.type === 'action')).toBeGreaterThan(start);
  expect(log.records.at(-1)!.type).toBe('episode_end');
  for (const t of ['org', 'alex_long_term_plan', 'alex_short_term_plan', 'action', 'skill_result']) expect(log.records.some((r) => r.type === t), t).toBe(true);
}

const dirs: string[] = [];
afterAll(async () => {
  for (const d of dirs) await rm(d, { recursive: true, force: true });
});

describe('Alex end to end on SimEnv', () => {
  it('plays suites/mineland/harvest-oak-logs-v1.yaml: two Alex agents split the work over chat', async () => {
    const model = alexModel({
      longTerm: (req) => json({ reasoning: 'simple harvest', complex: false, subGoals: [`${nameOf(req)}: collect 4 oak logs`] }),
      shortTerm: (req) =>
        nameOf(req) === 'Alex'
          ? json({ plan: 'tell Steve the split, then collect 4 logs', actions: [{ name: 'say', params: { message: 'Steve, I take 4 logs from the nearest tree; you take the other 4' } }, { name: 'collect', params: { block: 'oak_log', count: 4 } }] })
          : json({ plan: 'collect 4 logs', actions: [{ name: 'collect', params: { block: 'oak_log', count: 4 } }] }),
      chat: (req) => json({ respond: userText(req).includes('Alex: Steve, I take 4 logs'), message: 'ok Alex, I am on it' }),
      critic: (req) => json({ success: logsHeld(req) >= 4, critique: '', skill: { name: 'collectFourLogs', description: 'collect 4 oak logs' } }),
    });
    const team = createAlexTeam({ model });
    const log = new MemoryRunLog();
    const spec = await loadSpec('suites/mineland/harvest-oak-logs-v1.yaml');
    const r = await runEpisode({ backend: new SimEnv({ ticksPerStep: 10 }), task: episodeTaskFromSpec(spec, '1'), team, seed: '1', log });
    expect(r.ended).toBe('success');
    expect(expectValidActions(log)).toBeGreaterThanOrEqual(3);
    expectCompleteLog(log);
    expect(log.records.find((x) => x.type === 'alex_short_term_plan' && x.agent === 'Alex')).toMatchObject({ calls: [{ name: 'say' }, { name: 'collect', params: { block: 'oak_log', count: 4 } }] });
    // Steve heard Alex over chat and answered without pre-empting his collect (RESUME gate).
    const chatPrompts = model.requests.filter((q) => componentOf(q) === 'chat');
    expect(chatPrompts.some((q) => nameOf(q) === 'Steve' && userText(q).includes('Alex: Steve, I take 4 logs'))).toBe(true);
    expect(log.records.find((x) => x.type === 'action' && x.agent === 'Steve' && (x.action as { name?: string }).name === 'say')).toMatchObject({ action: { queue: true } });
    expect(log.records.some((x) => x.type === 'world' && x.event === 'chat')).toBe(true);
    expect(r.metrics.prompts).toBeGreaterThanOrEqual(4);
    expect(r.metrics.messages).toBeGreaterThanOrEqual(2);
    expect(r.metrics.modelFaults).toBe(0);
  });

  it('stores the skill a confirmed plan used and reuses it in a later similar task (saved and reloaded)', async () => {
    const dir = await mkdtemp(path.join(tmpdir(), 'guildcraft-alex-'));
    dirs.push(dir);
    const solo = [{ name: 'ann', position: { x: 0.5, y: -60, z: 0.5 } }];
    const answers = {
      longTerm: () => json({ complex: false, subGoals: ['collect oak logs'] }),
      shortTerm: (req: ChatRequest) =>
        userText(req).includes('- collectOakLogs:')
          ? json({ plan: 'reuse the log skill', reuseSkill: 'collectOakLogs', actions: [] })
          : json({ plan: 'collect 3 logs', actions: [{ name: 'collect', params: { block: 'oak_log', count: 3 } }] }),
      critic: (req: ChatRequest) => json({ success: logsHeld(req) >= 3, critique: 'need 3 logs', skill: { name: 'collectOakLogs', description: 'collect oak logs from trees nearby' } }),
    };
    const log1 = new MemoryRunLog();
    // goal 4: the episode goes on after the first 3 logs, so the critic confirms the plan and the skill is stored.
    const r1 = await runEpisode({ backend: new SimEnv({ ticksPerStep: 10 }), task: logsTask({ agents: solo, goal: 4, maxTicks: 1200 }), team: createAlexTeam({ model: alexModel(answers), skillMemoryDir: dir }), seed: '1', log: log1 });
    expect(log1.records.find((x) => x.type === 'alex_skill_stored')).toMatchObject({ skill: 'collectOakLogs' });
    expect(r1.ended).not.toBe('error');
    const saved = JSON.parse(await readFile(path.join(dir, 'alex-skills.json'), 'utf8'));
    expect(saved.skills[0]).toMatchObject({ name: 'collectOakLogs', calls: [{ name: 'collect', params: { block: 'oak_log', count: 3 } }] });

    // A new team (a later run) opens the same memory and gets the skill in its first short-term prompt.
    const model2 = alexModel(answers);
    const team2 = createAlexTeam({ model: model2, skillMemoryDir: dir });
    const log2 = new MemoryRunLog();
    const r2 = await runEpisode({ backend: new SimEnv({ ticksPerStep: 10 }), task: logsTask({ agents: solo, goal: 3, text: 'gather 3 oak logs for the camp' }), team: team2, seed: '2', log: log2 });
    expect(r2.ended).toBe('success');
    const firstShort = model2.requests.find((q) => componentOf(q) === 'shortTerm')!;
    expect(userText(firstShort)).toContain('## Remembered skills\n- collectOakLogs: collect oak logs from trees nearby');
    expect(log2.records.find((x) => x.type === 'alex_short_term_plan')).toMatchObject({ reused: 'collectOakLogs', recalledSkills: ['collectOakLogs'] });
    expect(log2.records.find((x) => x.type === 'action')).toMatchObject({ action: { name: 'collect', params: { block: 'oak_log', count: 3 } } });
    expectValidActions(log2);
    expectCompleteLog(log2);
  });

  it("a zombie's hit interrupts collecting (NEW gate) to fight back, then collecting resumes (RESUME)", async () => {
    const model = alexModel({
      longTerm: () => json({ complex: false, subGoals: ['collect 3 oak logs'] }),
      shortTerm: (req) =>
        userText(req).includes('## URGENT event to handle first\n[80] you took')
          ? json({ plan: 'fight back', actions: [{ name: 'attack', params: { type: 'zombie' } }] })
          : json({ plan: 'collect logs', actions: [{ name: 'collect', params: { block: 'oak_log', count: 3 } }] }),
      critic: (req) => json({ success: logsHeld(req) >= 3, critique: '', skill: null }),
    });
    const base = logsTask({ agents: [{ name: 'ann', position: { x: 0.5, y: -60, z: 0.5 } }], goal: 3 });
    const task: EpisodeTask = {
      ...base,
      setup(backend: WorldBackend) {
        backend.admin.summon('zombie', { x: 6.5, y: -60, z: 2.5 }, { persistent: true });
      },
    };
    const log = new MemoryRunLog();
    const r = await runEpisode({ backend: new SimEnv({ ticksPerStep: 10 }), task, team: createAlexTeam({ model }), seed: '1', log });
    expect(r.ended).toBe('success');
    const story = log.records
      .filter((x) => ['alex_interrupt', 'alex_resume', 'action', 'skill_result'].includes(x.type))
      .map((x) => (x.type === 'action' ? `act ${(x.action as { name: string }).name}${(x.action as { queue?: boolean }).queue ? ' queued' : ''}` : x.type === 'skill_result' ? `${x.skill} ${(x.result as { ok: boolean; reason?: string }).ok ? 'ok' : (x.result as { reason: string }).reason}` : x.type));
    expect(story).toEqual(['act collect queued', 'alex_interrupt', 'act attack', 'collect preempted', 'attack ok', 'alex_resume', 'act collect queued', 'collect ok']);
    expect(log.records.find((x) => x.type === 'alex_interrupt')).toMatchObject({ event: 'hurt', priority: 80 });
    expectValidActions(log);
  });

  it('is registered as --agents alex (solo) and survives a model that only answers garbage', async () => {
    const entry = architecture('alex');
    expect(entry.orgs).toEqual(['solo']);
    expect(entry.usesModel).toBe(true);
    const model = alexModel({ longTerm: () => 'no', shortTerm: () => 'no', critic: () => 'no', chat: () => 'no' });
    // Built the way the CLI builds it: from the registry, with a run's LLM services and a model string.
    const llm = new LlmRun({ scripted: { garbage: model }, env: {} });
    const team = entry.create({ seed: '1', model: 'scripted:garbage', llm });
    const log = new MemoryRunLog();
    const r = await runEpisode({ backend: new SimEnv({ ticksPerStep: 10 }), task: logsTask({ agents: [{ name: 'ann', position: { x: 0.5, y: -60, z: 0.5 } }], maxTicks: 200 }), team, seed: '1', log });
    // The ledger is the only count: every chat call of the model, and the embeddings, are in it under their component.
    expect(r.metrics.llmCalls).toBe(llm.accountant.records.length);
    const chat = llm.accountant.records.filter((c) => c.kind === 'chat');
    expect(chat).toHaveLength(model.callCount);
    expect(chat.every((c) => ['long_term_planner', 'short_term_planner', 'critic', 'chat'].includes(c.role) && c.agent === 'ann')).toBe(true);
    expect(llm.accountant.totalsByRole().memory?.calls).toBeGreaterThan(0); // embeddings go through the run too
    expect(r.ended).toBe('max_ticks');
    expect(r.metrics.modelFaults).toBeGreaterThan(0);
    expect(log.records.filter((x) => x.type === 'model_fault').every((x) => x.fault === 'model')).toBe(true);
    expectValidActions(log);
  });
});
