/**
 * Mob stats minecraft-data does not carry (attributes, attack damage, AI constants). Java Edition 1.20.
 * Widths and heights are NOT here: they come from minecraft-data's `entitiesByName`.
 */
import type { Difficulty } from '../world-options.js';

export type MobBehaviour = 'passive' | 'melee' | 'archer' | 'creeper';

/** Max health and natural armor are not here but in mob-attributes.ts, which lists every mob. */
export interface MobFacts {
  /** Attribute `generic.movement_speed` (vanilla units, not blocks/s). */
  movementAttribute: number;
  /** Walking speed in blocks per second, derived from the attribute (see `mobWalkSpeedBps`). */
  walkSpeedBps: number;
  /** Melee damage per hit against a player on each difficulty (half hearts); null for mobs that do not melee. */
  meleeDamage: Readonly<Record<Exclude<Difficulty, 'peaceful'>, number>> | null;
  /** Attribute `generic.follow_range`: how far a hostile notices a target, in blocks. */
  followRange: number;
  /** Undead that catch fire in daylight (wiki "Zombie" / "Skeleton" § Behavior). */
  burnsInDaylight: boolean;
  hostile: boolean;
  behaviour: MobBehaviour;
  /** Speed multiplier while fleeing after being hurt (vanilla PanicGoal speedModifier). */
  panicSpeedModifier: number;
}

/**
 * Blocks per second a mob walks at with speed modifier `m`. Vanilla MoveControl sets both the mob's
 * speed and its forward input to `m * attribute`, and LivingEntity.travel adds input * speed per tick on
 * ground whose velocity keeps 0.546 (block friction 0.6 * 0.91) per tick, so the terminal speed is
 * (m * a)^2 / (1 - 0.546) blocks per tick. (The same formula gives the player's 4.317 with a = 0.1 and
 * input 0.98.)
 */
export function mobWalkSpeedBps(attribute: number, modifier = 1): number {
  const perTick = (modifier * attribute) ** 2 / (1 - 0.6 * 0.91);
  return Math.round(perTick * 20 * 1000) / 1000;
}

const mob = (
  movementAttribute: number,
  rest: Omit<MobFacts, 'movementAttribute' | 'walkSpeedBps'>,
): MobFacts => ({ movementAttribute, walkSpeedBps: mobWalkSpeedBps(movementAttribute), ...rest });

const passive = (panicSpeedModifier: number) =>
  ({ meleeDamage: null, followRange: 16, burnsInDaylight: false, hostile: false, behaviour: 'passive', panicSpeedModifier }) as const;

/**
 * Sources: Minecraft Wiki pages "Pig", "Cow", "Sheep", "Chicken", "Zombie", "Skeleton", "Spider",
 * "Creeper" (attack strength per difficulty), "Attribute" § Attributes available on all living
 * entities (movement_speed, follow_range defaults: 16; zombie 35); panic speed modifiers from the vanilla
 * registerGoals of Pig (1.25), Cow (2.0), Sheep (1.25), Chicken (1.4).
 * Melee damage on easy/hard is vanilla's difficulty scaling of the normal value (min(d/2+1, d) and d*1.5);
 * the mob rules scale `attackDamage` (the normal figure, overridable for bosses) with scaleForDifficulty,
 * and the tests check the result against this table.
 */
export const MOB_FACTS: Readonly<Record<string, MobFacts>> = {
  pig: mob(0.25, passive(1.25)),
  cow: mob(0.2, passive(2.0)),
  sheep: mob(0.23, passive(1.25)),
  chicken: mob(0.25, passive(1.4)),
  zombie: mob(0.23, { meleeDamage: { easy: 2.5, normal: 3, hard: 4.5 }, followRange: 35, burnsInDaylight: true, hostile: true, behaviour: 'melee', panicSpeedModifier: 1 }),
  skeleton: mob(0.25, { meleeDamage: { easy: 2, normal: 2, hard: 3 }, followRange: 16, burnsInDaylight: true, hostile: true, behaviour: 'archer', panicSpeedModifier: 1 }),
  spider: mob(0.3, { meleeDamage: { easy: 2, normal: 2, hard: 3 }, followRange: 16, burnsInDaylight: false, hostile: true, behaviour: 'melee', panicSpeedModifier: 1 }),
  creeper: mob(0.25, { meleeDamage: null, followRange: 16, burnsInDaylight: false, hostile: true, behaviour: 'creeper', panicSpeedModifier: 1 }),
};

export const HOSTILE_TYPES: readonly string[] = ['zombie', 'skeleton', 'spider', 'creeper'];
export const PASSIVE_TYPES: readonly string[] = ['pig', 'cow', 'sheep', 'chicken'];

/** Vanilla MeleeAttackGoal: ticks between two melee hits. */
export const MELEE_COOLDOWN_TICKS = 20;

/**
 * Skeleton ranged attack (wiki "Skeleton" § Attacks; vanilla RangedBowAttackGoal / AbstractSkeleton):
 * a shot every 40 ticks (20 on hard), wants to be within 15 blocks, strafes at about 8–12.
 * Arrow damage on normal is 3–4 (wiki: easy 2–4, normal 3–4, hard 4–5, after difficulty scaling).
 */
export const SKELETON = {
  shotIntervalTicks: 40,
  shotIntervalTicksHard: 20,
  preferredMin: 8,
  preferredMax: 12,
  maxShotRange: 15,
  arrowDamageMin: 3,
  arrowDamageMax: 4,
} as const;

/**
 * Creeper (wiki "Creeper" § Behavior; vanilla Creeper maxSwell 30, explosionRadius 3, SwellGoal starts
 * within 3 blocks and stops beyond 7).
 */
export const CREEPER = {
  fuseTicks: 30,
  explosionPower: 3,
  startSwellDistance: 3,
  cancelSwellDistance: 7,
} as const;

/** Ticks a passive mob runs after being hurt (vanilla PanicGoal runs until the hurt timer of ~5 s ends). */
export const PANIC_TICKS = 100;

/** Vanilla PathfinderMob: mobs will not choose a path down a drop higher than 3 blocks (maxFallDistance 3). */
export const MAX_SAFE_DROP = 3;

/**
 * Daylight burning (vanilla Mob.isSunBurnTick / Zombie.aiStep): an undead in daylight with sky above
 * and not in water is set on fire for 8 seconds.
 */
export const SUN_BURN_TICKS = 160;

/**
 * Natural spawning and despawning (wiki "Spawn" § Java Edition mob cap and despawning; vanilla
 * NaturalSpawner, Mob.checkDespawn): hostiles spawn 24–128 blocks from a player (we use 24–64),
 * monsters cap 70 and creatures 10 per 17x17-chunk area; a non-persistent mob farther than 128 blocks
 * from every player despawns at once, one farther than 32 with chance 1/800 per tick.
 */
export const SPAWNING = {
  minDistance: 24,
  maxDistance: 64,
  hostileCapPerPlayer: 8,
  passiveCapPerPlayer: 4,
  capRadius: 64,
  cycleTicks: 20,
  despawnImmediate: 128,
  despawnRandom: 32,
  despawnChancePerTick: 1 / 800,
} as const;

export function mobFacts(type: string): MobFacts | undefined {
  return MOB_FACTS[type];
}
