/**
 * Double chests, as vanilla shows them: two chest blocks of the same kind side by side on one level are one chest of
 * 54 slots with one inventory. The world keeps each block's 27 slots apart (an agent deposits into the block it
 * names), so the page joins them for showing: one row, one label, the two halves' contents added up.
 *
 * Vanilla pairs by the blocks' facing; the page sees block names only, so it pairs each chest with its first free
 * neighbour in a fixed order (east, then south), which gives vanilla's pairs for chests placed in rows. Barrels never
 * join.
 */
import { chestKey, type ShownChest } from './chests.js';

const JOINING: ReadonlySet<string> = new Set(['chest', 'trapped_chest']);

/** `chests` with every joinable pair replaced by one double chest (in the place of its first half). */
export function joinDoubleChests(chests: readonly ShownChest[]): ShownChest[] {
  const byKey = new Map(chests.map((c) => [c.key, c]));
  const partner = new Map<string, ShownChest>();
  const order = [...chests].sort((a, b) => a.y - b.y || a.x - b.x || a.z - b.z);
  for (const c of order) {
    if (partner.has(c.key) || !JOINING.has(c.block) || c.parts.length !== 1) continue;
    for (const n of [chestKey({ x: c.x + 1, y: c.y, z: c.z }), chestKey({ x: c.x, y: c.y, z: c.z + 1 })]) {
      const other = byKey.get(n);
      if (!other || other.block !== c.block || other.parts.length !== 1 || partner.has(n)) continue;
      partner.set(c.key, other);
      partner.set(n, c);
      break;
    }
  }
  const out: ShownChest[] = [];
  for (const c of chests) {
    const other = partner.get(c.key);
    if (!other) out.push(c);
    else if (c.x < other.x || c.z < other.z) out.push(joined(c, other));
  }
  return out;
}

function joined(a: ShownChest, b: ShownChest): ShownChest {
  const recorded = [a.items, b.items].filter((i) => i !== null);
  let items: ShownChest['items'] = null;
  if (recorded.length > 0) {
    const counts = new Map<string, number>();
    for (const list of recorded) for (const i of list) counts.set(i.name, (counts.get(i.name) ?? 0) + i.count);
    items = [...counts].map(([name, count]) => ({ name, count }));
  }
  return { ...a, parts: [...a.parts, ...b.parts], slots: a.slots + b.slots, items, partlyRecorded: recorded.length === 1 };
}
