/**
 * The vanilla item tags that crafting recipes use as ingredients, Java Edition 1.20.4. minecraft-data
 * expands a tag ingredient into one recipe variant per member (a crafting table from 4 oak planks, from 4
 * spruce planks, …) and keeps no tags, so a grid that mixes members of one tag (2 oak + 2 spruce planks),
 * which vanilla accepts, matches no variant. This table says which variants are one tag.
 *
 * Source: the vanilla data pack, `data/minecraft/tags/items/<tag>.json` (wiki "Tag" § Java Edition item
 * tags): planks, wooden_slabs, logs (= logs_that_burn + crimson_stems + warped_stems), coals,
 * stone_crafting_materials and stone_tool_materials (same members, one entry here), soul_fire_base_blocks,
 * sand, wool, wool_carpets.
 */

const OVERWORLD_WOODS = ['oak', 'spruce', 'birch', 'jungle', 'acacia', 'dark_oak', 'mangrove', 'cherry'];
const PLANK_WOODS = [...OVERWORLD_WOODS, 'bamboo', 'crimson', 'warped'];
const COLOURS = [
  'white', 'orange', 'magenta', 'light_blue', 'yellow', 'lime', 'pink', 'gray', 'light_gray', 'cyan',
  'purple', 'blue', 'brown', 'green', 'red', 'black',
];

export const RECIPE_TAGS: Readonly<Record<string, readonly string[]>> = {
  planks: PLANK_WOODS.map((w) => `${w}_planks`),
  wooden_slabs: PLANK_WOODS.map((w) => `${w}_slab`),
  logs: [
    ...OVERWORLD_WOODS.flatMap((w) => [`${w}_log`, `${w}_wood`, `stripped_${w}_log`, `stripped_${w}_wood`]),
    ...['crimson', 'warped'].flatMap((w) => [`${w}_stem`, `${w}_hyphae`, `stripped_${w}_stem`, `stripped_${w}_hyphae`]),
  ],
  coals: ['coal', 'charcoal'],
  stone_crafting_materials: ['cobblestone', 'blackstone', 'cobbled_deepslate'],
  soul_fire_base_blocks: ['soul_sand', 'soul_soil'],
  sand: ['sand', 'red_sand', 'suspicious_sand'],
  wool: COLOURS.map((c) => `${c}_wool`),
  wool_carpets: COLOURS.map((c) => `${c}_carpet`),
};

/** Item name -> the recipe tag it belongs to (each item is in at most one of the tags above). */
export const RECIPE_TAG_OF: ReadonlyMap<string, string> = new Map(
  Object.entries(RECIPE_TAGS).flatMap(([tag, items]) => items.map((i) => [i, tag] as const)),
);
