import { describe, expect, it } from 'vitest';
import { agentActionSchema, type AgentAction } from '../../../src/core/actions.js';
import type { HeardMessage, Observation } from '../../../src/core/observation.js';
import { LlmRun, ScriptedModel, type ChatRequest, type LlmCallRecord } from '../../../src/llm/index.js';
import { SKILL_CATALOG, describeSkills } from '../../../src/skills/catalog.js';
import { HourglassAgent, answer, createSAgentsTeam } from '../../../src/agents/s-agents/index.js';
import { MessageBus, buildTopology, createTurnGate, decodeOrgMessage, encodeOrgMessage, seatOf, type Seat } from '../../../src/orgs/index.js';
import { ModelFaultPolicy } from '../../../src/agents/model-fault-policy.js';

function observation(agent: string, tick: number, extra: Partial<Observation> = {}): Observation {
  return {
    agent, tick, alive: true, health: 20, maxHealth: 20, food: 20, saturation: 5, oxygen: 300, effects: [],
    pos: { x: 0.5, y: -60, z: 0.5 }, yaw: 0, pitch: 0, inventory: [],
    equipment: { head: null, chest: null, legs: null, feet: null, mainHand: null, offHand: null },
    heldItem: null, timeOfDay: 1000, dayPhase: 'day', biome: 'plains',
    nearbyBlocks: [{ name: 'oak_log', count: 4, nearest: { x: 5, y: -60, z: 0 }, distance: 4.5 }],
    entities: [], messages: [], sounds: [], events: [], runningSkill: null, finishedSkills: [],
    ...extra,
  };
}

function seatIn(org: string, agents: string[], name: string): Seat {
  return seatOf(buildTopology(org, agents), name);
}

/** Each test agent's ledger: its calls go through an LlmRun as a team's do. */
const ledgers = new WeakMap<HourglassAgent, LlmRun>();
const callsOf = (a: HourglassAgent): readonly LlmCallRecord[] => ledgers.get(a)!.accountant.records;

function agent(name: string, org: string, model: ScriptedModel, log: { type: string }[] = []) {
  const llm = LlmRun.offline();
  const a = new HourglassAgent({
    name, seat: seatIn(org, ['leader', 'bob', 'cat'], name), model: llm.model('planner', undefined, { base: model }), faults: new ModelFaultPolicy(llm),
    bus: new MessageBus(), gate: createTurnGate('async'), goal: 'collect 6 oak_log', skills: describeSkills(), log: (r) => log.push(r),
  });
  ledgers.set(a, llm);
  return a;
}

const policy = () => new ScriptedModel('sagents', (req: ChatRequest) => JSON.stringify(answer(req)));
const heard = (from: string, message: string, tick: number): HeardMessage => ({ tick, from, message, channel: null, volume: 1 });
const finished = (name: string, params: unknown, result: Record<string, unknown>, tick: number) => ({ name, params, ok: result.ok === true, result, ticks: 1, finishedAt: tick });

function expectValidSkill(a: AgentAction | null, name: string): Record<string, unknown> {
  const parsed = agentActionSchema.parse(a);
  if (parsed.type !== 'skill') throw new Error(`expected a skill call, got ${parsed.type}`);
  expect(parsed.name).toBe(name);
  expect(SKILL_CATALOG[name as keyof typeof SKILL_CATALOG].params.safeParse(parsed.params).success).toBe(true);
  return parsed.params;
}

