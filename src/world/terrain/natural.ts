/**
 * Natural terrain: seeded hills, oceans and rivers, vanilla-named biomes, layered surfaces, the
 * stone-to-deepslate transition, a bedrock floor, spaghetti caves, ore veins at vanilla depths and
 * oak/birch/spruce trees. Vanilla-like, not vanilla-identical (see docs/terrain.md).
 *
 * Generation order within a column: shape (height, biome, cave ceiling per block column) -> solid
 * terrain minus caves, water up to sea level -> ores (replace stone/deepslate only) -> trees. Every
 * step is a pure function of (seed, world position); ores and trees that straddle chunk borders are
 * replayed by each column they touch, which writes only its own blocks.
 */
import { InputError } from '../../core/errors.js';
import { suggest, type Registry } from '../registry.js';
import { BEACH, BIOME_NAMES, DESERT, isWaterBiome } from './biomes.js';
import { CaveCarver } from './caves.js';
import { MAX_Y, MIN_Y, type ColumnWriter, type TerrainGenerator } from './generator.js';
import { hashInts, subSeed } from './noise.js';
import { OrePlacer } from './ores.js';
import { CAVE_FLOOR, TerrainShape, type ColumnShape } from './shape.js';
import { TreePlacer } from './trees.js';

/** Vanilla overworld sea level: water fills every y below it (the top water block is at 62). */
export const DEFAULT_SEA_LEVEL = 63;

export interface NaturalTerrainOptions {
  seaLevel?: number;
}

export class NaturalTerrain implements TerrainGenerator {
  readonly name = 'natural';
  readonly seaLevel: number;
  private readonly shape: TerrainShape;
  private readonly caves: CaveCarver;
  private readonly ores: OrePlacer;
  private readonly trees: TreePlacer;
  private readonly blockSeed: number;
  private readonly probe: ColumnShape = { height: 0, biome: 0, caveTop: 0 };
  // Per-column scratch, indexed lz * 16 + lx.
  private readonly heights = new Int32Array(256);
  private readonly biomes = new Uint8Array(256);
  private readonly caveTops = new Int32Array(256);
  // Block states.
  private readonly s: Record<'bedrock' | 'stone' | 'deepslate' | 'dirt' | 'grass' | 'sand' | 'sandstone' | 'gravel' | 'water', number>;

  constructor(registry: Registry, seed: string, options: NaturalTerrainOptions = {}) {
    const sea = options.seaLevel ?? DEFAULT_SEA_LEVEL;
    if (!Number.isInteger(sea) || sea < 0 || sea > 200) {
      throw new InputError(`natural terrain seaLevel ${String(options.seaLevel)} is out of range`, 'use an integer from 0 to 200 (vanilla: 63)');
    }
    for (const biome of BIOME_NAMES) {
      if (!registry.data.biomesByName[biome]) {
        throw new InputError(`biome '${biome}' is unknown in Minecraft ${registry.version}`, suggest(biome, Object.keys(registry.data.biomesByName)));
      }
    }
    this.seaLevel = sea;
    this.shape = new TerrainShape(seed, sea);
    this.caves = new CaveCarver(seed);
    this.ores = new OrePlacer(registry, seed);
    this.trees = new TreePlacer(registry, subSeed(seed, 'trees'), this.shape);
    this.blockSeed = subSeed(seed, 'blocks');
    this.s = {
      bedrock: registry.stateOf('bedrock'),
      stone: registry.stateOf('stone'),
      deepslate: registry.stateOf('deepslate'),
      dirt: registry.stateOf('dirt'),
      grass: registry.stateOf('grass_block'),
      sand: registry.stateOf('sand'),
      sandstone: registry.stateOf('sandstone'),
      gravel: registry.stateOf('gravel'),
      water: registry.stateOf('water'),
    };
  }

  generateColumn(cx: number, cz: number, out: ColumnWriter): void {
    const x0 = cx * 16;
    const z0 = cz * 16;
    let maxCaveTop = CAVE_FLOOR - 1;
    let maxHeight = MIN_Y;
    for (let lz = 0; lz < 16; lz++) {
      for (let lx = 0; lx < 16; lx++) {
        const s = this.shape.sample(x0 + lx, z0 + lz, this.probe);
        const i = lz * 16 + lx;
        this.heights[i] = s.height;
        this.biomes[i] = s.biome;
        this.caveTops[i] = s.caveTop;
        if (s.caveTop > maxCaveTop) maxCaveTop = s.caveTop;
        if (s.height > maxHeight) maxHeight = s.height;
      }
    }
    if (maxCaveTop >= CAVE_FLOOR) this.caves.prepareChunk(cx, cz, CAVE_FLOOR, maxCaveTop);
    for (let lz = 0; lz < 16; lz++) for (let lx = 0; lx < 16; lx++) this.fillBlockColumn(x0 + lx, z0 + lz, lx, lz, out);
    this.ores.placeInColumn(cx, cz, maxHeight - 1, out);
    this.trees.placeInColumn(cx, cz, out);
  }

