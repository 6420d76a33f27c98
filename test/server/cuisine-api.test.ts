import { mkdtemp, readFile, readdir, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildServer } from '../../src/server/app.js';
import type { HumanGameView, HumanRecord } from '../../src/server/cuisine/human-game.js';

let app: FastifyInstance;
let runsDir: string;

beforeAll(async () => {
  runsDir = await mkdtemp(join(tmpdir(), 'guildcraft-api-'));
  app = await buildServer({ runsDir });
});

afterAll(async () => {
  await app.close();
  await rm(runsDir, { recursive: true, force: true });
});

async function post(url: string, payload?: unknown) {
  const r = await app.inject({ method: 'POST', url, ...(payload === undefined ? {} : { payload: payload as object }) });
  return { status: r.statusCode, body: r.json() as Record<string, unknown> };
}

async function create(payload: unknown): Promise<HumanGameView> {
  const r = await post('/api/cuisine/games', payload);
  expect(r.status).toBe(201);
  return r.body as unknown as HumanGameView;
}

/** Plays to the end: the human takes the first command that would work (a wander), else waits. */
async function playOut(id: string): Promise<HumanGameView> {
  let view = (await app.inject({ method: 'GET', url: `/api/cuisine/games/${id}` })).json() as HumanGameView;
  while (!view.done) {
    const pick = view.you.choices.find((c) => c.ok && c.verb !== 'noop') ?? view.you.choices[0]!;
    const r = await post(`/api/cuisine/games/${id}/step`, { command: pick.command, step: view.state.step });
    expect(r.status).toBe(200);
    view = r.body as unknown as HumanGameView;
  }
  return view;
}

describe('POST /api/cuisine/games', () => {
  it('starts a game with the human as agent0 and the heuristic AI by default', async () => {
    const v = await create({ level: 1 });
    expect(v.id).toMatch(/^[0-9a-f]{12}$/);
    expect(v.settings).toMatchObject({ level: 'level_1', agents: 2, ai: 'heuristic', alpha: 2.2, humanAgent: 'agent0' });
    expect(v.state.step).toBe(0);
    expect(v.state.maxSteps).toBe(60);
    expect(v.state.orders).toHaveLength(1);
    expect(v.state.orders[0]!.lifetime).toBe(17);
    expect(v.recipes.map((r) => r.product)).toEqual(['salmonMeatcake', 'lambMeatcake', 'lobsterMeatcake']);
    expect(v.you.choices.find((c) => c.command === 'goto_agent0_storage0')?.ok).toBe(true);
    expect(v.lastStep).toBeNull();
    expect(v.done).toBe(false);
  });

  it('accepts level names, team size, AI kind, alpha and seed; the seed fixes the orders', async () => {
    const a = await create({ level: 'level_3', aiAgents: 3, ai: 'random', alpha: 1, seed: 42 });
    expect(a.settings).toMatchObject({ level: 'level_3', agents: 4, ai: 'random', alpha: 1, seed: 42 });
    expect(a.state.agents).toHaveLength(4);
    const solo = await create({ level: '0', aiAgents: 0, seed: 42 });
    expect(solo.settings.ai).toBeNull();
    expect(solo.state.agents).toHaveLength(1);
    const again = await create({ level: 'level_3', aiAgents: 3, ai: 'random', alpha: 1, seed: 42 });
    expect(again.state.orders).toEqual(a.state.orders);
  });

  it('answers 400 naming the bad field', async () => {
    const cases: [unknown, RegExp][] = [
      [{ level: 13 }, /level: must be a benchmark level 0\.\.12/],
      [{ level: 'kitchen' }, /level: must be a benchmark level/],
      [{ level: 1, aiAgents: 4 }, /aiAgents: Too big/],
      [{ level: 1, aiAgents: 1.5 }, /aiAgents: must be a whole number/],
      [{ level: 1, alpha: 0 }, /alpha: Too small/],
      [{ level: 1, ai: 'gpt' }, /ai: Invalid option/],
      [{ level: 1, agents: 2 }, /Unrecognized key: "agents"/],
      [{}, /level: must be a benchmark level/],
      [{ level: 2.5 }, /level: must be a benchmark level/],
      [[1, 2], /expected object/],
    ];
    for (const [payload, message] of cases) {
      const r = await post('/api/cuisine/games', payload);
      expect(r.status, JSON.stringify(payload)).toBe(400);
      expect(r.body.error, JSON.stringify(payload)).toMatch(message);
      expect(r.body.hint).toBeTypeOf('string');
    }
    const noBody = await post('/api/cuisine/games');
    expect(noBody.status).toBe(400);
    const notJson = await app.inject({ method: 'POST', url: '/api/cuisine/games', headers: { 'content-type': 'application/json' }, payload: '{level:' });
    expect(notJson.statusCode).toBe(400);
    expect(notJson.json().error).toMatch(/not valid JSON/);
  });

  it('refuses bodies over the size limit with 413', async () => {
    const r = await post('/api/cuisine/games', { level: 1, padding: 'x'.repeat(20_000) });
    expect(r.status).toBe(413);
    expect(r.body.error).toMatch(/too large/);
  });
});

