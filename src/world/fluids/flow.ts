/**
 * Water and lava flow (wiki "Water" § Spread, "Lava" § Spread and "Obsidian"/"Cobblestone" generation;
 * vanilla FlowingFluid.spread/getNewLiquid and LiquidBlock.shouldSpreadLiquid), simplified:
 * - levels as vanilla stores them in the block state `level`: 0 source, 1–7 flowing (farther = higher),
 *   8 falling. A flowing block's amount is 8 - level; source and falling count as 8;
 * - a fluid block updates every 5 ticks (water) or 30 (lava in the overworld): a non-source takes the
 *   strongest horizontal neighbour's amount minus the drop-off (water 1, lava 2, so water reaches 7
 *   blocks and lava 3), or becomes falling under the same fluid, or disappears (decay); water between two
 *   sources on a solid or source floor becomes a source (infinite water);
 * - it flows down when it can (falling, level 8), otherwise spreads to the 4 sides. Vanilla only spreads
 *   toward the nearest hole within 4 blocks; here every side gets it;
 * - only air is flowed into (vanilla also washes away plants and torches: here they block);
 * - lava touching water above or beside it: a source becomes obsidian, a flowing block cobblestone;
 *   lava flowing down onto water turns that water into stone.
 * Only positions next to a change are looked at: a block watcher wakes the changed position and its six
 * neighbours, and a wake-up is a scheduled update at tick + delay. The world is never scanned.
 */
import type { Registry } from '../registry.js';
import type { WorldSystem } from '../system.js';
import { MIN_Y } from '../terrain/generator.js';
import type { World } from '../world.js';

export const WATER_TICK_DELAY = 5;
export const LAVA_TICK_DELAY = 30;
export const WATER_DROP_OFF = 1;
export const LAVA_DROP_OFF = 2;
/** Block-state level of a falling fluid. */
export const FALLING_LEVEL = 8;

const WATER = 1;
const LAVA = 2;

interface FluidKind {
  readonly kind: number;
  /** State id of level 0 (the source); level n is minState + n since `level` is the block's only property. */
  readonly minState: number;
  readonly delay: number;
  readonly dropOff: number;
}

/** State id of `fluid` (`water` or `lava`) at `level` (0 source, 1–7 flowing, 8 falling). */
export function fluidState(reg: Registry, fluid: 'water' | 'lava', level: number): number {
  const b = reg.block(fluid);
  return (b.minStateId ?? b.id) + level;
}

/** Level of a fluid state (0 source … 8+ falling), or -1 for anything else. */
export function fluidLevel(reg: Registry, state: number): number {
  const f = reg.fluidByState[state];
  if (!f) return -1;
  return state - fluidState(reg, f === WATER ? 'water' : 'lava', 0);
}

const amountOf = (level: number): number => (level === 0 || level >= FALLING_LEVEL ? 8 : 8 - level);

const SIDES: readonly (readonly [number, number])[] = [[1, 0], [-1, 0], [0, 1], [0, -1]];
const NEIGHBOURS: readonly (readonly [number, number, number])[] = [[0, 0, 0], [1, 0, 0], [-1, 0, 0], [0, 1, 0], [0, -1, 0], [0, 0, 1], [0, 0, -1]];

/** A position key for de-duplicating scheduled updates (x, z within ±2^21, y within the build height). */
const keyOf = (x: number, y: number, z: number): number => ((x + 2097152) * 4194304 + (z + 2097152)) * 512 + (y - MIN_Y);

