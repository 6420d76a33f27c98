/**
 * Fire as a block: lava lights fires next to flammable blocks, and fire spreads to and consumes them
 * (Java Edition 1.20.4, vanilla LavaFluid.randomTick and FireBlock.tick; wiki "Fire" § Spread and
 * "Lava" § Fire spread). Flammability data: facts/flammability.ts.
 *
 * - Lava's random tick (each lava block with probability 3/4096 per tick, vanilla's default
 *   randomTickSpeed): with chance 2/3 it walks 1–2 steps up (±1 sideways each) and lights the first air
 *   block that touches a flammable block (stopping at a solid block); otherwise it tries 3 blocks beside it
 *   and lights the air above any flammable one.
 * - A fire block ticks every 30–39 ticks: it ages (0–15), goes out without fuel (at once if nothing below
 *   holds it, past age 3 otherwise, or at age 15 by chance), burns out each neighbour with odds
 *   flammability/300 sideways and /250 above and below (the burnt block becomes fire with chance
 *   5/(age+10), air otherwise), and lights air up to 1 block around and 4 above with odds
 *   (encouragement + 40 + 7·difficulty) / (age + 30) out of 100 (+100 per block above the first).
 * - A fire that loses both its floor and its fuel goes out at the end of the tick (vanilla: at once).
 * - Everything respects the `doFireTick` gamerule, read when the tick happens.
 * Simplifications: no rain and no humid-biome burnout (the world has no weather); fire faces and soul fire
 * are not chosen (a fire is always the plain `fire` state of its age); burning TNT does not explode; a
 * "sturdy floor" is any solid block. Randomness comes from the world's `fire` stream; a lava block's
 * random ticks are drawn as geometric waiting times, the same distribution as a per-tick chance.
 * Only scheduled positions are looked at: the world is never scanned.
 */
import type { WorldSystem } from '../system.js';
import { MIN_Y } from '../terrain/generator.js';
import type { World } from '../world.js';
import { FIRE, FLAMMABLE_BLOCKS, RANDOM_TICKS_PER_SECTION, SECTION_VOLUME } from '../facts/flammability.js';
import { blockProperty } from './block-state.js';

/** Difficulty ids as vanilla numbers them (Difficulty.getId). */
const DIFFICULTY_ID = { peaceful: 0, easy: 1, normal: 2, hard: 3 } as const;
/** fire's `age` is its first property; the other five (faces) vary faster: 32 states per age. */
const STATES_PER_AGE = 32;
/** Offset of the state with every face `false` within one age. */
const NO_FACES = 31;

const SIX: readonly (readonly [number, number, number])[] = [[1, 0, 0], [-1, 0, 0], [0, 1, 0], [0, -1, 0], [0, 0, 1], [0, 0, -1]];

const keyOf = (x: number, y: number, z: number): number => ((x + 2097152) * 4194304 + (z + 2097152)) * 512 + (y - MIN_Y);

/** A schedule of positions by due tick, at most one entry per position. */
class Schedule {
  private readonly due = new Map<number, number>();
  private readonly buckets = new Map<number, number[]>();

  get size(): number {
    return this.due.size;
  }

  has(x: number, y: number, z: number): boolean {
    return this.due.has(keyOf(x, y, z));
  }

  add(x: number, y: number, z: number, at: number): void {
    const key = keyOf(x, y, z);
    if (this.due.has(key)) return;
    this.due.set(key, at);
    let list = this.buckets.get(at);
    if (!list) this.buckets.set(at, (list = []));
    list.push(x, y, z);
  }

  /** Removes and returns the positions due at `tick` (flat x, y, z triples). */
  take(tick: number): number[] | undefined {
    const list = this.buckets.get(tick);
    if (!list) return undefined;
    this.buckets.delete(tick);
    for (let i = 0; i < list.length; i += 3) this.due.delete(keyOf(list[i]!, list[i + 1]!, list[i + 2]!));
    return list;
  }
}

