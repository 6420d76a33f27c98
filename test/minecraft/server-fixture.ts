/**
 * One in-process flying-squid server and one bot connection pool for a test file: started before
 * its tests, closed after them together with every backend the tests opened through `backend()`.
 */
import { afterAll, beforeAll } from 'vitest';
import type { Vec3 } from '../../src/core/vec3.js';
import type { WorldBackend } from '../../src/env/backend.js';
import { MinecraftConnectionPool, createMinecraftBackend, resolveMinecraftOptions } from '../../src/env/minecraft/index.js';
import { FLAT_ORIGIN, startFlyingSquid, type TestServer } from './flying-squid-harness.js';

export interface ServerFixture {
  /** Backend options for the running server, with `extra` on top. */
  options(extra?: Record<string, unknown>): Record<string, unknown> & { host: string; port: number; version: string };
  /** The file's shared connection pool. */
  pool(): MinecraftConnectionPool;
  /** A Minecraft backend on the shared pool (task origin `origin`), closed after the file's tests. */
  backend(extra?: Record<string, unknown>, origin?: Vec3): WorldBackend;
}

export function useFlyingSquid(): ServerFixture {
  let server: TestServer | null = null;
  let pool: MinecraftConnectionPool | null = null;
  const open: WorldBackend[] = [];
  // 10 ticks per step (half a second of server time) keeps many short steps quick; generous
  // readiness timeouts because CI shares two cores between the server and other tests.
  const options = (extra: Record<string, unknown> = {}) => ({ host: server!.host, port: server!.port, version: server!.version, ticksPerStep: 10, commandTimeoutMs: 30_000, joinTimeoutMs: 60_000, ...extra });

  beforeAll(async () => {
    server = await startFlyingSquid();
    pool = new MinecraftConnectionPool(resolveMinecraftOptions(options()));
  }, 60_000);

  afterAll(async () => {
    for (const env of open) await env.close();
    await pool?.close();
    await server?.close();
  }, 30_000);

  return {
    options,
    pool: () => pool!,
    backend(extra = {}, origin = FLAT_ORIGIN) {
      const env = createMinecraftBackend(options(extra), { pool: pool!, origin });
      open.push(env);
      return env;
    },
  };
}