describe('GET /api/cuisine/games/:id and POST .../step', () => {
  it('404s unknown games, whatever the id looks like', async () => {
    for (const id of ['000000000000', 'nope', '../etc']) {
      const r = await app.inject({ method: 'GET', url: `/api/cuisine/games/${encodeURIComponent(id)}` });
      expect(r.statusCode).toBe(404);
      expect(r.json().error).toMatch(/no game with id/);
    }
    expect((await post('/api/cuisine/games/000000000000/step', { command: 'noop_agent0' })).status).toBe(404);
    expect((await post('/api/cuisine/games/000000000000/survey', { enjoyment: 1 })).status).toBe(404);
  });

  it('advances one step per human command, with the AI acting after the human', async () => {
    const v = await create({ level: 1, aiAgents: 1, seed: 3 });
    const r = await post(`/api/cuisine/games/${v.id}/step`, { command: 'goto_agent0_storage0', step: 0 });
    expect(r.status).toBe(200);
    const after = r.body as unknown as HumanGameView;
    expect(after.state.step).toBe(1);
    expect(after.state.agents[0]!.at).toBe('storage0');
    expect(after.lastStep!.commands).toHaveLength(2);
    expect(after.lastStep!.commands[0]).toBe('goto_agent0_storage0');
    expect(after.lastStep!.commands[1]).toMatch(/^\w+_agent1/);
    const got = (await app.inject({ method: 'GET', url: `/api/cuisine/games/${v.id}` })).json() as HumanGameView;
    expect(got.state).toEqual(after.state);
  });

  it('a well-formed command that fails in the kitchen spends the step and returns the game\'s message', async () => {
    const v = await create({ level: 1, aiAgents: 0 });
    const r = await post(`/api/cuisine/games/${v.id}/step`, { command: 'activate_agent0_blender0' });
    expect(r.status).toBe(200);
    const after = r.body as unknown as HumanGameView;
    expect(after.state.step).toBe(1);
    expect(after.lastStep!.success).toEqual([false]);
    expect(after.lastStep!.feedback).toEqual(['agent0 is not located in blender0']);
    expect(after.state.feedback).toEqual(['agent0 is not located in blender0']);
  });

  it('refuses malformed, foreign and stale commands without spending the step', async () => {
    const v = await create({ level: 1, aiAgents: 1 });
    const cases: [unknown, number, RegExp][] = [
      [{ command: 'dance_agent0' }, 400, /dance is not in the list of supported actions/],
      [{ command: 'goto_agent0_fridge0' }, 400, /fridge0 is not in the current game level/],
      [{ command: 'goto_agent1_storage0' }, 400, /you control agent0/],
      [{ command: '' }, 400, /command: Too small/],
      [{ command: 'noop_agent0', extra: 1 }, 400, /Unrecognized key/],
      [{ cmd: 'noop_agent0' }, 400, /command: .*expected string/],
      [{ command: 'noop_agent0', step: 5 }, 409, /chosen at step 5, but the game is at step 0/],
    ];
    for (const [payload, status, message] of cases) {
      const r = await post(`/api/cuisine/games/${v.id}/step`, payload);
      expect(r.status, JSON.stringify(payload)).toBe(status);
      expect(r.body.error).toMatch(message);
    }
    const got = (await app.inject({ method: 'GET', url: `/api/cuisine/games/${v.id}` })).json() as HumanGameView;
    expect(got.state.step).toBe(0);
  });
});

