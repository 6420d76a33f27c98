/** The viewer's REST calls, typed by the server's protocol (routes spelled once, in protocol.ts's VIEWER_ROUTES shape). */
import type { EpisodeList, EpisodeMeta, SensesAtTick, StateAtTick, Timeline } from '../../src/server/viewer/protocol.js';
import type { AtlasLayout } from '../../src/server/viewer/texture-atlas.js';
import { callApi } from '../shared/api.js';

const ep = (id: string): string => `/api/viewer/episodes/${encodeURIComponent(id)}`;

export const viewerApi = {
  episodes: () => callApi<EpisodeList>('GET', '/api/viewer/episodes'),
  meta: (id: string) => callApi<EpisodeMeta>('GET', ep(id)),
  /** With `since`, the delta from the state of that tick, which the page holds (protocol.ts stateAtTickSchema). */
  state: (id: string, tick: number, since?: number) => callApi<StateAtTick>('GET', `${ep(id)}/state?tick=${tick}${since === undefined ? '' : `&since=${since}`}`),
  timeline: (id: string) => callApi<Timeline>('GET', `${ep(id)}/timeline`),
  senses: (id: string, agent: string, tick: number) => callApi<SensesAtTick>('GET', `${ep(id)}/senses?agent=${encodeURIComponent(agent)}&tick=${tick}`),
  atlasLayout: () => callApi<AtlasLayout>('GET', '/api/viewer/atlas.json'),
  /** The WebSocket URL of an episode (the page's token goes in the query: a browser socket cannot send headers). */
  socketUrl: (id: string): string => {
    const token = new URLSearchParams(location.search).get('token');
    const proto = location.protocol === 'https:' ? 'wss:' : 'ws:';
    return `${proto}//${location.host}${ep(id)}/socket${token ? `?token=${encodeURIComponent(token)}` : ''}`;
  },
};

/** Loads the atlas picture (same origin, so the page's CSP allows it). */
export function loadAtlasImage(): Promise<HTMLImageElement> {
  return new Promise((resolve, reject) => {
    const img = new Image();
    img.onload = () => resolve(img);
    img.onerror = () => reject(new Error('the texture atlas /api/viewer/atlas.png did not load (is the server running this version?)'));
    img.src = '/api/viewer/atlas.png';
  });
}
