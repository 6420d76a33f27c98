/**
 * The visible-blocks part of an observation, sized for prompts: one entry per block type with how
 * many are visible and where the nearest one is. Entries are ordered by name so the list does not
 * reshuffle every time the agent takes a step (stable prompts cache better and diff more clearly).
 */
import type { Vec3 } from '../../core/vec3.js';
import type { BodyPort, Viewer } from '../body-port.js';
import { BlockChangeLog } from './block-change-log.js';
import { eyePosition } from './eyes.js';
import { OMNISCIENT_DEFAULT_RANGE, scanVisibleBlocks, type BlockQuery } from './perception.js';

export interface BlockTypeSummary {
  name: string;
  count: number;
  nearest: Vec3;
  /** Eyes to the nearest block's centre, rounded to 0.1 block. */
  distance: number;
}

export interface NearbyBlocksSummary {
  types: BlockTypeSummary[];
  /** Visible blocks counted. */
  total: number;
  /** The scan hit its ray cap, so far blocks may be missing. */
  truncated: boolean;
}

// Per-block-id accumulators, reused across calls (indices touched this call are listed in `seen`).
let counts = new Int32Array(2048);
let nearestIndex = new Int32Array(2048);
const seen: number[] = [];
const nx: number[] = [];
const ny: number[] = [];
const nz: number[] = [];
const nd: number[] = [];

/** A player's last summary and everything it was computed from (see `reusable`). */
interface CachedSummary {
  world: BodyPort;
  ex: number;
  ey: number;
  ez: number;
  perceptionRange: number;
  fovDegrees: number | undefined;
  yaw: number;
  pitch: number;
  queryKey: string;
  seq: number;
  summary: NearbyBlocksSummary;
}
const lastSummary = new WeakMap<Viewer, CachedSummary>();

const queryKeyOf = (q: BlockQuery): string =>
  JSON.stringify([q.names ? [...q.names].sort() : null, q.range ?? null, q.fovDegrees ?? null, q.maxRays ?? null, q.maxResults ?? null, q.omniscient ?? false]);

/** How far from the eyes a block can matter to a scan: its range, plus one for open faces and rays to face points, plus one spare. */
function reach(player: Viewer, query: BlockQuery): number {
  const range = query.omniscient ? (query.range ?? OMNISCIENT_DEFAULT_RANGE) : Math.min(query.range ?? player.perceptionRange, player.perceptionRange);
  return Math.ceil(range) + 2;
}

/**
 * Whether `c` is exactly what a fresh scan would return: same world, same eye position (to the
 * last bit), same perception range, view cone and look direction, same query, and no block changed
 * since within `reach` of the eyes (every block a ray, a face test or the exposed-block cache reads
 * for this scan lies in that box).
 */
function reusable(c: CachedSummary, world: BodyPort, player: Viewer, eye: Vec3, queryKey: string, query: BlockQuery): boolean {
  if (c.world !== world || c.ex !== eye.x || c.ey !== eye.y || c.ez !== eye.z || c.queryKey !== queryKey) return false;
  if (c.perceptionRange !== player.perceptionRange || c.fovDegrees !== player.fovDegrees) return false;
  const cone = (query.fovDegrees ?? player.fovDegrees ?? 360) < 360;
  if (cone && (c.yaw !== player.yaw || c.pitch !== player.pitch)) return false;
  const r = reach(player, query);
  const x = Math.floor(eye.x);
  const y = Math.floor(eye.y);
  const z = Math.floor(eye.z);
  return !BlockChangeLog.of(world).changedSince(c.seq, x - r, y - r, z - r, x + r, y + r, z + r);
}

const copyOf = (s: NearbyBlocksSummary): NearbyBlocksSummary => ({
  types: s.types.map((t) => ({ name: t.name, count: t.count, nearest: { x: t.nearest.x, y: t.nearest.y, z: t.nearest.z }, distance: t.distance })),
  total: s.total,
  truncated: s.truncated,
});

/**
 * Counts per block type of what `player` sees, with the nearest of each. An agent that has not
 * moved its eyes (and, with a view cone, its look) since its last summary, with no block changed
 * within its range since, gets that summary again without a scan: the same answer a scan gives.
 */
export function summarizeVisibleBlocks(world: BodyPort, player: Viewer, query: BlockQuery = {}): NearbyBlocksSummary {
  const eye = eyePosition(player);
  const queryKey = queryKeyOf(query);
  const cached = lastSummary.get(player);
  if (cached && reusable(cached, world, player, eye, queryKey, query)) return copyOf(cached.summary);
  const seq = BlockChangeLog.of(world).seq;
  const summary = scanSummary(world, player, query);
  lastSummary.set(player, {
    world, ex: eye.x, ey: eye.y, ez: eye.z, perceptionRange: player.perceptionRange, fovDegrees: player.fovDegrees,
    yaw: player.yaw, pitch: player.pitch, queryKey, seq, summary: copyOf(summary),
  });
  return summary;
}

function scanSummary(world: BodyPort, player: Viewer, query: BlockQuery): NearbyBlocksSummary {
  const registry = world.registry;
  const blockId = registry.blockIdOfState;
  if (counts.length < registry.data.blocksArray.length + 1) {
    counts = new Int32Array(registry.data.blocksArray.length * 2);
    nearestIndex = new Int32Array(counts.length);
  }
  seen.length = nx.length = ny.length = nz.length = nd.length = 0;
  // Any fixed order is enough here: the nearest of a type is its smallest distance, and among equal
  // distances the first visited, which is the same block nearest-first order visits first.
  const stats = scanVisibleBlocks(world, player, query, (state, x, y, z, d) => {
    const id = blockId[state]!;
    if (counts[id]! === 0) {
      nearestIndex[id] = seen.length;
      seen.push(id);
      nx.push(x);
      ny.push(y);
      nz.push(z);
      nd.push(d);
    } else {
      const k = nearestIndex[id]!;
      if (d < nd[k]!) {
        nx[k] = x;
        ny[k] = y;
        nz[k] = z;
        nd[k] = d;
      }
    }
    counts[id]!++;
  }, { order: 'any' });
  const types: BlockTypeSummary[] = [];
  for (const id of seen) {
    const k = nearestIndex[id]!;
    types.push({
      name: registry.data.blocks[id]!.name,
      count: counts[id]!,
      nearest: { x: nx[k]!, y: ny[k]!, z: nz[k]! },
      distance: Math.round(nd[k]! * 10) / 10,
    });
    counts[id] = 0;
  }
  types.sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));
  return { types, total: stats.visible, truncated: stats.truncated };
}

/** One line for a prompt: `grass_block x812 @1,-61,0; oak_log x3 @5,-60,2`. */
export function formatBlockSummary(summary: NearbyBlocksSummary): string {
  if (summary.types.length === 0) return 'no blocks in sight';
  const parts = summary.types.map((t) => `${t.name} x${t.count} @${t.nearest.x},${t.nearest.y},${t.nearest.z}`);
  return parts.join('; ') + (summary.truncated ? '; (view cut short)' : '');
}
