/**
 * The viewer's routes (protocol.ts VIEWER_ROUTES): the episodes index, a recorded episode's meta, state at a tick,
 * timeline and senses, and the episode socket (a live episode streams on it; a recorded one answers hello and chunk
 * requests). Recorded episodes are loaded on first use and a few are kept, since a page asks many questions of one.
 */
import type { FastifyInstance, FastifyReply } from 'fastify';
import type { WebSocket } from 'ws';
import { z } from 'zod';
import { GuildcraftError } from '../../core/errors.js';
import { taskFile } from '../../tasks/task-files.js';
import { carriesToken } from '../access.js';
import { parseOr400, sendError, sendGuildcraftError } from '../http-errors.js';
import { sendJson } from './compressed-json.js';
import { EpisodeIndex } from './episode-index.js';
import type { LiveEpisodes } from './live-episodes.js';
import { clientMessageSchema, VIEWER_PROTOCOL_VERSION, VIEWER_ROUTES, type EpisodeList, type ServerMessage } from './protocol.js';
import { ReplayEpisode } from './replay-episode.js';
import type { TaskResolver } from './replay-world.js';

export interface ViewerRoutesOptions {
  readonly runsDir: string;
  /** Task id → task file (default: the installed suites, `taskFile`). */
  readonly resolveTask?: TaskResolver;
  /** Live episodes this server streams (`run --watch`); none for a plain `serve`. */
  readonly live?: LiveEpisodes;
  readonly token?: string;
  /** Recorded episodes kept in memory (default 4). */
  readonly keepEpisodes?: number;
}

const idParams = z.object({ id: z.string().min(1).max(2000) });
const stateQuery = z.object({ tick: z.coerce.number().int().min(0), radius: z.coerce.number().int().min(0).max(8).optional(), since: z.coerce.number().int().min(0).optional() });
const sensesQuery = z.object({ agent: z.string().min(1).max(64), tick: z.coerce.number().int().min(0) });

