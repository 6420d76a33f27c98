/**
 * Mining facts the feasibility verifier needs (TickingCollab Appendix C): a tool's mining tier τ_E,
 * a block's required tier τ_req, and the time an agent takes to mine one block with its best tool.
 * Everything is read from minecraft-data through the world's Registry and dig rules, so the verifier
 * and the simulator agree on what a wooden pickaxe can do.
 */
import { canHarvest, harvestToolNames } from '../../../world/blocks/harvest.js';
import { digTicks } from '../../../world/blocks/digging.js';
import type { Registry } from '../../../world/registry.js';

/** Vanilla harvest levels (Tiers.getLevel): gold mines like wood; -1 is an empty hand. */
export const MINING_TIER: Readonly<Record<string, number>> = {
  wooden: 0,
  golden: 0,
  stone: 1,
  iron: 2,
  diamond: 3,
  netherite: 4,
};

const TICKS_PER_SECOND = 20;

/** τ_E of an item: the harvest level of a pickaxe/axe/shovel/hoe, -1 for anything else. */
export function toolTier(registry: Registry, item: string): number {
  const info = registry.tool(item);
  if (!info || info.tier === null) return -1;
  return MINING_TIER[info.tier] ?? -1;
}

/**
 * τ_req of a block: -1 when anything (a hand) harvests it, else the lowest harvest level among the
 * items minecraft-data lists as its harvest tools.
 */
export function requiredTier(registry: Registry, block: string): number {
  const b = registry.block(block);
  if (!b.harvestTools) return -1;
  let best = Infinity;
  for (const id of Object.keys(b.harvestTools)) best = Math.min(best, toolTier(registry, registry.itemName(Number(id))));
  return Number.isFinite(best) ? best : -1;
}

/** Whether someone holding one of `items` (or an empty hand) gets the block's drop. */
export function canMine(registry: Registry, block: string, items: readonly string[]): boolean {
  if (canHarvest(registry, block, null)) return true;
  return items.some((i) => canHarvest(registry, block, i));
}

/**
 * Seconds to mine one `block` with the fastest of `items` or a hand, counting only choices that
 * harvest the block (a block broken without its tool yields nothing); Infinity when none does.
 */
export function mineSeconds(registry: Registry, block: string, items: readonly string[]): number {
  let best = Infinity;
  for (const held of [null, ...items]) {
    if (!canHarvest(registry, block, held)) continue;
    const ticks = digTicks(registry, block, held, { onGround: true, inWater: false });
    if (ticks !== null) best = Math.min(best, ticks / TICKS_PER_SECOND);
  }
  return best;
}

/**
 * Blocks a crisis of this fluid destroys: lava burns wood (material `mineable/axe`), so a lava
 * shelter must be built of something else; water and powder snow leave every solid block standing.
 */
export function survivesCrisis(registry: Registry, block: string, crisisBlock: string): boolean {
  const b = registry.block(block);
  if (b.boundingBox !== 'block') return false;
  if (crisisBlock === 'lava') return b.material !== 'mineable/axe' && !/wool|leaves|planks|log|wood/.test(block);
  return true;
}

/** Why nobody can mine `block`: the weakest tools that would, and what the agents hold instead. */
export function cannotMineReason(registry: Registry, block: string, held: readonly string[]): string {
  const tools = harvestToolNames(registry, block).sort((a, b) => toolTier(registry, a) - toolTier(registry, b) || a.localeCompare(b));
  const weakest = tools.filter((t) => toolTier(registry, t) === toolTier(registry, tools[0] ?? ''));
  const holding = [...new Set(held)].sort();
  return `no agent can mine ${block}: it needs ${weakest.join(' or ')} (tier ${requiredTier(registry, block)}) or better, the agents hold ${holding.length > 0 ? holding.join(', ') : 'nothing'}`;
}
