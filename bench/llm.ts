/**
 * LLM layer overhead: what the managed layer (ledger, budget, semaphore, retry and timeout wrapper) adds
 * per call over a bare scripted model; replay speed from the on-disk cache; round trips through the real
 * `openai` SDK to a local OpenAI-compatible HTTP server (in this process, so it shares the CPU); and the
 * offline hashed embedding's throughput.
 * Prints {"calls","bareUsPerCall","managedUsPerCall","overheadUsPerCall","replayCallsPerSecond",
 * "httpCallsPerSecond","httpConcurrency","embedTextsPerSecond"} (one JSON line with --json).
 */
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { HashedEmbeddingModel, LlmRun, ScriptedModel, type LanguageModel } from '../src/llm/index.js';

const ask = (i: number) => ({ messages: [{ role: 'user' as const, content: `What should agent ${i % 50} do next near the oak trees?` }] });

async function timeCalls(model: LanguageModel, n: number, concurrency = 1): Promise<number> {
  const started = performance.now();
  let next = 0;
  await Promise.all(
    Array.from({ length: concurrency }, async () => {
      while (next < n) await model.generate(ask(next++));
    }),
  );
  return performance.now() - started;
}

export async function run(argv: string[]): Promise<void> {
  const { values } = parseArgs({
    args: argv,
    options: {
      calls: { type: 'string', default: '20000' },
      'http-calls': { type: 'string', default: '500' },
      concurrency: { type: 'string', default: '4' },
      json: { type: 'boolean', default: false },
    },
  });
  const calls = Number(values.calls);
  const httpCalls = Number(values['http-calls']);
  const concurrency = Number(values.concurrency);
  const reply = '{"skill":"collect","args":{"type":"oak_log","count":3}}';
  const bareMs = await timeCalls(new ScriptedModel('bench', [reply], { whenExhausted: 'repeat-last' }), calls);
  const managed = new LlmRun({ env: {}, configFile: false, scripted: { bench: new ScriptedModel('bench', [reply], { whenExhausted: 'repeat-last' }) } });
  const managedMs = await timeCalls(managed.model('bench', 'scripted:bench'), calls);

  const dir = await mkdtemp(join(tmpdir(), 'guildcraft-bench-llm-'));
  const cached = 1000;
  const scripted = { bench: new ScriptedModel('bench', [reply], { whenExhausted: 'repeat-last' }) };
  await timeCalls(new LlmRun({ env: {}, configFile: false, cacheMode: 'record', cacheDir: dir, scripted }).model('r', 'scripted:bench'), cached);
  const replayMs = await timeCalls(new LlmRun({ env: {}, configFile: false, cacheMode: 'replay', cacheDir: dir, scripted }).model('r', 'scripted:bench'), cached);
  await rm(dir, { recursive: true, force: true });

  const server = createServer((req, res) => {
    req.resume();
    req.on('end', () => {
      res.writeHead(200, { 'content-type': 'application/json' }).end(
        JSON.stringify({
          id: 'b',
          object: 'chat.completion',
          created: 0,
          model: 'm',
          choices: [{ index: 0, message: { role: 'assistant', content: reply }, finish_reason: 'stop' }],
          usage: { prompt_tokens: 20, completion_tokens: 12, total_tokens: 32 },
        }),
      );
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.address() as AddressInfo).port;
  const httpRun = new LlmRun({ env: {}, configFile: false, maxConcurrency: concurrency });
  const httpMs = await timeCalls(httpRun.model('bench', `openai-compatible:http://127.0.0.1:${port}/v1#m`), httpCalls, concurrency);
  server.closeAllConnections();
  await new Promise<void>((resolve) => server.close(() => resolve()));

  const texts = Array.from({ length: 5000 }, (_, i) => `Agent ${i % 17} mined ${i % 9} iron ore near the river and placed a crafting table.`);
  const embedStarted = performance.now();
  await new HashedEmbeddingModel(256).embed(texts);
  const embedMs = performance.now() - embedStarted;

  const round = (x: number, d = 1) => Math.round(x * 10 ** d) / 10 ** d;
  const result = {
    calls,
    bareUsPerCall: round((bareMs * 1000) / calls, 2),
    managedUsPerCall: round((managedMs * 1000) / calls, 2),
    overheadUsPerCall: round(((managedMs - bareMs) * 1000) / calls, 2),
    replayCallsPerSecond: Math.round(cached / (replayMs / 1000)),
    httpCallsPerSecond: Math.round(httpCalls / (httpMs / 1000)),
    httpConcurrency: concurrency,
    embedTextsPerSecond: Math.round(texts.length / (embedMs / 1000)),
  };
  if (values.json) console.log(JSON.stringify(result));
  else
    console.log(
      `llm: managed layer adds ${result.overheadUsPerCall} µs/call (${result.managedUsPerCall} vs ${result.bareUsPerCall} bare); ` +
        `cache replay ${result.replayCallsPerSecond} calls/s; local HTTP via openai SDK ${result.httpCallsPerSecond} calls/s at concurrency ${concurrency}; ` +
        `hashed embedding ${result.embedTextsPerSecond} texts/s`,
    );
}