  /** Bedrock, stone/deepslate, the biome's surface layers and water, minus caves, for one block column. */
  private fillBlockColumn(x: number, z: number, lx: number, lz: number, out: ColumnWriter): void {
    const i = lz * 16 + lx;
    const height = this.heights[i]!;
    const biome = this.biomes[i]!;
    const caveTop = this.caveTops[i]!;
    const sea = this.seaLevel;
    const st = this.s;
    const bits = hashInts(this.blockSeed, x, 0, z);

    // Surface layers (top block first): grass over 3–4 dirt; sand over sandstone in deserts, on
    // beaches and on any shore within a block of sea level; sand (shallow) or gravel (deep) under water.
    let top = st.grass;
    let topDepth = 1;
    let sub = st.dirt;
    let subDepth = 3 + (bits & 1);
    if (isWaterBiome(biome)) {
      const deep = sea - height > 8;
      top = deep ? st.gravel : st.sand;
      topDepth = deep ? 2 : 3;
      sub = deep ? st.stone : st.sandstone;
      subDepth = deep ? 0 : 1 + ((bits >>> 1) & 1);
    } else if (biome === DESERT || biome === BEACH || height <= sea + 1) {
      top = st.sand;
      topDepth = 3 + (bits & 1);
      sub = st.sandstone;
      subDepth = biome === DESERT ? 3 + ((bits >>> 1) & 1) : 2;
    }
    const subTop = height - topDepth; // first y of the top layer
    const stoneTop = subTop - subDepth; // first y of the sub layer

    // Bedrock floor: solid at -64, then a vanilla-style gradient that thins out by -59.
    out.set(lx, MIN_Y, lz, st.bedrock);
    for (let y = MIN_Y + 1; y < MIN_Y + 5; y++) {
      const bedrockChance = (MIN_Y + 5 - y) / 5;
      out.set(lx, y, lz, hashInts(this.blockSeed, x, y, z) / 4294967296 < bedrockChance ? st.bedrock : st.deepslate);
    }
    const last = Math.min(height - 1, MAX_Y);
    if (caveTop >= CAVE_FLOOR) this.caves.prepareBlockColumn(lx, lz);
    for (let y = MIN_Y + 5; y <= last; y++) {
      if (y >= CAVE_FLOOR && y <= caveTop && this.caves.carved(y)) continue;
      let state: number;
      if (y >= subTop) state = top;
      else if (y >= stoneTop) state = sub;
      else if (y >= 8) state = st.stone;
      else if (y < 0) state = st.deepslate;
      // Vanilla blends stone into deepslate between y 8 and 0.
      else state = hashInts(this.blockSeed, x, y, z) / 4294967296 < (8 - y) / 8 ? st.deepslate : st.stone;
      out.set(lx, y, lz, state);
    }
    for (let y = Math.max(height, MIN_Y); y < sea; y++) out.set(lx, y, lz, st.water);
  }

  biomeAt(x: number, z: number): string {
    return BIOME_NAMES[this.shape.sample(Math.floor(x), Math.floor(z), this.probe).biome]!;
  }

  /**
   * One above the highest solid terrain block of the column, without generating it. Two documented
   * exceptions: over water it is the sea level (the y of an entity floating at the water surface,
   * one above the top water block), and trees are ignored (the ground under a trunk or canopy is
   * reported; an entity placed on a trunk spot stands inside the log).
   */
  surfaceY(x: number, z: number): number {
    const bx = Math.floor(x);
    const bz = Math.floor(z);
    const s = this.shape.sample(bx, bz, this.probe);
    if (s.height < this.seaLevel) return this.seaLevel;
    let y = s.height - 1;
    // Only cave mouths reach the surface; walk down through the opening to the first solid block.
    while (y >= CAVE_FLOOR && y <= s.caveTop && this.caves.carvedAt(bx, y, bz)) y--;
    return y + 1;
  }

  /** Ground level (one above the top terrain block, trees and caves aside), without generating. */
  groundHeight(x: number, z: number): number {
    return this.shape.sample(Math.floor(x), Math.floor(z), this.probe).height;
  }
}
