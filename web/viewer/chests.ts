/**
 * The chests the page shows at the tick drawn: the ones the server lists with their contents (the log's `chest`
 * records, or the live run's), and every other container block in the loaded chunks, whose contents the log does not
 * give ("contents not recorded": a log from before chests were recorded, or a chest nobody used). The page then joins
 * two chest blocks side by side into one double chest (double-chests.ts).
 */
import type { ContainerState } from '../../src/server/viewer/protocol.js';
import type { BlockWorld } from './block-world.js';

/**
 * The container blocks and their slots (the world's CONTAINER_SLOTS, src/world/blocks/block-entities.ts, which the
 * page does not bundle: vanilla's sizes, a single chest and a barrel hold 27 stacks).
 */
export const CONTAINER_SLOTS: Readonly<Record<string, number>> = { chest: 27, trapped_chest: 27, barrel: 27 };
export const CONTAINER_BLOCKS: ReadonlySet<string> = new Set(Object.keys(CONTAINER_SLOTS));

export interface BlockPos {
  readonly x: number;
  readonly y: number;
  readonly z: number;
}

/** A chest as shown: its contents, or null when they were not recorded. */
export interface ShownChest extends BlockPos {
  /** The chest's name in the page: its (first) block's position. */
  readonly key: string;
  readonly block: string;
  /** Its blocks: one, or two for a double chest (`x, y, z` is the first). */
  readonly parts: readonly BlockPos[];
  readonly slots: number;
  /** What it holds; null when no part's contents were recorded. */
  readonly items: ContainerState['items'] | null;
  /** A double chest with one half's contents recorded and the other's not. */
  readonly partlyRecorded: boolean;
}

export const chestKey = (p: BlockPos): string => `${p.x},${p.y},${p.z}`;

/** One container block as a chest of its own. */
export function singleChest(p: BlockPos, block: string, items: ShownChest['items']): ShownChest {
  return { key: chestKey(p), x: p.x, y: p.y, z: p.z, block, parts: [{ x: p.x, y: p.y, z: p.z }], slots: CONTAINER_SLOTS[block] ?? 27, items, partlyRecorded: false };
}

/** The listed containers, then the container blocks of `world` that no listing covers (each block on its own). */
export function shownChests(listed: readonly ContainerState[], world: BlockWorld): ShownChest[] {
  const out: ShownChest[] = listed.map((c) => singleChest(c, c.block, c.items));
  const known = new Set(out.map((c) => c.key));
  for (const b of world.find(CONTAINER_BLOCKS)) {
    if (!known.has(chestKey(b))) out.push(singleChest(b, b.name, null));
  }
  return out;
}

/** The middle of a chest's blocks, at their base (where a label or the camera aims). */
export function chestCentre(c: ShownChest): { x: number; y: number; z: number } {
  const n = c.parts.length;
  return { x: c.parts.reduce((s, p) => s + p.x, 0) / n + 0.5, y: c.y, z: c.parts.reduce((s, p) => s + p.z, 0) / n + 0.5 };
}

/** "7 cobblestone, 2 raw_iron", "empty" or "contents not recorded" (and a double chest's unrecorded half). */
export function contentsText(c: Pick<ShownChest, 'items' | 'partlyRecorded'>): string {
  if (c.items === null) return 'contents not recorded';
  const half = c.partlyRecorded ? ' (other half not recorded)' : '';
  if (c.items.length === 0) return `empty${half}`;
  return `${c.items.map((i) => `${i.count} ${i.name}`).join(', ')}${half}`;
}
