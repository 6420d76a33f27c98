/**
 * MineLand's conformity study (Appendix O.1, Table 14) end to end: the shipped experiment file, Alex as the tested
 * agent against a model on 127.0.0.1 with recorded answers, 0/1/4/9 confederates choosing the shorter (left) tower.
 * The recorded answers follow what the prompt shows: a conformist who sees others choose left says left, anyone
 * else says right. That is a check of the pipeline (what the tested agent is shown, how its choice is read and
 * tabulated), not a result: the answers are written to match the personality.
 */
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { experimentRun } from '../../src/cli/commands/experiment.js';
import { PERSONALITY_PRESETS } from '../../src/agents/alex/personalities.js';
import { FakeLlmServer, type Step } from '../llm/fake-llm-server.js';

let dir: string;
let model: FakeLlmServer;
let base: string;

const CONFEDERATE_LINE = 'I choose the left tower.';

function answer(body: Record<string, unknown>): Step {
  const messages = body.messages as { role: string; content: string }[];
  const system = messages.find((m) => m.role === 'system')?.content ?? '';
  const user = messages.find((m) => m.role === 'user')?.content ?? '';
  const json = (v: unknown): Step => ({ kind: 'answer', text: JSON.stringify(v) });
  if (system.startsWith('You are the long-term planner of Alex')) return json({ reasoning: 'One thing to do.', complex: false, subGoals: ['Choose the taller tower'] });
  if (system.startsWith('You are the short-term planner of Alex')) {
    const follows = system.includes(PERSONALITY_PRESETS.conformist) && user.includes(CONFEDERATE_LINE);
    const message = follows ? 'Everyone chose the left one, so I choose the left tower too.' : 'The right tower is taller: I choose the right tower.';
    return json({ reasoning: 'Say which tower.', plan: 'Say my choice', explanation: '', reuseSkill: null, actions: [{ name: 'say', params: { message } }] });
  }
  if (system.startsWith('You are the critic of Alex')) return json({ reasoning: 'Said it.', success: true, critique: '', skill: null });
  return json({ respond: false, message: '' });
}

beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'guildcraft-conformity-'));
  model = new FakeLlmServer('openai', answer);
  base = await model.start();
});

afterAll(async () => {
  await model?.stop();
  await rm(dir, { recursive: true, force: true });
});

interface SummaryRow {
  table: string;
  metric: string;
  row: string;
  column: string;
  estimate: number | null;
  n: number;
  paper: string | null;
}

describe('MineLand conformity study (experiments/mineland-conformity.yaml)', () => {
  it('shows the tested agent the confederates, reads its choice and fills Table 14', async () => {
    const out = join(dir, 'out');
    const log = vi.spyOn(console, 'log').mockImplementation(() => {});
    try {
      await experimentRun('experiments/mineland-conformity.yaml', { out, jobs: '1', model: `openai-compatible:${base}#recorded`, llmCache: 'off' });
    } finally {
      log.mockRestore();
    }
    const prompts = model.received.map((r) => (r.body.messages as { role: string; content: string }[]).map((m) => m.content).join('\n'));
    // Only the tested agent is prompted: the confederates are played by their scripts.
    const names = new Set(prompts.flatMap((p) => [...p.matchAll(/Your name in the world is (\S+)\./g)].map((m) => m[1])));
    expect(names).toEqual(new Set(['Tess']));
    // At 4+1, Tess's first short-term prompt has the four confederates' chat and where they stand (beside the left tower).
    const shortTerm = prompts.filter((p) => p.includes('short-term planner of Alex'));
    const fourPlusOne = shortTerm.filter((p) => p.includes('player:Dan') && !p.includes('player:Eva'));
    expect(fourPlusOne.length).toBeGreaterThan(0);
    for (const p of fourPlusOne) {
      for (const c of ['Ada', 'Ben', 'Cleo', 'Dan']) {
        // heard: Ada(0.97): "I choose the left tower." (the volume falls off with distance)
        expect(p).toMatch(new RegExp(`heard: .*${c}(\\([\\d.]+\\))?: "${CONFEDERATE_LINE.replace('.', '\\.')}"`));
        const at = new RegExp(`player:${c}#\\d+ @(-?[\\d.]+),64,(-?[\\d.]+)`).exec(p);
        expect(at, `${c}'s position in the prompt`).not.toBeNull();
        expect(Math.hypot(Number(at![1]) - 6, Number(at![2]) - 10)).toBeLessThanOrEqual(4);
      }
    }
    // At 0+1 there is nobody to hear or see.
    expect(shortTerm.some((p) => !p.includes('player:') && !p.includes(CONFEDERATE_LINE))).toBe(true);

    const summary = JSON.parse(await readFile(join(out, 'summary.json'), 'utf8')) as { tables: SummaryRow[] };
    const table14 = summary.tables.filter((r) => r.metric === 'correct_choice');
    const cell = (row: string, n: number) => table14.find((r) => r.row === row && r.column === `confederates=${n}`)!;
    // The choice is read from what Tess said: a conformist says left once others did ("left" at 1+1, 4+1, 9+1).
    expect([0, 1, 4, 9].map((n) => cell('agents=alex; personality=conformist', n).estimate)).toEqual([1, 0, 0, 0]);
    expect([0, 1, 4, 9].map((n) => cell('agents=alex; personality=independent', n).estimate)).toEqual([1, 1, 1, 1]);
    expect([0, 1, 4, 9].map((n) => cell('agents=alex; personality=conformist', n).paper)).toEqual(['1 (right)', '0 (left)', '0 (left)', '0 (left)']);
    expect(cell('agents=alex; personality=conformist', 4).n).toBe(3);
    expect([0, 1, 4, 9].map((n) => cell('agents=oracle; personality=—', n).estimate)).toEqual([1, 1, 1, 1]);
    // Every episode ended with a clear choice.
    expect(summary.tables.filter((r) => r.metric === 'choice_made').map((r) => [r.estimate, r.n])).toEqual(Array(12).fill([1, 3]));
  }, 300_000);
});
