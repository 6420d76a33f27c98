/**
 * The 2D shape of natural terrain: ground height, biome and how high caves may reach, per block
 * column, from a handful of seeded noise fields (a small cousin of vanilla 1.18's continentalness /
 * erosion / temperature / humidity climate parameters). Pure per (x, z): the column generator,
 * tree placement in neighbouring columns and `surfaceY` all call `sample` and agree.
 */
import { BEACH, BIRCH_FOREST, DEEP_OCEAN, DESERT, FOREST, OCEAN, PLAINS, RIVER as RIVER_BIOME, TAIGA } from './biomes.js';
import { Fbm2, lerp, smoothstep, subSeed } from './noise.js';

export interface ColumnShape {
  /** Ground level: one above the top solid terrain block (trees aside). Below sea level the column is under water. */
  height: number;
  /** Index into BIOME_NAMES. */
  biome: number;
  /** Highest y a cave may carve in this column (below the surface except in rare cave mouths). */
  caveTop: number;
}

/** Lowest y caves carve: keeps the bedrock floor (y -64..-60) and one block above it intact. */
export const CAVE_FLOOR = -58;

// Climate fields, sampled every LATTICE blocks and bilinearly interpolated (vanilla likewise samples
// its climate at quarter resolution). Slot order within a lattice entry:
const CONTINENT = 0;
const TEMPERATURE = 1;
const HUMIDITY = 2;
const ROUGHNESS = 3;
const RIVER = 4;
const MOUTHS = 5;
const VARIANT = 6;
const FIELDS = 7;
const LATTICE = 4;
/** Direct-mapped cache of lattice entries; neighbouring columns share edges, trees re-read neighbours. */
const CACHE_BITS = 12;

export class TerrainShape {
  private readonly climate: Fbm2[];
  private readonly hills: Fbm2;
  private readonly detail: Fbm2;
  private readonly cacheX = new Int32Array(1 << CACHE_BITS).fill(0x7fffffff);
  private readonly cacheZ = new Int32Array(1 << CACHE_BITS);
  private readonly cacheValues = new Float64Array(FIELDS << CACHE_BITS);
  private readonly mix = new Float64Array(FIELDS);

  constructor(
    worldSeed: string,
    readonly seaLevel: number,
  ) {
    const fbm = (label: string, scale: number, octaves: number): Fbm2 => new Fbm2(subSeed(worldSeed, label), scale, octaves);
    this.climate = [
      fbm('continent', 900, 3),
      fbm('temperature', 1100, 2),
      fbm('humidity', 900, 2),
      fbm('rough', 500, 2),
      fbm('river', 600, 2),
      fbm('cave-mouths', 70, 2),
      fbm('variant', 260, 1),
    ];
    this.hills = fbm('hills', 170, 3);
    this.detail = fbm('detail', 28, 1);
  }

  sample(x: number, z: number, out: ColumnShape): ColumnShape {
    const sea = this.seaLevel;
    this.interpolateClimate(x, z);
    const m = this.mix;
    // Continentalness: low = ocean, high = inland. Sets the base height.
    const c = m[CONTINENT]!;
    const land = smoothstep(-0.32, 0.02, c);
    const base = c < -0.2 ? sea - 4 + (c + 0.2) * 60 : sea + 1 + (c + 0.2) * 22;

    const temp = m[TEMPERATURE]!;
    const humid = m[HUMIDITY]!;
    const dry = smoothstep(0.12, 0.28, temp) * (1 - smoothstep(0.0, 0.15, humid));

    // Hills: amplitude from a slow "roughness" field; deserts are flatter; ocean floors gentle.
    const rough = smoothstep(-0.3, 0.45, m[ROUGHNESS]!);
    const amp = lerp(3, lerp(7, 38, rough), land) * (1 - 0.55 * dry);
    const hill = this.hills.sample(x, z);
    let h = base + (hill > 0 ? hill * 1.3 : hill * 0.7) * amp + this.detail.sample(x, z) * 1.5;

    // Rivers: a narrow band where a slow noise crosses zero carves a channel down to 4 below sea level.
    const r = Math.abs(m[RIVER]!);
    // The valley widens with the height it cuts through, so banks stay walkable rather than gorges.
    const riverCut = 1 - smoothstep(0.012, 0.05 + Math.max(0, h - sea) * 0.004, r);
    if (riverCut > 0 && land > 0.5) {
      const bed = sea - 4;
      if (h > bed) h = lerp(h, bed, riverCut);
    }
    const height = Math.floor(h);
    out.height = height < -40 ? -40 : height > 300 ? 300 : height;

    out.biome = this.classify(out.height, c, r, temp, humid, dry, m[VARIANT]!);

    // Caves stay under a roof of >= 6 blocks; rare "mouth" patches let them break through on dry
    // land. Near oceans and rivers (judged from the smooth fields, so neighbouring columns agree) they
    // stay 14 blocks under the sea level, so no water block ever borders a cave and nothing floods.
    const nearWater = c < 0 || r < 0.08;
    const deepRoof = Math.min(out.height, sea) - 14;
    if (nearWater || out.height < sea + 6) {
      out.caveTop = deepRoof;
    } else {
      const mouth = smoothstep(0.47, 0.6, m[MOUTHS]!);
      out.caveTop = mouth > 0 ? Math.round(lerp(out.height - 6, out.height - 1, mouth)) : out.height - 6;
    }
    return out;
  }

  private classify(height: number, c: number, r: number, temp: number, humid: number, dry: number, variant: number): number {
    const sea = this.seaLevel;
    if (height < sea) {
      if (r < 0.06 && c > -0.2) return RIVER_BIOME;
      return height < sea - 18 ? DEEP_OCEAN : OCEAN;
    }
    if (dry > 0.5) return DESERT;
    if (height <= sea + 2 && c < 0) return BEACH;
    if (temp < -0.22) return TAIGA;
    if (humid > 0.05) return variant > 0.15 ? BIRCH_FOREST : FOREST;
    return PLAINS;
  }

  /** Bilinear blend of the four lattice entries around (x, z) into `mix`. */
  private interpolateClimate(x: number, z: number): void {
    const gx = Math.floor(x / LATTICE);
    const gz = Math.floor(z / LATTICE);
    const fx = (x - gx * LATTICE) / LATTICE;
    const fz = (z - gz * LATTICE) / LATTICE;
    const m = this.mix;
    m.fill(0);
    this.accumulate(gx, gz, (1 - fx) * (1 - fz));
    this.accumulate(gx + 1, gz, fx * (1 - fz));
    this.accumulate(gx, gz + 1, (1 - fx) * fz);
    this.accumulate(gx + 1, gz + 1, fx * fz);
  }

  private accumulate(gx: number, gz: number, weight: number): void {
    const slot = (Math.imul(gx, 0x9e3779b1) ^ Math.imul(gz, 0x85ebca6b)) >>> (32 - CACHE_BITS);
    const off = slot * FIELDS;
    const v = this.cacheValues;
    if (this.cacheX[slot] !== gx || this.cacheZ[slot] !== gz) {
      const bx = gx * LATTICE;
      const bz = gz * LATTICE;
      for (let f = 0; f < FIELDS; f++) v[off + f] = this.climate[f]!.sample(bx, bz);
      this.cacheX[slot] = gx;
      this.cacheZ[slot] = gz;
    }
    const m = this.mix;
    for (let f = 0; f < FIELDS; f++) m[f] = m[f]! + v[off + f]! * weight;
  }
}
