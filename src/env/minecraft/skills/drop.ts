/**
 * Dropping the held item the way a player presses Q: a `block_dig` packet with status 4 (drop one)
 * or 3 (drop the stack). Every server handles these (they involve no inventory window, unlike
 * mineflayer's `toss`, which clicks window slots that some servers never confirm). The server does
 * not echo the change, so the bot's own view of the slot is updated here to match.
 */
import type { Bot } from 'mineflayer';

interface RawClient { write(name: string, data: Record<string, unknown>): void }

export function dropHeld(bot: Bot, count: number): number {
  const slot = bot.inventory.hotbarStart + bot.quickBarSlot;
  const held = bot.inventory.slots[slot];
  if (!held) return 0;
  const n = Math.min(count, held.count);
  const client = (bot as unknown as { _client: RawClient })._client;
  const sequenced = bot.supportFeature('useItemWithOwnPacket');
  const packet = (status: number): Record<string, unknown> => ({ status, location: { x: 0, y: 0, z: 0 }, face: 0, ...(sequenced ? { sequence: 0 } : {}) });
  if (n === held.count) client.write('block_dig', packet(3));
  else for (let i = 0; i < n; i++) client.write('block_dig', packet(4));
  held.count -= n;
  bot.inventory.updateSlot(slot, (held.count > 0 ? held : null) as typeof held);
  return n;
}
