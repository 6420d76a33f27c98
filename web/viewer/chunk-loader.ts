/**
 * Chunks follow the camera: the page asks the server (the socket's `chunks` request) for the chunks within
 * VIEW_CHUNKS of the point it looks at as the camera flies or follows, and forgets those farther than UNLOAD_CHUNKS,
 * so what a page holds stays bounded however far it flies. Chunks within the state answers' radius of an agent are
 * never forgotten: the server's deltas assume the page holds them.
 *
 * A recorded episode answers at the tick the page names (the one it shows); an answer for a tick the page has since
 * left is dropped and asked again, so a chunk loaded late agrees with the blocks around it.
 */
import { chunkKey, CHUNK, type BlockWorld } from './block-world.js';

/** Chunks around the camera the page asks for (radius, in chunks: 7×7 chunks, 112 blocks across). */
export const VIEW_CHUNKS = 3;
/** Chunks farther than this from the camera are forgotten (unless near an agent). */
export const UNLOAD_CHUNKS = 5;
/** Chunks around each agent that the server's state answers keep the page supplied with (its DEFAULT_CHUNK_RADIUS). */
export const AGENT_CHUNKS = 2;
/** Most chunks in one request (the protocol's cap). */
export const MAX_PER_REQUEST = 64;
/** Least time between two requests (ms). */
export const REQUEST_EVERY_MS = 400;
/** A request unanswered this long is asked again (ms). */
const IN_FLIGHT_MS = 5000;

type Point = { readonly x: number; readonly z: number };
type ChunkPos = { cx: number; cz: number };

export class ChunkLoader {
  /** key → when it was asked for. */
  private readonly inFlight = new Map<string, number>();
  private lastRequest = Number.NEGATIVE_INFINITY;

  constructor(
    private readonly world: BlockWorld,
    private readonly request: (at: ChunkPos[]) => void,
  ) {}

  /**
   * At most every REQUEST_EVERY_MS: asks for the missing chunks near `camera` (nearest first) and returns the keys of
   * the held chunks to forget (far from the camera and from every agent in `agents`).
   */
  update(now: number, camera: Point, agents: Iterable<Point>): string[] {
    if (now - this.lastRequest < REQUEST_EVERY_MS) return [];
    this.lastRequest = now;
    for (const [k, at] of this.inFlight) if (now - at > IN_FLIGHT_MS) this.inFlight.delete(k);
    const ccx = Math.floor(camera.x / CHUNK);
    const ccz = Math.floor(camera.z / CHUNK);
    const missing: (ChunkPos & { d: number })[] = [];
    for (let dz = -VIEW_CHUNKS; dz <= VIEW_CHUNKS; dz++) {
      for (let dx = -VIEW_CHUNKS; dx <= VIEW_CHUNKS; dx++) {
        const k = chunkKey(ccx + dx, ccz + dz);
        if (!this.world.chunks.has(k) && !this.inFlight.has(k)) missing.push({ cx: ccx + dx, cz: ccz + dz, d: dx * dx + dz * dz });
      }
    }
    missing.sort((a, b) => a.d - b.d);
    const ask = missing.slice(0, MAX_PER_REQUEST).map(({ cx, cz }) => ({ cx, cz }));
    if (ask.length > 0) {
      for (const c of ask) this.inFlight.set(chunkKey(c.cx, c.cz), now);
      this.request(ask);
    }
    const near = [...agents].map((a) => [Math.floor(a.x / CHUNK), Math.floor(a.z / CHUNK)] as const);
    const forget: string[] = [];
    for (const [k, c] of this.world.chunks) {
      if (Math.max(Math.abs(c.cx - ccx), Math.abs(c.cz - ccz)) <= UNLOAD_CHUNKS) continue;
      if (near.some(([ax, az]) => Math.max(Math.abs(c.cx - ax), Math.abs(c.cz - az)) <= AGENT_CHUNKS)) continue;
      forget.push(k);
    }
    return forget;
  }

  /** Chunks arrived (or were dropped as stale, to be asked again): no longer in flight. */
  settled(chunks: readonly ChunkPos[]): void {
    for (const c of chunks) this.inFlight.delete(chunkKey(c.cx, c.cz));
  }
}