describe('the end of an episode, the survey and the stored record', () => {
  it('stores the record when the episode ends, then again with the survey', async () => {
    const v = await create({ level: 1, aiAgents: 1, seed: 5 });
    expect((await post(`/api/cuisine/games/${v.id}/survey`, { enjoyment: 3 })).status).toBe(409);
    const end = await playOut(v.id);
    expect(end.state.step).toBe(60);
    expect(end.storedAs).toMatch(new RegExp(`^human/\\d{4}-\\d\\d-\\d\\dT\\d\\d-\\d\\d-\\d\\dZ-${v.id}\\.json$`));
    expect(end.survey.questions.map((q) => q.id)).toEqual(['enjoyment', 'productivity', 'aiHelpful', 'aiUnderstanding', 'aiPredictable', 'adaptedToAi']);
    const file = join(runsDir, end.storedAs!);
    const before = JSON.parse(await readFile(file, 'utf8')) as HumanRecord;
    expect(before.survey).toBeNull();
    expect(before.trace).toHaveLength(60);
    expect(before.score.completed).toBe(end.score.completed);

    const late = await post(`/api/cuisine/games/${v.id}/step`, { command: 'noop_agent0' });
    expect(late.status).toBe(409);
    expect(late.body.error).toMatch(/episode is over/);

    const bad: [unknown, RegExp][] = [
      [{ enjoyment: 3, productivity: 3 }, /aiHelpful: answer 1 .* to 5/],
      [{ enjoyment: 6, productivity: 3, aiHelpful: 3, aiUnderstanding: 3, aiPredictable: 3, adaptedToAi: 3 }, /enjoyment: answer 1 .* to 5/],
      [{ enjoyment: 2.5, productivity: 3, aiHelpful: 3, aiUnderstanding: 3, aiPredictable: 3, adaptedToAi: 3 }, /enjoyment: answer 1 .* to 5/],
      [{ enjoyment: 3, productivity: 3, aiHelpful: 3, aiUnderstanding: 3, aiPredictable: 3, adaptedToAi: 3, mood: 5 }, /Unrecognized key: "mood"/],
      [{ enjoyment: 3, productivity: 3, aiHelpful: 3, aiUnderstanding: 3, aiPredictable: 3, adaptedToAi: 3, comment: 'x'.repeat(2001) }, /comment: keep the comment under 2000/],
    ];
    for (const [payload, message] of bad) {
      const r = await post(`/api/cuisine/games/${v.id}/survey`, payload);
      expect(r.status).toBe(400);
      expect(r.body.error).toMatch(message);
    }
    const answers = { enjoyment: 5, productivity: 4, aiHelpful: 4, aiUnderstanding: 2, aiPredictable: 3, adaptedToAi: 1, comment: 'fun' };
    const ok = await post(`/api/cuisine/games/${v.id}/survey`, answers);
    expect(ok.status).toBe(200);
    expect(ok.body.storedAs).toBe(end.storedAs);
    const after = JSON.parse(await readFile(file, 'utf8')) as HumanRecord;
    expect(after.survey).toEqual(answers);
    expect(after.surveyedAt).not.toBeNull();
    expect(after.trace).toEqual(before.trace);
    expect((await post(`/api/cuisine/games/${v.id}/survey`, answers)).status).toBe(409);
    // One file per game, and no temporary files left behind.
    expect((await readdir(join(runsDir, 'human'))).filter((f) => f.includes(v.id))).toEqual([end.storedAs!.slice('human/'.length)]);
  });

  it('a solo player is not asked about AI teammates, and may not answer those questions', async () => {
    const v = await create({ level: 0, aiAgents: 0 });
    await playOut(v.id);
    const r = await post(`/api/cuisine/games/${v.id}/survey`, { enjoyment: 2, productivity: 2, aiHelpful: 4 });
    expect(r.status).toBe(400);
    expect(r.body.error).toMatch(/Unrecognized key: "aiHelpful"/);
    expect((await post(`/api/cuisine/games/${v.id}/survey`, { enjoyment: 2, productivity: 2 })).status).toBe(200);
  });

  it('says so when the record cannot be written, and keeps the survey open for another try', async () => {
    // A runs directory below a plain file cannot be created.
    const blocker = join(runsDir, 'not-a-directory');
    await writeFile(blocker, 'x');
    const blocked = await buildServer({ runsDir: join(blocker, 'runs') });
    try {
      const v = (await blocked.inject({ method: 'POST', url: '/api/cuisine/games', payload: { level: 0, aiAgents: 0 } })).json() as HumanGameView;
      let r;
      for (let i = 0; i < 60; i++) r = await blocked.inject({ method: 'POST', url: `/api/cuisine/games/${v.id}/step`, payload: { command: 'noop_agent0' } });
      expect(r!.statusCode).toBe(500);
      expect(r!.json().error).toMatch(/could not be written under .*not-a-directory\/runs/);
      const s = await blocked.inject({ method: 'POST', url: `/api/cuisine/games/${v.id}/survey`, payload: { enjoyment: 1, productivity: 1 } });
      expect(s.statusCode).toBe(500);
      const view = (await blocked.inject({ method: 'GET', url: `/api/cuisine/games/${v.id}` })).json() as HumanGameView;
      expect(view.survey.answered).toBe(false);
    } finally {
      await blocked.close();
    }
  });
});
