import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { startEnvServer, type EnvServer } from '../../src/server/env-api/env-server.js';

/** A small client: sends JSON requests with increasing ids and resolves each reply. */
class Client {
  private seq = 0;
  private readonly waiting = new Map<number | null, (r: Record<string, unknown>) => void>();
  readonly unmatched: Record<string, unknown>[] = [];
  private constructor(readonly ws: WebSocket) {
    ws.on('message', (d) => {
      const r = JSON.parse(String(d)) as Record<string, unknown>;
      const id = r.id as number | null;
      const w = this.waiting.get(id);
      if (w) {
        this.waiting.delete(id);
        w(r);
      } else this.unmatched.push(r);
    });
  }
  static open(url: string): Promise<Client> {
    return new Promise((resolve, reject) => {
      const ws = new WebSocket(url);
      ws.once('open', () => resolve(new Client(ws)));
      ws.once('error', reject);
    });
  }
  request(body: Record<string, unknown>): Promise<Record<string, unknown>> {
    const id = ++this.seq;
    return this.raw(JSON.stringify({ id, ...body }), id);
  }
  raw(text: string, id: number | null = null): Promise<Record<string, unknown>> {
    return new Promise((resolve) => {
      this.waiting.set(id, resolve);
      this.ws.send(text);
    });
  }
  close(): void {
    this.ws.close();
  }
}

describe('remote environment server', () => {
  let server: EnvServer;
  beforeAll(async () => {
    server = await startEnvServer({ port: 0, maxMessageBytes: 64 * 1024, maxEnvsPerClient: 2 });
  });
  afterAll(async () => {
    await server.close();
  });

  it('makes, resets and steps a task environment, alone and in a batch', async () => {
    const c = await Client.open(server.url);
    expect(await c.request({ op: 'hello', version: 1 })).toMatchObject({ ok: true, result: { version: 1 } });
    const made = await c.request({ op: 'make', task: 'tickingcollab/raid-boss-v1', observation: 'both' });
    expect(made).toMatchObject({ ok: true, result: { env: 'env-1', possibleAgents: ['Knight', 'Berserker', 'Rogue', 'Squire'] } });
    const result = made.result as { observationSpace: { type: string }; actionSpace: { oneOf: unknown[] } };
    expect(result.observationSpace.type).toBe('object');
    const reset = (await c.request({ op: 'reset', env: 'env-1', seed: 3 })).result as { observations: Record<string, { json: { agent: string }; text: string }> };
    expect(reset.observations.Knight!.json.agent).toBe('Knight');
    expect(reset.observations.Knight!.text).toContain('Knight');
    const step = (await c.request({ op: 'step', env: 'env-1', actions: { Knight: { type: 'skill', name: 'attack', params: { type: 'zombie' } } } })).result as { rewards: Record<string, number>; agents: string[] };
    expect(Object.keys(step.rewards)).toEqual(['Knight', 'Berserker', 'Rogue', 'Squire']);
    await c.request({ op: 'make', task: 'tickingcollab/raid-boss-v1' });
    await c.request({ op: 'reset', env: 'env-2', seed: 3 });
    const batch = (await c.request({ op: 'step_batch', steps: [{ env: 'env-1', actions: {} }, { env: 'env-2', actions: {} }, { env: 'env-9', actions: {} }] })).result as { results: { ok: boolean; error?: { message: string } }[] };
    expect(batch.results.map((r) => r.ok)).toEqual([true, true, false]);
    expect(batch.results[2]!.error!.message).toMatch(/no environment 'env-9'/);
    c.close();
  });

  it('answers bad requests with an error that says who is at fault, and keeps serving', async () => {
    const c = await Client.open(server.url);
    expect(await c.raw('not json')).toMatchObject({ ok: false, error: { fault: 'user', message: 'the message is not JSON' } });
    expect(await c.raw(JSON.stringify({ id: 5, op: 'teleport' }), 5)).toMatchObject({ id: 5, ok: false, error: { fault: 'user' } });
    expect(await c.request({ op: 'hello', version: 99 })).toMatchObject({ ok: false, error: { message: expect.stringMatching(/protocol version 1, not 99/) } });
    expect(await c.request({ op: 'step', env: 'env-1', actions: {} })).toMatchObject({ ok: false, error: { message: expect.stringMatching(/no environment 'env-1' on this connection/) } });
    expect(await c.request({ op: 'make', task: '../../etc/passwd.yaml' })).toMatchObject({ ok: false, error: { fault: 'user' } });
    expect(await c.request({ op: 'make', task: 'tickingcollab/raid-boss-v1', seed: 1, observation: 'pictures' })).toMatchObject({ ok: false });
    // The per-client limit on environments.
    await c.request({ op: 'make', task: 'tickingcollab/raid-boss-v1' });
    await c.request({ op: 'make', task: 'tickingcollab/raid-boss-v1' });
    expect(await c.request({ op: 'make', task: 'tickingcollab/raid-boss-v1' })).toMatchObject({ ok: false, error: { message: expect.stringMatching(/already holds 2 environments/) } });
    // Still serving.
    expect(await c.request({ op: 'hello', version: 1 })).toMatchObject({ ok: true });
    c.close();
  });

  it('drops a client that sends an oversized message, and keeps serving others', async () => {
    const big = await Client.open(server.url);
    const closed = new Promise<number>((resolve) => big.ws.once('close', (code) => resolve(code)));
    big.ws.send(JSON.stringify({ id: 1, op: 'make', taskYaml: 'x'.repeat(100 * 1024) }));
    expect(await closed).toBe(1009); // message too big
    const other = await Client.open(server.url);
    expect(await other.request({ op: 'hello', version: 1 })).toMatchObject({ ok: true });
    other.close();
  });

  it('closes the environments of a client that disconnects mid-step, and serves two clients at once', async () => {
    const a = await Client.open(server.url);
    const b = await Client.open(server.url);
    await a.request({ op: 'make', task: 'tickingcollab/raid-boss-v1' });
    await a.request({ op: 'reset', env: 'env-1' });
    await b.request({ op: 'make', task: 'tickingcollab/raid-boss-v1' });
    await b.request({ op: 'reset', env: 'env-1' });
    a.ws.send(JSON.stringify({ id: 99, op: 'step', env: 'env-1', actions: {} }));
    a.ws.terminate();
    const r = await b.request({ op: 'step', env: 'env-1', actions: {} });
    expect(r).toMatchObject({ ok: true });
    const deadline = Date.now() + 5000;
    while (server.clients > 1 && Date.now() < deadline) await new Promise((res) => setTimeout(res, 20));
    expect(server.clients).toBe(1);
    b.close();
  });
});

describe('remote environment server access', () => {
  it('refuses to listen beyond loopback without a token, and refuses clients without it', async () => {
    await expect(startEnvServer({ host: '0.0.0.0', port: 0 })).rejects.toThrow(/no access token/);
    const s = await startEnvServer({ port: 0, token: 'a-long-secret' });
    try {
      const refused = await Client.open(s.url);
      const [code, reason] = await new Promise<[number, string]>((resolve) => refused.ws.once('close', (c, r) => resolve([c, String(r)])));
      expect(code).toBe(1008);
      expect(reason).toMatch(/missing or wrong access token/);
      const c = await Client.open(`${s.url}?token=a-long-secret`);
      expect(await c.request({ op: 'hello', version: 1 })).toMatchObject({ ok: true });
      c.close();
    } finally {
      await s.close();
    }
  });
});
