/**
 * Which blocks burn, and how eagerly: Java Edition 1.20.4. minecraft-data does not carry it.
 *
 * Source: vanilla `FireBlock.bootStrap()`, which calls `setFlammable(block, encouragement, flammability)`
 * for every burnable block (the same pairs as the Minecraft Wiki "Fire" § Flammable blocks table, whose
 * columns are "encouragement" and "flammability"):
 * - encouragement (vanilla `igniteOdds`): how readily an air block next to this one catches fire from a
 *   nearby fire;
 * - flammability (vanilla `burnOdds`): how readily the block itself is consumed by a fire beside it.
 * Nether woods (crimson, warped) are not in the table: they never burn.
 *
 * Lava lights fire next to blocks that are "ignited by lava" (a block property in 1.20); vanilla gives
 * that property to these blocks and to some wooden blocks that do not burn (chests, crafting tables,
 * doors, signs). This world lights lava fires only next to blocks of this table.
 */

export interface Flammability {
  readonly encouragement: number;
  readonly flammability: number;
}

/** Overworld wood families whose planks, logs, slabs, stairs, fences and fence gates burn. */
const WOODS = ['oak', 'spruce', 'birch', 'jungle', 'acacia', 'dark_oak', 'mangrove', 'cherry'];

const FLOWERS = [
  'dandelion', 'poppy', 'blue_orchid', 'allium', 'azure_bluet', 'red_tulip', 'orange_tulip', 'white_tulip',
  'pink_tulip', 'oxeye_daisy', 'cornflower', 'lily_of_the_valley', 'wither_rose', 'torchflower', 'pitcher_plant',
];
const COLOURS = [
  'white', 'orange', 'magenta', 'light_blue', 'yellow', 'lime', 'pink', 'gray', 'light_gray', 'cyan',
  'purple', 'blue', 'brown', 'green', 'red', 'black',
];

function table(): Map<string, Flammability> {
  const t = new Map<string, Flammability>();
  const set = (names: readonly string[], encouragement: number, flammability: number): void => {
    for (const n of names) t.set(n, { encouragement, flammability });
  };
  const woodAndBamboo = [...WOODS, 'bamboo'];
  set(woodAndBamboo.map((w) => `${w}_planks`), 5, 20);
  set(woodAndBamboo.map((w) => `${w}_slab`), 5, 20);
  set(woodAndBamboo.map((w) => `${w}_fence_gate`), 5, 20);
  set(woodAndBamboo.map((w) => `${w}_fence`), 5, 20);
  set(woodAndBamboo.map((w) => `${w}_stairs`), 5, 20);
  set(['bamboo_mosaic', 'bamboo_mosaic_slab', 'bamboo_mosaic_stairs'], 5, 20);
  set(WOODS.flatMap((w) => [`${w}_log`, `stripped_${w}_log`, `${w}_wood`, `stripped_${w}_wood`]), 5, 5);
  set(['bamboo_block', 'stripped_bamboo_block'], 5, 5);
  set(['mangrove_roots'], 5, 20);
  set(WOODS.map((w) => `${w}_leaves`), 30, 60);
  set(['azalea_leaves', 'flowering_azalea_leaves'], 30, 60);
  set(['bookshelf', 'chiseled_bookshelf', 'lectern'], 30, 20);
  set(['tnt'], 15, 100);
  set(['short_grass', 'grass', 'fern', 'dead_bush', 'sunflower', 'lilac', 'rose_bush', 'peony', 'tall_grass', 'large_fern'], 60, 100);
  set(FLOWERS, 60, 100);
  set(['pink_petals', 'sweet_berry_bush', 'spore_blossom', 'small_dripleaf'], 60, 100);
  set(COLOURS.map((c) => `${c}_wool`), 30, 60);
  set(COLOURS.map((c) => `${c}_carpet`), 60, 20);
  set(['vine', 'glow_lichen', 'big_dripleaf', 'big_dripleaf_stem'], 15, 100);
  set(['coal_block'], 5, 5);
  set(['hay_block'], 60, 20);
  set(['target'], 15, 20);
  set(['dried_kelp_block', 'azalea', 'flowering_azalea', 'hanging_roots'], 30, 60);
  set(['bamboo', 'scaffolding'], 60, 60);
  set(['composter', 'beehive'], 5, 20);
  set(['bee_nest'], 30, 20);
  set(['cave_vines', 'cave_vines_plant'], 15, 60);
  set(['moss_block', 'moss_carpet'], 5, 100);
  return t;
}

/** Block name -> its encouragement and flammability; blocks not listed do not burn. */
export const FLAMMABLE_BLOCKS: ReadonlyMap<string, Flammability> = table();

/**
 * Fire rules' constants (vanilla FireBlock): a fire block ticks every 30 + nextInt(10) ticks; it burns
 * out its horizontal neighbours with odds flammability / 300 and the ones above and below with
 * flammability / 250; it spreads to air up to 1 block around and 4 blocks above.
 */
export const FIRE = {
  tickDelayMin: 30,
  tickDelayRandom: 10,
  maxAge: 15,
  sideBurnChance: 300,
  verticalBurnChance: 250,
  /** Overworld `infiniburn` block tag: fire on these never goes out. */
  infiniburn: ['netherrack', 'magma_block'] as readonly string[],
} as const;

/**
 * Random ticks (vanilla ServerLevel.tickChunk with the default gamerule randomTickSpeed 3): each tick
 * every 16x16x16 section gets 3 random positions ticked, so a given block is ticked with probability
 * 3 / 4096 per tick. Lava's random tick is what lights fires near it (LavaFluid.randomTick).
 */
export const RANDOM_TICKS_PER_SECTION = 3;
export const SECTION_VOLUME = 4096;
