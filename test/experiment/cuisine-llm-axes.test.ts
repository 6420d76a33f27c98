/**
 * A CuisineWorld experiment's LLM cells reach the dispatcher with their axes: MindAgent Table 9's `demo_agents` (a
 * 4-agent team prompted with the demonstration recorded with 2 agents). The model is a real HTTP server on 127.0.0.1.
 */
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { experimentRun } from '../../src/cli/commands/experiment.js';
import { FakeLlmServer } from '../llm/fake-llm-server.js';

let dir: string;
let model: FakeLlmServer;
let base: string;

beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'guildcraft-exp-llm-'));
  model = new FakeLlmServer('openai', () => ({ kind: 'answer', text: 'noop_agent0 noop_agent1 noop_agent2 noop_agent3' }));
  base = await model.start();
});

afterAll(async () => {
  await model?.stop();
  await rm(dir, { recursive: true, force: true });
});

/** The team size named by the first demonstration turn of a prompt ("There are N agents available"). */
function demoTeamSize(messages: { content: string }[]): number {
  const turn = messages.find((m) => /^There are \d+ agents available/.test(m.content));
  return Number(/^There are (\d+)/.exec(turn?.content ?? '')?.[1] ?? NaN);
}

describe('experiment axes of the LLM dispatcher', () => {
  it('demo_agents picks the demonstration the dispatcher is prompted with, per cell', async () => {
    const file = join(dir, 'table9.yaml');
    await writeFile(
      file,
      [
        'kind: cuisine',
        'title: Table 9 in small',
        'seeds: 1',
        'alphas: [3.0]',
        'axes:',
        '  - {dispatcher: [llm], agents: [4], level: [level_3], demo_agents: [2]}',
        'tables:',
        '  - {title: CoS, rows: [demo_agents], metric: cos}',
      ].join('\n'),
    );
    const log = vi.spyOn(console, 'log').mockImplementation(() => {});
    try {
      await experimentRun(file, { out: join(dir, 'out'), jobs: '1', model: `openai-compatible:${base}#recorded`, llmCache: 'off' });
    } finally {
      log.mockRestore();
    }
    expect(model.received.length).toBeGreaterThan(0);
    const sizes = new Set(model.received.map((r) => demoTeamSize(r.body.messages as { content: string }[])));
    expect([...sizes]).toEqual([2]);
    // The 4 agents the dispatcher commands are still named in its state.
    expect(JSON.stringify(model.received[0]!.body.messages)).toContain('agent3');
    const summary = await readFile(join(dir, 'out', 'summary.json'), 'utf8');
    expect(summary).toContain('demo_agents');
  });
});
