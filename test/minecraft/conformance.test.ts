/**
 * The backend conformance suite (test/conformance/suite.ts) on the Minecraft backend, against an
 * in-process flying-squid 1.16.5 server. Skills flying-squid cannot exercise are skipped with the
 * reason; they are unit-tested at the mineflayer-call level in skills-on-fake-bot.test.ts.
 */
import { afterAll, beforeAll } from 'vitest';
import { MinecraftConnectionPool, createMinecraftBackend, resolveMinecraftOptions } from '../../src/env/minecraft/index.js';
import { runConformanceSuite } from '../conformance/suite.js';
import { FLAT_ORIGIN, startFlyingSquid, type TestServer } from './flying-squid-harness.js';

let server: TestServer | null = null;
let pool: MinecraftConnectionPool | null = null;

beforeAll(async () => {
  server = await startFlyingSquid();
  pool = new MinecraftConnectionPool(resolveMinecraftOptions(options()));
}, 30_000);

afterAll(async () => {
  await pool?.close();
  await server?.close();
}, 30_000);

function options() {
  // 10 ticks per step (half a second of server time) keeps the suite's many short steps quick;
  // generous readiness timeouts because CI shares two cores between this server and other tests.
  return { host: server!.host, port: server!.port, version: server!.version, ticksPerStep: 10, commandTimeoutMs: 30_000, joinTimeoutMs: 60_000 };
}

const NO_SERVER_SIDE = 'flying-squid has no server-side';

runConformanceSuite('minecraft (flying-squid 1.16.5)', async () => createMinecraftBackend(options(), { pool: pool!, origin: FLAT_ORIGIN }), {
  retry: 1,
  unsupported: {
    craft: `${NO_SERVER_SIDE} crafting (bot.craft fails); unit-tested on a fake bot, verify on Paper/vanilla`,
    smelt: `${NO_SERVER_SIDE} furnaces; unit-tested on a fake bot, verify on Paper/vanilla`,
    depositToChest: 'flying-squid opens chests empty and stores nothing; unit-tested on a fake bot',
    getFromChest: 'flying-squid opens chests empty and stores nothing; unit-tested on a fake bot',
    eat: 'flying-squid has no hunger (food never drops, so eating is refused as not hungry); unit-tested on a fake bot',
  },
  unsupportedFeatures: {
    determinism: 'a real server runs on its own clock and randomness; episodes are not reproducible tick for tick',
  },
});