describe('organisation messages', () => {
  it('encode tasks and reports as tagged chat lines and decode what `say` delivers', () => {
    expect(encodeOrgMessage({ kind: 'task', text: 'collect 3 oak_log' })).toBe('[task] collect 3 oak_log');
    expect(decodeOrgMessage('@leader [report:fail] collect 3 oak_log | reason: not_found')).toEqual({ kind: 'report', status: 'fail', text: 'collect 3 oak_log | reason: not_found', respondent: 'leader' });
    expect(decodeOrgMessage('hello all')).toEqual({ kind: 'talk', text: 'hello all', respondent: null });
  });

  it('the bus turns a delegation into a say call to the addressee, on the granted radio channel if any', () => {
    const bus = new MessageBus({ radioChannel: 'team' });
    const a = bus.send('bob', { kind: 'task', text: 'collect 2 oak_log' });
    expect(expectValidSkill(a, 'say')).toEqual({ message: '[task] collect 2 oak_log', to: 'bob', channel: 'team' });
    bus.noteResult(finished('say', {}, { ok: false, reason: 'no_such_channel', details: '' }, 3));
    expect(bus.send('bob', { kind: 'task', text: 'x' })).toEqual({ type: 'skill', name: 'say', params: { message: '[task] x', to: 'bob' } });
    expect(bus.stats()).toMatchObject({ sent: 2, undelivered: 1, tasks: 2 });
  });
});

describe('HourglassAgent', () => {
  it('a tree leader delegates the goal to its leaves with say calls and does no work itself', async () => {
    const log: { type: string }[] = [];
    const leader = agent('leader', 'tree', policy(), log);
    const first = await leader.decide(observation('leader', 0));
    expect(expectValidSkill(first, 'say')).toEqual({ message: '[task] collect 3 oak_log', to: 'bob' });
    const second = await leader.decide(observation('leader', 5, { finishedSkills: [finished('say', {}, { ok: true, heardBy: 2 }, 5)] }));
    expect(expectValidSkill(second, 'say')).toEqual({ message: '[task] collect 3 oak_log', to: 'cat' });
    expect(leader.stats()).toMatchObject({ prompts: 1, modelFaults: 0 });
    // Two calls, each in the ledger under the module that made it (no monitor yet: there was no task at hand).
    expect(callsOf(leader).map((c) => [c.agent, c.role])).toEqual([['leader', 'task_planner'], ['leader', 'action_planner']]);
    expect(log.map((r) => r.type)).toEqual(expect.arrayContaining(['sagents_plan', 'sagents_queue', 'message']));
  });

  it('a leaf that hears a task reports the start, collects with a valid skill call, and reports success with its inventory', async () => {
    const bob = agent('bob', 'tree', policy());
    // At the start a leaf has no task: it waits.
    expect(expectValidSkill(await bob.decide(observation('bob', 0)), 'wait')).toBeDefined();
    const start = await bob.decide(observation('bob', 10, { messages: [heard('leader', '@bob [task] collect 3 oak_log', 8)], runningSkill: { name: 'wait', params: {}, ticks: 10 } }));
    expect(expectValidSkill(start, 'say')).toMatchObject({ to: 'leader', message: expect.stringMatching(/^\[report:start\] .*bob collect 3 oak_log/) });
    const work = await bob.decide(observation('bob', 15, { finishedSkills: [finished('say', {}, { ok: true, heardBy: 2 }, 15)] }));
    expect(expectValidSkill(work, 'collect')).toMatchObject({ block: 'oak_log', count: 3 });
    const done = await bob.decide(
      observation('bob', 200, { inventory: [{ name: 'oak_log', count: 3 }], finishedSkills: [finished('collect', { block: 'oak_log', count: 3 }, { ok: true, collected: 3, drops: [] }, 200)] }),
    );
    expect(expectValidSkill(done, 'say')).toEqual({ to: 'leader', message: '[report:success] Stage 1: bob collect 3 oak_log | inventory: oak_log x3' });
  });

  it('reports a failure with its reason and inventory', async () => {
    const bob = agent('bob', 'tree', policy());
    await bob.decide(observation('bob', 0, { messages: [heard('leader', '@bob [task] collect 3 oak_log', 0)] }));
    await bob.decide(observation('bob', 5, { finishedSkills: [finished('say', {}, { ok: true, heardBy: 2 }, 5)] }));
    const failed = finished('collect', { block: 'oak_log', count: 3 }, { ok: false, reason: 'not_found', details: 'no reachable oak_log (collected 1 of 3)' }, 90);
    const report = await bob.decide(observation('bob', 90, { inventory: [{ name: 'oak_log', count: 1 }], finishedSkills: [failed] }));
    expect(expectValidSkill(report, 'say')).toEqual({ to: 'leader', message: expect.stringMatching(/^\[report:fail\] .*reason: collect failed: not_found .*collected 1 of 3.*inventory: oak_log x1$/) });
  });

  it('survives garbage JSON: counts the model fault, waits, and plans again once the model answers', async () => {
    const good = policy();
    let calls = 0;
    const flaky = new ScriptedModel('flaky', (req, i) => {
      calls = i + 1;
      return i < 2 ? 'this is {not json' : good.generate(req).then((r) => r.text);
    });
    const log: { type: string }[] = [];
    const leader = agent('leader', 'tree', flaky, log);
    const first = await leader.decide(observation('leader', 0));
    expectValidSkill(first, 'wait');
    expect(leader.stats()).toMatchObject({ modelFaults: 1, prompts: 0 });
    expect(callsOf(leader)).toHaveLength(2);
    expect(log.some((r) => r.type === 'model_fault')).toBe(true);
    const retry = await leader.decide(observation("leader", 60, { finishedSkills: [finished("wait", { ticks: 40 }, { ok: true, ticks: 40 }, 60)] }));
    expect(expectValidSkill(retry, 'say')).toMatchObject({ to: 'bob' });
    expect(calls).toBe(4);
  });

  it('an action planner that names an unknown skill gets one repair; a delegation to someone it may not command is refused', async () => {
    const answers = [
      JSON.stringify({ objective: 'x', taskAtHand: 'bob collect 2 oak_log', informer: 'leader' }),
      JSON.stringify({ queue: [{ skill: 'chopTree', params: {} }] }),
      JSON.stringify({ queue: [{ inform: 'cat', task: 'collect 2 oak_log' }] }),
    ];
    const model = new ScriptedModel('bad', answers);
    const bob = agent('bob', 'tree', model);
    const a = await bob.decide(observation('bob', 0, { messages: [heard('leader', '@bob [task] collect 2 oak_log', 0)] }));
    expectValidSkill(a, 'wait');
    expect(bob.stats().modelFaults).toBe(1);
    const repair = model.requests[2]!.messages.at(-1)!.content;
    expect(repair).toMatch(/'chopTree' is not a skill/);
    expect(model.requests.length).toBe(3);
  });
});

