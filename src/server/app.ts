/**
 * The guildcraft HTTP server (fastify): the CuisineWorld human-play page and its JSON API, and the episode viewer's
 * API and socket (viewer/routes.ts). `buildServer` makes the app
 * without listening (tests use `inject`); `startServer` checks the host/token rule and listens.
 */
import { resolve } from 'node:path';
import websocket from '@fastify/websocket';
import Fastify, { type FastifyInstance } from 'fastify';
import { checkListenAccess, installAccessControl } from './access.js';
import type { LlmTeammates } from './cuisine/human-game.js';
import { registerCuisineRoutes } from './cuisine/routes.js';
import { registerCuisineWeb } from './cuisine-web/routes.js';
import { installErrorHandlers } from './http-errors.js';
import { DEFAULT_RATE_LIMIT, type RateLimit } from './rate-limit.js';
import type { LiveEpisodes } from './viewer/live-episodes.js';
import type { TaskResolver } from './viewer/replay-world.js';
import { registerViewerRoutes } from './viewer/routes.js';

export interface ServerOptions {
  /** Where records go (`<runsDir>/human/...`). Default `runs`. */
  readonly runsDir?: string;
  /** When set, every request needs it. */
  readonly token?: string;
  readonly rateLimit?: RateLimit;
  /** Largest request body in bytes (default 16 KiB: a survey comment is the largest thing anyone sends). */
  readonly bodyLimit?: number;
  readonly maxGames?: number;
  /** Games one client may hold (default 16: one client cannot take every slot). */
  readonly maxGamesPerClient?: number;
  /** A game untouched for this long may be dropped to make room (default 2 h). */
  readonly idleMs?: number;
  readonly now?: () => number;
  /** Episodes streaming now (`run --watch`), served beside the recorded ones. */
  readonly live?: LiveEpisodes;
  /** Task id → task file for rebuilding recorded episodes (default: the installed suites). */
  readonly resolveTask?: TaskResolver;
  /** LLM teammates for the human-play page (`serve --model`). */
  readonly llmTeammates?: LlmTeammates;
}

export const DEFAULT_BODY_LIMIT = 16 * 1024;

export async function buildServer(options: ServerOptions = {}): Promise<FastifyInstance> {
  // maxParamLength: a viewer episode id is the log's path under the runs folder in base64url, longer than Fastify's
  // default of 100 characters for any bench log (bench/<suite>/episodes/<name>); the route's own schema bounds it.
  const app = Fastify({ bodyLimit: options.bodyLimit ?? DEFAULT_BODY_LIMIT, logger: false, trustProxy: false, routerOptions: { maxParamLength: 2000 } });
  installErrorHandlers(app);
  await app.register(websocket, { options: { maxPayload: 64 * 1024 } });
  installAccessControl(app, {
    rateLimit: options.rateLimit ?? DEFAULT_RATE_LIMIT,
    ...(options.token !== undefined ? { token: options.token } : {}),
    ...(options.now ? { now: options.now } : {}),
  });
  registerCuisineWeb(app);
  registerCuisineRoutes(app, {
    runsDir: resolve(options.runsDir ?? 'runs'),
    maxGames: options.maxGames ?? 200,
    idleMs: options.idleMs ?? 2 * 60 * 60 * 1000,
    ...(options.maxGamesPerClient !== undefined ? { maxGamesPerClient: options.maxGamesPerClient } : {}),
    ...(options.now ? { now: options.now } : {}),
    ...(options.llmTeammates ? { llm: options.llmTeammates } : {}),
  });
  registerViewerRoutes(app, {
    runsDir: resolve(options.runsDir ?? 'runs'),
    ...(options.live ? { live: options.live } : {}),
    ...(options.resolveTask ? { resolveTask: options.resolveTask } : {}),
    ...(options.token !== undefined ? { token: options.token } : {}),
  });
  await app.ready();
  return app;
}

export interface ListenOptions extends ServerOptions {
  /** Default 127.0.0.1; anything not loopback needs `token`. */
  readonly host?: string;
  /** 0 picks a free port. */
  readonly port?: number;
}

export interface RunningServer {
  readonly app: FastifyInstance;
  /** Base URL, e.g. `http://127.0.0.1:8080`. */
  readonly url: string;
  close(): Promise<void>;
}

export async function startServer(options: ListenOptions = {}): Promise<RunningServer> {
  const host = options.host ?? '127.0.0.1';
  checkListenAccess(host, options.token);
  const app = await buildServer(options);
  await app.listen({ host, port: options.port ?? 0 });
  const addr = app.server.address();
  const port = typeof addr === 'object' && addr !== null ? addr.port : (options.port ?? 0);
  const shownHost = host.includes(':') && !host.startsWith('[') ? `[${host}]` : host;
  return { app, url: `http://${shownHost}:${port}`, close: () => app.close() };
}