export function registerViewerRoutes(app: FastifyInstance, o: ViewerRoutesOptions): void {
  const index = new EpisodeIndex(o.runsDir);
  const resolveTask = o.resolveTask ?? taskFile;
  const keep = o.keepEpisodes ?? 4;
  const loaded = new Map<string, ReplayEpisode>();

  const recorded = (id: string): ReplayEpisode | null => {
    const hit = loaded.get(id);
    const found = index.find(id);
    if (!found) return null;
    const { file, summary } = found;
    // A log still being written (or rewritten) is read again when it has grown.
    if (hit && hit.summary.sizeBytes === summary.sizeBytes) return hit;
    const ep = ReplayEpisode.load(file, summary, resolveTask);
    loaded.delete(id);
    loaded.set(id, ep);
    while (loaded.size > keep) loaded.delete(loaded.keys().next().value!);
    return ep;
  };
  const find = (id: string, reply: FastifyReply): ReplayEpisode | null => {
    const ep = recorded(id);
    if (!ep) sendError(reply, 404, `no episode '${id}'`, `list the episodes with GET ${VIEWER_ROUTES.episodes}`);
    return ep;
  };

  // The pages have no icon; answering the browser's own request for one keeps a 404 out of every page's console.
  app.get('/favicon.ico', async (_req, reply) => reply.code(204).send());

  app.get(VIEWER_ROUTES.episodes, async (): Promise<EpisodeList> => {
    const list = index.list();
    // A live episode's log is under the runs folder too, with the same id: it is listed once, as live.
    const live = o.live?.summaries() ?? [];
    const liveIds = new Set(live.map((e) => e.id));
    return { episodes: [...live, ...list.episodes.filter((e) => !liveIds.has(e.id))], skipped: list.skipped };
  });

  app.get('/api/viewer/episodes/:id', async (req, reply) => {
    const p = parseOr400(idParams, req.params, reply, 'episode id');
    if (!p) return reply;
    const live = o.live?.get(p.id);
    if (live) return live.meta();
    const ep = find(p.id, reply);
    return ep ? answer(reply, () => ep.meta()) : reply;
  });

  app.get('/api/viewer/episodes/:id/state', async (req, reply) => {
    const p = parseOr400(idParams, req.params, reply, 'episode id');
    const q = p && parseOr400(stateQuery, req.query, reply, 'query');
    if (!p || !q) return reply;
    const ep = find(p.id, reply);
    return ep ? answer(reply, async () => sendJson(req, reply, await ep.state(q.tick, q.radius, q.since))) : reply;
  });

  app.get('/api/viewer/episodes/:id/timeline', async (req, reply) => {
    const p = parseOr400(idParams, req.params, reply, 'episode id');
    if (!p) return reply;
    const ep = find(p.id, reply);
    return ep ? sendJson(req, reply, { items: ep.timeline }) : reply;
  });

  app.get('/api/viewer/episodes/:id/senses', async (req, reply) => {
    const p = parseOr400(idParams, req.params, reply, 'episode id');
    const q = p && parseOr400(sensesQuery, req.query, reply, 'query');
    if (!p || !q) return reply;
    const ep = find(p.id, reply);
    return ep ? answer(reply, () => ep.senses(q.agent, q.tick)) : reply;
  });

  app.get('/api/viewer/episodes/:id/socket', { websocket: true }, (socket, req) => {
    // Checked after the upgrade: an HTTP error reply to an upgrade request leaves the client hanging.
    if (o.token !== undefined && !carriesToken(req, o.token)) {
      socket.close(1008, 'missing or wrong access token: connect with ?token=<secret>');
      return;
    }
    const id = (req.params as { id?: string }).id ?? '';
    const live = o.live?.get(id);
    if (live) {
      live.connect(socket);
      return;
    }
    void serveRecorded(socket, id);
  });

  /** A recorded episode's socket: hello, then chunks on request (at the tick the request names). */
  async function serveRecorded(socket: WebSocket, id: string): Promise<void> {
    let ep: ReplayEpisode | null;
    try {
      ep = recorded(id);
    } catch (err) {
      sendMessage(socket, errorMessage(err));
      socket.close();
      return;
    }
    if (!ep) {
      sendMessage(socket, { type: 'error', fault: 'user', message: `no episode '${id}'`, hint: `list the episodes with GET ${VIEWER_ROUTES.episodes}` });
      socket.close();
      return;
    }
    const episode = ep;
    // Listening before the hello is built (that rebuilds the world): a request sent on open is not lost meanwhile.
    socket.on('message', (data) => {
      const parsed = clientMessageSchema.safeParse(safeJson(data.toString()));
      if (!parsed.success) {
        sendMessage(socket, { type: 'error', fault: 'user', message: `not a viewer message: ${parsed.error.issues[0]?.message ?? 'invalid'}`, hint: 'send the messages of src/server/viewer/protocol.ts' });
        return;
      }
      const m = parsed.data;
      if (m.type !== 'chunks') {
        sendMessage(socket, { type: 'error', fault: 'user', message: `'${m.type}' needs a live episode; this one is recorded`, hint: 'join an episode started with `guildcraft run … --watch`' });
        return;
      }
      // At the tick the page shows: a chunk loaded late must agree with the blocks the page holds and the deltas it
      // asks for from that tick on.
      const tick = Math.min(m.tick ?? episode.lastTick, episode.lastTick);
      episode.chunks(tick, m.at).then(
        (chunks) => sendMessage(socket, { type: 'chunks', tick, chunks }),
        (err: unknown) => sendMessage(socket, errorMessage(err)),
      );
    });
    sendMessage(socket, { type: 'hello', protocol: VIEWER_PROTOCOL_VERSION, meta: await episode.meta() });
  }
}

async function answer<T>(reply: FastifyReply, f: () => Promise<T>): Promise<T | FastifyReply> {
  try {
    return await f();
  } catch (err) {
    if (err instanceof GuildcraftError) return sendGuildcraftError(reply, err.fault === 'user' ? 400 : 500, err);
    throw err;
  }
}

export function sendMessage(socket: WebSocket, m: ServerMessage): void {
  if (socket.readyState === socket.OPEN) socket.send(JSON.stringify(m));
}

export function errorMessage(err: unknown): ServerMessage {
  if (err instanceof GuildcraftError) {
    const suffix = ` — ${err.hint}`;
    return { type: 'error', fault: err.fault, message: err.message.endsWith(suffix) ? err.message.slice(0, -suffix.length) : err.message, hint: err.hint };
  }
  return { type: 'error', fault: 'internal', message: (err as Error)?.message ?? String(err), hint: 'this is a bug in guildcraft; please report it with the episode log' };
}

export function safeJson(text: string): unknown {
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return null;
  }
}
