/**
 * Default dig cost: how long a bare hand takes to break a block, the vanilla way
 * (Minecraft Wiki, "Breaking#Calculation"): damage per tick is speed / hardness / 30 when the block
 * drops without a tool, / 100 when it needs one; a bare hand has speed 1. Unbreakable blocks
 * (hardness −1 or none, e.g. bedrock) are Infinity.
 */
import type { Registry } from '../../world/registry.js';

const tables = new WeakMap<Registry, Float64Array>();

/** Ticks to break `state` by hand: ceil(hardness × 30), or × 100 when the block needs a tool to drop; at least 1. */
export function bareHandDigTicks(registry: Registry, state: number): number {
  let t = tables.get(registry);
  if (!t) {
    t = new Float64Array(registry.solidByState.length).fill(-1);
    tables.set(registry, t);
  }
  const cached = t[state]!;
  if (cached >= 0) return cached;
  const b = registry.blockOfState(state);
  const hardness = b.hardness;
  let ticks: number;
  if (hardness === null || hardness === undefined || hardness < 0 || b.diggable === false) ticks = Infinity;
  else ticks = Math.max(1, Math.ceil(hardness * (b.harvestTools ? 100 : 30)));
  t[state] = ticks;
  return ticks;
}
