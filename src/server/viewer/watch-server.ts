/**
 * The server `run --watch` starts: the usual guildcraft server (127.0.0.1, a free port unless one is named) with a
 * live-episode registry, so the running episode streams at `viewerUrl(id)` beside every recorded one.
 */
import { startServer, type RunningServer } from '../app.js';
import { LiveEpisodes } from './live-episodes.js';

/** The viewer page's path (web/viewer/, served by the page routes); `?episode=<id>` opens one episode. */
export const VIEWER_PAGE_PATH = '/viewer';
/** The episodes page's path: every episode the server knows, each opening in the viewer. */
export const EPISODES_PAGE_PATH = '/episodes';

export interface WatchServer {
  readonly server: RunningServer;
  readonly live: LiveEpisodes;
  /** The page URL that opens episode `id`. */
  viewerUrl(id: string): string;
}

export async function startWatchServer(o: { runsDir: string; port?: number; host?: string; token?: string }): Promise<WatchServer> {
  const live = new LiveEpisodes();
  const server = await startServer({ runsDir: o.runsDir, port: o.port ?? 0, ...(o.host ? { host: o.host } : {}), ...(o.token !== undefined ? { token: o.token } : {}), live });
  return { server, live, viewerUrl: (id) => `${server.url}${VIEWER_PAGE_PATH}?episode=${encodeURIComponent(id)}` };
}
