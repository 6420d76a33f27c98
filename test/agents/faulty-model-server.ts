/**
 * A real HTTP server on 127.0.0.1 (port 0) that fails the way model servers fail, one mode for its whole
 * life: it refuses connections (started, then stopped), answers 429 or 500, answers garbage, never answers,
 * drops the connection mid-answer, or drips its answer a byte at a time. Every request is counted.
 */
import { createServer, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo, Socket } from 'node:net';

export type FaultMode = 'refused' | '429' | '500' | 'garbage' | 'silence' | 'disconnect' | 'slow-drip';

/** A chat completion whose text is the given answer. */
function completion(text: string): string {
  return JSON.stringify({
    id: 'chatcmpl-fault',
    object: 'chat.completion',
    created: 0,
    model: 'fault',
    choices: [{ index: 0, message: { role: 'assistant', content: text }, finish_reason: 'stop', logprobs: null }],
    usage: { prompt_tokens: 12, completion_tokens: 4, total_tokens: 16 },
  });
}

export class FaultyModelServer {
  requests = 0;
  private server: Server | undefined;
  private readonly sockets = new Set<Socket>();
  private readonly timers = new Set<ReturnType<typeof setInterval>>();
  private port = 0;

  constructor(readonly mode: FaultMode) {}

  /** The provider string agents are given. */
  get spec(): string {
    return `openai-compatible:http://127.0.0.1:${this.port}/v1#fault-${this.mode}`;
  }

  async start(): Promise<void> {
    const server = createServer((req, res) => {
      this.requests++;
      req.resume();
      req.on('end', () => this.answer(res));
    });
    server.on('connection', (s) => {
      this.sockets.add(s);
      s.on('close', () => this.sockets.delete(s));
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    this.port = (server.address() as AddressInfo).port;
    this.server = server;
    // A stopped server: the port was just ours, so nothing else listens there and connecting is refused.
    if (this.mode === 'refused') await this.stop();
  }

  async stop(): Promise<void> {
    for (const t of this.timers) clearInterval(t);
    this.timers.clear();
    const server = this.server;
    if (!server) return;
    this.server = undefined;
    for (const s of this.sockets) s.destroy();
    await new Promise<void>((resolve) => server.close(() => resolve()));
  }

  private answer(res: ServerResponse): void {
    const json = { 'content-type': 'application/json' };
    switch (this.mode) {
      case 'refused':
        return;
      case '429':
        res.writeHead(429, json).end(JSON.stringify({ error: { message: 'slow down', type: 'rate_limit' } }));
        return;
      case '500':
        res.writeHead(500, json).end(JSON.stringify({ error: { message: 'internal error', type: 'server' } }));
        return;
      case 'garbage':
        res.writeHead(200, json).end(completion('Sure! Here is my plan: {{{ not json at all'));
        return;
      case 'silence':
        return; // holds the request open until the client gives up
      case 'disconnect': {
        const body = completion('{"plan": "half');
        res.writeHead(200, { ...json, 'content-length': String(body.length) });
        res.write(body.slice(0, Math.floor(body.length / 2)));
        setTimeout(() => res.socket?.destroy(), 5);
        return;
      }
      case 'slow-drip': {
        const body = completion('{}');
        res.writeHead(200, { ...json, 'content-length': String(body.length) });
        let i = 0;
        const t = setInterval(() => {
          if (i >= body.length || res.destroyed) {
            clearInterval(t);
            this.timers.delete(t);
            if (!res.destroyed) res.end();
            return;
          }
          res.write(body[i++]!);
        }, 250);
        this.timers.add(t);
        return;
      }
    }
  }
}
