/**
 * A throwaway Redis: Debian's redis-server on a free 127.0.0.1 port, without persistence, stopped after.
 * Used by the queue benchmark and the distributed-sweep tests.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { createServer, connect } from 'node:net';

export const REDIS_BINARY = '/usr/bin/redis-server';

async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.address() as { port: number }).port;
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}

export class RedisFixture {
  private child: ChildProcess | undefined;
  url = '';

  async start(): Promise<string> {
    const port = await freePort();
    this.child = spawn(REDIS_BINARY, ['--port', String(port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no'], { stdio: 'ignore' });
    const deadline = Date.now() + 10_000;
    while (!(await accepts(port))) {
      if (Date.now() > deadline || this.child.exitCode !== null) throw new Error(`redis-server did not start on port ${port}`);
      await new Promise((r) => setTimeout(r, 50));
    }
    this.url = `redis://127.0.0.1:${port}`;
    return this.url;
  }

  async stop(): Promise<void> {
    const child = this.child;
    if (!child || child.exitCode !== null) return;
    const exited = new Promise((r) => child.once('exit', r));
    child.kill('SIGTERM');
    await exited;
  }
}

function accepts(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = connect(port, '127.0.0.1');
    socket.once('connect', () => {
      socket.destroy();
      resolve(true);
    });
    socket.once('error', () => resolve(false));
  });
}
