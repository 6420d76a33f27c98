/**
 * MineLand's personality study (Appendix O.2) end to end: the shipped experiment file's 48 Alex agents per cell, each
 * prompted with the cell's personality, against a model on 127.0.0.1 that plans according to the personality it is
 * given; the report counts the agents whose first long-term plan speaks of working with others.
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

/** A model that answers each Alex component; its long-term plan follows the personality and name in the prompt. */
function answer(body: Record<string, unknown>): Step {
  const messages = body.messages as { role: string; content: string }[];
  const system = messages.find((m) => m.role === 'system')?.content ?? '';
  const json = (v: unknown): Step => ({ kind: 'answer', text: JSON.stringify(v) });
  if (system.startsWith('You are the long-term planner of Alex')) {
    const name = /Your name in the world is (\S+)\./.exec(system)?.[1] ?? '';
    const sociable = system.includes(PERSONALITY_PRESETS['high-extraversion-agreeableness']) || name.endsWith('2');
    return sociable
      ? json({ reasoning: 'The forest is big; we will find the chest faster together.', complex: true, subGoals: ['Team up with the players nearby and split the forest', 'Find the chest', 'Take the diamond'] })
      : json({ reasoning: 'I would rather search alone.', complex: true, subGoals: ['Search the forest on my own', 'Find the chest', 'Take the diamond'] });
  }
  if (system.startsWith('You are the short-term planner of Alex')) return json({ plan: 'Wait and watch the forest', actions: [{ name: 'wait', params: { ticks: 24000 } }] });
  if (system.startsWith('You are the critic of Alex')) return json({ success: false, critique: 'not yet' });
  return json({ respond: false, message: '' });
}

beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'guildcraft-personality-'));
  model = new FakeLlmServer('openai', answer);
  base = await model.start();
});

afterAll(async () => {
  await model?.stop();
  await rm(dir, { recursive: true, force: true });
});

describe('MineLand personality study (experiments/mineland-personality.yaml)', () => {
  it('prompts 48 Alex agents per cell with the cell personality and counts the cooperative first plans', async () => {
    const out = join(dir, 'out');
    const log = vi.spyOn(console, 'log').mockImplementation(() => {});
    try {
      await experimentRun('experiments/mineland-personality.yaml', { out, jobs: '1', model: `openai-compatible:${base}#recorded`, llmCache: 'off' });
    } finally {
      log.mockRestore();
    }
    const longTerm = model.received.filter((r) => JSON.stringify(r.body.messages).includes('long-term planner of Alex'));
    expect(longTerm.length).toBe(96);
    const summary = JSON.parse(await readFile(join(out, 'summary.json'), 'utf8')) as { tables: { title: string; rows: { key: string[]; estimate: number | null; paper: unknown }[] }[] };
    const table = JSON.stringify(summary);
    // High: every agent was told it is sociable (48); low: only the 22 agents whose names end in 2 planned to team up.
    expect(table).toMatch(/high-extraversion-agreeableness[^}]*"estimate":48/);
    expect(table).toMatch(/low-extraversion-agreeableness[^}]*"estimate":22/);
  }, 300_000);
});
