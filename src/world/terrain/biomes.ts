/**
 * The biomes natural terrain produces, by minecraft-data name. Columns store a small index into
 * BIOME_NAMES so hot loops compare integers, not strings.
 */
export const BIOME_NAMES = ['plains', 'forest', 'birch_forest', 'taiga', 'desert', 'beach', 'ocean', 'deep_ocean', 'river'] as const;
export type NaturalBiome = (typeof BIOME_NAMES)[number];

export const PLAINS = 0;
export const FOREST = 1;
export const BIRCH_FOREST = 2;
export const TAIGA = 3;
export const DESERT = 4;
export const BEACH = 5;
export const OCEAN = 6;
export const DEEP_OCEAN = 7;
export const RIVER = 8;

/** Whether the biome's surface is under water (ocean floors and river beds). */
export const isWaterBiome = (biome: number): boolean => biome >= OCEAN;
