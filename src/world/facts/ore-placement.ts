/**
 * Overworld ore placement, Java Edition 1.18–1.20 (minecraft-data has blocks, not world generation).
 *
 * Source: vanilla net.minecraft.data.worldgen.placement.OrePlacements (attempts per chunk, height
 * providers) and net.minecraft.data.worldgen.features.OreFeatures (vein size, discard-on-air
 * chance); summarised on the Minecraft Wiki page "Ore" (Java Edition distribution charts).
 *
 * Height shapes: `uniform` is HeightRangePlacement.uniform(min, max); `triangle` is
 * HeightRangePlacement.triangle(min, max) (a TrapezoidHeight with no plateau: peak at the middle).
 * Ranges reaching below -64 (diamond: aboveBottom(-80)..aboveBottom(80) = -144..16) are vanilla:
 * attempts that land below the world are simply lost, which skews the ore towards the bottom.
 */
export interface OrePlacement {
  /** Vanilla placed-feature name. */
  feature: string;
  /** Ore block in stone, and its variant in deepslate. */
  ore: string;
  deepslateOre: string;
  /** Placement attempts per chunk. */
  count: number;
  /** Chance a chunk gets this feature at all (RarityFilter 1/N, or CountPlacement 0..1). */
  chance: number;
  shape: 'uniform' | 'triangle';
  minY: number;
  maxY: number;
  /** OreConfiguration size (roughly the most blocks one vein places). */
  size: number;
  /** OreConfiguration discardChanceOnAirExposure. */
  discardOnAir: number;
}

const ore = (
  feature: string,
  name: string,
  count: number,
  shape: 'uniform' | 'triangle',
  minY: number,
  maxY: number,
  size: number,
  discardOnAir = 0,
  chance = 1,
): OrePlacement => ({ feature, ore: `${name}_ore`, deepslateOre: `deepslate_${name}_ore`, count, chance, shape, minY, maxY, size, discardOnAir });

/**
 * The overworld ore features natural terrain places. Omitted: ore_coal_upper (30 × uniform 136..top,
 * only reachable in tall mountains this terrain rarely builds), biome-specific extras (badlands gold,
 * mountain emerald, dripstone-cave large copper) and ore veins (the huge 1.18 copper/iron ribbons).
 */
export const ORE_PLACEMENTS: readonly OrePlacement[] = [
  ore('ore_coal_lower', 'coal', 20, 'triangle', 0, 192, 17, 0.5),
  ore('ore_copper', 'copper', 16, 'triangle', -16, 112, 10),
  ore('ore_iron_upper', 'iron', 90, 'triangle', 80, 384, 9),
  ore('ore_iron_middle', 'iron', 10, 'triangle', -24, 56, 9),
  ore('ore_iron_small', 'iron', 10, 'uniform', -64, 72, 4),
  ore('ore_gold', 'gold', 4, 'triangle', -64, 32, 9, 0.5),
  ore('ore_gold_lower', 'gold', 1, 'uniform', -64, -48, 9, 0.5, 0.5),
  ore('ore_redstone', 'redstone', 4, 'uniform', -64, 15, 8),
  ore('ore_redstone_lower', 'redstone', 8, 'triangle', -96, -32, 8),
  ore('ore_lapis', 'lapis', 2, 'triangle', -32, 32, 7),
  ore('ore_lapis_buried', 'lapis', 4, 'uniform', -64, 64, 7, 1),
  ore('ore_diamond', 'diamond', 7, 'triangle', -144, 16, 4, 0.5),
  ore('ore_diamond_large', 'diamond', 1, 'triangle', -144, 16, 12, 0.7, 1 / 9),
  ore('ore_diamond_buried', 'diamond', 4, 'triangle', -144, 16, 8, 1),
];
