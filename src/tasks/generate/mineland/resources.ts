/**
 * What the world must offer for an item to be obtainable from scratch: the natural blocks and mobs at
 * the roots of its derivation, plus what the tools and furnace on the way need. MineLand's tasks run
 * in generated worlds; guildcraft lays these resources out as piles and mobs next to the agents on a
 * flat world instead, so every task is self-contained, deterministic and quick on the sim backend.
 */
import type { Registry } from '../../../world/registry.js';
import { requiredTier } from '../verify/mining.js';
import { naturalBlocks, obtainableItems, type ItemSource } from './obtainable.js';

export interface BaseResources {
  blocks: Set<string>;
  mobs: Set<string>;
}

/** Natural blocks a pickaxe of each harvest level is made from (wood, cobblestone, iron, diamond). */
const TOOL_CHAIN: readonly (readonly string[])[] = [['oak_log'], ['oak_log', 'stone'], ['oak_log', 'stone', 'iron_ore', 'coal_ore'], ['oak_log', 'stone', 'iron_ore', 'coal_ore', 'diamond_ore']];

/** Furnace (cobblestone) and fuel (logs). */
const SMELTING_NEEDS = ['oak_log', 'stone'];

export function toolChainBlocks(tier: number): readonly string[] {
  if (tier < 0) return [];
  return TOOL_CHAIN[Math.min(tier, TOOL_CHAIN.length - 1)]!;
}

export function baseResources(registry: Registry, item: string): BaseResources {
  const items = obtainableItems(registry);
  const natural = new Set(naturalBlocks());
  const out: BaseResources = { blocks: new Set(), mobs: new Set() };
  const seen = new Set<string>();
  const visit = (name: string): void => {
    if (seen.has(name)) return;
    seen.add(name);
    const source: ItemSource | undefined = items.get(name);
    if (!source) return;
    switch (source.via) {
      case 'block':
        for (const b of source.from) {
          // A natural block is laid out; a placed one (planks broken back into planks) reduces to its own derivation.
          if (natural.has(b)) out.blocks.add(b);
          else visit(b);
          for (const t of toolChainBlocks(requiredTier(registry, b))) out.blocks.add(t);
        }
        break;
      case 'mob':
        for (const m of source.from) out.mobs.add(m);
        break;
      case 'craft':
        out.blocks.add('oak_log'); // crafting table
        for (const i of source.from) visit(i);
        break;
      case 'smelt':
        for (const b of SMELTING_NEEDS) out.blocks.add(b);
        for (const i of source.from) visit(i);
        break;
    }
  };
  visit(item);
  return out;
}
