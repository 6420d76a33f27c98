/**
 * MineLand tech-tree family: make a specific tool or armor piece, for every tool kind and tier and
 * every armor piece and material that can be made in the overworld (netherite and chainmail cannot:
 * their inputs come from the Nether or from trading). Each starts from scratch, and — when the item
 * needs a pickaxe first — also with that pickaxe in hand. `path` lists the milestones on the way, so a
 * run that gets halfway scores halfway.
 */
import type { Registry } from '../../../world/registry.js';
import type { RawTaskSpec } from '../../spec.js';
import { agentRow, flatWorld, resourceField, taskId, type MineLandParams } from './layout.js';
import { obtainableItems } from './obtainable.js';
import { baseResources } from './resources.js';

export const TOOL_KINDS = ['pickaxe', 'axe', 'shovel', 'hoe', 'sword'] as const;
export const TOOL_TIERS = ['wooden', 'stone', 'iron', 'golden', 'diamond', 'netherite'] as const;
export const ARMOR_PIECES = ['helmet', 'chestplate', 'leggings', 'boots'] as const;
export const ARMOR_MATERIALS = ['leather', 'chainmail', 'iron', 'golden', 'diamond', 'netherite'] as const;

const PICKAXE_OF_TIER = ['wooden_pickaxe', 'stone_pickaxe', 'iron_pickaxe', 'diamond_pickaxe'];
const KEY_MATERIAL: Readonly<Record<string, string>> = { iron: 'iron_ingot', golden: 'gold_ingot', diamond: 'diamond', leather: 'leather', stone: 'cobblestone', wooden: 'oak_planks' };

/** Every tool and armor item the family covers, in a stable order; only obtainable ones. */
export function techTreeItems(registry: Registry): string[] {
  const obtainable = obtainableItems(registry);
  const tools = TOOL_TIERS.flatMap((t) => TOOL_KINDS.map((k) => `${t}_${k}`));
  const armor = ARMOR_MATERIALS.flatMap((m) => ARMOR_PIECES.map((p) => `${m}_${p}`));
  return [...tools, ...armor].filter((i) => registry.isItem(i) && obtainable.has(i));
}

/** Milestones before the item: crafting table, then each pickaxe and the furnace its tier needs, then its material. */
export function techPath(registry: Registry, item: string): string[] {
  const tier = obtainableItems(registry).get(item)?.tier ?? -1;
  const steps = ['crafting_table'];
  if (tier >= 0) steps.push('wooden_pickaxe');
  if (tier >= 1) steps.push('stone_pickaxe', 'furnace');
  if (tier >= 2) steps.push('iron_ingot', 'iron_pickaxe');
  const material = KEY_MATERIAL[item.split('_')[0]!];
  if (material) steps.push(material);
  steps.push(item);
  return [...new Set(steps)];
}

export const TECH_START = ['scratch', 'pickaxe'] as const;

export function techTreeTasks(registry: Registry, p: MineLandParams): RawTaskSpec[] {
  const out: RawTaskSpec[] = [];
  const obtainable = obtainableItems(registry);
  for (const item of techTreeItems(registry)) {
    const source = obtainable.get(item)!;
    const res = baseResources(registry, item);
    // Starting with the pickaxe the material needs only differs from scratch when one is needed.
    const starts = source.tier >= 0 ? TECH_START : (['scratch'] as const);
    for (const start of starts) {
      const pickaxe = PICKAXE_OF_TIER[Math.min(source.tier, 3)];
      const inventory = start === 'pickaxe' && pickaxe ? { [pickaxe]: 1 } : {};
      const field = resourceField(res, 24);
      out.push({
        id: taskId('techtree', [item, start], p),
        description: `MineLand tech tree: make ${item}${start === 'pickaxe' ? ` starting with a ${pickaxe}` : ' from scratch'}`,
        task: {
          type: 'tech_tree',
          goal: `Make a ${item}`,
          guidance: { text: `Milestones: ${techPath(registry, item).join(' -> ')}` },
          mode: p.mode,
          success: { type: 'tech_tree', tool: item, path: techPath(registry, item) },
        },
        agents: { count: p.agents, spawn: agentRow(p, inventory) },
        environment: {
          max_steps: 600 * (2 + Math.max(0, source.tier)),
          world: flatWorld(field.hostiles.length > 0 ? 'easy' : 'peaceful'),
          materials: { grid: field.grid },
          entities: { passives: field.passives, hostiles: field.hostiles },
        },
      });
    }
  }
  return out;
}