export function fluidSystem(): WorldSystem {
  /** position key -> tick its update is due. */
  const due = new Map<number, number>();
  /** tick -> flat x, y, z triples due then. */
  const buckets = new Map<number, number[]>();
  let kinds: FluidKind[] = [];
  let air = new Set<number>();
  let stateStone = 0, stateCobble = 0, stateObsidian = 0;
  let world: World;

  const schedule = (x: number, y: number, z: number, delay: number): void => {
    const key = keyOf(x, y, z);
    const at = world.tick + delay;
    const current = due.get(key);
    if (current !== undefined && current <= at) return;
    due.set(key, at);
    let list = buckets.get(at);
    if (!list) buckets.set(at, (list = []));
    list.push(x, y, z);
  };

  const fluidAt = (x: number, y: number, z: number): number => world.registry.fluidByState[world.blocks.get(x, y, z)] ?? 0;

  /** Lava with water above or beside it. */
  const touchesWater = (x: number, y: number, z: number): boolean => {
    if (fluidAt(x, y + 1, z) === WATER) return true;
    for (const [dx, dz] of SIDES) if (fluidAt(x + dx, y, z + dz) === WATER) return true;
    return false;
  };

  const wake = (x: number, y: number, z: number): void => {
    for (const [dx, dy, dz] of NEIGHBOURS) {
      const nx = x + dx, ny = y + dy, nz = z + dz;
      const f = fluidAt(nx, ny, nz);
      if (f === WATER) schedule(nx, ny, nz, WATER_TICK_DELAY);
      else if (f === LAVA) schedule(nx, ny, nz, touchesWater(nx, ny, nz) ? 1 : LAVA_TICK_DELAY);
    }
  };

  const set = (x: number, y: number, z: number, state: number, cause?: string): void => world.setBlock({ x, y, z }, state, cause);

  /** The state a non-source fluid block should have now, from its neighbours (vanilla getNewLiquid). */
  const newState = (x: number, y: number, z: number, f: FluidKind): number => {
    const reg = world.registry;
    let maxAmount = 0, sources = 0;
    for (const [dx, dz] of SIDES) {
      const n = world.blocks.get(x + dx, y, z + dz);
      if (reg.fluidByState[n] !== f.kind) continue;
      const level = n - f.minState;
      if (level === 0) sources++;
      maxAmount = Math.max(maxAmount, amountOf(level));
    }
    if (f.kind === WATER && sources >= 2) {
      const below = world.blocks.get(x, y - 1, z);
      if (reg.solidByState[below] === 1 || below === f.minState) return f.minState;
    }
    if (reg.fluidByState[world.blocks.get(x, y + 1, z)] === f.kind) return f.minState + FALLING_LEVEL;
    const amount = maxAmount - f.dropOff;
    return amount <= 0 ? world.registry.airState : f.minState + 8 - amount;
  };

  const spread = (x: number, y: number, z: number, state: number, f: FluidKind): void => {
    const reg = world.registry;
    const level = state - f.minState;
    if (y - 1 >= MIN_Y) {
      const below = world.blocks.get(x, y - 1, z);
      const belowFluid = reg.fluidByState[below];
      if (f.kind === LAVA && belowFluid === WATER) {
        set(x, y - 1, z, stateStone, 'fluid');
        return;
      }
      const belowLevel = below - f.minState;
      if (air.has(below) || (belowFluid === f.kind && belowLevel > 0 && belowLevel < FALLING_LEVEL)) {
        set(x, y - 1, z, f.minState + FALLING_LEVEL);
        return;
      }
      // Flowing fluid over its own kind stays a column; only sources also spread sideways.
      if (belowFluid === f.kind && level !== 0) return;
    }
    const amount = amountOf(level) - f.dropOff;
    if (amount <= 0) return;
    const sideState = f.minState + 8 - amount;
    for (const [dx, dz] of SIDES) {
      const n = world.blocks.get(x + dx, y, z + dz);
      const nLevel = n - f.minState;
      const weaker = reg.fluidByState[n] === f.kind && nLevel > 0 && nLevel < FALLING_LEVEL && amountOf(nLevel) < amount;
      if (air.has(n) || weaker) set(x + dx, y, z + dz, sideState);
    }
  };

  const update = (x: number, y: number, z: number): void => {
    let state = world.blocks.get(x, y, z);
    const kind = world.registry.fluidByState[state];
    const f = kind ? kinds[kind] : undefined;
    if (!f) return;
    if (f.kind === LAVA && touchesWater(x, y, z)) {
      set(x, y, z, state === f.minState ? stateObsidian : stateCobble, 'fluid');
      return;
    }
    if (state !== f.minState) {
      const next = newState(x, y, z, f);
      if (next !== state) {
        set(x, y, z, next);
        if (world.registry.fluidByState[next] !== f.kind) return;
        state = next;
      }
    }
    spread(x, y, z, state, f);
  };

  return {
    name: 'fluids',
    attach(w) {
      world = w;
      const reg = w.registry;
      kinds = [];
      kinds[WATER] = { kind: WATER, minState: fluidState(reg, 'water', 0), delay: WATER_TICK_DELAY, dropOff: WATER_DROP_OFF };
      kinds[LAVA] = { kind: LAVA, minState: fluidState(reg, 'lava', 0), delay: LAVA_TICK_DELAY, dropOff: LAVA_DROP_OFF };
      air = new Set(['air', 'cave_air', 'void_air'].filter((n) => reg.isBlock(n)).map((n) => reg.stateOf(n)));
      stateStone = reg.stateOf('stone');
      stateCobble = reg.stateOf('cobblestone');
      stateObsidian = reg.stateOf('obsidian');
      w.watchBlocks((x, y, z) => wake(x, y, z));
    },
    tick(w) {
      const list = buckets.get(w.tick);
      if (!list) return;
      buckets.delete(w.tick);
      for (let i = 0; i < list.length; i += 3) {
        const x = list[i]!, y = list[i + 1]!, z = list[i + 2]!;
        const key = keyOf(x, y, z);
        if (due.get(key) !== w.tick) continue; // rescheduled earlier and already done
        due.delete(key);
        update(x, y, z);
      }
    },
  };
}
