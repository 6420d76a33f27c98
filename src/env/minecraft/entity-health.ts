/**
 * Health of other living entities as a client sees it. mineflayer tracks only its own health; a
 * mob's or another player's health arrives as entity metadata, whose index moved between versions
 * (LivingEntity health: 7 before 1.14, 8 in 1.14–1.16, 9 from 1.17; wiki.vg Entity_metadata).
 */
import type { Bot } from 'mineflayer';
import type { Entity } from 'prismarine-entity';

export function healthMetadataIndex(bot: Bot): number {
  const v = bot.registry.version as unknown as { '>=': (other: string) => boolean };
  if (v['>=']('1.17')) return 9;
  if (v['>=']('1.14')) return 8;
  return 7;
}

export function livingHealth(e: Entity, index: number): number | null {
  const meta = (e as unknown as { metadata?: unknown[] }).metadata;
  const value = meta?.[index];
  return typeof value === 'number' && Number.isFinite(value) ? value : null;
}
