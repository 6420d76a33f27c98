/**
 * The chests the page shows at the tick drawn: the ones the server lists with their contents (the log's `chest`
 * records, or the live run's), and every other container block in the loaded chunks, whose contents the log does not
 * give ("contents not recorded": a log from before chests were recorded, or a chest nobody used).
 */
import type { ContainerState } from '../../src/server/viewer/protocol.js';
import type { BlockWorld } from './block-world.js';

/** The container blocks (the world's CONTAINER_SLOTS kinds). */
export const CONTAINER_BLOCKS: ReadonlySet<string> = new Set(['chest', 'trapped_chest', 'barrel']);

/** A chest as shown: its contents, or null when they were not recorded. */
export interface ShownChest {
  readonly key: string;
  readonly x: number;
  readonly y: number;
  readonly z: number;
  readonly block: string;
  readonly items: ContainerState['items'] | null;
}

export const chestKey = (p: { x: number; y: number; z: number }): string => `${p.x},${p.y},${p.z}`;

/** The listed containers, then the container blocks of `world` that no listing covers. */
export function shownChests(listed: readonly ContainerState[], world: BlockWorld): ShownChest[] {
  const out: ShownChest[] = listed.map((c) => ({ key: chestKey(c), x: c.x, y: c.y, z: c.z, block: c.block, items: c.items }));
  const known = new Set(out.map((c) => c.key));
  for (const b of world.find(CONTAINER_BLOCKS)) {
    const key = chestKey(b);
    if (!known.has(key)) out.push({ key, x: b.x, y: b.y, z: b.z, block: b.name, items: null });
  }
  return out;
}

/** "7 cobblestone, 2 raw_iron", "empty" or "contents not recorded". */
export function contentsText(items: ShownChest['items']): string {
  if (items === null) return 'contents not recorded';
  if (items.length === 0) return 'empty';
  return items.map((i) => `${i.count} ${i.name}`).join(', ');
}