export function fireSpreadSystem(): WorldSystem {
  let world: World;
  /** Per block state: encouragement and flammability (0 for blocks that do not burn, and waterlogged ones). */
  let encouragement = new Uint8Array(0);
  let flammability = new Uint8Array(0);
  let fireMin = 0, fireMax = -1, lavaMin = 0, lavaMax = -1;
  let air = new Uint8Array(0);
  let infiniburn = new Set<number>();
  const fires = new Schedule();
  const lava = new Schedule();
  /** Fires next to a changed block, checked for support at the end of the tick. */
  let recheck: number[] = [];

  const isFire = (s: number): boolean => s >= fireMin && s <= fireMax;
  const isLava = (s: number): boolean => s >= lavaMin && s <= lavaMax;
  const stateAt = (x: number, y: number, z: number): number => world.blocks.get(x, y, z);
  const fireState = (age: number): number => fireMin + Math.min(FIRE.maxAge, age) * STATES_PER_AGE + NO_FACES;
  const rng = () => world.rng('fire');

  const scheduleFire = (x: number, y: number, z: number): void => {
    fires.add(x, y, z, world.tick + FIRE.tickDelayMin + rng().int(0, FIRE.tickDelayRandom - 1));
  };
  /** The next random tick of a lava block: a geometric waiting time with p = 3/4096 per tick. */
  const scheduleLava = (x: number, y: number, z: number): void => {
    const p = RANDOM_TICKS_PER_SECTION / SECTION_VOLUME;
    const wait = 1 + Math.floor(Math.log(1 - rng().next()) / Math.log(1 - p));
    lava.add(x, y, z, world.tick + wait);
  };

  const canBurn = (s: number): boolean => encouragement[s]! > 0;
  /** A neighbour the fire can feed on (vanilla isValidFireLocation). */
  const hasFuel = (x: number, y: number, z: number): boolean => {
    for (const [dx, dy, dz] of SIX) if (canBurn(stateAt(x + dx, y + dy, z + dz))) return true;
    return false;
  };
  const canSurvive = (x: number, y: number, z: number): boolean => world.isSolid(x, y - 1, z) || hasFuel(x, y, z);
  /** How strongly an air block is drawn into the fire (vanilla getIgniteOdds at a position). */
  const igniteOdds = (x: number, y: number, z: number): number => {
    if (air[stateAt(x, y, z)] !== 1) return 0;
    let best = 0;
    for (const [dx, dy, dz] of SIX) best = Math.max(best, encouragement[stateAt(x + dx, y + dy, z + dz)]!);
    return best;
  };
  const light = (x: number, y: number, z: number, age: number): void => world.setBlock({ x, y, z }, fireState(age), 'fire');
  const putOut = (x: number, y: number, z: number): void => world.setBlock({ x, y, z }, world.registry.airState, 'fire');

  const burnOut = (x: number, y: number, z: number, chance: number, age: number): void => {
    const odds = flammability[stateAt(x, y, z)]!;
    if (odds === 0 || rng().int(0, chance - 1) >= odds) return;
    if (rng().int(0, age + 9) < 5) light(x, y, z, age + Math.floor(rng().int(0, 4) / 4));
    else putOut(x, y, z);
  };

  const fireTick = (x: number, y: number, z: number): void => {
    const state = stateAt(x, y, z);
    if (!isFire(state)) return;
    scheduleFire(x, y, z);
    if (!world.gamerules.doFireTick) return;
    if (!canSurvive(x, y, z)) return putOut(x, y, z);
    const r = rng();
    const forever = infiniburn.has(stateAt(x, y - 1, z));
    let age = Math.floor((state - fireMin) / STATES_PER_AGE);
    const newAge = Math.min(FIRE.maxAge, age + Math.floor(r.int(0, 2) / 2));
    if (newAge !== age) {
      age = newAge;
      world.setBlock({ x, y, z }, fireState(age));
    }
    if (!forever) {
      if (!hasFuel(x, y, z)) {
        if (!world.isSolid(x, y - 1, z) || age > 3) putOut(x, y, z);
        return;
      }
      if (age === FIRE.maxAge && r.int(0, 3) === 0 && !canBurn(stateAt(x, y - 1, z))) return putOut(x, y, z);
    }
    burnOut(x + 1, y, z, FIRE.sideBurnChance, age);
    burnOut(x - 1, y, z, FIRE.sideBurnChance, age);
    burnOut(x, y - 1, z, FIRE.verticalBurnChance, age);
    burnOut(x, y + 1, z, FIRE.verticalBurnChance, age);
    burnOut(x, y, z - 1, FIRE.sideBurnChance, age);
    burnOut(x, y, z + 1, FIRE.sideBurnChance, age);
    const difficulty = DIFFICULTY_ID[world.difficulty];
    for (let dx = -1; dx <= 1; dx++) {
      for (let dz = -1; dz <= 1; dz++) {
        for (let dy = -1; dy <= 4; dy++) {
          if (dx === 0 && dy === 0 && dz === 0) continue;
          const odds = igniteOdds(x + dx, y + dy, z + dz);
          if (odds === 0) continue;
          const bound = dy > 1 ? 100 + (dy - 1) * 100 : 100;
          const spread = Math.floor((odds + 40 + difficulty * 7) / (age + 30));
          if (spread > 0 && r.int(0, bound - 1) <= spread) light(x + dx, y + dy, z + dz, age + Math.floor(r.int(0, 4) / 4));
        }
      }
    }
  };

  const lavaTick = (x: number, y: number, z: number): void => {
    if (!isLava(stateAt(x, y, z))) return;
    scheduleLava(x, y, z);
    if (!world.gamerules.doFireTick) return;
    const r = rng();
    const steps = r.int(0, 2);
    if (steps > 0) {
      let px = x, py = y, pz = z;
      for (let j = 0; j < steps; j++) {
        px += r.int(-1, 1);
        py += 1;
        pz += r.int(-1, 1);
        const s = stateAt(px, py, pz);
        if (air[s] === 1) {
          if (hasFuel(px, py, pz)) return light(px, py, pz, 0);
        } else if (world.registry.solidByState[s] === 1) {
          return;
        }
      }
      return;
    }
    for (let k = 0; k < 3; k++) {
      const px = x + r.int(-1, 1), pz = z + r.int(-1, 1);
      if (air[stateAt(px, y + 1, pz)] === 1 && canBurn(stateAt(px, y, pz))) light(px, y + 1, pz, 0);
    }
  };

  return {
    name: 'fire-spread',
    attach(w) {
      world = w;
      const reg = w.registry;
      const stateCount = Math.max(...Object.values(reg.data.blocksByName).map((b) => b.maxStateId ?? b.id)) + 1;
      encouragement = new Uint8Array(stateCount);
      flammability = new Uint8Array(stateCount);
      for (const [name, f] of FLAMMABLE_BLOCKS) {
        if (!reg.isBlock(name)) continue;
        const b = reg.block(name);
        for (let s = b.minStateId ?? b.id; s <= (b.maxStateId ?? b.id); s++) {
          if (blockProperty(reg, s, 'waterlogged') === 'true') continue;
          encouragement[s] = f.encouragement;
          flammability[s] = f.flammability;
        }
      }
      const fire = reg.block('fire');
      fireMin = fire.minStateId ?? fire.id;
      fireMax = fire.maxStateId ?? fire.id;
      const lavaBlock = reg.block('lava');
      lavaMin = lavaBlock.minStateId ?? lavaBlock.id;
      lavaMax = lavaBlock.maxStateId ?? lavaBlock.id;
      air = new Uint8Array(stateCount);
      for (const n of ['air', 'cave_air', 'void_air']) if (reg.isBlock(n)) air[reg.stateOf(n)] = 1;
      infiniburn = new Set(FIRE.infiniburn.filter((n) => reg.isBlock(n)).map((n) => reg.stateOf(n)));
      w.watchBlocks((x, y, z, before, after) => {
        if (isFire(after)) {
          if (!fires.has(x, y, z)) scheduleFire(x, y, z);
        } else if (isLava(after)) {
          if (!isLava(before) && !lava.has(x, y, z)) scheduleLava(x, y, z);
        }
        if (fires.size > 0 && !isFire(after)) {
          for (const [dx, dy, dz] of SIX) if (isFire(stateAt(x + dx, y + dy, z + dz))) recheck.push(x + dx, y + dy, z + dz);
        }
      });
    },
    tick(w) {
      const dueLava = lava.take(w.tick);
      if (dueLava) for (let i = 0; i < dueLava.length; i += 3) lavaTick(dueLava[i]!, dueLava[i + 1]!, dueLava[i + 2]!);
      const dueFires = fires.take(w.tick);
      if (dueFires) for (let i = 0; i < dueFires.length; i += 3) fireTick(dueFires[i]!, dueFires[i + 1]!, dueFires[i + 2]!);
      if (recheck.length > 0) {
        const list = recheck;
        recheck = [];
        for (let i = 0; i < list.length; i += 3) {
          const x = list[i]!, y = list[i + 1]!, z = list[i + 2]!;
          if (isFire(stateAt(x, y, z)) && !canSurvive(x, y, z)) putOut(x, y, z);
        }
      }
    },
  };
}
