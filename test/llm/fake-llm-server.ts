/**
 * A real HTTP server on 127.0.0.1 (port 0) that speaks enough of the OpenAI chat-completions / embeddings
 * protocol, or the Anthropic messages protocol, for the SDKs to talk to it. Each request takes the next
 * scripted step (an answer, an HTTP error, a slow answer, a broken body); requests are recorded.
 */
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

export type Step =
  | { kind: 'answer'; text: string; delayMs?: number; usage?: { prompt: number; completion: number }; finish?: string }
  | { kind: 'status'; status: number; headers?: Record<string, string>; message?: string }
  | { kind: 'broken-body' };

export interface ReceivedRequest {
  path: string;
  headers: IncomingMessage['headers'];
  body: Record<string, unknown>;
}

export class FakeLlmServer {
  readonly received: ReceivedRequest[] = [];
  /** Requests being handled right now, and the most seen at once. */
  inFlight = 0;
  maxInFlight = 0;
  private readonly steps: Step[] = [];
  private server: Server | undefined;
  private port = 0;

  constructor(
    readonly protocol: 'openai' | 'anthropic',
    /** Used when no step is queued. */
    private readonly fallback: (body: Record<string, unknown>) => Step = () => ({ kind: 'answer', text: 'ok' }),
  ) {}

  queue(...steps: Step[]): this {
    this.steps.push(...steps);
    return this;
  }

  async start(): Promise<string> {
    this.server = createServer((req, res) => void this.handle(req, res));
    await new Promise<void>((resolve) => this.server!.listen(0, '127.0.0.1', resolve));
    this.port = (this.server.address() as AddressInfo).port;
    return this.baseURL;
  }

  get baseURL(): string {
    return this.protocol === 'openai' ? `http://127.0.0.1:${this.port}/v1` : `http://127.0.0.1:${this.port}`;
  }

  async stop(): Promise<void> {
    const server = this.server;
    if (!server) return;
    this.server = undefined;
    server.closeAllConnections();
    await new Promise<void>((resolve) => server.close(() => resolve()));
  }

  private async handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    const body = JSON.parse(Buffer.concat(chunks).toString('utf8') || '{}') as Record<string, unknown>;
    const path = req.url ?? '';
    this.received.push({ path, headers: req.headers, body });
    this.inFlight++;
    this.maxInFlight = Math.max(this.maxInFlight, this.inFlight);
    try {
      const step = this.steps.shift() ?? this.fallback(body);
      if (step.kind === 'answer' && step.delayMs) {
        const closed = await waitOrClose(req, res, step.delayMs);
        if (closed) return;
      }
      this.respond(path, body, step, res);
    } finally {
      this.inFlight--;
    }
  }

  private respond(path: string, body: Record<string, unknown>, step: Step, res: ServerResponse): void {
    if (step.kind === 'broken-body') {
      res.writeHead(200, { 'content-type': 'application/json' }).end('{"id": "x", "choices": [');
      return;
    }
    if (step.kind === 'status') {
      const error =
        this.protocol === 'openai'
          ? { error: { message: step.message ?? `fake status ${step.status}`, type: 'fake' } }
          : { type: 'error', error: { type: 'fake', message: step.message ?? `fake status ${step.status}` } };
      res.writeHead(step.status, { 'content-type': 'application/json', ...step.headers }).end(JSON.stringify(error));
      return;
    }
    const usage = step.usage ?? { prompt: 10, completion: 5 };
    let payload: unknown;
    if (path.endsWith('/embeddings')) {
      const input = body['input'] as string[];
      payload = {
        object: 'list',
        model: body['model'],
        data: input.map((t, index) => ({ object: 'embedding', index, embedding: [t.length, 1, 0] })),
        usage: { prompt_tokens: usage.prompt, total_tokens: usage.prompt },
      };
    } else if (this.protocol === 'openai') {
      payload = {
        id: 'chatcmpl-fake',
        object: 'chat.completion',
        created: 0,
        model: body['model'],
        choices: [{ index: 0, message: { role: 'assistant', content: step.text }, finish_reason: step.finish ?? 'stop', logprobs: null }],
        usage: { prompt_tokens: usage.prompt, completion_tokens: usage.completion, total_tokens: usage.prompt + usage.completion },
      };
    } else {
      payload = {
        id: 'msg_fake',
        type: 'message',
        role: 'assistant',
        model: body['model'],
        content: [{ type: 'text', text: step.text }],
        stop_reason: step.finish ?? 'end_turn',
        stop_sequence: null,
        usage: { input_tokens: usage.prompt, output_tokens: usage.completion },
      };
    }
    res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify(payload));
  }
}

/** Waits, unless the client hangs up first (a timed-out SDK call); true when it hung up. */
function waitOrClose(req: IncomingMessage, res: ServerResponse, ms: number): Promise<boolean> {
  return new Promise((resolve) => {
    const timer = setTimeout(() => {
      res.off('close', onClose);
      resolve(false);
    }, ms);
    const onClose = (): void => {
      clearTimeout(timer);
      resolve(true);
    };
    res.on('close', onClose);
    void req;
  });
}
