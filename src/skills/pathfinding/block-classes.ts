/**
 * What each block state means to a walking agent, as bit flags in one Uint8Array per registry so the
 * search reads a single byte per block. Solidity and fluids come from the registry (minecraft-data);
 * the hazard list below is the vanilla fact minecraft-data does not carry.
 */
import type { Registry } from '../../world/registry.js';

/** The entity collides with the block (the world's physics treats it as a full cube). */
export const SOLID = 1;
export const WATER = 2;
export const LAVA = 4;
/** Hurts or traps an agent in it or standing on it; avoided unless `allowHazards`. */
export const HAZARD = 8;

/**
 * Blocks that hurt or trap an agent touching or standing on them (sources: Minecraft Wiki pages of each block):
 * fire and soul fire burn (Fire: 1 damage per tick in it, sets on fire); magma blocks burn when stood on
 * (Magma Block: 1 damage per 0.5 s unless sneaking); lit campfires burn when stood on (Campfire: 1, soul 2);
 * powder snow freezes and sinks (Powder Snow: freezing damage after 7 s); cactus pricks on contact
 * (Cactus: 1 damage); sweet berry bushes prick while moving through (Sweet Berry Bush: 1 damage);
 * wither roses wither (Wither Rose: Wither effect on contact); cobwebs trap (Cobweb: movement ×0.25).
 */
export const HAZARD_BLOCKS: readonly string[] = [
  'fire', 'soul_fire', 'magma_block', 'campfire', 'soul_campfire', 'powder_snow',
  'cactus', 'sweet_berry_bush', 'wither_rose', 'cobweb',
];

const tables = new WeakMap<Registry, Uint8Array>();

/** stateId -> SOLID | WATER | LAVA | HAZARD flags, built once per registry. */
export function blockClasses(registry: Registry): Uint8Array {
  let t = tables.get(registry);
  if (t) return t;
  const n = registry.solidByState.length;
  t = new Uint8Array(n);
  for (let s = 0; s < n; s++) {
    let c = registry.solidByState[s] === 1 ? SOLID : 0;
    const fluid = registry.fluidByState[s];
    if (fluid === 1) c |= WATER;
    else if (fluid === 2) c |= LAVA;
    t[s] = c;
  }
  for (const name of HAZARD_BLOCKS) {
    if (!registry.isBlock(name)) continue; // older versions lack some of these blocks
    const b = registry.block(name);
    for (let s = b.minStateId ?? b.id; s <= (b.maxStateId ?? b.id); s++) t[s] = t[s]! | HAZARD;
  }
  tables.set(registry, t);
  return t;
}
