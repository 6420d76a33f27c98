/**
 * The composition root's new architecture x organisation pairs, each as a whole episode on the sim
 * backend with a scripted model (or the S-Agents scripted policy), plus the pairs it refuses.
 */
import { describe, expect, it } from 'vitest';
import { InputError } from '../../src/core/errors.js';
import { SimEnv } from '../../src/env/sim/index.js';
import { LlmRun, ScriptedModel, type ChatRequest, type LanguageModel } from '../../src/llm/index.js';
import { collectionTask, collectionTeamNames } from '../../src/orgs/index.js';
import { composeTeam, composition } from '../../src/runner/compose-team.js';
import { runEpisode } from '../../src/runner/episode.js';
import { MemoryRunLog, type LogRecord } from '../../src/runner/run-log.js';
import type { EpisodeTask } from '../../src/tasks/episode-task.js';

async function play(agents: string, org: string, task: EpisodeTask, o: { model?: string; languageModel?: LanguageModel } = {}) {
  const log = new MemoryRunLog();
  const team = composeTeam(agents, { seed: '1', org, ...(o.model ? { model: o.model } : {}), ...(o.languageModel ? { languageModel: o.languageModel } : {}) });
  const result = await runEpisode({ backend: new SimEnv({ ticksPerStep: 10 }), task, team, seed: '1', log, org });
  return { result, log: log.records };
}

type Act = { type: string; name?: string; params?: Record<string, unknown>; source?: string };
const ofType = (log: LogRecord[], type: string) => log.filter((r) => r.type === type);
const actionsOf = (log: LogRecord[], agent: string): Act[] => ofType(log, 'action').filter((r) => r.agent === agent).map((r) => r.action as Act);
const collected = (log: LogRecord[], agent: string) =>
  ofType(log, 'skill_result').some((r) => r.agent === agent && r.skill === 'collect' && (r.result as { ok: boolean }).ok);
const system = (req: ChatRequest) => req.messages[0]!.content;
const user = (req: ChatRequest) => req.messages.filter((m) => m.role === 'user').map((m) => m.content).join('\n');
const task4 = (names: string[]) => collectionTask({ agents: names, target: 4, maxTicks: 3000 });

/** What every tree episode shows: the leader hands out the work and never collects, each worker gets an assignment and works on it; reports go to the leader. */
function expectDelegatedTree(log: LogRecord[], leader: string, workers: string[]): void {
  // No collect ran for the leader, neither as a skill call nor inside a program.
  expect(ofType(log, 'skill_result').some((r) => r.agent === leader && r.skill === 'collect')).toBe(false);
  for (const w of workers) {
    expect(ofType(log, 'assignment').find((r) => r.agent === w)).toMatchObject({ from: leader, task: 'collect 2 oak_log' });
    expect(collected(log, w), `${w} collected`).toBe(true);
  }
  expect(reportsOf(log).every((r) => r.params?.to === leader)).toBe(true);
}

const reportsOf = (log: LogRecord[]): Act[] => ofType(log, 'action').map((r) => r.action as Act).filter((a) => a.name === 'say' && String(a.params?.message).startsWith('[report:'));

