/**
 * Every mob's max health and natural armor, Java Edition 1.20.4. minecraft-data carries neither
 * (its entities give only size and category), so they are listed here.
 *
 * Sources: the `createAttributes()` of each vanilla mob class (attributes `generic.max_health` and
 * `generic.armor`), as tabulated on the Minecraft Wiki pages "Attribute" § Defaults per mob and each
 * mob's own page (infobox "Health points", "Armor points"). Values are in half hearts and armor points.
 *
 * Three kinds of mob have no single figure in vanilla:
 * - horses, donkeys, mules, llamas and trader llamas roll their health when they spawn
 *   (AbstractHorse.generateMaxHealth: 15 + nextInt(8) + nextInt(9), so 15–30): `horseHealth` below;
 * - slimes and magma cubes scale with their size (health size², magma cube armor 3 · size); this world
 *   spawns them at size 4, the size minecraft-data's hit box describes;
 * - a shulker gains 20 armor while closed; this world keeps it at its base 0.
 */

/** A rolled max health: `base + nextInt(a) + nextInt(b)`. */
export interface RolledHealth {
  readonly base: number;
  readonly rolls: readonly [number, number];
}

export interface MobAttributes {
  readonly maxHealth: number | RolledHealth;
  /** Natural armor points (attribute `generic.armor`); 0 for most mobs. */
  readonly armor: number;
}

const horseHealth: RolledHealth = { base: 15, rolls: [8, 9] };
/** Size-4 slime: 4². */
const SLIME_SIZE = 4;

const h = (maxHealth: number | RolledHealth, armor = 0): MobAttributes => ({ maxHealth, armor });

export const MOB_ATTRIBUTES: Readonly<Record<string, MobAttributes>> = {
  allay: h(20),
  axolotl: h(14),
  bat: h(6),
  bee: h(10),
  blaze: h(20),
  breeze: h(30),
  camel: h(32),
  cat: h(10),
  cave_spider: h(12),
  chicken: h(4),
  cod: h(3),
  cow: h(10),
  creeper: h(20),
  dolphin: h(10),
  donkey: h(horseHealth),
  drowned: h(20, 2),
  elder_guardian: h(80),
  ender_dragon: h(200),
  enderman: h(40),
  endermite: h(8),
  evoker: h(24),
  fox: h(10),
  frog: h(10),
  ghast: h(10),
  giant: h(100),
  glow_squid: h(10),
  goat: h(10),
  guardian: h(30),
  hoglin: h(40),
  horse: h(horseHealth),
  husk: h(20, 2),
  illusioner: h(32),
  iron_golem: h(100),
  llama: h(horseHealth),
  magma_cube: h(SLIME_SIZE * SLIME_SIZE, 3 * SLIME_SIZE),
  mooshroom: h(10),
  mule: h(horseHealth),
  ocelot: h(10),
  panda: h(20),
  parrot: h(6),
  phantom: h(20),
  pig: h(10),
  piglin: h(16),
  piglin_brute: h(50),
  pillager: h(24),
  polar_bear: h(30),
  pufferfish: h(3),
  rabbit: h(3),
  ravager: h(100),
  salmon: h(3),
  sheep: h(8),
  shulker: h(30),
  silverfish: h(8),
  skeleton: h(20),
  skeleton_horse: h(15),
  slime: h(SLIME_SIZE * SLIME_SIZE),
  sniffer: h(14),
  snow_golem: h(4),
  spider: h(16),
  squid: h(10),
  stray: h(20),
  strider: h(20),
  tadpole: h(6),
  trader_llama: h(horseHealth),
  tropical_fish: h(3),
  turtle: h(30),
  vex: h(14),
  villager: h(20),
  vindicator: h(24),
  wandering_trader: h(20),
  warden: h(500),
  witch: h(26),
  wither: h(300, 4),
  wither_skeleton: h(20),
  wolf: h(8),
  zoglin: h(40),
  zombie: h(20, 2),
  zombie_horse: h(15),
  zombie_villager: h(20, 2),
  zombified_piglin: h(20, 2),
};

export function mobAttributes(type: string): MobAttributes | undefined {
  return MOB_ATTRIBUTES[type];
}

/** The max health a mob of `type` spawns with, rolling it from `nextInt` for the mobs vanilla rolls. */
export function rollMaxHealth(attributes: MobAttributes, nextInt: (bound: number) => number): number {
  const m = attributes.maxHealth;
  return typeof m === 'number' ? m : m.base + nextInt(m.rolls[0]) + nextInt(m.rolls[1]);
}

/** A mob type's typical max health (the middle of a rolled range), for estimates that need one number. */
export function typicalMaxHealth(type: string): number | undefined {
  const m = MOB_ATTRIBUTES[type]?.maxHealth;
  if (m === undefined) return undefined;
  return typeof m === 'number' ? m : m.base + (m.rolls[0] - 1) / 2 + (m.rolls[1] - 1) / 2;
}
