/**
 * Per-block-state lookup tables the living rules need each tick (built once per Registry, so the
 * hot loop is an array read): which states count as water for the eyes, which burn, which soften falls.
 */
import type { Registry } from '../registry.js';
import { BED_FALL_DAMAGE_MULTIPLIER, FALL_DAMAGE_MULTIPLIER } from '../facts/fall.js';

export const Hazard = {
  None: 0,
  Fire: 1,
  SoulFire: 2,
  /** A lit campfire: burns what touches it (1 damage) but does not set it alight. */
  Campfire: 3,
  SoulCampfire: 4,
  /** Magma block: 1 damage to what stands on it without sneaking. */
  HotFloor: 5,
} as const;

export interface BlockHazards {
  /** 1 where a head is underwater: water and the water plants that hold it (not bubble columns, which give air). */
  readonly eyeWater: Uint8Array;
  readonly hazard: Uint8Array;
  /** Fall damage multiplier x 100 (100 = full damage). */
  readonly fallPercent: Uint8Array;
}

const cache = new WeakMap<Registry, BlockHazards>();

export function blockHazards(reg: Registry): BlockHazards {
  let t = cache.get(reg);
  if (t) return t;
  const n = reg.blockIdOfState.length;
  const eyeWater = new Uint8Array(n);
  const hazard = new Uint8Array(n);
  const fallPercent = new Uint8Array(n).fill(100);
  for (const b of reg.data.blocksArray) {
    const min = b.minStateId ?? b.id;
    const max = b.maxStateId ?? b.id;
    const water = b.name === 'water' || b.name === 'kelp' || b.name === 'kelp_plant' || b.name === 'seagrass' || b.name === 'tall_seagrass';
    let kind: number = Hazard.None;
    if (b.name === 'fire') kind = Hazard.Fire;
    else if (b.name === 'soul_fire') kind = Hazard.SoulFire;
    else if (b.name === 'campfire') kind = Hazard.Campfire;
    else if (b.name === 'soul_campfire') kind = Hazard.SoulCampfire;
    else if (b.name === 'magma_block') kind = Hazard.HotFloor;
    const fall = b.name.endsWith('_bed') ? BED_FALL_DAMAGE_MULTIPLIER : FALL_DAMAGE_MULTIPLIER[b.name];
    for (let s = min; s <= max; s++) {
      if (water) eyeWater[s] = 1;
      if (kind !== Hazard.None && (kind < Hazard.Campfire || kind > Hazard.SoulCampfire || isLit(b, s - min))) hazard[s] = kind;
      if (fall !== undefined) fallPercent[s] = Math.round(fall * 100);
    }
  }
  t = { eyeWater, hazard, fallPercent };
  cache.set(reg, t);
  return t;
}

/** Decodes the `lit` property of a state (minecraft-data: last property varies fastest; booleans list true first). */
function isLit(block: { states?: { name: string; num_values: number }[] }, offset: number): boolean {
  const states = block.states ?? [];
  for (let i = states.length - 1; i >= 0; i--) {
    const prop = states[i]!;
    const value = offset % prop.num_values;
    if (prop.name === 'lit') return value === 0;
    offset = Math.floor(offset / prop.num_values);
  }
  return true;
}
