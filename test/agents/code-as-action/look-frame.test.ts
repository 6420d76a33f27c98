/**
 * A code-as-action agent asks for a frame from code: with rendered views on (as --vision sets them),
 * look() returns a handle `{image: 'img-N', width, height}` inside the program, and the model's next
 * writing turn carries exactly those frames, captioned by handle, at most MAX_LOOK_IMAGES of them; a
 * program that does not look sends text only. The second test runs the whole path over HTTP to a
 * local OpenAI-compatible server and asserts the request body.
 */
import { mkdtemp } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { PNG } from 'pngjs';
import { afterEach, describe, expect, it } from 'vitest';
import { createCodeAsActionTeam } from '../../../src/agents/code-as-action/code-team.js';
import { SkillLibrary } from '../../../src/agents/code-as-action/skill-library.js';
import { parseVision } from '../../../src/cli/commands/episode-flags.js';
import { SimEnv } from '../../../src/env/sim/index.js';
import { ScriptedModel, type ChatRequest } from '../../../src/llm/index.js';
import { runEpisode } from '../../../src/runner/episode.js';
import { runEpisodeJob } from '../../../src/runner/episode-job.js';
import { MemoryRunLog } from '../../../src/runner/run-log.js';
import { MAX_LOOK_IMAGES } from '../../../src/skills/render/look-frames.js';
import { FakeLlmServer } from '../../llm/fake-llm-server.js';
import { logsTask } from '../tickingcollab/logs-task.js';

const solo = [{ name: 'ann', position: { x: 0.5, y: -60, z: 0.5 } }];
const imagesIn = (req: ChatRequest) => req.messages.flatMap((m) => m.images ?? []);
const lastUserText = (req: ChatRequest) => req.messages.filter((m) => m.role === 'user').at(-1)!.content;
const program = (task: string, code: string) => `Task: ${task}\nDescription: ${task}.\n\`\`\`js\n${code}\n\`\`\``;

let server: FakeLlmServer | undefined;
afterEach(async () => {
  await server?.stop();
  server = undefined;
});

describe('code-as-action look()', () => {
  it("returns image handles in the program and hands the model those frames on its next turn, bounded", async () => {
    const programs = [
      program('look both ways', 'const east = await look({ yaw: -90, pitch: 0 });\nconst west = await look({ yaw: 90, pitch: 0 });\nreturn [east, west];'),
      program('look around', 'const seen = [];\nfor (const yaw of [0, 45, 90, 135, 180]) seen.push((await look({ yaw, pitch: 10 })).image);\nreturn seen;'),
      program('wait', 'await wait({ ticks: 20 });\nreturn 2;'),
    ];
    let writes = 0;
    const model = new ScriptedModel('coder', () => programs[Math.min(writes++, programs.length - 1)]!);
    const team = createCodeAsActionTeam({ model, critic: false, library: await SkillLibrary.open(await mkdtemp(path.join(tmpdir(), 'guildcraft-look-'))), maxPrograms: 4 });
    const backend = new SimEnv({ ticksPerStep: 5, views: { firstPerson: { width: 32, height: 24, everyTicks: 5 }, onObservations: true } });
    const log = new MemoryRunLog();
    await runEpisode({ backend, task: logsTask({ agents: solo, goal: 50, maxTicks: 400 }), team, seed: '1', log });
    const writers = model.requests;
    expect(writers.length).toBeGreaterThanOrEqual(4);

    // Inside the program, look() answered with handles of the frame size.
    const values = log.records.filter((r) => r.type === 'code_result').map((r) => (r as unknown as { value: unknown }).value);
    expect(values[0]).toEqual([
      { ok: true, yaw: -90, pitch: 0, image: 'img-1', width: 32, height: 24 },
      { ok: true, yaw: 90, pitch: 0, image: 'img-2', width: 32, height: 24 },
    ]);
    expect(values[1]).toEqual(['img-3', 'img-4', 'img-5', 'img-6', 'img-7']);

    expect(imagesIn(writers[0]!)).toHaveLength(0); // nothing looked yet
    // After the first program: its two frames, in call order, captioned by handle; east and west differ.
    const both = imagesIn(writers[1]!);
    expect(both.map((i) => [i.width, i.height, i.mime])).toEqual([[32, 24, 'image/png'], [32, 24, 'image/png']]);
    expect(lastUserText(writers[1]!)).toMatch(/look\(\) calls returned as img-1, img-2\b/);
    const [east, west] = both.map((i) => PNG.sync.read(Buffer.from(i.data)).data);
    expect(Buffer.compare(east!, west!)).not.toBe(0);
    // After five looks: only the newest MAX_LOOK_IMAGES frames go with the turn.
    expect(MAX_LOOK_IMAGES).toBe(3);
    expect(imagesIn(writers[2]!)).toHaveLength(MAX_LOOK_IMAGES);
    expect(lastUserText(writers[2]!)).toMatch(/returned as img-5, img-6, img-7\b/);
    // A program that only waited: text only.
    expect(imagesIn(writers[3]!)).toHaveLength(0);
  });

  it('sends the looked frame to an OpenAI-compatible server as an image part of the next request', async () => {
    // Each agent (the task seats two) looks up in its first program, which the critic passes; then it is done.
    server = new FakeLlmServer('openai', (body) => {
      const [system, user] = (body.messages as { role: string; content: unknown }[]).map((m) => (typeof m.content === 'string' ? m.content : ''));
      if (system!.startsWith('You are a critic')) return { kind: 'answer', text: '{"reasoning": "fine", "success": true}' };
      const first = user!.includes('## Tasks completed so far\n(none)');
      return { kind: 'answer', text: first ? program('look up', 'const v = await look({ pitch: -60 });\nreturn v.image;') : 'DONE' };
    });
    const baseURL = await server.start();
    const task = fileURLToPath(new URL('../../../suites/mineland/construction-stone-hut-v1.yaml', import.meta.url));
    const result = await runEpisodeJob({ file: task, seed: '1', agents: 'code-as-action', model: `openai-compatible:${baseURL}#llava`, vision: parseVision('every:40,size:48') });
    expect(result.ended).not.toBe('error');
    const userText = (m: { content: unknown }) => (typeof m.content === 'string' ? m.content : (m.content as { text?: string }[])[0]?.text ?? '');
    // One agent's writing turns, in order.
    const writerBodies = server.received
      .filter((r) => r.path.endsWith('/chat/completions'))
      .map((r) => r.body as { messages: { role: string; content: unknown }[] })
      .filter((b) => userText(b.messages[1]!).startsWith('You are Alex.'));
    expect(writerBodies.length).toBeGreaterThanOrEqual(2);
    // The first writing turn: text only (nothing looked yet).
    expect(writerBodies[0]!.messages.every((m) => typeof m.content === 'string')).toBe(true);
    // The next: the user message holds the text, captioned with the handle, then the frame as an image_url part.
    const user = writerBodies[1]!.messages.filter((m) => m.role === 'user').at(-1)!;
    expect(Array.isArray(user.content)).toBe(true);
    const parts = user.content as { type: string; text?: string; image_url?: { url: string } }[];
    expect(parts[0]!.type).toBe('text');
    expect(parts[0]!.text).toMatch(/look\(\) calls returned as img-1\b/);
    const images = parts.filter((p) => p.type === 'image_url');
    expect(images).toHaveLength(1);
    expect(images[0]!.image_url!.url.startsWith('data:image/png;base64,')).toBe(true);
    const png = PNG.sync.read(Buffer.from(images[0]!.image_url!.url.split(',')[1]!, 'base64'));
    expect([png.width, png.height]).toEqual([48, 48]);
  });
});
