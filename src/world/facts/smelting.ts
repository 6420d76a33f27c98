/**
 * Furnace recipes, which minecraft-data does not carry for Java Edition: input item -> output item,
 * one output per input. `kind` says which specialised furnace also accepts the input: a blast
 * furnace smelts `metal` recipes and a smoker `food` recipes, both twice as fast.
 *
 * Source: Minecraft Wiki, "Smelting" (recipe table, Java Edition 1.20), and the vanilla recipe
 * generator net.minecraft.data.recipes.packs.VanillaRecipeProvider (oreSmelting/oreBlasting,
 * smeltingResultFromBase, cookRecipes, the logs_that_burn -> charcoal recipe).
 */

export type SmeltKind = 'metal' | 'food' | 'other';

export interface SmeltRecipe {
  output: string;
  kind: SmeltKind;
}

/** Ticks to smelt one item (AbstractFurnaceBlockEntity / "Smelting": 10 s). */
export const SMELT_TICKS = 200;
/** Ticks in a blast furnace or smoker for their own kind (BlastFurnaceBlockEntity, SmokerBlockEntity: 5 s). */
export const FAST_SMELT_TICKS = 100;

/** Wood types whose logs burn (ItemTags.LOGS_THAT_BURN: crimson and warped stems do not). */
export const BURNABLE_WOODS = ['oak', 'spruce', 'birch', 'jungle', 'acacia', 'dark_oak', 'mangrove', 'cherry'] as const;
/** The sixteen dye colours (terracotta -> glazed terracotta). */
export const DYE_COLORS = [
  'white', 'orange', 'magenta', 'light_blue', 'yellow', 'lime', 'pink', 'gray',
  'light_gray', 'cyan', 'purple', 'blue', 'brown', 'green', 'red', 'black',
] as const;

const IRON_GEAR = ['iron_pickaxe', 'iron_shovel', 'iron_axe', 'iron_hoe', 'iron_sword', 'iron_helmet', 'iron_chestplate', 'iron_leggings', 'iron_boots', 'iron_horse_armor', 'chainmail_helmet', 'chainmail_chestplate', 'chainmail_leggings', 'chainmail_boots'];
const GOLD_GEAR = ['golden_pickaxe', 'golden_shovel', 'golden_axe', 'golden_hoe', 'golden_sword', 'golden_helmet', 'golden_chestplate', 'golden_leggings', 'golden_boots', 'golden_horse_armor'];

function build(): Record<string, SmeltRecipe> {
  const t: Record<string, SmeltRecipe> = {};
  const add = (inputs: readonly string[], output: string, kind: SmeltKind): void => {
    for (const i of inputs) t[i] = { output, kind };
  };
  // Ores and raw metals (oreSmelting + oreBlasting).
  add(['raw_iron', 'iron_ore', 'deepslate_iron_ore'], 'iron_ingot', 'metal');
  add(['raw_gold', 'gold_ore', 'deepslate_gold_ore', 'nether_gold_ore'], 'gold_ingot', 'metal');
  add(['raw_copper', 'copper_ore', 'deepslate_copper_ore'], 'copper_ingot', 'metal');
  add(['coal_ore', 'deepslate_coal_ore'], 'coal', 'metal');
  add(['diamond_ore', 'deepslate_diamond_ore'], 'diamond', 'metal');
  add(['emerald_ore', 'deepslate_emerald_ore'], 'emerald', 'metal');
  add(['lapis_ore', 'deepslate_lapis_ore'], 'lapis_lazuli', 'metal');
  add(['redstone_ore', 'deepslate_redstone_ore'], 'redstone', 'metal');
  add(['nether_quartz_ore'], 'quartz', 'metal');
  add(['ancient_debris'], 'netherite_scrap', 'metal');
  add(IRON_GEAR, 'iron_nugget', 'metal');
  add(GOLD_GEAR, 'gold_nugget', 'metal');
  // Food (cookRecipes: furnace, smoker, campfire).
  add(['beef'], 'cooked_beef', 'food');
  add(['porkchop'], 'cooked_porkchop', 'food');
  add(['chicken'], 'cooked_chicken', 'food');
  add(['mutton'], 'cooked_mutton', 'food');
  add(['rabbit'], 'cooked_rabbit', 'food');
  add(['cod'], 'cooked_cod', 'food');
  add(['salmon'], 'cooked_salmon', 'food');
  add(['potato'], 'baked_potato', 'food');
  add(['kelp'], 'dried_kelp', 'food');
  // Everything else: furnace only.
  add(['sand', 'red_sand'], 'glass', 'other');
  add(['cobblestone'], 'stone', 'other');
  add(['stone'], 'smooth_stone', 'other');
  add(['cobbled_deepslate'], 'deepslate', 'other');
  add(['stone_bricks'], 'cracked_stone_bricks', 'other');
  add(['deepslate_bricks'], 'cracked_deepslate_bricks', 'other');
  add(['deepslate_tiles'], 'cracked_deepslate_tiles', 'other');
  add(['nether_bricks'], 'cracked_nether_bricks', 'other');
  add(['polished_blackstone_bricks'], 'cracked_polished_blackstone_bricks', 'other');
  add(['basalt'], 'smooth_basalt', 'other');
  add(['sandstone'], 'smooth_sandstone', 'other');
  add(['red_sandstone'], 'smooth_red_sandstone', 'other');
  add(['quartz_block'], 'smooth_quartz', 'other');
  add(['clay_ball'], 'brick', 'other');
  add(['clay'], 'terracotta', 'other');
  add(['netherrack'], 'nether_brick', 'other');
  add(['cactus'], 'green_dye', 'other');
  add(['sea_pickle'], 'lime_dye', 'other');
  add(['wet_sponge'], 'sponge', 'other');
  add(['chorus_fruit'], 'popped_chorus_fruit', 'other');
  add(
    BURNABLE_WOODS.flatMap((w) => [`${w}_log`, `${w}_wood`, `stripped_${w}_log`, `stripped_${w}_wood`]),
    'charcoal',
    'other',
  );
  for (const c of DYE_COLORS) add([`${c}_terracotta`], `${c}_glazed_terracotta`, 'other');
  return t;
}

/** Furnace recipes by input item name. */
export const SMELTING: Readonly<Record<string, SmeltRecipe>> = build();
