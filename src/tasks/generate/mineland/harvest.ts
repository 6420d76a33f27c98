/**
 * MineLand harvest family (after MineDojo): "obtain N of item X", for every item obtainable in the
 * overworld (obtainable.ts), in one or two quantities, starting empty-handed or with the tools the
 * item's source needs. The resources at the roots of the item's derivation are laid out nearby.
 */
import type { Registry } from '../../../world/registry.js';
import type { RawTaskSpec } from '../../spec.js';
import { agentRow, flatWorld, resourceField, taskId, type MineLandParams } from './layout.js';
import { obtainableItems } from './obtainable.js';
import { baseResources, type BaseResources } from './resources.js';

export const HARVEST_START = ['bare', 'tools'] as const;
export type HarvestStart = (typeof HARVEST_START)[number];

const PICKAXES = ['wooden_pickaxe', 'stone_pickaxe', 'iron_pickaxe', 'diamond_pickaxe'];
const SHOVEL_BLOCKS = new Set(['dirt', 'grass_block', 'sand', 'gravel']);

/** Quantities asked for an item: 1, and 8 when a stack holds at least 8. */
export function harvestQuantities(registry: Registry, item: string): number[] {
  return registry.stackSize(item) >= 8 ? [1, 8] : [1];
}

/** The tools a prepared agent starts with for `item`: the pickaxe its tier needs, and the axe, shovel, sword or shears its sources call for. */
export function starterTools(registry: Registry, item: string, res: BaseResources = baseResources(registry, item)): string[] {
  const tier = obtainableItems(registry).get(item)?.tier ?? -1;
  const tools: string[] = [];
  if (tier >= 0 || [...res.blocks].some((b) => b === 'stone' || b.endsWith('_ore') || b === 'deepslate' || b === 'sandstone')) tools.push(PICKAXES[Math.max(0, Math.min(tier, 3))]!);
  if ([...res.blocks].some((b) => b.endsWith('_log'))) tools.push('stone_axe');
  if ([...res.blocks].some((b) => SHOVEL_BLOCKS.has(b))) tools.push('stone_shovel');
  if (res.mobs.size > 0) tools.push('stone_sword');
  if (item.endsWith('_leaves')) tools.push('shears');
  return tools;
}

export function harvestTasks(registry: Registry, p: MineLandParams): RawTaskSpec[] {
  const out: RawTaskSpec[] = [];
  for (const [item, source] of obtainableItems(registry)) {
    const res = baseResources(registry, item);
    for (const count of harvestQuantities(registry, item)) {
      for (const start of HARVEST_START) {
        const tools = start === 'tools' ? starterTools(registry, item, res) : [];
        const field = resourceField(res, 12 * count + 4);
        out.push({
          id: taskId('harvest', [item, count, start], p),
          description: `MineLand harvest: obtain ${count} ${item}${start === 'tools' ? ` starting with ${tools.join(', ') || 'nothing'}` : ' from scratch'}`,
          task: {
            type: 'harvest',
            goal: `Obtain ${count} ${item}`,
            guidance: { text: guidanceFor(source.via, source.from) },
            mode: p.mode,
            success: { type: 'harvest', item, count },
          },
          agents: { count: p.agents, spawn: agentRow(p, Object.fromEntries(tools.map((t) => [t, 1]))) },
          environment: {
            max_steps: 300 * (2 + source.depth) * Math.max(1, Math.ceil(count / 4)),
            // Peaceful would remove the hostile mobs whose drops the item needs.
            world: flatWorld(field.hostiles.length > 0 ? 'easy' : 'peaceful'),
            materials: { grid: field.grid },
            entities: { passives: field.passives, hostiles: field.hostiles },
          },
        });
      }
    }
  }
  return out;
}

function guidanceFor(via: string, from: readonly string[]): string {
  switch (via) {
    case 'block':
      return `It drops from ${from.join(', ')}.`;
    case 'mob':
      return `It drops from ${from.join(', ')}.`;
    case 'craft':
      return `Craft it from ${from.join(', ')}.`;
    default:
      return `Smelt ${from.join(', ')} in a furnace.`;
  }
}
