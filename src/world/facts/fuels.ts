/**
 * Furnace fuel burn times in ticks (one item smelts in 200), which minecraft-data does not carry.
 * Wood from the nether (crimson, warped) never burns.
 *
 * Source: vanilla AbstractFurnaceBlockEntity.getFuel() (Java Edition 1.20.4) and Minecraft Wiki, "Fuel".
 */
import { BURNABLE_WOODS, DYE_COLORS } from './smelting.js';

/** Fuels whose burn leaves an item in the fuel slot (a lava bucket leaves its bucket). */
export const FUEL_REMAINDERS: Readonly<Record<string, string>> = { lava_bucket: 'bucket' };

function build(): Record<string, number> {
  const t: Record<string, number> = {};
  const add = (items: readonly string[], ticks: number): void => {
    for (const i of items) t[i] = ticks;
  };
  const woods = (f: (w: string) => string[]): string[] => BURNABLE_WOODS.flatMap(f);
  add(['lava_bucket'], 20000);
  add(['coal_block'], 16000);
  add(['dried_kelp_block'], 4001);
  add(['blaze_rod'], 2400);
  add(['coal', 'charcoal'], 1600);
  add(woods((w) => [`${w}_boat`, `${w}_chest_boat`]), 1200);
  add(['bamboo_raft', 'bamboo_chest_raft'], 1200);
  add(woods((w) => [`${w}_hanging_sign`]), 800);
  add(['bamboo_hanging_sign'], 800);
  // ItemTags.LOGS, PLANKS, WOODEN_STAIRS/TRAPDOORS/PRESSURE_PLATES/FENCES, FENCE_GATES: 300.
  add(woods((w) => [`${w}_log`, `${w}_wood`, `stripped_${w}_log`, `stripped_${w}_wood`, `${w}_planks`, `${w}_stairs`, `${w}_trapdoor`, `${w}_pressure_plate`, `${w}_fence`, `${w}_fence_gate`]), 300);
  add(['bamboo_block', 'stripped_bamboo_block', 'bamboo_planks', 'bamboo_mosaic', 'bamboo_stairs', 'bamboo_mosaic_stairs', 'bamboo_trapdoor', 'bamboo_pressure_plate', 'bamboo_fence', 'bamboo_fence_gate'], 300);
  add(['note_block', 'bookshelf', 'chiseled_bookshelf', 'lectern', 'jukebox', 'chest', 'trapped_chest', 'crafting_table', 'daylight_detector',
    'bow', 'crossbow', 'fishing_rod', 'ladder', 'loom', 'barrel', 'cartography_table', 'fletching_table', 'smithing_table', 'composter', 'mangrove_roots'], 300);
  add(DYE_COLORS.map((c) => `${c}_banner`), 300);
  add(woods((w) => [`${w}_sign`, `${w}_door`]), 200);
  add(['bamboo_sign', 'bamboo_door'], 200);
  add(['wooden_shovel', 'wooden_sword', 'wooden_hoe', 'wooden_axe', 'wooden_pickaxe'], 200);
  add(woods((w) => [`${w}_slab`]), 150);
  add(['bamboo_slab', 'bamboo_mosaic_slab'], 150);
  add(DYE_COLORS.map((c) => `${c}_wool`), 100);
  add(woods((w) => [`${w}_button`]), 100);
  add(['bamboo_button', 'stick', 'bowl', 'dead_bush', 'azalea', 'flowering_azalea'], 100);
  // ItemTags.SAPLINGS.
  add(['oak_sapling', 'spruce_sapling', 'birch_sapling', 'jungle_sapling', 'acacia_sapling', 'dark_oak_sapling', 'cherry_sapling', 'mangrove_propagule'], 100);
  add(DYE_COLORS.map((c) => `${c}_carpet`), 67);
  add(['bamboo', 'scaffolding'], 50);
  return t;
}

/** Burn time in ticks by fuel item name. */
export const FUEL_TICKS: Readonly<Record<string, number>> = build();
