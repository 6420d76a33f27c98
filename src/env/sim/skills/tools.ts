/**
 * Choosing what to hold for a job: the inventory item that digs a block fastest (among those that
 * harvest it, when any does), and the strongest melee weapon. The world's own digging and weapon
 * facts decide; this only compares the agent's options.
 */
import type { Player, World } from '../../../world/index.js';
import { canHarvest, digConditionsOf, digTicks, equip } from '../../../world/index.js';
import { weaponStats } from '../../../world/facts/weapons.js';

export interface ToolChoice {
  /** Item to hold, or null for whatever is in hand (no better option). */
  item: string | null;
  /** Ticks the dig takes with it at the current conditions. */
  ticks: number;
  harvests: boolean;
}

/** Distinct item names in the main inventory, held item first. */
function inventoryNames(p: Player): string[] {
  const names = new Set<string>();
  const held = p.inventory.held?.name;
  if (held) names.add(held);
  for (const s of p.inventory.slots) if (s) names.add(s.name);
  return [...names];
}

/**
 * The best item for digging `blockName`: harvesting beats not harvesting, then fewer ticks; ties keep
 * what is in hand. Null when the block cannot be broken at all (bedrock).
 */
export function bestDigTool(world: World, p: Player, blockName: string): ToolChoice | null {
  const reg = world.registry;
  const cond = digConditionsOf(p);
  const heldName = p.inventory.held?.name ?? null;
  const handTicks = digTicks(reg, blockName, heldName, cond);
  if (handTicks === null) return null;
  let best: ToolChoice = { item: null, ticks: handTicks, harvests: canHarvest(reg, blockName, heldName) };
  for (const name of inventoryNames(p)) {
    if (name === heldName) continue;
    const ticks = digTicks(reg, blockName, name, cond);
    if (ticks === null) continue;
    const harvests = canHarvest(reg, blockName, name);
    if ((harvests && !best.harvests) || (harvests === best.harvests && ticks < best.ticks)) best = { item: name, ticks, harvests };
  }
  return best;
}

/** Ticks to break a block state with the best tool the agent has (Infinity when unbreakable), for path costs. */
export function digTicksWithBestTool(world: World, p: Player): (state: number) => number {
  const cache = new Map<number, number>();
  return (state) => {
    let t = cache.get(state);
    if (t === undefined) {
      t = bestDigTool(world, p, world.registry.blockNameOfState(state))?.ticks ?? Infinity;
      cache.set(state, t);
    }
    return t;
  };
}

/** Holds `choice.item` (a no-op for null). Returns false when the world refused. */
export function hold(world: World, p: Player, item: string | null): boolean {
  if (item === null || p.inventory.held?.name === item) return true;
  return equip(world, p, item).ok;
}

/** The inventory item with the highest melee damage per second, or null when the bare hand is best. */
export function bestWeapon(p: Player): string | null {
  let best: string | null = null;
  const hand = weaponStats(null);
  let bestScore = hand.damage * hand.attackSpeed;
  for (const name of inventoryNames(p)) {
    const s = weaponStats(name);
    // Charged hits matter more than speed against mobs with hurt immunity, so weigh damage first.
    const score = s.damage * Math.min(s.attackSpeed, 2);
    if (score > bestScore + 1e-9) {
      best = name;
      bestScore = score;
    }
  }
  return best;
}