describe('composition root: architectures in organisations (episodes on the sim backend)', () => {
  it('heuristic x tree: heuristic workers take their shares from an s-agents leader and report back', async () => {
    const names = collectionTeamNames('tree', 2);
    const { result, log } = await play('heuristic', 'tree', task4(names), { model: 'scripted:sagents' });
    expect(result.ended).toBe('success');
    expect(ofType(log, 'org')[0]).toMatchObject({ org: 'tree', architecture: 'heuristic', leaderArchitecture: 's-agents', leaders: ['leader'] });
    expectDelegatedTree(log, 'leader', ['alice', 'bob']);
    // alice finished first and went idle: the organisation reported for her, with what she holds.
    expect(reportsOf(log)).toContainEqual(expect.objectContaining({ params: { to: 'leader', message: '[report:success] collect 2 oak_log | inventory: oak_log x2' } }));
    // The leader's planning calls were S-Agents prompts (mPT counts them).
    expect(result.metrics.prompts).toBeGreaterThan(0);
  });

  it('heuristic x solo: each agent works the whole goal alone, nobody pools or talks', async () => {
    const { result, log } = await play('heuristic', 'solo', task4(['alice', 'bob']));
    expect(result.ended).toBe('success');
    expect(ofType(log, 'org')[0]).toMatchObject({ org: 'solo', architecture: 'heuristic', edges: [] });
    // Without a pooled view each agent went for the whole goal itself (the centralized heuristic splits it).
    for (const a of ['alice', 'bob']) expect(actionsOf(log, a), a).toContainEqual(expect.objectContaining({ name: 'collect', params: expect.objectContaining({ block: 'oak_log', count: 4 }) }));
    expect(ofType(log, 'heuristic_start')).toHaveLength(2); // one team of one per agent
    expect(result.metrics.messages).toBe(0);
  });

  it('tickingcollab-centralized x solo: one planner per agent, each prompt shows only its own agent', async () => {
    const model = new ScriptedModel('central', (req) => {
      const me = /^### (\w+)/m.exec(user(req))![1]!;
      const done = user(req).includes(`${me}_task_1 collect`);
      return JSON.stringify({ reasoning: 'my share', agent_plans: { [me]: [done ? { id: `${me}_task_2`, do: 'wait', with: { ticks: 100 } } : { id: `${me}_task_1`, do: 'collect', with: { block: 'oak_log', count: 2 } }] } });
    });
    const { result, log } = await play('tickingcollab-centralized', 'solo', task4(['alice', 'bob']), { languageModel: model });
    expect(result.ended).toBe('success');
    expect(collected(log, 'alice') && collected(log, 'bob')).toBe(true);
    for (const req of model.requests) expect(user(req).match(/^### \w+/gm)).toHaveLength(1);
    expect(new Set(model.requests.map((q) => /^### (\w+)/m.exec(user(q))![1]))).toEqual(new Set(['alice', 'bob']));
    expect(ofType(log, 'plan').length).toBeGreaterThanOrEqual(2);
  });

  it('seated members sharing one LLM ledger count the run cost once, not once per member', async () => {
    const model = new ScriptedModel('central', (req) => {
      const me = /^### (\w+)/m.exec(user(req))![1]!;
      return JSON.stringify({ reasoning: 'my share', agent_plans: { [me]: [{ id: `${me}_task_1`, do: 'collect', with: { block: 'oak_log', count: 2 } }] } });
    });
    const llm = new LlmRun({ scripted: { central: model }, env: {}, config: { prices: { 'scripted:central': { input: 1000, output: 1000 } } } });
    const team = composeTeam('tickingcollab-centralized', { seed: '1', org: 'solo', model: 'scripted:central', llm });
    const result = await runEpisode({ backend: new SimEnv({ ticksPerStep: 10 }), task: task4(['alice', 'bob']), team, seed: '1', log: new MemoryRunLog(), org: 'solo' });
    expect(result.ended).toBe('success');
    const total = llm.accountant.totals().costUsd;
    expect(total).toBeGreaterThan(0);
    expect(result.metrics.costUsd).toBeCloseTo(total, 10);
  });

  it('tickingcollab-centralized x tree: the planner sits in the leader and delegates over chat', async () => {
    const model = new ScriptedModel('central', (req) => {
      const u = user(req);
      const me = /^### (\w+)/m.exec(u)![1]!;
      if (/You may command: alice, bob/.test(u)) {
        const sent = u.includes('leader_task_2 say');
        return JSON.stringify({
          reasoning: 'split the logs between my workers',
          agent_plans: {
            leader: sent
              ? [{ id: 'leader_task_3', do: 'wait', with: { ticks: 200 } }]
              : [
                  { id: 'leader_task_1', do: 'say', with: { to: 'alice', message: '[task] collect 2 oak_log' } },
                  { id: 'leader_task_2', do: 'say', with: { to: 'bob', message: '[task] collect 2 oak_log' } },
                ],
          },
        });
      }
      const goal = /- Goal: (.*)/.exec(u)![1]!;
      const done = u.includes(`${me}_task_1 collect`) || !goal.startsWith('collect');
      return JSON.stringify({ reasoning: goal, agent_plans: { [me]: [done ? { id: `${me}_task_2`, do: 'wait', with: { ticks: 100 } } : { id: `${me}_task_1`, do: 'collect', with: { block: 'oak_log', count: 2 } }] } });
    });
    const names = collectionTeamNames('tree', 2);
    const { result, log } = await play('tickingcollab-centralized', 'tree', task4(names), { languageModel: model });
    expect(result.ended).toBe('success');
    expect(ofType(log, 'org')[0]).toMatchObject({ org: 'tree', architecture: 'tickingcollab-centralized', goalHolders: ['leader'] });
    expectDelegatedTree(log, 'leader', ['alice', 'bob']);
    // A worker's planner saw its assignment as the goal and its place in the tree as guidance.
    const alicePrompt = model.requests.map(user).find((u) => /^### alice/m.test(u) && u.includes('- Goal: collect 2 oak_log'))!;
    expect(alicePrompt).toContain('You report to: leader.');
  });

  it('tickingcollab-distributed x tree: the root negotiates the split with its subordinates, who work on what they were told', async () => {
    const model = new ScriptedModel('dist', (req) => {
      const self = /You are Agent (\w+)/.exec(system(req))![1]!;
      const u = user(req);
      const answer = (plan: unknown[], messages: unknown[] = []) => JSON.stringify({ reasoning: 'r', my_role: 'Miner', plan, messages });
      if (self === 'leader') {
        return u.includes('you -> alice') ? answer([{ id: 'leader_wait', do: 'wait', with: { ticks: 200 } }]) : answer([], [{ to: 'alice', content: '[task] collect 2 oak_log' }, { to: 'bob', content: '[task] collect 2 oak_log' }]);
      }
      const assigned = /- Goal: collect 2 oak_log/.test(u);
      return assigned && !u.includes(`${self}_task_1 collect`) ? answer([{ id: `${self}_task_1`, do: 'collect', with: { block: 'oak_log', count: 2 } }]) : answer([{ id: `${self}_wait`, do: 'wait', with: { ticks: 100 } }]);
    });
    const names = collectionTeamNames('tree', 2);
    const { result, log } = await play('tickingcollab-distributed', 'tree', task4(names), { languageModel: model });
    expect(result.ended).toBe('success');
    expectDelegatedTree(log, 'leader', ['alice', 'bob']);
    // Its peers are the organisation's members, though each member's team decides for itself alone.
    expect(model.requests.some((q) => user(q).includes('## Peer agents: alice, bob'))).toBe(true);
  });

  it('code-as-action x chain: the head does its share in code and passes the rest down the chain (relay)', async () => {
    const model = new ScriptedModel('coder', (req) => {
      if (system(req).startsWith('You are a critic')) return JSON.stringify({ reasoning: 'ran', success: true, critique: '' });
      const u = user(req);
      const completed = /## Tasks completed so far\n([\s\S]*?)(\n\n|$)/.exec(u)?.[1] ?? '';
      // One skill call per program: the head first hands bob his share, then does its own.
      if (/You may command: bob/.test(u)) {
        if (!completed.includes('hand 2 oak_log to bob')) return 'Task: hand 2 oak_log to bob\n```js\nawait say({ to: "bob", message: "[task] collect 2 oak_log" });\n```';
        if (!completed.includes('collect 2 oak_log')) return 'Task: collect 2 oak_log\n```js\nconst r = await collect({ block: "oak_log", count: 2 });\nreturn r.collected;\n```';
        return 'Task: wait for the team\n```js\nawait wait({ ticks: 200 });\n```';
      }
      if (completed.includes('collect 2 oak_log')) return 'Task: wait for the team\n```js\nawait wait({ ticks: 200 });\n```';
      if (u.includes('Goal (collection): collect 2 oak_log')) return 'Task: collect 2 oak_log\n```js\nconst r = await collect({ block: "oak_log", count: 2 });\nreturn r.collected;\n```';
      return 'Task: wait for a task\n```js\nawait wait({ ticks: 40 });\n```';
    });
    const names = collectionTeamNames('chain', 2);
    const { result, log } = await play('code-as-action', 'chain', task4(names), { languageModel: model });
    expect(result.ended).toBe('success');
    expect(ofType(log, 'org')[0]).toMatchObject({ org: 'chain', mode: 'relay', edges: [['alice', 'bob']] });
    expect(ofType(log, 'assignment')).toEqual([expect.objectContaining({ agent: 'bob', from: 'alice', task: 'collect 2 oak_log' })]);
    expect(collected(log, 'alice') && collected(log, 'bob')).toBe(true);
    // Relay: bob's program waited for the baton at least once while alice's ran.
    expect(result.metrics.turnWaits).toBeGreaterThan(0);
    expect(actionsOf(log, 'bob').some((a) => a.type === 'code')).toBe(true);
  });

  it('alex x tree: an Alex leader splits the work over chat, Alex workers plan their assignments', async () => {
    const nameOf = (req: ChatRequest) => /Your name in the world is (\w+)/.exec(system(req))![1]!;
    const json = (x: unknown) => JSON.stringify(x);
    const model = new ScriptedModel('alex', (req) => {
      const s = system(req);
      const u = user(req);
      const leader = /You may command: alice, bob/.test(u);
      if (s.startsWith('You are the long-term planner of Alex')) return json({ reasoning: 'one step', complex: false, subGoals: [leader ? 'split the logs' : 'collect 2 oak_log'] });
      if (s.startsWith('You are the short-term planner of Alex')) {
        if (leader) return json({ plan: 'delegate', actions: [{ name: 'say', params: { to: 'alice', message: '[task] collect 2 oak_log' } }, { name: 'say', params: { to: 'bob', message: '[task] collect 2 oak_log' } }, { name: 'wait', params: { ticks: 400 } }] });
        if (u.includes('collect 2 oak_log')) return json({ plan: 'collect', actions: [{ name: 'collect', params: { block: 'oak_log', count: 2 } }] });
        return json({ plan: 'wait', actions: [{ name: 'wait', params: { ticks: 40 } }] });
      }
      if (s.startsWith('You are the critic of Alex')) return json({ success: leader || /oak_log x2/.test(u), critique: '' });
      return json({ respond: false, message: '' });
    });
    const names = collectionTeamNames('tree', 2);
    const { result, log } = await play('alex', 'tree', task4(names), { languageModel: model });
    expect(result.ended).toBe('success');
    expect(ofType(log, 'org')[0]).toMatchObject({ org: 'tree', architecture: 'alex' });
    expectDelegatedTree(log, 'leader', ['alice', 'bob']);
    expect(model.requests.some((q) => nameOf(q) === 'alice' && user(q).includes('You report to: leader.'))).toBe(true);
  });

  it('tickingcollab-distributed x chain: the head keeps a share and hands the rest to the next link (relay)', async () => {
    const model = new ScriptedModel('dist', (req) => {
      const self = /You are Agent (\w+)/.exec(system(req))![1]!;
      const u = user(req);
      const answer = (plan: unknown[], messages: unknown[] = []) => JSON.stringify({ reasoning: 'r', my_role: 'Miner', plan, messages });
      const idle = answer([{ id: `${self}_wait`, do: 'wait', with: { ticks: 100 } }]);
      if (self === 'alice') {
        return u.includes('you -> bob') ? idle : answer([{ id: 'alice_task_1', do: 'collect', with: { block: 'oak_log', count: 2 } }], [{ to: 'bob', content: '[task] collect 2 oak_log' }]);
      }
      return /- Goal: collect 2 oak_log/.test(u) && !u.includes('bob_task_1 collect') ? answer([{ id: 'bob_task_1', do: 'collect', with: { block: 'oak_log', count: 2 } }]) : idle;
    });
    const names = collectionTeamNames('chain', 2);
    const { result, log } = await play('tickingcollab-distributed', 'chain', task4(names), { languageModel: model });
    expect(result.ended).toBe('success');
    expect(ofType(log, 'org')[0]).toMatchObject({ org: 'chain', mode: 'relay', architecture: 'tickingcollab-distributed' });
    expect(ofType(log, 'assignment')).toEqual([expect.objectContaining({ agent: 'bob', from: 'alice', task: 'collect 2 oak_log' })]);
    expect(collected(log, 'alice') && collected(log, 'bob')).toBe(true);
    // The relay let one of them work at a time: their collects never overlapped.
    const spans = (a: string) => ofType(log, 'skill_result').filter((r) => r.agent === a && r.skill === 'collect').map((r) => [Number(r.tick) - Number(r.ticks), Number(r.tick)] as const);
    for (const [s1, e1] of spans('alice')) for (const [s2, e2] of spans('bob')) expect(e1 <= s2 || e2 <= s1).toBe(true);
  });

  it('code-as-action x tree: the root writes programs that delegate, the leaves write programs that collect', async () => {
    const model = new ScriptedModel('coder', (req) => {
      if (system(req).startsWith('You are a critic')) return JSON.stringify({ reasoning: 'ran', success: true, critique: '' });
      const u = user(req);
      const completed = /## Tasks completed so far\n([\s\S]*?)(\n\n|$)/.exec(u)?.[1] ?? '';
      const idle = 'Task: wait for the team\n```js\nawait wait({ ticks: 200 });\n```';
      if (/You may command: alice, bob/.test(u)) {
        for (const w of ['alice', 'bob']) if (!completed.includes(`give ${w} 2 oak_log`)) return `Task: give ${w} 2 oak_log\n\`\`\`js\nawait say({ to: "${w}", message: "[task] collect 2 oak_log" });\n\`\`\``;
        return idle;
      }
      if (u.includes('Goal (collection): collect 2 oak_log') && !completed.includes('collect 2 oak_log')) return 'Task: collect 2 oak_log\n```js\nconst r = await collect({ block: "oak_log", count: 2 });\nreturn r.collected;\n```';
      return idle;
    });
    const names = collectionTeamNames('tree', 2);
    const { result, log } = await play('code-as-action', 'tree', task4(names), { languageModel: model });
    expect(result.ended).toBe('success');
    expect(ofType(log, 'org')[0]).toMatchObject({ org: 'tree', mode: 'async', architecture: 'code-as-action' });
    expectDelegatedTree(log, 'leader', ['alice', 'bob']);
  });

  it('alex x chain: the head tells the next Alex its share over chat and does its own', async () => {
    const json = (x: unknown) => JSON.stringify(x);
    const model = new ScriptedModel('alex', (req) => {
      const s = system(req);
      const u = user(req);
      const head = /You may command: bob/.test(u);
      if (s.startsWith('You are the long-term planner of Alex')) return json({ reasoning: 'one step', complex: false, subGoals: ['collect 2 oak_log'] });
      if (s.startsWith('You are the short-term planner of Alex')) {
        if (head) return json({ plan: 'share and collect', actions: [{ name: 'say', params: { to: 'bob', message: '[task] collect 2 oak_log' } }, { name: 'collect', params: { block: 'oak_log', count: 2 } }] });
        if (u.includes('collect 2 oak_log')) return json({ plan: 'collect', actions: [{ name: 'collect', params: { block: 'oak_log', count: 2 } }] });
        return json({ plan: 'wait', actions: [{ name: 'wait', params: { ticks: 40 } }] });
      }
      if (s.startsWith('You are the critic of Alex')) return json({ success: /oak_log x2/.test(u), critique: '' });
      return json({ respond: false, message: '' });
    });
    const names = collectionTeamNames('chain', 2);
    const { result, log } = await play('alex', 'chain', task4(names), { languageModel: model });
    expect(result.ended).toBe('success');
    expect(ofType(log, 'org')[0]).toMatchObject({ org: 'chain', mode: 'relay', architecture: 'alex' });
    // alice said it twice (her plan was made again); the repeat while bob worked on it was a reminder, not a new assignment.
    expect(ofType(log, 'assignment')).toEqual([expect.objectContaining({ agent: 'bob', from: 'alice', task: 'collect 2 oak_log' })]);
    // Both links hold logs at the end (the episode stops when the team holds 4, before bob's collect reports).
    expect(result.perAgent).toEqual({ alice: 2, bob: 2 });
  });

  it('refuses a pairing that makes no sense, naming the organisations the architecture runs in', () => {
    expect(() => composition('heuristic', 'chain')).toThrow(InputError);
    expect(() => composition('heuristic', 'chain')).toThrow("'heuristic' runs in: centralized, solo, tree");
    expect(() => composition('s-agents', 'centralized')).toThrow("'s-agents' runs in: tree, chain, graph, solo");
    expect(() => composition('alex', 'mesh')).toThrow(/'mesh' is not an organisation/);
    expect(composition('tickingcollab-distributed')).toMatchObject({ org: 'distributed', own: true });
    expect(composition('heuristic', 'tree')).toMatchObject({ own: false, leader: expect.objectContaining({ name: 's-agents' }) });
  });
});
