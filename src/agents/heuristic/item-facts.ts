/**
 * What a non-LLM agent needs to know about items and blocks to choose its work: how fast a set of
 * tools digs a block and whether it harvests it, what a block usually drops, which blocks make
 * poor building material (they fall, or burn next to lava), and how strong a weapon or armor piece
 * is. Everything comes from the world's own facts (minecraft-data through the Registry), so these
 * estimates agree with what the skills will actually do.
 */
import { canHarvest, digTicks, Registry, type DigConditions } from '../../world/index.js';
import { BLOCK_DROPS } from '../../world/facts/block-drops.js';
import { weaponStats } from '../../world/facts/weapons.js';

export const registryFor = (version?: string): Registry => Registry.get(version);

/** Vanilla walking speed in blocks per second (agents without a `speed_bps` capability). */
export const DEFAULT_SPEED_BPS = 4.317;

const ON_GROUND: DigConditions = { onGround: true, inWater: false };

export interface DigEstimate {
  /** The item to dig with (null: bare hand). */
  tool: string | null;
  ticks: number;
  /** Whether the block drops something when dug this way. */
  harvests: boolean;
}

/** The best of `items` (or the hand) for digging `block`; null when the block cannot be broken. */
export function bestDig(registry: Registry, items: readonly string[], block: string, conditions: DigConditions = ON_GROUND): DigEstimate | null {
  if (!registry.isBlock(block)) return null;
  const hand = digTicks(registry, block, null, conditions);
  if (hand === null) return null;
  let best: DigEstimate = { tool: null, ticks: hand, harvests: canHarvest(registry, block, null) };
  for (const item of items) {
    if (!registry.isItem(item)) continue;
    const ticks = digTicks(registry, block, item, conditions);
    if (ticks === null) continue;
    const harvests = canHarvest(registry, block, item);
    if ((harvests && !best.harvests) || (harvests === best.harvests && ticks < best.ticks)) best = { tool: item, ticks, harvests };
  }
  return best;
}

/** The item a block drops when harvested without enchantments (its most likely drop). */
export function mainDrop(registry: Registry, block: string): string | null {
  const corrected = BLOCK_DROPS[block];
  if (corrected) {
    for (const pool of corrected) {
      const sure = pool.find((e) => e.tool === undefined && (e.chance === undefined || e.chance >= 1));
      if (sure) return sure.item;
    }
    return null;
  }
  const loot = registry.data.blockLoot[block];
  const entry = loot?.drops.find((d) => !d.silkTouch);
  if (entry) return entry.item;
  return registry.isItem(block) ? block : null;
}

/** Blocks pulled down by gravity: a tower of them collapses. */
const GRAVITY = /^(sand|red_sand|gravel|suspicious_sand|suspicious_gravel|anvil|chipped_anvil|damaged_anvil|pointed_dripstone|scaffolding|.*_concrete_powder)$/;
/** Blocks that catch fire or are destroyed near lava (wood, wool, leaves, hay, plants). */
const FLAMMABLE = /(_log|_wood|_planks|_stem|_hyphae|wool|_leaves|hay_block|bookshelf|_carpet|dried_kelp_block|bamboo|_fence|_stairs_wood|_slab_wood|scaffolding|tnt|target|_sapling|lectern|composter|beehive|bee_nest)$/;

export function isGravityBlock(block: string): boolean {
  return GRAVITY.test(block);
}

export function isFlammable(block: string): boolean {
  return FLAMMABLE.test(block);
}

/** A full solid block an agent can stand on once placed (no slabs, fluids, plants). */
export function isFullBlock(registry: Registry, block: string): boolean {
  if (!registry.isBlock(block)) return false;
  const b = registry.block(block);
  return b.boundingBox === 'block' && block !== 'water' && block !== 'lava' && !block.endsWith('_slab') && !block.endsWith('_stairs');
}

/** Attack damage per second of a weapon (hand when null), the measure used to pick and compare fighters. */
export function weaponDps(item: string | null): number {
  const s = weaponStats(item);
  return s.damage * s.attackSpeed;
}

export type ArmorSlot = 'head' | 'chest' | 'legs' | 'feet';

const ARMOR_SLOT: Record<string, ArmorSlot> = { helmet: 'head', chestplate: 'chest', leggings: 'legs', boots: 'feet', cap: 'head', tunic: 'chest', pants: 'legs' };
const ARMOR_TIER = ['leather', 'golden', 'chainmail', 'iron', 'diamond', 'netherite'];

/** The slot of an armor item and its rank (higher protects more), or null for non-armor. */
export function armorOf(item: string): { slot: ArmorSlot; rank: number } | null {
  if (item === 'turtle_helmet') return { slot: 'head', rank: 3 };
  const m = /^([a-z]+)_(helmet|chestplate|leggings|boots)$/.exec(item);
  if (!m) return null;
  const rank = ARMOR_TIER.indexOf(m[1]!);
  const slot = ARMOR_SLOT[m[2]!];
  return rank < 0 || !slot ? null : { slot, rank };
}

/** Ticks to walk `distance` blocks at `speedBps`. */
export const walkTicks = (distance: number, speedBps: number): number => Math.ceil((distance / Math.max(0.1, speedBps)) * 20);