describe('createSAgentsTeam with the run\'s LLM services', () => {
  it('takes its model from the LlmRun, so every call is in the run\'s ledger under its agent and module, and logs no call records of its own', async () => {
    const calls: LlmCallRecord[] = [];
    const llm = new LlmRun({ scripted: { policy: policy() }, onCall: (c) => calls.push(c), configFile: false, env: {} });
    const team = createSAgentsTeam({ org: 'tree', modelSpec: 'scripted:policy', llm, seed: '0' });
    const log: { type: string }[] = [];
    await team.start({ task: { id: 't', type: 'collection', goal: 'collect 6 oak_log', maxTicks: 100 }, agents: ['leader', 'bob', 'cat'], seed: '0', skills: describeSkills(), log: (r) => log.push(r) });
    const acts = await team.decide({ leader: observation('leader', 0), bob: observation('bob', 0), cat: observation('cat', 0) });
    expect(expectValidSkill(acts.leader ?? null, 'say')).toMatchObject({ to: 'bob' });
    expect(team.llm).toBe(llm);
    expect(calls.length).toBeGreaterThan(0);
    expect(new Set(calls.map((c) => c.role))).toEqual(new Set(['task_planner', 'action_planner']));
    expect(calls.every((c) => ['leader', 'bob', 'cat'].includes(c.agent!))).toBe(true);
    expect(log.filter((r) => r.type === 'llm_call' || r.type === 'sagents_call')).toHaveLength(0);
    expect(log.find((r) => r.type === 'org')).toMatchObject({ org: 'tree', mode: 'async', goalHolders: ['leader'] });
  });
});
