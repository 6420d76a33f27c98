/**
 * Issue 18's promise: `run mineland/<construction task> --agents alex --model … --vision every:40 --judge …` recorded
 * once replays offline. A multimodal Alex episode and its VLM judge are recorded against a model on 127.0.0.1, the
 * server is stopped, and the same job replays every call (image prompts included) from the cache to the same result.
 */
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterEach, describe, expect, it } from 'vitest';
import { runEpisodeJob } from '../../src/runner/episode-job.js';
import { FakeLlmServer, type Step } from '../llm/fake-llm-server.js';

const TASK = fileURLToPath(new URL('../../suites/mineland/construction-stone-hut-v1.yaml', import.meta.url));
const savedCacheDir = process.env['GUILDCRAFT_LLM_CACHE_DIR'];
let server: FakeLlmServer | undefined;
let dir: string | undefined;

afterEach(async () => {
  await server?.stop();
  server = undefined;
  if (dir) await rm(dir, { recursive: true, force: true });
  dir = undefined;
  if (savedCacheDir === undefined) delete process.env['GUILDCRAFT_LLM_CACHE_DIR'];
  else process.env['GUILDCRAFT_LLM_CACHE_DIR'] = savedCacheDir;
});

type Content = string | { type: string; text?: string }[];

/** Answers each Alex component with a usable reply, and the judge with a verdict. */
function answer(body: Record<string, unknown>): Step {
  const messages = body.messages as { role: string; content: Content }[];
  const system = typeof messages[0]?.content === 'string' ? messages[0].content : '';
  const json = (v: unknown): Step => ({ kind: 'answer', text: JSON.stringify(v) });
  if (system.startsWith('You are the long-term planner of Alex')) return json({ complex: true, subGoals: ['Place cobblestone for the walls'] });
  if (system.startsWith('You are the short-term planner of Alex')) return json({ plan: 'look around', actions: [{ name: 'look', params: { yaw: 90, pitch: 0 } }] });
  if (system.startsWith('You are the critic of Alex')) return json({ success: false, critique: 'nothing built yet' });
  if (system.startsWith('You are the attention control of Alex')) return json({ respond: false });
  return { kind: 'answer', text: '{"score": 1, "reason": "nothing stands"}' };
}

const hasImage = (body: Record<string, unknown>): boolean =>
  (body.messages as { content: Content }[]).some((m) => Array.isArray(m.content) && m.content.some((p) => p.type === 'image_url'));

describe('a multimodal Alex run with a VLM judge', () => {
  it('recorded once, replays offline to the same result with every call from the cache', async () => {
    dir = await mkdtemp(join(tmpdir(), 'guildcraft-vision-replay-'));
    process.env['GUILDCRAFT_LLM_CACHE_DIR'] = join(dir, 'cache');
    const task = join(dir, 'stone-hut-short.yaml');
    await writeFile(task, (await readFile(TASK, 'utf8')).replace(/max_steps: \d+/, 'max_steps: 20'));
    server = new FakeLlmServer('openai', answer);
    const base = await server.start();
    const job = { file: task, seed: '2', agents: 'alex', model: `openai-compatible:${base}#vlm`, judge: `openai-compatible:${base}#vlm`, vision: { everyTicks: 40, size: 64, map: false } };

    const recorded = await runEpisodeJob({ ...job, llmCache: 'record' });
    expect(recorded.metrics.llmCalls).toBeGreaterThan(0);
    // The planners saw frames (image parts) and so did the judge.
    expect(server.received.filter((r) => hasImage(r.body)).length).toBeGreaterThan(1);
    expect(recorded.judge).toMatchObject({ score: 1, cached: false });
    await server.stop();
    server = undefined;

    const replayed = await runEpisodeJob({ ...job, llmCache: 'replay' });
    expect(replayed.ended).toBe(recorded.ended);
    expect(replayed.ticks).toBe(recorded.ticks);
    expect(replayed.score).toBe(recorded.score);
    expect(replayed.metrics.llmCalls).toBe(recorded.metrics.llmCalls);
    expect(replayed.judge).toMatchObject({ score: 1, cached: true });
    // With the server gone, a call missing from the cache would have failed the step.
    expect(replayed.metrics.modelFaults).toBe(0);
  }, 240_000);
});
