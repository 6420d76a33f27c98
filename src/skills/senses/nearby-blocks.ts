/**
 * The visible-blocks part of an observation, sized for prompts: one entry per block type with how
 * many are visible and where the nearest one is. Entries are ordered by name so the list does not
 * reshuffle every time the agent takes a step (stable prompts cache better and diff more clearly).
 */
import type { Vec3 } from '../../core/vec3.js';
import type { Player, World } from '../../world/index.js';
import { scanVisibleBlocks, type BlockQuery } from './perception.js';

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

/** Counts per block type of what `player` sees, with the nearest of each. */
export function summarizeVisibleBlocks(world: World, player: Player, query: BlockQuery = {}): NearbyBlocksSummary {
  const registry = world.registry;
  const blockId = registry.blockIdOfState;
  if (counts.length < registry.data.blocksArray.length + 1) {
    counts = new Int32Array(registry.data.blocksArray.length * 2);
    nearestIndex = new Int32Array(counts.length);
  }
  seen.length = nx.length = ny.length = nz.length = nd.length = 0;
  // The scan visits nearest first, so the first block of a type is its nearest.
  const stats = scanVisibleBlocks(world, player, query, (state, x, y, z, d) => {
    const id = blockId[state]!;
    if (counts[id]! === 0) {
      nearestIndex[id] = seen.length;
      seen.push(id);
      nx.push(x);
      ny.push(y);
      nz.push(z);
      nd.push(d);
    }
    counts[id]!++;
  });
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
