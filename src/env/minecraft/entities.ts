/** What a mineflayer entity is, in the embedded world's terms: its type name and a dropped item's stack. */
import type { Entity } from 'prismarine-entity';

/** minecraft-data entity name (`zombie`, `player`, `item`). */
export function entityTypeName(e: Entity): string {
  if (e.type === 'player') return 'player';
  return e.name ?? 'unknown';
}

/** The stack a dropped-item entity carries, when the bot has received its metadata. */
export function droppedItem(e: Entity): { name: string; count: number } | null {
  try {
    const item = (e as unknown as { getDroppedItem(): { name: string; count: number } | null }).getDroppedItem();
    return item ? { name: item.name, count: item.count } : null;
  } catch {
    return null;
  }
}
